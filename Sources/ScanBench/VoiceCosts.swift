import ScreenModel
import SwitchyardEngine

/// Voice Control costs: the spoken commands that activate each target,
/// tried through the real engine on a copy of a `Session`: `tap NAME` (one
/// command for a unique speakable name; a second, the number, when the name
/// is shared and Voice Control asks which), else `show numbers` and
/// `tap N` (one command when the numbers overlay shows continuously), and
/// seconds at the user's per-command time. Every target has a number, so
/// the grid is never needed for one.
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

    /// The commands that activate `k`, in order; nil when none found.
    public func commands(for k: ElementIndex) -> [String]? {
        let names = screen.inputLabels(of: k).isEmpty ? [screen.label(of: k)].compactMap { $0 } : screen.inputLabels(of: k)
        if let name = names.first(where: SpokenText.isSpeakable) {
            var s = base
            let said = "tap \(name)"
            let events = Self.say(said, &s)
            if Self.activated(k, events) { return [said] }
            for e in events {
                guard case .disambiguationShown(_, let candidates) = e.event, let i = candidates.firstIndex(where: { $0.index == k }) else { continue }
                if Self.activated(k, Self.say("\(i + 1)", &s)) { return [said, "\(i + 1)"] }
            }
        }
        var s = base
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
        return Candidates.costs(screen, order: order) { k in
            guard let said = commands(for: k) else { return .unreachable(k, on: screen, "no spoken command activates it") }
            let n = said.count
            return ElementCost(element: k, on: screen, steps: Double(n), presses: Double(n), seconds: (user.commandTime * Int64(n)).seconds)
        }
    }
}
