import ScreenModel
import Diagnostics

/// Which one element a scenario's name means on a screen (`ElementMatcher.resolve`).
public enum NameResolution: Hashable, Sendable {
    /// That element.
    case element(ElementIndex)
    /// No element of the screen has the name.
    case missing
    /// Several have it, and no rule picks one: the candidates, in element order.
    case ambiguous([ElementIndex])
}

/// Finds the elements a scenario names, on one screen or across an app.
/// Labels match the effective label (`combine` applied) exactly;
/// identifiers match `identifier`; paths match `root/children[k]/…`.
public struct ElementMatcher {
    public init() {}

    /// The elements of `screen` that `name` denotes (hidden ones included:
    /// expectations may check state of anything on screen).
    public func matches(_ name: ElementName, on screen: Screen) -> [ElementIndex] {
        switch name {
        case .identifier(let id):
            return screen.identifiers[id].map { [$0] } ?? []
        case .path(let p):
            return screen.element(atPath: p).map { [$0] } ?? []
        case .label(let l):
            var out: [ElementIndex] = []
            for i in screen.elements.indices where screen.elements[i].label == l || (screen.elements[i].childBehavior == .combine && screen.label(of: i) == l) {
                out.append(i)
            }
            // A row and the text inside it often share a label (every cell of
            // an Appium capture does). When some matches are accessible and
            // the others are hidden or folded into an ancestor (`ignore`,
            // `combine`), the name means the accessible ones.
            if out.count > 1 {
                let accessible = out.filter { !Self.isShadowed($0, on: screen) }
                if !accessible.isEmpty && accessible.count < out.count { return accessible }
            }
            return out
        }
    }

    /// Whether `i` is hidden, or inside a hidden element or one whose
    /// children are ignored or combined, so no technology reaches it on its own.
    static func isShadowed(_ i: ElementIndex, on screen: Screen) -> Bool {
        if screen.elements[i].hidden { return true }
        var p = screen.elements[i].parent
        while let k = p {
            let e = screen.elements[k]
            if e.hidden || e.childBehavior.keepsChildrenOut { return true }
            p = e.parent
        }
        return false
    }

    /// Which one element `name` means on `screen` as it shows now. The
    /// rules, in order (docs/scenarios.md, "Which element a name means"):
    /// 1. the elements `matches(_:on:)` gives (hidden ones, and those folded
    ///    into an ancestor, drop out when others remain);
    /// 2. of several, the one the run acted on most recently (`acted`: tapped,
    ///    adjusted, typed into, given a custom action);
    /// 3. of several, the one inside the modal element that shows (a live
    ///    app's dialog in front: every technology is trapped in it), when
    ///    exactly one is;
    /// 4. otherwise the name is ambiguous.
    /// A screen model's names are checked before the run (`problem(with:in:)`),
    /// so only a live app's, read as it runs, can be ambiguous here.
    /// - Parameters:
    ///   - name: the name as the scenario writes it.
    ///   - screen: the screen as it shows now.
    ///   - acted: elements of `screen` the run acted on, most recent first.
    public func resolve(_ name: ElementName, on screen: Screen, acted: [ElementIndex] = []) -> NameResolution {
        let found = matches(name, on: screen)
        guard found.count > 1 else { return found.first.map(NameResolution.element) ?? .missing }
        if let k = acted.first(where: found.contains) { return .element(k) }
        if let modal = NavigationOrder(screen: screen, technology: .switchControl).modal {
            let inside = found.filter { Self.isInside($0, modal, on: screen) }
            if inside.count == 1 { return .element(inside[0]) }
        }
        return .ambiguous(found)
    }

    /// Whether `i` is `ancestor` or inside it.
    static func isInside(_ i: ElementIndex, _ ancestor: ElementIndex, on screen: Screen) -> Bool {
        var p: ElementIndex? = i
        while let k = p {
            if k == ancestor { return true }
            p = screen.elements[k].parent
        }
        return false
    }

    /// `"Page 3" is ambiguous on screen 'X': 2 elements match: root/…, root/…; name one by #identifier or path`.
    public func ambiguity(_ name: ElementName, _ candidates: [ElementIndex], on screen: Screen) -> String {
        let list = candidates.prefix(8).map { "\(screen.path(of: $0))\(screen.elements[$0].identifier.map { " (#\($0))" } ?? "")" }
        return "\(name) is ambiguous on screen '\(screen.name)': \(candidates.count) elements match: \(list.joined(separator: ", ")); name one by #identifier or path"
    }

    /// Why `name` cannot be used in `app`, or nil when it can: unknown on
    /// every screen, or ambiguous on one. The message lists candidates.
    /// - Parameters:
    ///   - name: the name as the scenario writes it.
    ///   - app: the app.
    ///   - ambiguityAllowed: whether a name may match several elements of a
    ///     screen (`expect disambiguation "Edit" "Edit"`, where that is the point).
    public func problem(with name: ElementName, in app: AppModel, ambiguityAllowed: Bool = false) -> String? {
        var found = false
        for screen in app.screens {
            let m = matches(name, on: screen)
            if m.count > 1 && !ambiguityAllowed { return ambiguity(name, m, on: screen) }
            if !m.isEmpty { found = true }
        }
        if found { return nil }
        var candidates: [String] = []
        for screen in app.screens {
            for i in screen.elements.indices {
                if let l = screen.label(of: i), !candidates.contains(l) { candidates.append(l) }
                if let id = screen.elements[i].identifier { candidates.append("#" + id) }
            }
        }
        let key: String
        switch name {
        case .label(let l): key = l
        case .identifier(let id): key = "#" + id
        case .path(let p): key = p
        }
        if let s = Suggestion.closest(to: key, among: candidates) {
            return "no element \(name) in the app; did you mean \(s.hasPrefix("#") ? s : "\"\(s)\"")?"
        }
        let shown = candidates.prefix(12).map { $0.hasPrefix("#") ? $0 : "\"\($0)\"" }
        return "no element \(name) in the app; candidates include: \(shown.joined(separator: ", "))"
    }
}
