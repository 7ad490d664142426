import ScreenModel
import Diagnostics

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
            if m.count > 1 && !ambiguityAllowed {
                let list = m.prefix(8).map { "\(screen.path(of: $0))\(screen.elements[$0].identifier.map { " (#\($0))" } ?? "")" }
                return "\(name) is ambiguous on screen '\(screen.name)': \(m.count) elements match: \(list.joined(separator: ", ")); name one by #identifier or path"
            }
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
