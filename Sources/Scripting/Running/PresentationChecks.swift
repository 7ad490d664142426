import ScreenModel
import SwitchyardEngine

// The expectations that read what Full Keyboard Access and Voice Control
// show now (`Session.presentation`): the focus ring, the overlay, a badge on
// an element, the disambiguation list. Each holds or fails at the instant
// it is checked; none lets time run.

extension Run {
    /// Why the presentation expectation `e` does not hold now, as the
    /// failure's message (expected, then what shows); nil when it holds.
    func presentationProblem(_ e: Expectation) -> String? {
        let shown = session.presentation
        switch e {
        case .focused(let name):
            if let f = shown.focused, shown.focusVisible, refIs(f, name) { return nil }
            return "expected the focus on \(name), but " + (ambiguity(name) ?? Self.describeFocus(shown))
        case .focusHidden:
            guard shown.focusVisible, let f = shown.focused else { return nil }
            return "expected the focus ring hidden, but it shows on \(Self.describe(f))"
        case .overlay(let kind, let badges):
            let overlay = shown.voiceOverlay
            guard let kind else {
                return overlay.map { "expected no overlay, but \(Self.describe($0))" }
            }
            if let overlay, overlay.kind == kind, badges.map({ $0 == overlay.badges.map(\.text) }) ?? true { return nil }
            let expected = "the \(kind) overlay" + (badges.map { " " + Self.quoted($0) } ?? "")
            return "expected \(expected), but " + (overlay.map(Self.describe) ?? "no overlay is shown")
        case .label(let name, let text):
            let screen = session.currentScreen
            let indices: [ElementIndex]
            switch resolve(name, on: screen) {
            case .element(let k): indices = [k]
            case .missing: return "expected \(name) on the current screen '\(screen.name)', but it is not there"
            case .ambiguous(let candidates): return "expected the label of \(name) to be \"\(text)\", but \(matcher.ambiguity(name, candidates, on: screen))"
            }
            let on = { (b: OverlayBadge) in b.element.map { $0.screen == screen.name && indices.contains($0.index) } ?? false }
            // A disambiguation's numbers stand over the overlay on its candidates.
            let badge: (text: String, source: String)?
            if let d = shown.disambiguation, let b = d.badges.first(where: on) {
                badge = (b.text, "the disambiguation")
            } else if let o = shown.voiceOverlay, let b = o.badges.first(where: on) {
                badge = (b.text, "the \(o.kind) overlay")
            } else {
                badge = nil
            }
            if badge?.text == text { return nil }
            let actual: String
            if let badge {
                actual = "it is \"\(badge.text)\" (\(badge.source))"
            } else if let o = shown.voiceOverlay {
                actual = "\(name) has no badge on the \(o.kind) overlay"
            } else {
                actual = "no overlay is shown"
            }
            return "expected the label of \(name) to be \"\(text)\", but \(actual)"
        case .disambiguation(let names):
            let candidates = shown.disambiguation.map { $0.badges.compactMap(\.element) }
            if names.isEmpty {
                return candidates.map { "expected no disambiguation, but it shows \(Self.describe($0))" }
            }
            let expected = names.map(\.description).joined(separator: " ")
            guard let candidates else { return "expected the disambiguation \(expected), but none is shown" }
            if candidates.count == names.count, zip(candidates, names).allSatisfy({ refMatches($0, $1) }) { return nil }
            return "expected the disambiguation \(expected), but it shows \(Self.describe(candidates))"
        case .highlighted, .activated, .screen, .announcement, .value, .selected, .noActivation, .menu, .menuContains, .scanningStopped:
            return nil
        }
    }

    /// `the focus is on "Back" (#back)`, `nothing is focused`, or the ring hidden by Auto-Hide.
    static func describeFocus(_ p: Presentation) -> String {
        guard let f = p.focused else { return "nothing is focused" }
        if !p.focusVisible { return "the focus ring is hidden (Auto-Hide; the focus stays on \(describe(f)))" }
        return "the focus is on \(describe(f))"
    }

    /// `the names overlay shows "Edit" "Edit" "3"`.
    static func describe(_ o: Overlay) -> String {
        "the \(o.kind) overlay shows " + (o.badges.isEmpty ? "no badges" : quoted(o.badges.map(\.text)))
    }

    /// Numbered candidates: `1 "Edit" (#edit-left), 2 "Edit" (#edit-right)`.
    static func describe(_ candidates: [ElementRef]) -> String {
        candidates.enumerated().map { "\($0 + 1) \(describe($1))" }.joined(separator: ", ")
    }

    /// `"A" "B"`.
    static func quoted(_ texts: [String]) -> String {
        texts.map { "\"\($0)\"" }.joined(separator: " ")
    }
}
