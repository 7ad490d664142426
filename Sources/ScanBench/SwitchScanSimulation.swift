import ScreenModel
import SwitchyardEngine

/// The ground truth for `SwitchScanModel`: a simulated user driving a real
/// `Session` to each element — watching the highlights the engine shows,
/// pressing after the reaction time, holding each press for the press
/// length, letting a chance pass with the miss probability, restarting
/// scanning when it stops — and counting the highlights, presses and the
/// instant of the activation.
///
/// The user knows the screen's layout (which group holds the target, the
/// way round that is shorter); what happens, and when, is the engine's.
public struct SwitchScanSimulation: Sendable {
    public let model: SwitchScanModel
    /// A session started at zero on the model's screen, and its first events.
    let base: Session
    let startEvents: [TimedEvent]
    /// The longest a trial may run, in simulated time, and the most presses.
    public var horizon: Interval = .seconds(86_400)
    public var pressLimit = 100_000

    /// - Parameters:
    ///   - model: the analytic model, whose screen, settings and user it simulates.
    ///   - app: the app the screen belongs to (the session starts on the model's screen).
    ///   - navigation: the session's navigation options.
    /// - Throws: `SessionError` when the session cannot be made.
    public init(model: SwitchScanModel, app: AppModel, navigation: NavigationOptions = NavigationOptions()) throws {
        self.model = model
        (base, startEvents) = try BenchSession.started(on: model.screen, of: app, .switchControl(model.settings), navigation: navigation)
    }

    /// What one trial came to.
    public struct Trial: Hashable, Sendable {
        public var seconds: Double
        public var presses: Int
        public var steps: Int
    }

    /// Every candidate's cost by simulation: one trial each with misses off,
    /// else the Monte Carlo mean of `user.trials` trials (seeded).
    /// - Parameter progress: called after each trial with the trials run
    ///   and the trials in all (the candidates' trials together).
    public func costs(progress: ((_ done: Int, _ total: Int) -> Void)? = nil) -> [ElementCost] {
        guard let progress else {
            return Candidates.costs(model.screen, order: model.order, afterScrolling: costAfterScrolling) { cost(of: $0) }
        }
        let perElement = model.missesModelled ? model.user.trials : 1
        let (stops, others) = Candidates.list(model.screen, order: model.order)
        let total = perElement * (stops.count + others.count { $0.1 == .scrolledOut })
        var done = 0
        let counting = { (n: Int) in
            done += n
            progress(done, total)
        }
        return Candidates.costs(model.screen, order: model.order, afterScrolling: { costAfterScrolling($0, progress: counting) }) {
            cost(of: $0, progress: counting)
        }
    }

    /// Stop `k`'s cost by simulation (Monte Carlo when misses are modelled).
    public func cost(of k: ElementIndex) -> ElementCost {
        cost(of: k, progress: nil)
    }

    func cost(of k: ElementIndex, progress: ((Int) -> Void)?) -> ElementCost {
        guard model.paths[k] != nil else { return .unreachable(k, on: model.screen, "not a stop of Switch Control's scan") }
        return cost(of: k, route: nil, progress: progress)
    }

    /// The cost of an element scrolled out of view, reached with the scanner
    /// menu's Scroll (`ScrollRoute`), by simulation; nil in point mode or
    /// when no scroll brings it into view.
    public func costAfterScrolling(_ k: ElementIndex) -> ElementCost? {
        costAfterScrolling(k, progress: nil)
    }

    func costAfterScrolling(_ k: ElementIndex, progress: ((Int) -> Void)?) -> ElementCost? {
        guard model.settings.mode == .item, let route = ScrollRoute(to: k, model: model) else { return nil }
        var c = cost(of: k, route: route, progress: progress)
        if let why = c.unreachable {
            c.unreachable = "\(NotAStop.scrolledOut.rawValue); scrolling to it: \(why)"
            c.notAStop = .scrolledOut
        }
        return c
    }

    func cost(of k: ElementIndex, route: ScrollRoute?, progress: ((Int) -> Void)?) -> ElementCost {
        guard model.missesModelled else {
            var none: SeededGenerator? = nil
            defer { progress?(1) }
            switch run(k, route: route, misses: &none) {
            case .failure(let why):
                guard let past = why.pastHorizon else { return .unreachable(k, on: model.screen, why.description) }
                return slow(k, route: route, ElementCost(element: k, on: model.screen, steps: Double(past.steps), presses: Double(past.presses), seconds: past.seconds),
                            censored: 1, of: 1, failure: why)
            case .success(let t): return ElementCost(element: k, on: model.screen, steps: Double(t.steps), presses: Double(t.presses), seconds: t.seconds)
            }
        }
        // One stream per element, far apart: the seed and the element mixed through the generator.
        var mixer = SeededGenerator(seed: model.user.seed &+ UInt64(k) &* 0xD1B5_4A32_D192_ED03)
        var rng: SeededGenerator? = SeededGenerator(seed: mixer.next())
        var n = 0.0, sum = 0.0, squares = 0.0, presses = 0.0, steps = 0.0
        var censored = 0
        var pastHorizon: SimulationFailure? = nil
        for _ in 0..<model.user.trials {
            let t: Trial
            switch run(k, route: route, misses: &rng) {
            case .failure(let why):
                // A trial past the horizon counts with what it took so far.
                guard let past = why.pastHorizon else { return .unreachable(k, on: model.screen, why.description) }
                censored += 1
                pastHorizon = why
                t = past
            case .success(let trial):
                t = trial
            }
            n += 1
            sum += t.seconds
            squares += t.seconds * t.seconds
            presses += Double(t.presses)
            steps += Double(t.steps)
            progress?(1)
        }
        let mean = sum / n
        let variance = n > 1 ? max(0, (squares - n * mean * mean) / (n - 1)) : 0
        var cost = ElementCost(element: k, on: model.screen, steps: steps / n, presses: presses / n, seconds: mean)
        cost.secondsStandardError = (variance / n).squareRoot()
        if let pastHorizon { return slow(k, route: route, cost, censored: censored, of: Int(n), failure: pastHorizon) }
        return cost
    }

    /// An element some trial did not activate within the horizon: reachable
    /// and slower than the trials show (a lower bound), when it can be
    /// reached at all; else unreachable. Whether it can is what the user who
    /// never misses finds: the analytic model's answer (and reason) for a
    /// stop in view, the trial without misses for one scrolled out of view.
    /// - Parameters:
    ///   - cost: what the trials came to, those past the horizon counted as far as they got.
    ///   - failure: why a trial failed, said when the element cannot be reached.
    func slow(_ k: ElementIndex, route: ScrollRoute?, _ cost: ElementCost, censored: Int, of trials: Int, failure: SimulationFailure) -> ElementCost {
        if let route {
            var none: SeededGenerator? = nil
            guard model.missesModelled, case .success = run(k, route: route, misses: &none) else {
                return .unreachable(k, on: model.screen, failure.description)
            }
        } else if let why = model.cost(of: k).unreachable {
            return .unreachable(k, on: model.screen, why)
        }
        var c = cost
        c.lowerBound = "\(censored) of \(trials) \(trials == 1 ? "trial" : "trials") ran past the simulation's horizon (\(horizon) of simulated time or \(pressLimit) presses) and \(censored == 1 ? "counts" : "count") as far as \(censored == 1 ? "it" : "they") got"
        return c
    }

    /// One trial to element `k`; `misses` draws the misses (nil: none).
    public func run(_ k: ElementIndex, misses: inout SeededGenerator?) -> Result<Trial, SimulationFailure> {
        run(k, route: nil, misses: &misses)
    }

    /// One trial to element `k`, by `route` when it is scrolled out of view.
    func run(_ k: ElementIndex, route: ScrollRoute?, misses: inout SeededGenerator?) -> Result<Trial, SimulationFailure> {
        var user = SimulatedUser(model: model, target: k, route: route)
        var session = base
        user.observe(startEvents, session, misses: &misses)
        if user.activated == nil && session.presentation.highlight == nil && model.settings.mode == .item {
            // Manual or step scanning without Start Highlighted: the first move shows the first item.
            user.decideUnhighlighted()
        }
        while user.activated == nil {
            if let why = user.failure { return .failure(SimulationFailure(why)) }
            guard session.now - .zero < horizon, user.presses < pressLimit else {
                var failure = SimulationFailure("not activated within \(horizon) and \(pressLimit) presses")
                failure.pastHorizon = Trial(seconds: session.now.seconds, presses: user.presses, steps: user.steps)
                return .failure(failure)
            }
            guard let next = user.nextInput() else {
                guard let deadline = session.nextDeadline else { return .failure(SimulationFailure("scanning waits for a press the user does not make")) }
                user.observe(session.advance(to: deadline), session, misses: &misses)
                continue
            }
            user.observe(session.advance(to: next.time), session, misses: &misses)
            if user.activated != nil { break }
            user.deliver(next)
            user.observe(session.handle(next), session, misses: &misses)
        }
        guard let (time, element) = user.activated, element == k else {
            return .failure(SimulationFailure("the press chain activates \(user.activated?.1.map { model.screen.label(of: $0) ?? "[\($0)]" } ?? "nothing") instead"))
        }
        return .success(Trial(seconds: time.seconds, presses: user.presses, steps: user.steps))
    }
}

/// Why a simulated user could not activate the target.
public struct SimulationFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    /// A trial that ran past the horizon: how far it got (the target may
    /// still be reachable, only slower).
    public var pastHorizon: SwitchScanSimulation.Trial? = nil
    init(_ d: String) { description = d }
}

/// The simulated user's state during one trial.
struct SimulatedUser {
    let model: SwitchScanModel
    let target: ElementIndex
    /// What the user selects, level by level (item mode: the path, then the
    /// menu's Tap; point mode: the menu's Tap), and how far they got.
    var plan: [ScanVisit]
    var next = 0
    /// The visit the scanner menu goes back to when it closes without acting.
    var elementVisit = 0
    /// Scrolling to a target scrolled out of view: the pages still to scroll.
    var route: ScrollRoute?
    var clock = PressClock()
    /// Inputs the user will make: at most one down at a time, and the ups.
    var pending: [TimedInput] = []
    var steps = 0
    var presses = 0
    var activated: (Instant, ElementIndex?)? = nil
    var failure: String? = nil
    var inMenu = false

    init(model: SwitchScanModel, target: ElementIndex, route: ScrollRoute? = nil) {
        self.model = model
        self.target = target
        self.route = route
        if model.settings.mode == .point {
            plan = [model.pointMenuVisit]
        } else if let route {
            plan = route.firstPlan ?? []
            elementVisit = max(0, plan.count - 3)
        } else {
            var p = model.visits(to: target)
            if model.tapBehavior == .default { p.append(model.menuVisit(for: target)) }
            plan = p
            elementVisit = max(0, plan.count - 2)
        }
        if plan.isEmpty { failure = "no stop inside its scroll container offers Scroll" }
    }

    var user: UserModel { model.user }
    var settings: SwitchControlSettings { model.settings }

    /// The earliest pending input; a release comes before a press at the same instant.
    func nextInput() -> TimedInput? {
        pending.min { a, b in
            if a.time != b.time { return a.time < b.time }
            if case .switchUp = a.input { return true }
            return false
        }
    }

    mutating func deliver(_ input: TimedInput) {
        pending.removeAll { $0 == input }
        if case .switchDown(let id) = input.input {
            presses += 1
            clock.pressed(id, at: input.time)
            pending.append(TimedInput(.switchUp(id), at: input.time + user.pressLength))
        }
    }

    var downPending: Bool { pending.contains { if case .switchDown = $0.input { return true } else { return false } } }

    mutating func press(_ id: SwitchID, at t: Instant) {
        pending.append(TimedInput(.switchDown(id), at: t))
    }

    func deadline(_ timer: SwitchControlTimer, _ session: Session) -> Instant? {
        session.pendingTimers.first { $0.timer == .switchControl(timer) }?.deadline
    }

    /// Whether a press down at `down` lands before `deadline` (with Freeze
    /// Scan While Held the down counts; otherwise the press's acceptance).
    func lands(_ id: SwitchID, _ down: Instant, before deadline: Instant?) -> Bool {
        guard let d = deadline else { return true }
        return settings.freezeScanWhileHeld ? down < d : down + model.roles.delay(of: id) < d
    }

    mutating func observe(_ events: [TimedEvent], _ session: Session) {
        var none: SeededGenerator? = nil
        observe(events, session, misses: &none)
    }

    /// Reads what the session showed, then decides the next press.
    mutating func observe(_ events: [TimedEvent], _ session: Session, misses: inout SeededGenerator?) {
        var shown: (Highlight, Instant)? = nil
        var stopped: Instant? = nil
        var scrolled = false
        for e in events {
            switch e.event {
            case .highlighted(let h):
                if case .pointLine = h { continue }
                steps += 1
                shown = (h, e.time)
                stopped = nil
            case .activated(let ref, _):
                activated = (e.time, ref?.index)
                return
            case .menuShown:
                inMenu = true
            case .menuHidden:
                if inMenu && model.settings.mode == .item { next = elementVisit }
                inMenu = false
            case .scrolled:
                scrolled = true
            case .scanningStopped:
                stopped = e.time
                shown = nil
            default:
                break
            }
        }
        if scrolled, var r = route {
            // Scanning resumed on the stop the menu was opened on (or the
            // first inside the container): go on from there.
            r.pages -= 1
            route = r
            guard let (p, back) = r.fromResumed(session) else { failure = r.resumeFailure(session); return }
            plan = p
            elementVisit = back
            next = 0
        }
        guard !downPending else { return }
        if let t = stopped {
            // Any press restarts scanning from the top.
            guard let id = model.roles.select ?? model.roles.next else { failure = "no switch to restart scanning"; return }
            if let r = route, let p = r.fromTop(r.model(for: session.currentScreen)) {
                plan = p
                elementVisit = max(0, plan.count - (r.pages > 0 ? 3 : 2))
            }
            next = 0
            press(id, at: clock.earliestDown(id, after: t, user: user, ignoreRepeat: settings.ignoreRepeat))
            return
        }
        if let (h, onset) = shown { decide(h, onset, session, misses: &misses) }
    }

    /// Manual or step scanning with nothing highlighted at the start: the first move.
    mutating func decideUnhighlighted() {
        guard let v = plan.first, let move = model.roles.next else { failure = "no switch moves the highlight"; return }
        let backward = settings.scanningStyle == .manualScanning && v.manualMoves(canGoBack: model.roles.previous != nil).backward
        let id = backward ? model.roles.previous ?? move : move
        press(id, at: clock.earliestDown(id, after: .zero, user: user, ignoreRepeat: settings.ignoreRepeat))
    }

    mutating func decide(_ h: Highlight, _ onset: Instant, _ session: Session, misses: inout SeededGenerator?) {
        let ir = settings.ignoreRepeat
        if case .pointSweep(let axis, _, let from, let to, let duration) = h {
            guard let stop = model.roles.select else { failure = "no switch stops the line"; return }
            let goal = axis == .x ? model.screen.activationPoint(of: target).x : model.screen.activationPoint(of: target).y
            guard let arrival = SwitchScanModel.arrival(at: goal, from: from, to: to, duration: duration, onset: onset) else {
                failure = "the target lies outside the sweep"
                return
            }
            let down = max(arrival, clock.earliestDown(stop, after: nil, user: user, ignoreRepeat: ir))
            guard lands(stop, down, before: deadline(.sweepEnd, session)) else { failure = "the line passes the target before the press can land"; return }
            press(stop, at: down)
            return
        }
        guard next < plan.count else { return }
        let v = plan[next]
        switch settings.scanningStyle {
        case .autoScanning:
            guard v.wanted.matches(h), let select = model.roles.select else { return }
            let down = clock.earliestDown(select, after: onset, user: user, ignoreRepeat: ir)
            guard lands(select, down, before: deadline(.autoScanStep, session)) else { return }
            if var rng = misses {
                let missed = rng.unit() < user.missProbability
                misses = rng
                if missed { return }
            }
            next += 1
            press(select, at: down)
        case .manualScanning:
            guard let move = model.roles.next, let select = model.roles.select else { failure = "manual scanning needs a move and a select switch"; return }
            if v.wanted.matches(h) {
                next += 1
                press(select, at: clock.earliestDown(select, after: onset, user: user, ignoreRepeat: ir))
            } else {
                let id = v.manualMoves(canGoBack: model.roles.previous != nil).backward ? model.roles.previous ?? move : move
                press(id, at: clock.earliestDown(id, after: onset, user: user, ignoreRepeat: ir))
            }
        case .singleSwitchStepScanning:
            guard let move = model.roles.next else { failure = "no switch moves the highlight"; return }
            let dwell = deadline(.dwell, session)
            if v.wanted.matches(h) && dwell != nil {
                next += 1   // the Dwell Time selects it
                return
            }
            let down = clock.earliestDown(move, after: onset, user: user, ignoreRepeat: ir)
            guard lands(move, down, before: dwell) else { failure = "the Dwell Time selects before the next move can land"; return }
            press(move, at: down)
        }
    }
}
