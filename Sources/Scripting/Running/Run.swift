import Diagnostics
import ScreenModel
import SwitchyardEngine

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
    var settings: SessionConfiguration
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
        settings = prepared.configuration
        route = TechnologyRoute(prepared.scenario)
        pressLength = prepared.pressLength
        position = prepared.scenario.appPosition
    }

    /// The scanner menu's items while it is open.
    var menu: [String]? { session.presentation.scannerMenu?.items }

    mutating func go() {
        take { session, out in out = session.start(at: .zero) }
        for line in prepared.scenario.steps {
            position = line.position
            perform(line.step, at: line.position)
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
        case .wait, .at, .expect, .set, .pressLength:
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
        case .pressLength(let d):
            pressLength = d
        case .set(let name, let value):
            // Checked when the scenario was prepared; a failure here is reported, not trapped.
            if let problem = change(name, to: value) {
                failures.append(ExpectationFailure(position: position, message: "cannot apply 'set \(name) \(value)': \(problem)", context: recent, time: cursor))
            }
        }
    }

    /// Changes a setting from the clock's instant on (`Session.reconfigure`).
    /// - Returns: why it cannot be changed; nil when it was.
    mutating func change(_ name: String, to value: String) -> String? {
        guard case .success(let owner) = route.owner(ofSetting: name), var next = settings.settings(of: owner) else {
            return "no technology of this scenario has it"
        }
        do throws(SettingsError) { try next.set(name, value) } catch { return error.description }
        let at = cursor
        var problem: SessionError? = nil
        take { session, out in
            do throws(SessionError) { out = try session.reconfigure(next, at: at) } catch { problem = error }
        }
        if let problem { return problem.description }
        settings.replace(next)
        return nil
    }

    /// Records a failed expectation.
    mutating func fail(_ message: String, at position: SourcePosition) {
        failedExpectations += 1
        failures.append(ExpectationFailure(position: position, message: message, context: recent, time: cursor))
    }
}
