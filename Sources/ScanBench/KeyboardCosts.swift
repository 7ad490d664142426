import ScreenModel
import SwitchyardEngine

/// Full Keyboard Access costs: the fewest key commands from the screen's
/// first state (nothing focused) to focus each stop, plus Activate, found by
/// a breadth-first search over the real engine — each move command (Tab,
/// Shift-Tab, the arrows, Control-Tab, Tab-Left, Tab-Right, with the keys
/// the settings bind) applied to a copy of a `Session` — and seconds at the
/// user's per-key time.
///
/// A state is the focused element: the first way found to focus an element
/// is kept with its group memory (docs/scan-bench.md, "Full Keyboard Access").
/// Moves that scroll (an arrow at the end of a list) are searched like the
/// others, so an element scrolled out of view costs the keys that scroll it
/// in and focus it.
public struct KeyboardCosts: Sendable {
    public let screen: Screen
    public let settings: KeyboardAccessSettings
    public let user: UserModel
    let base: Session
    let order: NavigationOrder

    /// The commands searched, in the order tried (ties go to the earlier).
    public static let moves: [KeyboardCommand] = [
        .moveForward, .moveBackward, .moveDown, .moveRight, .moveUp, .moveLeft,
        .moveToNextItem, .moveToPreviousItem, .moveToBeginning, .moveToEnd,
    ]

    /// - Throws: `SessionError` when the session cannot be made.
    public init(app: AppModel, screen: Screen, settings: KeyboardAccessSettings, navigation: NavigationOptions = NavigationOptions(), user: UserModel) throws {
        self.screen = screen
        self.settings = settings
        self.user = user
        base = try BenchSession.started(on: screen, of: app, .keyboard(settings), navigation: navigation).0
        order = NavigationOrder(screen: screen, technology: .fullKeyboardAccess, options: navigation)
    }

    /// The strokes of the first key bound to `command`; nil when none is bound.
    func strokes(_ command: KeyboardCommand) -> [KeyStroke]? {
        guard let combo = settings.keys(of: command).first, let chord = try? KeyChord.parse(combo.description) else { return nil }
        return chord.strokes
    }

    /// Feeds `strokes` to `session` at its now; the events.
    static func press(_ strokes: [KeyStroke], _ session: inout Session) -> [TimedEvent] {
        var out: [TimedEvent] = []
        for s in strokes { out += session.handle(TimedInput(.key(s), at: session.now)) }
        return out
    }

    /// Every candidate's cost: the stops in navigation order, then the unreachable.
    public func costs() -> [ElementCost] {
        var best: [ElementIndex: (keys: Int, session: Session)] = [:]
        var queue: [(Session, Int)] = [(base, 0)]
        var head = 0
        let moves = Self.moves.compactMap { strokes($0) }
        while head < queue.count {
            let (session, depth) = queue[head]
            head += 1
            for m in moves {
                var next = session
                let events = Self.press(m, &next)
                guard events.contains(where: { if case .focused = $0.event { true } else { false } }),
                      let k = next.presentation.focused?.index, best[k] == nil, next.currentScreen.name == screen.name else { continue }
                best[k] = (depth + 1, next)
                queue.append((next, depth + 1))
            }
        }
        let activate = strokes(.activate)
        func cost(_ k: ElementIndex) -> ElementCost {
            guard let (keys, session) = best[k] else { return .unreachable(k, on: screen, "no key command focuses it") }
            guard let activate else { return .unreachable(k, on: screen, "no key is bound to Activate") }
            var s = session
            let acted = Self.press(activate, &s).contains {
                switch $0.event {
                case .activated(let r, _): return r?.index == k
                case .textEditingBegan(let r): return r.index == k
                default: return false
                }
            }
            // A text field takes typed characters once Activate (or focus) begins editing.
            guard acted || s.presentation.textEditing?.index == k else { return .unreachable(k, on: screen, "Activate does not act on it") }
            let n = keys + 1
            return ElementCost(element: k, on: screen, steps: Double(keys), presses: Double(n), seconds: (user.keyTime * Int64(n)).seconds)
        }
        // An element scrolled out of view is reached when an arrow at the
        // end of its list scrolled it in and focused it (the search above
        // went through those scrolls).
        return Candidates.costs(screen, order: order, afterScrolling: { k in best[k] == nil ? nil : cost(k) }) { cost($0) }
    }
}
