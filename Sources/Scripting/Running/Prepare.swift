import Diagnostics
import ScreenModel
import SwitchyardEngine

extension ScenarioRunner {
    // MARK: - Prepare

    /// Parses and prepares the scenario `text` read from `file`: every
    /// problem of the file, syntax and the rest, reported together.
    /// - Throws: `ScriptErrors`, each with file, line and column, in file order.
    public func prepare(text: String, file: String) throws(ScriptErrors) -> PreparedScenario {
        let (scenario, syntax) = ScenarioParser(file: file).parsePartially(text)
        return try prepare(scenario, syntaxErrors: syntax)
    }

    /// Loads the app and settings and checks every element name, switch,
    /// setting and `at` time, so that nothing runs on a scenario that cannot finish.
    /// - Throws: `ScriptErrors`, each with file, line and column.
    public func prepare(_ scenario: Scenario) throws(ScriptErrors) -> PreparedScenario {
        try prepare(scenario, syntaxErrors: [])
    }

    func prepare(_ scenario: Scenario, syntaxErrors: [ScriptError]) throws(ScriptErrors) -> PreparedScenario {
        var p = Preparation(scenario: scenario, errors: syntaxErrors)
        p.loadApp(appProvider)
        p.checkStartScreen()
        p.loadSettings()
        p.checkSteps()
        let session = p.makeSession()
        guard p.errors.isEmpty, let app = p.app, let session else {
            throw ScriptErrors(errors: p.errors.sorted { $0.position < $1.position })
        }
        return PreparedScenario(scenario: scenario, app: app, configuration: p.configuration, session: session, pressLength: p.pressLength,
                                live: p.live, liveWaits: liveWaits)
    }
}

/// One scenario being prepared: what it names loaded, every line checked,
/// every problem kept (`errors`), so that nothing runs on a scenario that
/// cannot finish.
///
/// Lines that did not parse hide what they would have set: no element
/// checks without the app, no technology checks without the `technology`
/// line, no input checks (switches) after settings that did not load.
struct Preparation {
    let scenario: Scenario
    var errors: [ScriptError]
    /// Which technology a line reaches.
    let technologies: TechnologyRoute
    /// Whether the `technology` line parsed (or there is none).
    let technologiesKnown: Bool
    var app: AppModel? = nil
    var live: (any LiveScenarioApp)? = nil
    /// Each technology's settings at the first step: its defaults, its
    /// settings file, then the `set` lines before the first step.
    var configuration: SessionConfiguration
    /// The length of a `press` without `for` at the first step.
    var pressLength: Interval
    /// Whether the settings an input check reads (Switch Control's
    /// switches) are as the scenario meant them: no `settings` line or file
    /// of a technology that checks inputs failed, nor a `set` of one of them.
    var inputsKnown: Bool

    init(scenario: Scenario, errors: [ScriptError]) {
        self.scenario = scenario
        self.errors = errors
        technologies = TechnologyRoute(scenario)
        technologiesKnown = !scenario.unparsed.contains { $0.command == "technology" }
        configuration = SessionConfiguration(technologies: scenario.technologies.map(\.defaults))
        pressLength = scenario.pressLength ?? ScenarioRunner.defaultPressLength
        inputsKnown = technologiesKnown && !scenario.unparsed.contains { $0.command == "settings" }
    }

    /// Loads the app an `app` line names (unless the line did not parse).
    mutating func loadApp(_ appProvider: ScenarioRunner.ScenarioAppProvider) {
        guard !scenario.unparsed.contains(where: { $0.command == "app" }) else { return }
        do {
            let given = try appProvider(scenario.app, scenario.file)
            app = given.model
            live = given.live
        } catch {
            // A live app has no file: what went wrong (no bus, no such
            // app) is told at the `app` line.
            errors.append(scenario.app.isLive
                ? ScriptError(relocating: error, to: scenario.appPosition)
                : ScriptError(error, namedAt: scenario.appPosition, note: "app file named here"))
        }
    }

    /// Checks the `start-screen` line and makes it the app's start screen.
    mutating func checkStartScreen() {
        guard let start = scenario.startScreen else { return }
        if scenario.app.isLive {
            errors.append(ScriptError("'start-screen' cannot be used with a live app: the run starts on what the app shows; name a window with 'app atspi \"NAME\" window \"TITLE\"'", at: start.position))
        } else if let a = app {
            if a.screen(named: start.name) == nil {
                errors.append(ScriptError("no screen named '\(start.name)'; the app has: \(a.screens.map(\.name).joined(separator: ", "))", at: start.position))
            } else {
                app?.startScreen = start.name
            }
        }
    }

    /// Each technology's settings file (`SettingsFiles`, the engine's one
    /// reader), then the `set` lines before the first step.
    mutating func loadSettings() {
        guard technologiesKnown else { return }
        let route = technologies
        var files = SettingsFiles(for: scenario.technologies, howToAdd: { route.howToAdd($0) })
        for line in scenario.settingsFiles {
            let owner = line.technology ?? scenario.technology
            if let problem = technologies.missing(owner, for: "'settings \(owner.name) …'", verb: "is for") {
                errors.append(ScriptError(problem, at: line.position))
                continue
            }
            do {
                try files.load(ScenarioRunner.resolve(line.path, relativeTo: scenario.file), for: owner)
            } catch {
                // Settings that did not load leave the inputs they check unknown (a second file is refused unread).
                if case .secondFile = error {} else if !owner.inputSettingNames.isEmpty { inputsKnown = false }
                errors.append(ScriptError(error, namedAt: line.position, note: "settings file named here"))
            }
        }
        configuration = SessionConfiguration(technologies: files.configuration())
        for o in scenario.overrides {
            switch technologies.owner(ofSetting: o.name) {
            case .failure(let problem):
                errors.append(ScriptError(problem.message, at: o.position))
            case .success(let owner):
                guard var settings = configuration.settings(of: owner) else { continue }
                do throws(SettingsError) {
                    try settings.set(o.name, o.value)
                    configuration.replace(settings)
                } catch {
                    if owner.inputSettingNames.contains(o.name) { inputsKnown = false }
                    errors.append(ScriptError(error.message, at: o.position))
                }
            }
        }
    }

    /// Checks every step: the technology it needs, a `set` on the settings
    /// as they stand at that line, the inputs a technology's settings name
    /// (`TechnologySettings.problem(with:)`), the names an expectation uses,
    /// and that no `at` goes back in time.
    mutating func checkSteps() {
        // A `set` line that did not parse may have changed the switches or the press length.
        let firstUnparsedSet = scenario.unparsed.filter { $0.command == "set" }.map(\.line).min() ?? .max
        let matcher = ElementMatcher()
        var clock = EarliestClock(pressLength: pressLength)
        var later = configuration
        for line in scenario.steps {
            let (step, position) = (line.step, line.position)
            let known = inputsKnown && position.line ?? 0 < firstUnparsedSet
            if !known { clock.pressLength = .zero }
            if technologiesKnown, let needed = step.technology, let problem = technologies.missing(needed, for: step.commandName, verb: step.isExpectation ? "checks" : "drives") {
                errors.append(ScriptError(problem, at: position))
                continue
            }
            switch step {
            case .pressLength(let d):
                clock.pressLength = known ? d : .zero
            case .set(let name, let value):
                // Checked as it will apply: on the settings as they stand at that line.
                guard technologiesKnown else { break }
                switch technologies.owner(ofSetting: name) {
                case .failure(let problem):
                    errors.append(ScriptError(problem.message, at: position))
                case .success(let owner):
                    guard let settings = later.settings(of: owner) else { break }
                    switch Self.change(settings, name, to: value) {
                    case .success(let next):
                        later.replace(next)
                    case .failure(let problem):
                        if owner.inputSettingNames.contains(name) { inputsKnown = false }
                        errors.append(ScriptError(problem.message, at: position))
                    }
                }
            case .expect(let e):
                // A live app's elements and screens are those it shows when
                // the line runs: its names are checked then, not before.
                guard let app, live == nil else { break }
                for problem in e.problems(in: app, matcher: matcher) { errors.append(ScriptError(problem, at: position)) }
            default:
                guard known, let input = step.firstInput, let settings = step.technology.flatMap(later.settings(of:)),
                      let problem = settings.problem(with: input) else { break }
                errors.append(ScriptError(problem, at: position))
            }
            if let problem = clock.take(step, at: position) { errors.append(ScriptError(problem, at: position)) }
        }
        if let position = scenario.firstStepPastTimeLimit(pressLength: pressLength) {
            errors.append(ScriptError("the scenario's clock can pass the longest simulated time, \(Interval.maximum) (1000 years), at this step; expected waits, presses and windows that add up to less", at: position))
        }
    }

    /// A `set` line's change, checked: the settings after it, or the
    /// technology's own message (the value, or settings that contradict).
    static func change(_ settings: TechnologySettings, _ name: String, to value: String) -> Result<TechnologySettings, SettingChangeProblem> {
        var next = settings
        do throws(SettingsError) { try next.set(name, value) } catch { return .failure(SettingChangeProblem(message: error.message)) }
        do throws(SessionError) { try next.validate() } catch { return .failure(SettingChangeProblem(message: error.message)) }
        return .success(next)
    }

    /// The session the runs start from (not started); nil, with the error
    /// kept, when the settings cannot run together.
    mutating func makeSession() -> Session? {
        guard let app, technologiesKnown else { return nil }
        do {
            return try Session(app: app, configuration: configuration)
        } catch {
            // Point at the last `set` of a setting the message names (the line
            // that made the contradiction), else a settings file, else `app`.
            let culprit = scenario.overrides.last { error.settingNames.contains($0.name) }?.position
            errors.append(ScriptError(error.message, at: culprit ?? scenario.settingsFiles.first?.position ?? scenario.overrides.first?.position ?? scenario.appPosition))
            return nil
        }
    }
}

/// Why a `set` line's change cannot be made: the technology's own message.
struct SettingChangeProblem: Error {
    var message: String
}

extension ScenarioStep {
    /// The input a step delivers first, for the checks a technology's
    /// settings make of it (`TechnologySettings.problem(with:)`); nil for
    /// steps that deliver none.
    var firstInput: Input? {
        switch self {
        case .press(let id, _), .down(let id): return .switchDown(id)
        case .up(let id): return .switchUp(id)
        case .key(let chord): return chord.strokes.first.map { .key($0) }
        case .type(_, let chords): return chords.first?.strokes.first.map { .key($0) }
        case .say(let phrase): return .utterance(phrase)
        case .wait, .at, .expect, .set, .pressLength: return nil
        }
    }
}
