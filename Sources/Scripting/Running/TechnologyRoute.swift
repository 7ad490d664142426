import Diagnostics
import ScreenModel
import SwitchyardEngine

/// Which of a scenario's technologies a line reaches: the technology a
/// `set` name belongs to (`Technology.settingNames`), and whether an input
/// or expectation has the technology it needs. The settings themselves stay
/// each technology's own (`TechnologySettings.set`).
struct TechnologyRoute {
    /// The technologies the scenario runs, in routing order.
    let active: [Technology]
    /// Whether the scenario has a `technology` line (messages say how to add one).
    let named: Bool

    init(_ scenario: Scenario) {
        active = scenario.technologies
        named = scenario.technologyPosition != nil
    }

    /// A setting name no active technology has, or a technology a line needs that does not run.
    struct Problem: Error, Equatable {
        var message: String
    }

    /// Why `what` (a command or expectation of `technology`) cannot run
    /// here, or nil when the scenario runs `technology`.
    func missing(_ technology: Technology, for what: String, verb: String = "drives") -> String? {
        guard !active.contains(technology) else { return nil }
        return "\(what) \(verb) \(technology), which this scenario does not run (\(runs)); \(howToAdd(technology))"
    }

    /// The active technology that has setting `name`.
    /// - Returns: the technology, or why none has it: another technology's
    ///   setting ("'auto-hide' is a Full Keyboard Access setting; add
    ///   'technology keyboard'"), or no technology's (the technology's own
    ///   "unknown setting" message, with "did you mean").
    func owner(ofSetting name: String) -> Result<Technology, Problem> {
        if let t = active.first(where: { $0.settingNames.contains(name) }) { return .success(t) }
        if let other = Technology.owner(ofSetting: name) {
            let runsNow = named ? ", and this scenario runs \(list(active))" : ""
            return .failure(Problem(message: "'\(name)' is a \(other) setting\(runsNow); \(howToAdd(other))"))
        }
        let names = active.flatMap(\.settingNames)
        let suggestion = Suggestion.closest(to: name, among: names)
        if let target = suggestion.flatMap(Technology.owner(ofSetting:)) ?? (active.count == 1 ? active.first : nil) {
            return .failure(Problem(message: SettingsError(.unknownSetting(name: name, suggestion: suggestion), technology: target).message))
        }
        return .failure(Problem(message: "unknown setting '\(name)' of \(list(active)); known settings: \((names + [ScenarioParser.pressLength]).joined(separator: ", "))"))
    }

    /// `it runs Switch Control, the default` or `it runs Switch Control and Voice Control`.
    var runs: String { named ? "it runs \(list(active))" : "it runs \(list(active)), the default" }

    /// How a scenario adds `technology`.
    func howToAdd(_ technology: Technology) -> String {
        named ? "add \(technology.name) to its 'technology' line" : "add 'technology \(technology.name)'"
    }

    func list(_ ts: [Technology]) -> String {
        let names = ts.map(\.description)
        guard let last = names.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}

extension ScenarioStep {
    /// The technology the step drives or checks; nil for steps any technology takes.
    var technology: Technology? {
        switch self {
        case .press, .down, .up: return .switchControl
        case .key, .type: return .fullKeyboardAccess
        case .say: return .voiceControl
        case .expect(let e): return e.technology
        case .wait, .at, .set, .pressLength: return nil
        }
    }

    /// Whether the step is an `expect` line.
    var isExpectation: Bool {
        if case .expect = self { return true } else { return false }
    }

    /// The command as messages quote it: `'press'`, `'expect focused'`.
    var commandName: String {
        switch self {
        case .press: return "'press'"
        case .down: return "'down'"
        case .up: return "'up'"
        case .key: return "'key'"
        case .type: return "'type'"
        case .say: return "'say'"
        case .wait: return "'wait'"
        case .at: return "'at'"
        case .set, .pressLength: return "'set'"
        case .expect(let e): return "'expect \(e.keyword)'"
        }
    }
}

extension Expectation {
    /// The technology whose presentation the expectation reads; nil for
    /// the app's state and events, which every technology changes.
    var technology: Technology? {
        switch self {
        case .highlighted, .menu, .menuContains, .scanningStopped: return .switchControl
        case .focused, .focusHidden: return .fullKeyboardAccess
        case .overlay, .label, .disambiguation: return .voiceControl
        case .activated, .screen, .announcement, .value, .selected, .noActivation: return nil
        }
    }

    /// The words after `expect`: `highlighted`, `focus hidden`, `label of`.
    var keyword: String {
        switch self {
        case .highlighted: return "highlighted"
        case .activated: return "activated"
        case .screen: return "screen"
        case .announcement: return "announcement"
        case .value: return "value"
        case .selected(_, let on, _): return on ? "selected" : "not selected"
        case .noActivation: return "no activation"
        case .menu, .menuContains: return "menu"
        case .scanningStopped: return "scanning stopped"
        case .focused: return "focused"
        case .focusHidden: return "focus hidden"
        case .overlay: return "overlay"
        case .label: return "label of"
        case .disambiguation: return "disambiguation"
        }
    }

    /// What is wrong with the names and screens the expectation uses in
    /// `app`: an element no screen has, a name ambiguous on a screen (the
    /// candidates of `expect disambiguation` may be), a screen the app lacks.
    func problems(in app: AppModel, matcher: ElementMatcher) -> [String] {
        switch self {
        case .highlighted(.label(let l), _) where ScannerMenu.canShow(l, in: app):
            return []
        case .highlighted(let n, _), .activated(let n, _), .value(let n, _, _), .selected(let n, _, _), .focused(let n), .label(let n, _):
            return matcher.problem(with: n, in: app).map { [$0] } ?? []
        case .disambiguation(let names):
            return names.compactMap { matcher.problem(with: $0, in: app, ambiguityAllowed: true) }
        case .screen(let s, _):
            if app.screens.contains(where: { $0.name == s || $0.title == s }) { return [] }
            return ["no screen named or titled '\(s)'; the app has: \(app.screens.map(\.name).joined(separator: ", "))"]
        case .announcement, .noActivation, .menu, .menuContains, .scanningStopped, .focusHidden, .overlay:
            return []
        }
    }
}
