import Diagnostics
import Foundation
import ScreenModel
import SwitchyardEngine

/// A scenario with its app and settings loaded and every name checked:
/// ready to run, nothing left that can be wrong with the input.
public struct PreparedScenario: Sendable {
    public var scenario: Scenario
    public var app: AppModel
    public var configuration: SessionConfiguration
    /// The session `prepare` made from the app and configuration (not
    /// started): each run starts a copy of it.
    public var session: Session
    /// Length of a `press` without `for`: 100 ms unless `set press-length` says otherwise.
    public var pressLength: Interval
    /// The app running now, for `app atspi` (nil for a screen model): the
    /// run carries the session's events out on it and waits for its changes.
    public var live: (any LiveScenarioApp)?
    /// How long the run waits for the live app after each action.
    public var liveWaits: LiveWaits
}

/// The outcome of one expectation that did not hold (or of a `bug` event:
/// something the engine did not expect, which fails the run too).
public struct ExpectationFailure: Sendable, Hashable {
    public var position: SourcePosition
    public var message: String
    /// The events just before the failure (and any at its instant), for context.
    public var context: [TimedEvent]
    public var time: Instant
}

/// What running a scenario produced. The events themselves go to the
/// runner's `each` hook as they happen (`ScenarioRunner.run(_:each:)`);
/// the result keeps none of them, so it does not grow with simulated time.
public struct ScenarioResult: Sendable {
    public var file: String
    /// Failed expectations and `bug` events, in the order they happened.
    public var failures: [ExpectationFailure]
    /// The line the run stopped at because it could not go on (an `at`
    /// earlier than the clock, after a `within` wait ran late): a scenario
    /// error, like those found before the run (exit status 2).
    public var stopped: ScriptError?
    /// How many expectations were checked.
    public var expectations: Int
    /// How many of them held.
    public var held: Int
    /// Simulated time at the end.
    public var endTime: Instant
    /// Inputs delivered: switch presses, keys, utterances.
    public var presses: Int
    /// Switch presses (`press`, `down`).
    public var switchPresses: Int
    /// Keys pressed: one per `key` chord and per character of `type`.
    public var keyPresses: Int
    /// Spoken commands (`say`).
    public var utterances: Int
    /// The technologies the scenario ran, in routing order.
    public var technologies: [Technology]
    /// The most events the runner held at once (the window since the last
    /// input and the context kept for failure reports); bounded by the app,
    /// never by the length of the scenario.
    public var peakRetainedEvents: Int
    public var passed: Bool { failures.isEmpty && stopped == nil }
}

/// Loads what a scenario names and runs it against a `Session` in simulated
/// time: an hour of switch use runs in milliseconds. A live app
/// (`app atspi`) runs in real time beside the session: the runner waits for
/// its changes after each action (docs/scenarios.md, "Live desktop apps").
public struct ScenarioRunner: Sendable {
    /// Loads apps that are not the demo; the runner has no file system rules of its own.
    public typealias AppProvider = @Sendable (AppSource, _ scenarioFile: String) throws -> AppModel
    /// Gives the app an `app` line names: a screen model, or a live app
    /// (the runner links no accessibility library; the caller makes it).
    public typealias ScenarioAppProvider = @Sendable (AppSource, _ scenarioFile: String) throws -> ScenarioApp

    let appProvider: ScenarioAppProvider
    /// How long runs wait for a live app after each action.
    public var liveWaits = LiveWaits()

    /// A runner whose apps are screen models only.
    /// - Parameter appProvider: loads the app an `app` line names.
    public init(appProvider: @escaping AppProvider) {
        self.appProvider = { source, file in .model(try appProvider(source, file)) }
    }

    /// A runner whose apps may be live (`app atspi`).
    /// - Parameters:
    ///   - scenarioApps: gives the app an `app` line names.
    ///   - liveWaits: how long to wait for a live app after each action.
    public init(scenarioApps: @escaping ScenarioAppProvider, liveWaits: LiveWaits = LiveWaits()) {
        self.appProvider = scenarioApps
        self.liveWaits = liveWaits
    }

    public static let defaultPressLength = Interval.milliseconds(100)

    /// Resolves `path` against the folder of `scenarioFile`; against the
    /// working directory for a scenario read from `/dev/stdin` or a process
    /// substitution (`/dev/fd/63`), whose folder means nothing.
    public static func resolve(_ path: String, relativeTo scenarioFile: String) -> String {
        if path.hasPrefix("/") || scenarioFile.hasPrefix("/dev/") || scenarioFile.hasPrefix("/proc/") { return path }
        let dir = (scenarioFile as NSString).deletingLastPathComponent
        return dir.isEmpty ? path : (dir as NSString).appendingPathComponent(path)
    }

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
        var errors = syntaxErrors
        func done() -> ScriptErrors { ScriptErrors(errors: errors.sorted { $0.position < $1.position }) }
        // Lines that did not parse hide what they would have set: no element
        // checks without the app, no technology checks without the
        // `technology` line, no switch checks after unknown settings.
        let unparsed = scenario.unparsed
        let technologiesKnown = !unparsed.contains { $0.command == "technology" }
        let technologies = TechnologyRoute(scenario)
        var app: AppModel? = nil
        var live: (any LiveScenarioApp)? = nil
        if !unparsed.contains(where: { $0.command == "app" }) {
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
        if let start = scenario.startScreen, scenario.app.isLive {
            errors.append(ScriptError("'start-screen' cannot be used with a live app: the run starts on what the app shows; name a window with 'app atspi \"NAME\" window \"TITLE\"'", at: start.position))
        } else if let start = scenario.startScreen, let a = app {
            if a.screen(named: start.name) == nil {
                errors.append(ScriptError("no screen named '\(start.name)'; the app has: \(a.screens.map(\.name).joined(separator: ", "))", at: start.position))
            } else {
                app?.startScreen = start.name
            }
        }
        // Each technology's settings: its defaults, its settings file, then the `set` lines before the first step.
        var settings = technologies.defaults
        var switchesKnown = technologiesKnown && !unparsed.contains { $0.command == "settings" }
        var fileOf: [Technology: SourcePosition] = [:]
        for line in scenario.settingsFiles where technologiesKnown {
            let owner = line.technology ?? scenario.technology
            if let problem = technologies.missing(owner, for: "'settings \(owner.name) …'", verb: "is for") {
                errors.append(ScriptError(problem, at: line.position))
                continue
            }
            if let first = fileOf[owner] {
                errors.append(ScriptError("a second settings file for \(owner) (the first is named on line \(first.line ?? 0)); give each technology one settings file", at: line.position))
                continue
            }
            fileOf[owner] = line.position
            let path = Self.resolve(line.path, relativeTo: scenario.file)
            do {
                let bytes = try InputFile.read(path)
                do {
                    settings[owner] = try TechnologySettings.load(owner, json: bytes, file: path)
                } catch {
                    if owner == .switchControl { switchesKnown = false }
                    errors.append(ScriptError(error, namedAt: line.position, note: "settings file named here"))
                }
            } catch {
                if owner == .switchControl { switchesKnown = false }
                errors.append(ScriptError("cannot read settings file '\(path)': \(error)", at: line.position))
            }
        }
        // A `set` line that did not parse may have changed the switches or the press length.
        let firstUnparsedSet = unparsed.filter { $0.command == "set" }.map(\.line).min() ?? .max
        var pressLength = Self.defaultPressLength
        for o in scenario.overrides {
            if o.name == "press-length" {
                switch DurationSyntax.parse(o.value, bareSeconds: true) {
                case .success(let d): pressLength = d
                case .failure(let p): errors.append(ScriptError(p.message(o.value, for: "press-length"), at: o.position))
                }
                continue
            }
            guard technologiesKnown else { continue }
            switch technologies.owner(ofSetting: o.name) {
            case .failure(let problem):
                errors.append(ScriptError(problem.message, at: o.position))
            case .success(let owner):
                do {
                    try settings[owner]!.set(o.name, o.value)
                } catch {
                    if o.name == "switches" { switchesKnown = false }
                    errors.append(ScriptError(error.message, at: o.position))
                }
            }
        }
        let matcher = ElementMatcher()
        var clock = EarliestClock(pressLength: pressLength)
        var later = settings
        for (step, position) in scenario.steps {
            let known = switchesKnown && position.line ?? 0 < firstUnparsedSet
            if !known { clock.pressLength = .zero }
            if technologiesKnown, let needed = step.technology, let problem = technologies.missing(needed, for: step.commandName, verb: step.isExpectation ? "checks" : "drives") {
                errors.append(ScriptError(problem, at: position))
                continue
            }
            switch step {
            case .set(let name, let value):
                // Checked as it will apply: on the settings as they stand at that line.
                if name == "press-length" {
                    switch DurationSyntax.parse(value, bareSeconds: true) {
                    case .success(let d): clock.pressLength = known ? d : .zero
                    case .failure(let p): errors.append(ScriptError(p.message(value, for: "press-length"), at: position))
                    }
                    continue
                }
                guard technologiesKnown else { break }
                switch technologies.owner(ofSetting: name) {
                case .failure(let problem):
                    errors.append(ScriptError(problem.message, at: position))
                case .success(let owner):
                    do {
                        var next = later[owner]!
                        try next.set(name, value)
                        try next.validate()
                        later[owner] = next
                    } catch {
                        if name == "switches" { switchesKnown = false }
                        errors.append(ScriptError((error as? SettingsError)?.message ?? (error as? SessionError)?.message ?? "\(error)", at: position))
                    }
                }
            case .press(let id, _), .down(let id), .up(let id):
                if known, case .switchControl(let sc)? = later[.switchControl], sc.assignment(of: id) == nil {
                    let names = sc.switches.map(\.switchID.name)
                    let hint = Suggestion.hint(for: id.name, among: names, fallback: "; the configured switches are: \(names.joined(separator: ", "))")
                    errors.append(ScriptError("unknown switch '\(id.name)'\(hint)", at: position))
                }
            case .expect(let e):
                // A live app's elements and screens are those it shows when
                // the line runs: its names are checked then, not before.
                guard let app, live == nil else { break }
                for problem in e.problems(in: app, matcher: matcher) { errors.append(ScriptError(problem, at: position)) }
            default: break
            }
            if let problem = clock.take(step, at: position) { errors.append(ScriptError(problem, at: position)) }
        }
        if let position = scenario.firstStepPastTimeLimit(pressLength: pressLength) {
            errors.append(ScriptError("the scenario's clock can pass the longest simulated time, \(Interval.maximum) (1000 years), at this step; expected waits, presses and windows that add up to less", at: position))
        }
        let configuration = SessionConfiguration(technologies: scenario.technologies.compactMap { settings[$0] })
        var session: Session?
        if let app, technologiesKnown {
            do {
                session = try Session(app: app, configuration: configuration)
            } catch {
                // Point at the last `set` of a setting the message names (the line
                // that made the contradiction), else a settings file, else `app`.
                let message = error.message
                let culprit = scenario.overrides.last { error.settingNames.contains($0.name) }?.position
                errors.append(ScriptError(message, at: culprit ?? scenario.settingsFiles.first?.position ?? scenario.overrides.first?.position ?? scenario.appPosition))
            }
        }
        guard errors.isEmpty, let app, let session else { throw done() }
        return PreparedScenario(scenario: scenario, app: app, configuration: configuration, session: session, pressLength: pressLength,
                                live: live, liveWaits: liveWaits)
    }

    // MARK: - Run

    /// Runs a prepared scenario to its end. Failed expectations are
    /// collected; the run goes on so that one report shows them all.
    public func run(_ p: PreparedScenario) -> ScenarioResult {
        run(p) { _ in }
    }

    /// Runs a prepared scenario, handing every event to `each` as it
    /// happens (to print or stream a transcript); the runner itself keeps
    /// only what expectations and failure reports need.
    /// - Parameters:
    ///   - p: the prepared scenario.
    ///   - each: called with every event, in order.
    /// - Returns: the failures and counts.
    public func run(_ p: PreparedScenario, each: (TimedEvent) -> Void) -> ScenarioResult {
        withoutActuallyEscaping(each) { each in
            var run = Run(prepared: p, each: each)
            run.go()
            return ScenarioResult(file: p.scenario.file, failures: run.failures, stopped: run.stopped,
                                  expectations: run.expectations, held: run.expectations - run.failedExpectations,
                                  endTime: run.cursor, presses: run.switchPresses + run.keyPresses + run.utterances,
                                  switchPresses: run.switchPresses, keyPresses: run.keyPresses, utterances: run.utterances,
                                  technologies: p.scenario.technologies, peakRetainedEvents: run.peakRetained)
        }
    }
}

/// The earliest the clock can be at each line, known before the run: presses
/// (their length), `wait`, `at` and `expect no activation for` move it by a
/// known amount; a `within` wait by anything from nothing to its window, so
/// after one this is a lower bound. An `at` earlier than it can never run.
struct EarliestClock {
    var now = Instant.zero
    /// The length of a `press` without `for` (zero when a line that did not parse may have changed it).
    var pressLength: Interval
    /// The `at` that set `now`, when nothing moved the clock since.
    var lastAt: Instant? = nil
    /// The line that last moved the clock.
    var movedOn: Int? = nil

    /// Moves the clock over `step`; the problem when `step` is an `at` that would go back.
    mutating func take(_ step: ScenarioStep, at position: SourcePosition) -> String? {
        var by = Interval.zero
        switch step {
        case .press(_, let length): by = length ?? pressLength
        case .wait(let d): by = d
        case .expect(.noActivation(for: let d)): by = d
        case .at(let t):
            defer {
                if t >= now { now = t; lastAt = t; movedOn = position.line }
            }
            guard t < now else { return nil }
            if let lastAt { return "time goes backwards: 'at \(t)' comes after 'at \(lastAt)'" }
            return "time goes backwards: 'at \(t)' but the clock is already at \(now) here (after line \(movedOn ?? 1))"
        case .down, .up, .key, .type, .say, .expect, .set: return nil
        }
        if by > .zero {
            now = now + by
            lastAt = nil
            movedOn = position.line
        }
        return nil
    }
}

/// What the events since the last input hold for `expect activated`,
/// `expect announcement` and `expect scanning stopped`: each activated
/// element and each announcement once, so the window grows with the app,
/// never with time.
struct EventWindow {
    /// An element as expectations match it: its screen and index.
    struct Key: Hashable {
        var screen: String
        var index: ElementIndex
    }
    /// One activation: the element (nil: a point with no element) and its
    /// screen as it was then (a live app's is read again as it changes:
    /// the name is matched against the tree the element was tapped in).
    struct Activation {
        var ref: ElementRef?
        var screen: Screen?
    }
    /// Activations in the order first seen.
    private(set) var activations: [Activation] = []
    private var activated: Set<Key?> = []
    /// Announcements in the order first seen.
    private(set) var announcements: [String] = []
    private var announced: Set<String> = []
    private(set) var scanningStopped = false

    var count: Int { activations.count + announcements.count + (scanningStopped ? 1 : 0) }

    /// - Parameters:
    ///   - event: the event.
    ///   - screens: the screens as they are when it happens, by name.
    mutating func add(_ event: Event, screens: [String: Screen]) {
        switch event {
        case .activated(let ref, _):
            if activated.insert(ref.map { Key(screen: $0.screen, index: $0.index) }).inserted {
                activations.append(Activation(ref: ref, screen: ref.flatMap { screens[$0.screen] }))
            }
        case .announced(let text):
            if announced.insert(text).inserted { announcements.append(text) }
        case .scanningStopped:
            scanningStopped = true
        default:
            break
        }
    }

    mutating func reset() { self = EventWindow() }
}

/// The mutable state of one scenario run.
struct Run {
    let prepared: PreparedScenario
    var session: Session
    /// The runner's `each` hook.
    let each: (TimedEvent) -> Void
    var failures: [ExpectationFailure] = []
    var failedExpectations = 0
    var stopped: ScriptError? = nil
    var cursor = Instant.zero
    /// What `expect activated`, `expect announcement` and `expect scanning
    /// stopped` look at: the events since the last input.
    var sinceInput = EventWindow()
    /// The last few events, the context of a failure report.
    var recent: [TimedEvent] = []
    static let contextLength = 6
    /// Events of one session call, before they are looked at (reused).
    var batch: [TimedEvent] = []
    var peakRetained = 0
    var expectations = 0
    var switchPresses = 0
    var keyPresses = 0
    var utterances = 0
    /// The line being run: where a `bug` event is reported.
    var position: SourcePosition
    /// The last line whose `within` wait moved the clock.
    var lastWithin: SourcePosition? = nil
    /// Each technology's settings as they stand (a `set` step changes them from there on).
    var settings: [Technology: TechnologySettings] = [:]
    /// Which technology each setting name reaches.
    let route: TechnologyRoute
    var pressLength: Interval
    let matcher = ElementMatcher()
    /// The live app (`app atspi`), nil for a screen model.
    let live: (any LiveScenarioApp)?
    /// The elements a live app's run acted on, followed across its new
    /// screens: the one a name matching several means.
    var acted = ActedElements()
    /// Every screen as the run knows it now, by name (events name elements
    /// by screen and index): the app's, and a live app's as last read.
    var screens: [String: Screen]
    /// Whether the run is waiting for the live app (its new screens'
    /// events are carried out, but do not start another wait).
    var settling = false
    /// Whether something was asked of the app during that wait.
    var actedWhileSettling = false
    /// At most this many waits in a row after one action, when each new
    /// screen's events ask something of the app again (Full Keyboard
    /// Access's focus after a dialog closes).
    static let settleRounds = 3

    init(prepared: PreparedScenario, each: @escaping (TimedEvent) -> Void) {
        self.prepared = prepared
        self.each = each
        self.live = prepared.live
        self.session = prepared.session
        screens = Dictionary(prepared.app.screens.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for s in prepared.configuration.technologies { settings[s.technology] = s }
        route = TechnologyRoute(prepared.scenario)
        pressLength = prepared.pressLength
        position = prepared.scenario.appPosition
    }

    /// The scanner menu's items while it is open.
    var menu: [String]? { session.presentation.scannerMenu?.items }

    mutating func go() {
        take { session, out in out = session.start(at: .zero) }
        for (step, position) in prepared.scenario.steps {
            self.position = position
            perform(step, at: position)
            if stopped != nil { return }
        }
    }

    // MARK: - Events

    /// Runs one session call whose events land in `batch`, then looks at
    /// them; returns the first event `matching` accepts.
    @discardableResult
    mutating func take(matching: (Event) -> Bool = { _ in false }, _ call: (inout Session, inout [TimedEvent]) -> Void) -> TimedEvent? {
        var fresh: [TimedEvent] = []
        swap(&fresh, &batch)
        fresh.removeAll(keepingCapacity: true)
        call(&session, &fresh)
        var hit: TimedEvent? = nil
        for e in fresh {
            observe(e)
            if hit == nil && matching(e.event) { hit = e }
        }
        peakRetained = max(peakRetained, recent.count + sinceInput.count + fresh.count)
        // A live app: the events are carried out on it (what it did not
        // carry out is an event of its own, and a failure), and its changes
        // come back before the run goes on.
        let response = stopped == nil && !fresh.isEmpty ? live?.perform(fresh) : nil
        swap(&fresh, &batch)
        for f in response?.failed ?? [] { observe(f) }
        if response?.asked == true { settleLive(quiet: prepared.liveWaits.quiet) }
        return hit
    }

    // MARK: - Live app

    /// Waits, in real time, for the live app to settle, and gives the
    /// session each new screen at its current simulated instant.
    /// - Parameter quiet: the wait ends when the app has sent no event for
    ///   this long (zero: only what is already pending is read).
    mutating func settleLive(quiet: Interval) {
        guard let live, stopped == nil else { return }
        if settling {
            actedWhileSettling = true
            return
        }
        settling = true
        defer { settling = false }
        var rounds = 0
        repeat {
            actedWhileSettling = false
            rounds += 1
            let update: ScreenUpdate?
            do {
                update = try live.settle(quiet: quiet, limit: prepared.liveWaits.limit)
            } catch {
                stopLive(error)
                return
            }
            if let update { replaceScreen(update) }
        } while actedWhileSettling && rounds < Self.settleRounds
    }

    /// The live app's new screen, to the session at its current instant
    /// (a timer's, during a wait).
    mutating func replaceScreen(_ update: ScreenUpdate) {
        acted.follow(update, replacing: session.currentScreen.name)
        screens[update.screen.name] = update.screen
        take { session, out in session.handle(TimedInput(.screenReplaced(update), at: session.now)) { out.append($0) } }
    }

    /// The live app can no longer be read: the run stops at the line running.
    mutating func stopLive(_ error: any Error) {
        let why = (error as? any DiagnosticError)?.diagnostics.map(\.message).joined(separator: "; ") ?? "\(error)"
        stopped = ScriptError("the live app \(live?.name ?? "") can no longer be read: \(why)", at: position)
    }

    /// Whether `holds` is true now; with a window, waits until it is. For
    /// a live app the wait is in real time (the app's changes delivered as
    /// they come, the simulated clock where it stands); for a screen model
    /// in simulated time (timers fire; the clock stops where it holds).
    mutating func awaitState(_ within: Interval?, _ holds: (Run) -> Bool) -> Bool {
        guard let live else { return advance(within: within, until: holds) }
        if holds(self) { return true }
        guard let within else { return false }
        let end = live.realTime + within
        while stopped == nil {
            let left = end - live.realTime
            guard left > .zero else { return false }
            let update: ScreenUpdate?
            do { update = try live.waitForChange(timeout: left) } catch {
                stopLive(error)
                return false
            }
            guard let update else { continue }
            replaceScreen(update)
            if holds(self) { return true }
        }
        return false
    }

    /// Whether `holds` is true now; with a window, lets simulated time run
    /// (timers fire) until it is, and the clock stops there, or the window closes.
    mutating func advance(within: Interval?, until holds: (Run) -> Bool) -> Bool {
        if holds(self) { return true }
        guard let within else { return false }
        let deadline = cursor + within
        while let next = session.nextDeadline, next <= deadline, next > cursor {
            cursor = next
            take { session, out in session.advance(to: next) { out.append($0) } }
            if holds(self) { return true }
        }
        moveTo(deadline)
        return holds(self)
    }

    /// How a failed `within` wait is told: for a live app, how long the run
    /// waited for it in real time.
    func waited(_ within: Interval?) -> String {
        guard let within else { return "" }
        if let live { return " (waited \(within) in real time for the app \(live.name) to change)" }
        return " (at \(cursor))"
    }

    /// One event: to the hook, the window, the failure context; a `bug`
    /// event (the engine met a case it does not expect) fails the run, and
    /// so does an `appModelError` (an effect of the app model that cannot be
    /// carried out), said as the authoring error it is.
    mutating func observe(_ e: TimedEvent) {
        each(e)
        sinceInput.add(e.event, screens: screens)
        if live != nil { acted.note(e.event) }
        if recent.count == Self.contextLength { recent.removeFirst() }
        recent.append(e)
        switch e.event {
        case .bug(let text):
            failures.append(ExpectationFailure(position: position, message: "engine bug (please report it): \(text)",
                                               context: recent, time: e.time))
        case .appActionFailed(let r, let call, let answer):
            // The app did not do what the line asked: the run fails there, with its answer.
            failures.append(ExpectationFailure(position: position, message: "the app \(live?.name ?? "") did not carry out \(call) on "
                                               + (r.map(Self.describe) ?? "an element it no longer has") + ": \(answer)",
                                               context: recent, time: e.time))
        default:
            break
        }
        if case .appModelError(let element, let text) = e.event {
            failures.append(ExpectationFailure(position: position, message: "the app model cannot do what \(element.map(\.description) ?? "the tap") asks: \(text); "
                                               + "fix its effect in the app model (switchyard audit reports it), or start the scenario on a screen where it can act",
                                               context: recent, time: e.time))
        }
    }

    mutating func deliver(_ input: Input) {
        let at = cursor
        take { session, out in session.handle(TimedInput(input, at: at)) { out.append($0) } }
    }

    /// Fires the timers due up to `t`, one deadline at a time (no batch
    /// grows with the length of a wait).
    /// - Returns: the first event `matching` accepts on the way.
    mutating func fire(upTo t: Instant, matching: (Event) -> Bool = { _ in false }) -> TimedEvent? {
        var first: TimedEvent? = nil
        while let next = session.nextDeadline, next <= t {
            let hit = take(matching: matching) { session, out in session.advance(to: next) { out.append($0) } }
            if first == nil { first = hit }
        }
        let hit = take(matching: matching) { session, out in session.advance(to: t) { out.append($0) } }
        return first ?? hit
    }

    /// Moves the clock to `t` (never back).
    /// - Returns: the first event `matching` accepts on the way.
    @discardableResult
    mutating func moveTo(_ t: Instant, matching: (Event) -> Bool = { _ in false }) -> TimedEvent? {
        guard t > cursor else { return nil }
        cursor = t
        return fire(upTo: t, matching: matching)
    }

    mutating func perform(_ step: ScenarioStep, at position: SourcePosition) {
        switch step {
        case .press, .down, .up, .key, .type, .say:
            // Event expectations look at what happened since the last input.
            sinceInput.reset()
        case .wait, .at, .expect, .set:
            break
        }
        switch step {
        case .press(let id, let length):
            switchPresses += 1
            deliver(.switchDown(id))
            moveTo(cursor + (length ?? pressLength))
            deliver(.switchUp(id))
        case .down(let id):
            switchPresses += 1
            deliver(.switchDown(id))
        case .up(let id):
            deliver(.switchUp(id))
        case .key(let chord):
            // Every transition of the chord at the clock's instant: a key takes no simulated time.
            keyPresses += 1
            for stroke in chord.strokes { deliver(.key(stroke)) }
        case .type(_, let chords):
            keyPresses += chords.count
            for chord in chords {
                for stroke in chord.strokes { deliver(.key(stroke)) }
            }
        case .say(let phrase):
            // Heard at the clock's instant: Voice Control acts at once and schedules nothing.
            utterances += 1
            deliver(.utterance(phrase))
        case .wait(let d):
            moveTo(cursor + d)
        case .at(let t):
            if t < cursor {
                // Prepare checked every `at` against the clock as far as it is
                // known before the run; a `within` wait that ran late is the rest.
                let cause = lastWithin.map { "the 'within' wait on line \($0.line ?? 0) ran until then" } ?? "the lines before it took that long"
                stopped = ScriptError("time goes backwards: 'at \(t)' but the clock is already at \(cursor) (\(cause))", at: position)
                return
            }
            moveTo(t)
        case .expect(let e):
            expectations += 1
            // A live app: what it changed on its own since is read first.
            if live != nil { settleLive(quiet: .zero) }
            let before = cursor
            check(e, at: position)
            if cursor > before, e.window != nil { lastWithin = position }
        case .set(let name, let value):
            if name == "press-length" {
                if case .success(let d) = DurationSyntax.parse(value, bareSeconds: true) { pressLength = d }
                return
            }
            // Checked when the scenario was prepared; a failure here is reported, not trapped.
            do {
                guard case .success(let owner) = route.owner(ofSetting: name), var next = settings[owner] else {
                    throw TechnologyRoute.Problem(message: "no technology of this scenario has it")
                }
                try next.set(name, value)
                let at = cursor
                var problem: (any Error)? = nil
                take { session, out in
                    do { out = try session.reconfigure(next, at: at) } catch { problem = error }
                }
                if let problem { throw problem }
                settings[owner] = next
            } catch {
                failures.append(ExpectationFailure(position: position, message: "cannot apply 'set \(name) \(value)': \(error)", context: recent, time: cursor))
            }
        }
    }

    /// Records a failed expectation.
    mutating func fail(_ message: String, at position: SourcePosition) {
        failedExpectations += 1
        failures.append(ExpectationFailure(position: position, message: message, context: recent, time: cursor))
    }

    // MARK: - Expectations

    /// Which element `name` means on `screen` as it shows now
    /// (`ElementMatcher.resolve`: of several, the one acted on, else the
    /// one in the dialog in front).
    func resolve(_ name: ElementName, on screen: Screen) -> NameResolution {
        matcher.resolve(name, on: screen, acted: acted.indices(on: screen.name))
    }

    /// Whether `ref` is the element `name` means, on its screen as it is now.
    func refIs(_ ref: ElementRef?, _ name: ElementName) -> Bool {
        guard let ref, let screen = screens[ref.screen], case .element(let k) = resolve(name, on: screen) else { return false }
        return k == ref.index
    }

    /// Whether `ref` is one of the elements `name` matches (`expect
    /// disambiguation`, where a name may match several).
    func refMatches(_ ref: ElementRef, _ name: ElementName) -> Bool {
        guard let screen = screens[ref.screen] else { return false }
        return matcher.matches(name, on: screen).contains(ref.index)
    }

    /// Whether the highlight `h` shows `name` (the element it means, or a scanner menu item).
    func shows(_ h: Highlight?, _ name: ElementName) -> Bool {
        switch h {
        case .element(let r): return refIs(r, name)
        case .menuItem(let s): if case .label(let l) = name { return l == s } else { return false }
        default: return false
        }
    }

    /// Why `name` means no one element of the current screen, as the end
    /// of a failure (`"Page 3" is ambiguous on screen …: 2 elements match: …`); nil when it means one.
    func ambiguity(_ name: ElementName) -> String? {
        let screen = session.currentScreen
        guard case .ambiguous(let candidates) = resolve(name, on: screen) else { return nil }
        return matcher.ambiguity(name, candidates, on: screen)
    }

    func describe(_ h: Highlight?) -> String {
        guard let h else { return "nothing is highlighted" }
        switch h {
        case .element(let r): return "the highlight is on \(Self.describe(r))"
        case .group(let frame, let count): return "the highlight is on a group of \(count) at \(frame)"
        case .groupExit: return "the highlight is on a group's exit"
        case .menuItem(let s): return "the highlight is on menu item \"\(s)\""
        case .pointLine(let axis, let position): return "point mode stopped a line (\(axis) at \(Point.format(position)))"
        case .pointSweep(let axis, _, _, _, _): return "point mode is sweeping (\(axis))"
        case .menuButton: return "the highlight is on the menu button"
        }
    }

    static func describe(_ r: ElementRef) -> String {
        (r.label.map { "\"\($0)\"" } ?? "(no label)") + (r.identifier.map { " (#\($0))" } ?? "")
    }

    /// Looks for a matching event since the last input (`seen`, asked of
    /// the events' window), then (with a window) lets time run until one
    /// appears (the clock stops there) or the window closes.
    mutating func awaitEvent(_ within: Interval?, seen: (Run) -> Bool) -> Bool {
        if seen(self) { return true }
        guard let within else { return false }
        let deadline = cursor + within
        while let next = session.nextDeadline, next <= deadline, next > cursor {
            // every timer up to the cursor has fired already
            take { session, out in session.advance(to: next) { out.append($0) } }
            cursor = next
            if seen(self) { return true }
        }
        moveTo(deadline)
        return seen(self)
    }

    /// Whether an activation is of the element `name` meant then (on the
    /// screen as it was when it was tapped: of several, the one tapped).
    static func activation(_ a: EventWindow.Activation, is name: ElementName, _ matcher: ElementMatcher) -> Bool {
        guard let r = a.ref, let screen = a.screen else { return false }
        return matcher.matches(name, on: screen).contains(r.index)
    }

    mutating func check(_ e: Expectation, at position: SourcePosition) {
        switch e {
        case .highlighted(let name, let within):
            // The highlight is the session's own, in simulated time, live app or not.
            if advance(within: within, until: { run in run.shows(run.session.highlighted, name) }) { return }
            fail("expected the highlight on \(name)\(within.map { " within \($0)" } ?? ""), but " + (ambiguity(name) ?? "\(describe(session.highlighted)) at \(cursor)"), at: position)
        case .activated(let name, let within):
            // Each activation against its screen as it was then: a live app's are read again as it changes.
            let ok = awaitEvent(within) { run in run.sinceInput.activations.contains { Self.activation($0, is: name, run.matcher) } }
            if !ok {
                let got = sinceInput.activations.map { $0.ref.map(Self.describe) ?? "a point with no element" }
                fail("expected \(name) to be activated\(within.map { " within \($0)" } ?? ""), but " + (got.isEmpty ? "nothing was activated" : "only \(got.joined(separator: ", ")) was activated"), at: position)
            }
        case .screen(let s, let within):
            if !awaitState(within, { run in run.session.currentScreen.name == s || run.session.currentScreen.title == s }) {
                guard stopped == nil else { return }
                fail("expected screen '\(s)'\(within.map { " within \($0)" } ?? ""), but the current screen is '\(session.currentScreen.name)'\(waited(within))", at: position)
            }
        case .announcement(let text, let within):
            let ok = awaitEvent(within) { run in run.sinceInput.announcements.contains(text) }
            if !ok {
                let got = sinceInput.announcements.map { "\"\($0)\"" }
                fail("expected the announcement \"\(text)\"\(within.map { " within \($0)" } ?? ""), but " + (got.isEmpty ? "nothing was announced" : "got \(got.joined(separator: ", "))"), at: position)
            }
        case .value(let name, let expected, let within):
            // Resolved again on each read while the window is open.
            let held = awaitState(within) { run in
                guard case .element(let k) = run.resolve(name, on: run.session.currentScreen) else { return false }
                return run.session.value(of: k) == expected
            }
            guard !held, stopped == nil else { return }
            let screen = session.currentScreen
            let shown = within.map { " within \($0)" } ?? ""
            switch resolve(name, on: screen) {
            case .missing:
                fail("expected \(name) on the current screen '\(screen.name)'\(shown), but it is not there\(waited(within))", at: position)
            case .ambiguous(let candidates):
                fail("expected the value of \(name) to be \"\(expected)\"\(shown), but \(matcher.ambiguity(name, candidates, on: screen))\(waited(within))", at: position)
            case .element(let i):
                let v = session.value(of: i)
                fail("expected the value of \(name) to be \"\(expected)\"\(shown), but it is \(v.map { "\"\($0)\"" } ?? "empty")\(waited(within))", at: position)
            }
        case .selected(let name, let on, let within):
            let held = awaitState(within) { run in
                guard case .element(let k) = run.resolve(name, on: run.session.currentScreen) else { return false }
                return run.session.traits(of: k).contains(.selected) == on
            }
            guard !held, stopped == nil else { return }
            let screen = session.currentScreen
            let shown = within.map { " within \($0)" } ?? ""
            let expected = on ? "to be selected\(shown)" : "not to be selected\(shown)"
            switch resolve(name, on: screen) {
            case .missing:
                fail("expected \(name) on the current screen '\(screen.name)'\(shown), but it is not there\(waited(within))", at: position)
            case .ambiguous(let candidates):
                fail("expected \(name) \(expected), but \(matcher.ambiguity(name, candidates, on: screen))\(waited(within))", at: position)
            case .element:
                fail("expected \(name) \(expected), but it is\(on ? " not" : "")\(waited(within))", at: position)
            }
        case .noActivation(let d):
            let first = moveTo(cursor + d) { if case .activated = $0 { return true } else { return false } }
            if let first, case .activated(let r, _) = first.event {
                fail("expected no activation for \(d), but \(r.map(Self.describe) ?? "a point") was activated at \(first.time)", at: position)
            }
        case .menu(let items):
            if menu != items {
                fail("expected the scanner menu \(items.map { "\"\($0)\"" }.joined(separator: " ")), but " + (menu.map { "it shows \($0.map { "\"\($0)\"" }.joined(separator: " "))" } ?? "no menu is shown"), at: position)
            }
        case .menuContains(let item):
            if !(menu ?? []).contains(item) {
                fail("expected the scanner menu to contain \"\(item)\", but " + (menu.map { "it shows \($0.map { "\"\($0)\"" }.joined(separator: " "))" } ?? "no menu is shown"), at: position)
            }
        case .scanningStopped(let within):
            let ok = awaitEvent(within) { run in run.sinceInput.scanningStopped }
            if !ok { fail("expected scanning to stop\(within.map { " within \($0)" } ?? ""), but it did not (now \(cursor))", at: position) }
        case .focused, .focusHidden, .overlay, .label, .disambiguation:
            if let problem = presentationProblem(e) { fail(problem, at: position) }
        }
    }
}

extension Expectation {
    /// The `within` window of an expectation that waits for something.
    var window: Interval? {
        switch self {
        case .highlighted(_, let w), .activated(_, let w), .announcement(_, let w), .scanningStopped(let w),
             .screen(_, let w), .value(_, _, let w), .selected(_, _, let w): return w
        case .noActivation, .menu, .menuContains, .focused, .focusHidden, .overlay, .label, .disambiguation: return nil
        }
    }
}
