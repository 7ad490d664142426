import ScreenModel
import SwitchyardEngine

/// Voice Control costs: the spoken commands that activate each target,
/// tried through the real engine on a copy of a `Session`: `tap NAME` (one
/// command for a unique speakable name; a second, the number, when the name
/// is shared and Voice Control asks which), else `show numbers` and
/// `tap N` (one command when the numbers overlay shows continuously), and
/// seconds at the user's per-command time. Every target has a number, so
/// the grid is never needed for one. An element scrolled out of view costs
/// the "scroll DIRECTION" commands that bring it into view first.
public struct VoiceCosts: Sendable {
    public let screen: Screen
    public let settings: VoiceControlSettings
    public let user: UserModel
    let base: Session
    let order: NavigationOrder

    /// - Throws: `SessionError` when the session cannot be made.
    public init(app: AppModel, screen: Screen, settings: VoiceControlSettings, navigation: NavigationOptions = NavigationOptions(), user: UserModel) throws {
        self.screen = screen
        self.settings = settings
        self.user = user
        base = try BenchSession.started(on: screen, of: app, .voiceControl(settings), navigation: navigation).0
        order = NavigationOrder(screen: screen, technology: .voiceControl, options: navigation)
    }

    static func say(_ phrase: String, _ session: inout Session) -> [TimedEvent] {
        session.handle(TimedInput(.utterance(phrase), at: session.now))
    }

    static func activated(_ k: ElementIndex, _ events: [TimedEvent]) -> Bool {
        events.contains { if case .activated(let r, _) = $0.event { r?.index == k } else { false } }
    }

    /// The most pages "scroll DIRECTION" is said to bring an element into view.
    public static let maximumScrollPages = 100

    /// The commands that activate `k`, in order; nil when none found. For an
    /// element scrolled out of view: "scroll DIRECTION" until it shows (the
    /// direction that needs the fewest), then the commands that activate it.
    public func commands(for k: ElementIndex) -> [String]? {
        guard screen.isScrolledOut(k) else { return commands(for: k, from: base) }
        var best: [String]? = nil
        guard let container = screen.scrollContainer(of: k) else { return nil }
        for direction in screen.scrollDirections(of: container) {
            var s = base
            var said: [String] = []
            while said.count < Self.maximumScrollPages, best.map({ said.count + 1 < $0.count }) ?? true {
                let phrase = "scroll \(direction)"
                let scrolled = Self.say(phrase, &s).contains { if case .scrolled = $0.event { true } else { false } }
                guard scrolled else { break }
                said.append(phrase)
                if !s.currentScreen.isScrolledOut(k) {
                    if let rest = commands(for: k, from: s), best.map({ said.count + rest.count < $0.count }) ?? true { best = said + rest }
                    break
                }
            }
        }
        return best
    }

    /// The commands that activate `k` from the session `start`; nil when none found.
    func commands(for k: ElementIndex, from start: Session) -> [String]? {
        let names = screen.inputLabels(of: k).isEmpty ? [screen.label(of: k)].compactMap { $0 } : screen.inputLabels(of: k)
        if let name = names.first(where: SpokenText.isSpeakable) {
            var s = start
            let said = "tap \(name)"
            let events = Self.say(said, &s)
            if Self.activated(k, events) { return [said] }
            for e in events {
                guard case .disambiguationShown(_, let candidates) = e.event, let i = candidates.firstIndex(where: { $0.index == k }) else { continue }
                if Self.activated(k, Self.say("\(i + 1)", &s)) { return [said, "\(i + 1)"] }
            }
        }
        var s = start
        var said: [String] = []
        var overlay = s.presentation.voiceOverlay
        if overlay?.kind != .numbers {
            said.append("show numbers")
            _ = Self.say("show numbers", &s)
            overlay = s.presentation.voiceOverlay
        }
        guard let n = overlay?.badges.first(where: { $0.element?.index == k })?.number else { return nil }
        said.append("tap \(n)")
        return Self.activated(k, Self.say("tap \(n)", &s)) ? said : nil
    }

    /// Every candidate's cost: the stops in navigation order, then the unreachable.
    public func costs() -> [ElementCost] {
        func cost(_ k: ElementIndex) -> ElementCost? {
            guard let said = commands(for: k) else { return nil }
            let n = said.count
            return ElementCost(element: k, on: screen, steps: Double(n), presses: Double(n), seconds: (user.commandTime * Int64(n)).seconds)
        }
        return Candidates.costs(screen, order: order, afterScrolling: cost) { k in
            cost(k) ?? .unreachable(k, on: screen, "no spoken command activates it")
        }
    }
}
