import Foundation
import ScreenModel
import SwitchyardEngine

/// A scenario with its app and settings loaded and every name checked:
/// ready to run, nothing left that can be wrong with the input.
public struct PreparedScenario: Sendable {
    public var scenario: Scenario
    public var app: AppModel
    public var configuration: SessionConfiguration
    /// Length of a `press` without `for`: 100 ms unless `set press-length` says otherwise.
    public var pressLength: Interval
}

/// The outcome of one expectation that did not hold.
public struct ExpectationFailure: Sendable, Hashable {
    public var position: SourcePosition
    public var message: String
    /// The events just before the failure (and any at its instant), for context.
    public var context: [TimedEvent]
    public var time: Instant
}

/// What running a scenario produced.
public struct ScenarioResult: Sendable {
    public var file: String
    public var events: [TimedEvent]
    public var failures: [ExpectationFailure]
    /// How many expectations were checked.
    public var expectations: Int
    /// Simulated time at the end.
    public var endTime: Instant
    /// Inputs delivered: switch presses, keys, utterances.
    public var presses: Int
    public var passed: Bool { failures.isEmpty }
}

/// Loads what a scenario names and runs it against a `Session` in simulated
/// time: an hour of switch use runs in milliseconds.
public struct ScenarioRunner: Sendable {
    /// Loads apps that are not the demo; the runner has no file system rules of its own.
    public typealias AppProvider = @Sendable (AppSource, _ scenarioFile: String) throws -> AppModel

    let appProvider: AppProvider

    public init(appProvider: @escaping AppProvider) {
        self.appProvider = appProvider
    }

    public static let defaultPressLength = Interval.milliseconds(100)

    /// Resolves `path` against the folder of `scenarioFile`.
    public static func resolve(_ path: String, relativeTo scenarioFile: String) -> String {
        if path.hasPrefix("/") { return path }
        let dir = (scenarioFile as NSString).deletingLastPathComponent
        return dir.isEmpty ? path : (dir as NSString).appendingPathComponent(path)
    }

    // MARK: - Prepare

    /// Loads the app and settings and checks every element name, switch and
    /// setting, so that nothing runs on a scenario that cannot finish.
    /// - Throws: `ScriptErrors`, each with file, line and column.
    public func prepare(_ scenario: Scenario) throws(ScriptErrors) -> PreparedScenario {
        var errors: [ScriptError] = []
        switch scenario.technology {
        case .switchControl: break
        case .fullKeyboardAccess, .voiceControl:
            throw ScriptErrors(errors: [ScriptError("technology '\(scenario.technology.name)' (\(scenario.technology)) is not available yet in this version of Switchyard; only switch-control runs", at: scenario.technologyPosition ?? scenario.appPosition)])
        }
        for (step, position) in scenario.steps {
            switch step {
            case .key:
                errors.append(ScriptError("'key' drives Full Keyboard Access, which is not available yet in this version of Switchyard", at: position))
            case .say:
                errors.append(ScriptError("'say' drives Voice Control, which is not available yet in this version of Switchyard", at: position))
            default: break
            }
        }
        var app: AppModel
        do {
            app = try appProvider(scenario.app, scenario.file)
        } catch {
            throw ScriptErrors(errors: errors + [ScriptError(error, namedAt: scenario.appPosition, note: "app file named here")])
        }
        if let start = scenario.startScreen {
            if app.screen(named: start.name) == nil {
                errors.append(ScriptError("no screen named '\(start.name)'; the app has: \(app.screens.map(\.name).joined(separator: ", "))", at: start.position))
            } else {
                app.startScreen = start.name
            }
        }
        var settings = SwitchControlSettings()
        if let f = scenario.settingsFile {
            let path = Self.resolve(f, relativeTo: scenario.file)
            if let data = FileManager.default.contents(atPath: path) {
                do {
                    settings = try SwitchControlSettings.load(json: [UInt8](data), file: path)
                } catch {
                    errors.append(ScriptError(error, namedAt: scenario.settingsPosition!, note: "settings file named here"))
                }
            } else {
                errors.append(ScriptError("cannot read settings file '\(path)'", at: scenario.settingsPosition!))
            }
        }
        var pressLength = Self.defaultPressLength
        for o in scenario.overrides {
            if o.name == "press-length" {
                if let d = Self.parseDuration(o.value) { pressLength = d } else {
                    errors.append(ScriptError("expected a duration such as 150ms for press-length, found '\(o.value)'", at: o.position))
                }
                continue
            }
            do {
                try settings.set(o.name, o.value)
            } catch {
                errors.append(ScriptError(error.message, at: o.position))
            }
        }
        let matcher = ElementMatcher()
        var lastAt = Instant.zero
        var later = settings
        for (step, position) in scenario.steps {
            switch step {
            case .set(let name, let value):
                // Checked as it will apply: on the settings as they stand at that line.
                if name == "press-length" {
                    if Self.parseDuration(value) == nil {
                        errors.append(ScriptError("expected a duration such as 150ms for press-length, found '\(value)'", at: position))
                    }
                    continue
                }
                do {
                    var next = later
                    try next.set(name, value)
                    try next.validate()
                    later = next
                } catch let e as SettingsError {
                    errors.append(ScriptError(e.message, at: position))
                } catch let e as SessionError {
                    errors.append(ScriptError(e.message, at: position))
                } catch {
                    errors.append(ScriptError("\(error)", at: position))
                }
            case .expect(let e):
                let names: [ElementName]
                switch e {
                case .highlighted(let n, _), .activated(let n, _), .value(let n, _): names = [n]
                default: names = []
                }
                for n in names {
                    if case .highlighted(.label(let l), _) = e, ScannerMenu.canShow(l, in: app) { continue }
                    if let p = matcher.problem(with: n, in: app) { errors.append(ScriptError(p, at: position)) }
                }
                if case .screen(let s) = e, !app.screens.contains(where: { $0.name == s || $0.title == s }) {
                    errors.append(ScriptError("no screen named or titled '\(s)'; the app has: \(app.screens.map(\.name).joined(separator: ", "))", at: position))
                }
            case .at(let t):
                if t < lastAt {
                    errors.append(ScriptError("time goes backwards: 'at \(t)' comes after 'at \(lastAt)'", at: position))
                }
                lastAt = t
            default: break
            }
        }
        let configuration = SessionConfiguration(technology: .switchControl(settings), navigation: NavigationOptions())
        do {
            _ = try Session(app: app, configuration: configuration)
        } catch {
            // Point at the last `set` of a setting the message names (the line
            // that made the contradiction), else the settings file, else `app`.
            let message = error.message
            let culprit = scenario.overrides.last { error.settingNames.contains($0.name) }?.position
            errors.append(ScriptError(message, at: culprit ?? scenario.settingsPosition ?? scenario.overrides.first?.position ?? scenario.appPosition))
        }
        if !errors.isEmpty { throw ScriptErrors(errors: errors.sorted { $0.position < $1.position }) }
        return PreparedScenario(scenario: scenario, app: app, configuration: configuration, pressLength: pressLength)
    }

    /// The longest `set press-length`: an hour, the settings' limit for times.
    static let maxPressLength = Interval.seconds(3600)

    /// A `set press-length` value: `150ms`, `0.2s` or seconds (`0.2`), from
    /// 0 to `maxPressLength`; nil for anything else (`1e300s` and `infs`
    /// trapped when converted to microseconds; found by fuzzing).
    static func parseDuration(_ s: String) -> Interval? {
        let units: [(String, Double)] = [("ms", 1_000), ("s", 1_000_000)]
        let (number, scale) = units.first { s.hasSuffix($0.0) }.map { (s.dropLast($0.0.count), $0.1) } ?? (Substring(s), 1_000_000)
        guard let v = Double(number), v >= 0, v * scale <= Double(maxPressLength.microseconds) else { return nil }
        return Interval(microseconds: Int64((v * scale).rounded()))
    }

    // MARK: - Run

    /// Runs a prepared scenario to its end. Failed expectations are
    /// collected; the run goes on so that one report shows them all.
    public func run(_ p: PreparedScenario) -> ScenarioResult {
        var run = Run(prepared: p)
        run.go()
        return ScenarioResult(file: p.scenario.file, events: run.events, failures: run.failures,
                              expectations: run.expectations, endTime: run.cursor, presses: run.presses)
    }
}

/// The mutable state of one scenario run.
struct Run {
    let prepared: PreparedScenario
    var session: Session
    var events: [TimedEvent] = []
    var failures: [ExpectationFailure] = []
    var cursor = Instant.zero
    /// Where the events since the last input start: what `expect activated`,
    /// `expect announcement` and `expect scanning stopped` look at.
    var checked = 0
    var expectations = 0
    var presses = 0
    /// The settings as they stand (a `set` step changes them from there on).
    var settings: SwitchControlSettings
    var pressLength: Interval
    let matcher = ElementMatcher()

    init(prepared: PreparedScenario) {
        self.prepared = prepared
        // Prepared scenarios were checked to build a session.
        self.session = try! Session(app: prepared.app, configuration: prepared.configuration)
        if case .switchControl(let s)? = prepared.configuration.settings(of: .switchControl) {
            settings = s
        } else {
            settings = SwitchControlSettings()
        }
        pressLength = prepared.pressLength
    }

    mutating func record(_ new: [TimedEvent]) {
        events.append(contentsOf: new)
    }

    /// The scanner menu's items while it is open.
    var menu: [String]? { session.presentation.scannerMenu?.items }

    mutating func go() {
        record(session.start(at: .zero))
        for (step, position) in prepared.scenario.steps {
            perform(step, at: position)
        }
    }

    mutating func deliver(_ input: Input) {
        record(session.handle(TimedInput(input, at: cursor)))
    }

    mutating func moveTo(_ t: Instant) {
        if t > cursor {
            cursor = t
            record(session.advance(to: t))
        }
    }

    mutating func perform(_ step: ScenarioStep, at position: SourcePosition) {
        switch step {
        case .press, .down, .up, .key, .say:
            // Event expectations look at what happened since the last input.
            checked = events.count
        case .wait, .at, .expect, .set:
            break
        }
        switch step {
        case .press(let id, let length):
            presses += 1
            deliver(.switchDown(id))
            moveTo(cursor + (length ?? pressLength))
            deliver(.switchUp(id))
        case .down(let id):
            presses += 1
            deliver(.switchDown(id))
        case .up(let id):
            deliver(.switchUp(id))
        case .key(let key, let mods):
            presses += 1
            deliver(.key(KeyStroke(key: key, modifiers: mods, phase: .down)))
            deliver(.key(KeyStroke(key: key, modifiers: mods, phase: .up)))
        case .say(let phrase):
            presses += 1
            deliver(.utterance(phrase))
        case .wait(let d):
            moveTo(cursor + d)
        case .at(let t):
            if t < cursor {
                fail("time goes backwards: 'at \(t)' but the scenario is already at \(cursor) (presses and 'within' waits move the clock)", at: position)
            }
            moveTo(t)
        case .expect(let e):
            expectations += 1
            check(e, at: position)
        case .set(let name, let value):
            if name == "press-length" {
                if let d = ScenarioRunner.parseDuration(value) { pressLength = d }
                return
            }
            // Checked when the scenario was prepared; a failure here is reported, not trapped.
            do {
                var next = settings
                try next.set(name, value)
                record(try session.reconfigure(.switchControl(next), at: cursor))
                settings = next
            } catch {
                fail("cannot apply 'set \(name) \(value)': \(error)", at: position)
            }
        }
    }

    mutating func fail(_ message: String, at position: SourcePosition) {
        let context = Array(events.suffix(6))
        failures.append(ExpectationFailure(position: position, message: message, context: context, time: cursor))
    }

    // MARK: - Expectations

    func refMatches(_ ref: ElementRef, _ name: ElementName) -> Bool {
        Self.refMatches(ref, name, in: prepared.app)
    }

    static func refMatches(_ ref: ElementRef, _ name: ElementName, in app: AppModel) -> Bool {
        guard let screen = app.screen(named: ref.screen) else { return false }
        return ElementMatcher().matches(name, on: screen).contains(ref.index)
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

    /// Looks for a matching event among the unchecked ones, then (with a
    /// window) lets time run until one appears or the window closes.
    mutating func awaitEvent(_ within: Interval?, _ matches: (Event) -> Bool) -> Bool {
        if events[checked...].contains(where: { matches($0.event) }) { return true }
        guard let within else { return false }
        let deadline = cursor + within
        var from = events.count
        while let next = session.nextDeadline, next <= deadline {
            if next <= cursor { break }  // every timer up to the cursor has fired already
            record(session.advance(to: next))
            if let hit = events[from...].first(where: { matches($0.event) }) {
                cursor = max(cursor, hit.time)
                return true
            }
            from = events.count
            cursor = next
        }
        moveTo(deadline)
        return events[from...].contains { matches($0.event) }
    }

    mutating func check(_ e: Expectation, at position: SourcePosition) {
        switch e {
        case .highlighted(let name, let within):
            let app = prepared.app
            let isOn = { (h: Highlight?) -> Bool in
                switch h {
                case .element(let r): return Self.refMatches(r, name, in: app)
                case .menuItem(let s): if case .label(let l) = name { return l == s } else { return false }
                default: return false
                }
            }
            if isOn(session.highlighted) { return }
            if let within {
                let deadline = cursor + within
                while let next = session.nextDeadline, next <= deadline, next > cursor {
                    cursor = next
                    record(session.advance(to: next))
                    if isOn(session.highlighted) { return }
                }
                moveTo(deadline)
                if isOn(session.highlighted) { return }
            }
            fail("expected the highlight on \(name)\(within.map { " within \($0)" } ?? ""), but \(describe(session.highlighted)) at \(cursor)", at: position)
        case .activated(let name, let within):
            let app = prepared.app
            let ok = awaitEvent(within) { if case .activated(let r?, _) = $0 { return Self.refMatches(r, name, in: app) } else { return false } }
            if !ok {
                let got = events[checked...].compactMap { e -> String? in
                    if case .activated(let r, _) = e.event { return r.map(Self.describe) ?? "a point with no element" } else { return nil }
                }
                fail("expected \(name) to be activated\(within.map { " within \($0)" } ?? ""), but " + (got.isEmpty ? "nothing was activated" : "only \(got.joined(separator: ", ")) was activated"), at: position)
            }
        case .screen(let s):
            let screen = session.currentScreen
            if screen.name != s && screen.title != s {
                fail("expected screen '\(s)', but the current screen is '\(screen.name)'", at: position)
            }
        case .announcement(let text, let within):
            let ok = awaitEvent(within) { if case .announced(let t) = $0 { return t == text } else { return false } }
            if !ok {
                let got = events[checked...].compactMap { e -> String? in if case .announced(let t) = e.event { return "\"\(t)\"" } else { return nil } }
                fail("expected the announcement \"\(text)\"\(within.map { " within \($0)" } ?? ""), but " + (got.isEmpty ? "nothing was announced" : "got \(got.joined(separator: ", "))"), at: position)
            }
        case .value(let name, let expected):
            let screen = session.currentScreen
            let m = matcher.matches(name, on: screen)
            guard let i = m.first else {
                fail("expected \(name) on the current screen '\(screen.name)', but it is not there", at: position)
                return
            }
            let v = session.value(of: i)
            if v != expected {
                fail("expected the value of \(name) to be \"\(expected)\", but it is \(v.map { "\"\($0)\"" } ?? "empty")", at: position)
            }
        case .noActivation(let d):
            let from = events.count
            moveTo(cursor + d)
            let hits = events[from...].filter { if case .activated = $0.event { return true } else { return false } }
            if let first = hits.first, case .activated(let r, _) = first.event {
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
            let ok = awaitEvent(within) { if case .scanningStopped = $0 { return true } else { return false } }
            if !ok { fail("expected scanning to stop\(within.map { " within \($0)" } ?? ""), but it did not (now \(cursor))", at: position) }
        }
    }
}
