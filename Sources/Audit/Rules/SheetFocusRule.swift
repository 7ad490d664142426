import ScreenModel
import SwitchyardEngine
import ScanBench

/// `sheet-focus-not-returned`, checked by running the app: the session's
/// own focus rule (docs/ARCHITECTURE.md, "The engine seam") returns focus
/// to the element that presented a sheet when the sheet is dismissed, so
/// the audit asks the engine rather than reading the effects itself.
///
/// A sheet is a screen shown over another: presented (`present`), or
/// pushed (`goTo`) while a modal view traps its navigation, as an alert
/// does. For each trigger — an interactive element whose activation shows a
/// sheet — and each element of the sheet whose activation dismisses it or
/// goes back, a session starts on the trigger's screen with Voice Control
/// (to act: the spoken commands ScanBench's `VoiceCosts` finds) and Switch
/// Control at its defaults (to watch). Voice Control activates the trigger,
/// then the closing element. Focus returned when Switch Control's highlight
/// is on the trigger. When the action goes on to another screen after
/// closing the sheet (`[dismiss, goTo receipt]`), focus belongs on that
/// screen: no finding. When the trigger's screen shows again with focus
/// elsewhere, it is a finding: the sheet was pushed with `goTo`, so closing
/// it is a navigation back and scanning starts again at the first item; or
/// the trigger is no longer a stop (an effect made it `notEnabled`).
/// Pairs Voice Control cannot act out (an element it cannot reach) are
/// left to `unreachable`; showing and closing sheets through custom actions
/// is not examined.
struct SheetFocusRule {
    let app: AppModel
    /// Voice Control's commands per screen, made once.
    private var voice: [String: VoiceCosts] = [:]

    init(app: AppModel) {
        self.app = app
    }

    /// The commands that activate `k` on `screen`, or nil.
    private mutating func commands(for k: ElementIndex, on screen: Screen) throws -> [String]? {
        if voice[screen.name] == nil {
            voice[screen.name] = try VoiceCosts(app: app, screen: screen, settings: VoiceControlSettings(), user: UserModel())
        }
        return voice[screen.name]!.commands(for: k)
    }

    /// The findings on the sheets shown from `f`'s screen, each on the
    /// closing element of the sheet.
    /// - Parameter sheets: the facts of every screen, by name.
    mutating func findings(_ f: ScreenFacts, sheets: (String) -> ScreenFacts?) throws -> [Finding] {
        var out: [Finding] = []
        for trigger in f.interactive {
            for effect in f.screen.activationEffects(of: trigger) {
                let pushed: Bool
                switch effect {
                case .present: pushed = false
                case .goTo: pushed = true
                default: continue
                }
                guard let sheet = effect.screen.flatMap(sheets), !pushed || sheet.order.modal != nil else { continue }
                for closer in sheet.interactive where sheet.screen.activationEffects(of: closer).contains(where: Self.leaves) {
                    if let why = try check(trigger: trigger, on: f.screen, pushed: pushed, closer: closer, on: sheet.screen) {
                        out.append(Finding(.sheetFocusNotReturned, closer, sheet,
                                           "closing this sheet does not return focus to \(f.name(trigger)) on '\(f.screen.name)' (\(f.paths.path(of: trigger)), which showed it): \(why)"))
                    }
                }
            }
        }
        return out
    }

    /// Whether an effect leaves the screen it runs on (dismiss, back).
    static func leaves(_ effect: Effect) -> Bool {
        switch effect {
        case .dismiss, .back: return true
        default: return false
        }
    }

    /// Acts out trigger then closer; nil when focus returned (or the action
    /// went on to another screen), else why not.
    private mutating func check(trigger: ElementIndex, on screen: Screen, pushed: Bool, closer: ElementIndex, on sheet: Screen) throws -> String? {
        guard let open = try commands(for: trigger, on: screen), let close = try commands(for: closer, on: sheet) else { return nil }
        let start = AppModel(name: app.name, startScreen: screen.name, screens: app.screens, platform: app.platform)
        var session = try Session(app: start, configuration: SessionConfiguration(technologies: [
            .voiceControl(VoiceControlSettings()), .switchControl(SwitchControlSettings()),
        ]))
        _ = session.start(at: .zero)
        for phrase in open { _ = session.handle(TimedInput(.utterance(phrase), at: session.now)) }
        guard session.currentScreen.name == sheet.name else { return nil }
        for phrase in close { _ = session.handle(TimedInput(.utterance(phrase), at: session.now)) }
        guard session.currentScreen.name == screen.name else { return nil }
        if case .element(let r) = session.highlighted, r.index == trigger { return nil }
        if pushed {
            return "the sheet was pushed with goTo, so closing it is a navigation back and scanning starts again at the first item"
        }
        if session.currentScreen.traits(of: trigger).contains(.notEnabled) {
            return "it is not enabled when the sheet closes, so focus cannot land on it"
        }
        return "it is not a stop when the sheet closes, so focus cannot land on it"
    }
}
