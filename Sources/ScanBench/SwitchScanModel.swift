import Diagnostics
import ScreenModel
import SwitchyardEngine

/// The analytic scan-time model of Switch Control on one screen: for each
/// stop, the expected highlight steps, switch presses and seconds to reach
/// and activate it, computed from the navigation order and the settings
/// without running the engine (docs/scan-bench.md gives every formula).
///
/// Methods: auto scanning (groups on or off; misses as a geometric number of
/// extra passes, with Loops, the restart after scanning stops and the
/// scanner menu closing), manual scanning, single-switch step scanning and
/// point mode (each Gliding Cursor selection mode), with the step the Tap
/// Behavior adds (the menu's Tap, or the Auto Tap time) and Pause on First
/// Item. `SwitchScanSimulation` checks it against a real `Session`.
public struct SwitchScanModel: Sendable {
    public let screen: Screen
    public private(set) var settings: SwitchControlSettings
    public let user: UserModel
    /// The order Switch Control scans (`SwitchControlSettings.navigation`).
    public let order: NavigationOrder
    var roles: SwitchRoles
    var timing: AutoScanTiming
    /// For each stop, the (group, position) pairs from the top level down.
    let paths: [ElementIndex: [(group: Int, position: Int)]]
    /// Elements inside each group, at any depth (what a group highlight counts).
    let stopCounts: [Int]
    /// Point mode: where taps land.
    let taps: TapIndex?

    /// - Parameters:
    ///   - screen: the screen, as shown at its start.
    ///   - settings: Switch Control's settings.
    ///   - navigation: the session's navigation options (Switch Control overrides grouping from its settings).
    ///   - user: the user model.
    /// - Throws: `SessionError` for settings that cannot run, a `Diagnostic`
    ///   for a user whose presses the settings would never take.
    public init(screen: Screen, settings: SwitchControlSettings, navigation: NavigationOptions = NavigationOptions(), user: UserModel) throws {
        try settings.validate()
        self.screen = screen
        self.settings = settings
        self.user = user
        order = NavigationOrder(screen: screen, technology: .switchControl, options: settings.navigation(navigation))
        roles = SwitchRoles(settings, user: user)
        timing = AutoScanTiming(settings)
        if let h = settings.holdDuration, user.pressLength < h {
            throw Diagnostic(.error, "the user's press length \(user.pressLength) is shorter than the Hold Duration \(h): no press would count; lengthen press-length or shorten hold-duration")
        }
        if let l = settings.longPress, settings.switches.contains(where: { $0.longPressAction != nil }), user.pressLength >= l {
            throw Diagnostic(.error, "the user's press length \(user.pressLength) reaches the Long Press time \(l): every press would be a long press; shorten press-length")
        }
        var paths: [ElementIndex: [(group: Int, position: Int)]] = [:]
        var stack: [(Int, [(group: Int, position: Int)])] = [(0, [])]
        var counts = Array(repeating: 0, count: order.groups.count)
        var post: [Int] = []
        while let (g, prefix) = stack.popLast() {
            post.append(g)
            for (p, m) in order.groups[g].members.enumerated() {
                switch m {
                case .stop(let k): paths[k] = prefix + [(g, p)]
                case .group(let c): stack.append((c, prefix + [(g, p)]))
                }
            }
        }
        for g in post.reversed() {
            counts[g] = order.groups[g].members.reduce(0) { n, m in
                switch m {
                case .stop: return n + 1
                case .group(let c): return n + counts[c]
                }
            }
        }
        self.paths = paths
        stopCounts = counts
        taps = settings.mode == .point ? TapIndex(screen: screen, modal: order.modal) : nil
    }

    /// The same screen and user under other settings that scan the same
    /// order (the same Group Items, group size and row overlap): the order
    /// and paths are kept, not computed again (tuning evaluates thousands).
    /// - Throws: `SessionError` for settings that cannot run.
    public func with(_ other: SwitchControlSettings) throws -> SwitchScanModel {
        guard other.navigation(NavigationOptions()) == settings.navigation(NavigationOptions()), other.mode == settings.mode else {
            return try SwitchScanModel(screen: screen, settings: other, user: user)
        }
        try other.validate()
        var copy = self
        copy.settings = other
        copy.roles = SwitchRoles(other, user: user)
        copy.timing = AutoScanTiming(other)
        return copy
    }

    /// The scanning method in words: `auto scanning, groups on`.
    public var method: String {
        if settings.mode == .point { return "point mode (\(settings.glidingCursorSelection.rawValue) selection, \(settings.scanningStyle.rawValue))" }
        let style = settings.scanningStyle.rawValue.replacingOccurrences(of: "-", with: " ")
        return "\(style), groups \(settings.groupItems ? "on" : "off")"
    }

    /// Whether misses are modelled: auto scanning in item mode, miss probability above 0.
    public var missesModelled: Bool {
        settings.mode == .item && settings.scanningStyle == .autoScanning && user.missProbability > 0
    }

    // MARK: - API

    /// The cost of every element that responds to user interaction: the
    /// stops in navigation order, then the elements that are not stops (unreachable).
    /// - Parameter afterScrolling: the cost of an element scrolled out of
    ///   view, which the model has no formula for: the simulation's
    ///   (`SwitchScanSimulation.costAfterScrolling`); nil lists such
    ///   elements as unreachable.
    public func costs(afterScrolling: ((ElementIndex) -> ElementCost?)? = nil) -> [ElementCost] {
        Candidates.costs(screen, order: order, afterScrolling: afterScrolling) { cost(of: $0) }
    }

    /// The expected cost of reaching and activating stop `k`.
    public func cost(of k: ElementIndex) -> ElementCost {
        guard paths[k] != nil else { return .unreachable(k, on: screen, "not a stop of Switch Control's scan") }
        switch (settings.mode, settings.scanningStyle) {
        case (.item, .autoScanning): return autoCost(of: k)
        case (.item, .manualScanning), (.item, .singleSwitchStepScanning): return stepwiseCost(of: k)
        case (.point, _): return pointCost(of: k)
        }
    }

    // MARK: - The visits on the way to an element

    /// The levels from the top to the element, in item mode.
    func visits(to k: ElementIndex) -> [ScanVisit] {
        let path = paths[k] ?? []
        let topHighlighted = settings.scanningStyle == .autoScanning || settings.startHighlighted
        return path.enumerated().map { i, step in
            let members = order.groups[step.group].members
            let wanted: Wanted
            switch members[step.position] {
            case .stop(let e): wanted = .element(e)
            case .group(let c): wanted = .group(frame: order.groups[c].frame, count: stopCounts[c])
            }
            return ScanVisit(count: settings.scanLength(members: members.count, topLevel: step.group == 0, mode: .item),
                             position: step.position, wanted: wanted, highlighted: i > 0 || topHighlighted)
        }
    }

    /// How an element is tapped once selected: the Tap Behavior, except that
    /// a Tap switch (not step scanning) taps at once.
    var tapBehavior: TapBehavior {
        if settings.mode == .point { return settings.tapBehavior }
        if settings.scanningStyle != .singleSwitchStepScanning && roles.selectAction == .tap { return .alwaysTap }
        return settings.tapBehavior
    }

    /// The scanner menu's visit when it opens on element `k`: its Tap, then the element again.
    func menuVisit(for k: ElementIndex) -> ScanVisit {
        ScanVisit(count: ScannerMenu.titles(forElement: k, on: screen).count + 1, position: 0, wanted: .menuItem("Tap"), highlighted: true)
    }

    /// The menu's visit when it opens on a point.
    var pointMenuVisit: ScanVisit {
        ScanVisit(count: ScannerMenu.titlesForPoint(on: screen).count, position: 0, wanted: .menuItem("Tap"), highlighted: true)
    }

    // MARK: - Auto scanning

    /// Expected cost, as a vector (time, presses, steps). Time is in
    /// microseconds, so that sums of whole instants stay exact.
    struct Cost: Sendable {
        var seconds = 0.0, presses = 0.0, steps = 0.0
        init(seconds: Double = 0, presses: Double = 0, steps: Double = 0) {
            self.seconds = seconds
            self.presses = presses
            self.steps = steps
        }
        init(_ time: Interval, presses: Double, steps: Double) {
            self.init(seconds: Double(time.microseconds), presses: presses, steps: steps)
        }
        static func + (a: Cost, b: Cost) -> Cost { Cost(seconds: a.seconds + b.seconds, presses: a.presses + b.presses, steps: a.steps + b.steps) }
        static func * (p: Double, a: Cost) -> Cost { Cost(seconds: p * a.seconds, presses: p * a.presses, steps: p * a.steps) }
        static func / (a: Cost, d: Double) -> Cost { (1 / d) * a }
    }

    /// One level under auto scanning: the probability-weighted cost of
    /// succeeding (`success`, probability `s`) and of scanning stopping
    /// (`failure`, probability `f`, without what follows).
    struct Attempt { var success = Cost(); var s = 0.0; var failure = Cost(); var f = 0.0 }

    /// The user's chances at one level, each missed with the miss
    /// probability, or lost when the press cannot come while the stop shows.
    /// - Parameter minimumDown: the earliest down after entry (release and
    ///   Ignore Repeat after the press that entered the level); nil for none.
    func attempt(_ v: ScanVisit, resumed: Bool, minimumDown: Interval?) -> Attempt? {
        guard let select = roles.select else { return nil }
        let q = user.missProbability
        let a = roles.delay(of: select)
        var out = Attempt()
        var carry = 1.0
        var m = 0
        var anyFeasible = false
        func chance(_ m: Int) -> (cost: Cost, feasible: Bool) {
            let c = timing.chance(m, position: v.position, count: v.count, resumed: resumed)
            var down = c.onset + user.reactionTime
            if m == 0, let lo = minimumDown { down = max(down, lo) }
            let feasible = settings.freezeScanWhileHeld ? down < c.onset + c.dwell : down + a < c.onset + c.dwell
            return (Cost(down + a, presses: 1, steps: Double(c.steps)), feasible)
        }
        while timing.loops.map({ m < $0 }) ?? (m < Self.explicitPasses) {
            let (cost, feasible) = chance(m)
            if feasible {
                anyFeasible = true
                let p = carry * (1 - q)
                out.success = out.success + p * cost
                out.s += p
                carry *= q
            }
            m += 1
            if carry < 1e-15 { carry = 0; break }
            if !anyFeasible && m >= 2 && timing.loops == nil { return nil }
        }
        // Unlimited loops, probability left after the passes above: every
        // later pass is the same chance one pass later (feasible alike from
        // the second on), so the rest is a geometric tail, summed in closed
        // form: Σ_{j≥0} q^j·(1 − q)·(c + j·d) = c + d·q/(1 − q), d being one
        // pass (its time and its highlights).
        if carry > 0, timing.loops == nil {
            let (cost, feasible) = chance(m)
            // A chance missed for good: with unlimited loops scanning never
            // stops, so no restart brings the element back.
            guard feasible else { return nil }
            let pass = chance(m + 1).cost
            let d = Cost(seconds: pass.seconds - cost.seconds, presses: 0, steps: pass.steps - cost.steps)
            out.success = out.success + carry * (cost + (q / (1 - q)) * d)
            out.s += carry
            carry = 0
            anyFeasible = true
        }
        guard anyFeasible else { return nil }
        if carry > 0, let l = timing.loops {
            let stop = timing.stop(position: v.position, count: v.count, resumed: resumed, loops: l)
            out.failure = carry * Cost(stop.time, presses: 0, steps: Double(stop.steps))
            out.f = carry
        }
        return out
    }

    /// Passes summed one by one under unlimited loops before the rest is
    /// summed in closed form (`attempt`): enough that a miss probability up
    /// to about 0.58 leaves less than 1e-15 to the tail.
    static let explicitPasses = 64

    /// The press that restarts scanning after it stopped.
    var restartCost: Cost {
        Cost(user.reactionTime + roles.delay(of: roles.select ?? .select), presses: 1, steps: 0)
    }

    func autoCost(of k: ElementIndex) -> ElementCost {
        let visits = visits(to: k)
        let select = roles.select ?? .select
        let a = roles.delay(of: select)
        let lo = max(user.pressLength, settings.ignoreRepeat ?? .zero) - a
        // One attempt from the top: the levels in turn; a failure restarts.
        func chain(firstUnconstrained: Bool) -> (a: Cost, s: Double, pf: Double)? {
            var total = Cost()
            var reach = 1.0
            var pf = 0.0
            for (i, v) in visits.enumerated() {
                guard let at = attempt(v, resumed: false, minimumDown: i == 0 && firstUnconstrained ? nil : lo) else { return nil }
                total = total + reach * (at.success + at.failure + at.f * restartCost)
                pf += reach * at.f
                reach *= at.s
            }
            return (total, reach, pf)
        }
        guard let first = chain(firstUnconstrained: true), let again = chain(firstUnconstrained: false) else {
            return .unreachable(k, on: screen, "the highlight moves on before a press \(user.reactionTime) after it appears can land")
        }
        // Tail: from the element's selection to its activation, as t0 + tX·X,
        // X being the expected cost from a restart.
        var t0 = Cost()
        var tX = Cost()
        // 1 − tX, as a quotient of probabilities (below).
        var tailKept = 1.0
        switch tapBehavior {
        case .alwaysTap:
            break
        case .autoTap:
            t0 = Cost(settings.autoTapTime, presses: 0, steps: 0)
        case .default:
            guard let menu = attempt(menuVisit(for: k), resumed: false, minimumDown: lo),
                  let last = visits.last, let back = attempt(last, resumed: true, minimumDown: nil) else {
                return .unreachable(k, on: screen, "the scanner menu's Tap moves on before a press \(user.reactionTime) after it appears can land")
            }
            // Tail = M + qM·Y; Y = back + sY·Tail + fY·(restart + X).
            let c1 = menu.success + menu.failure
            let denominator = 1 - back.s * menu.f
            guard denominator > 1e-12 else { return .unreachable(k, on: screen, "the scanner menu never taps under these settings") }
            let y0 = (back.success + back.s * c1 + back.failure + back.f * restartCost) / denominator
            let yX = back.f / denominator
            t0 = c1 + menu.f * y0
            tX = Cost(seconds: menu.f * yX, presses: menu.f * yX, steps: menu.f * yX)
            // 1 − menu.f·back.f / (1 − back.s·menu.f), with back.s + back.f = 1.
            tailKept = menu.s / denominator
        }
        // X = again.a + again.s·(t0 + tX·X) + again.pf·X, per component:
        // X = (a + s·t0) / (1 − s·tX − pf). Every level ends in a selection
        // or a stop (s + f = 1 at each), so 1 − pf = s, and the divisor is
        // s·(1 − tX): a product of probabilities, exact however small (a
        // miss probability near 1), where the difference would cancel to 0
        // and call a slow element unreachable.
        let divisor = again.s * tailKept
        let y = again.a + again.s * t0
        let x = Cost(seconds: y.seconds / divisor, presses: y.presses / divisor, steps: y.steps / divisor)
        let tail = t0 + Cost(seconds: tX.seconds * x.seconds, presses: tX.presses * x.presses, steps: tX.steps * x.steps)
        let total = first.a + first.s * tail + first.pf * x
        guard total.seconds.isFinite, total.steps.isFinite, total.presses.isFinite else {
            // Beyond the largest number: reachable, and slower than any figure.
            var cost = ElementCost(element: k, on: screen, steps: .greatestFiniteMagnitude, presses: .greatestFiniteMagnitude,
                                   seconds: .greatestFiniteMagnitude)
            cost.lowerBound = "the expected time is beyond the largest number a report can hold"
            return cost
        }
        return ElementCost(element: k, on: screen, steps: total.steps, presses: total.presses, seconds: total.seconds / 1_000_000)
    }

    // MARK: - Manual and step scanning, point mode (one deterministic walk)

    /// The user's walk in absolute time: the press clock and the counts.
    struct Walk {
        var now: Instant = .zero
        var clock = PressClock()
        var steps = 0
        var presses = 0
    }

    /// Manual or step scanning through `v`, from `w.now` (when the level
    /// showed); `w.now` becomes the instant the wanted stop is selected.
    /// - Returns: nil, or why the user cannot get there.
    func stepwise(_ v: ScanVisit, _ w: inout Walk) -> String? {
        let ir = settings.ignoreRepeat
        guard let move = roles.next else { return "no switch moves the highlight" }
        if v.highlighted { w.steps += 1 }
        var onset = w.now
        if settings.scanningStyle == .manualScanning {
            guard let select = roles.select else { return "no switch selects" }
            let (backward, moves) = v.manualMoves(canGoBack: roles.previous != nil)
            let id = backward ? roles.previous ?? move : move
            for _ in 0..<moves {
                let down = w.clock.earliestDown(id, after: onset, user: user, ignoreRepeat: ir)
                w.clock.pressed(id, at: down)
                onset = down + roles.delay(of: id)
                w.steps += 1
                w.presses += 1
            }
            let down = w.clock.earliestDown(select, after: onset, user: user, ignoreRepeat: ir)
            w.clock.pressed(select, at: down)
            w.presses += 1
            w.now = down + roles.delay(of: select)
            return nil
        }
        // Single switch step scanning: moves, then the Dwell Time selects.
        let moves = v.stepMoves
        let a = roles.delay(of: move)
        var deadline: Instant? = nil
        for _ in 0..<moves {
            let down = w.clock.earliestDown(move, after: onset, user: user, ignoreRepeat: ir)
            if let d = deadline, !(settings.freezeScanWhileHeld ? down < d : down + a < d) {
                return "the Dwell Time \(settings.dwellTime) selects before the next move can land"
            }
            w.clock.pressed(move, at: down)
            onset = down + a
            deadline = onset + settings.dwellTime
            w.steps += 1
            w.presses += 1
        }
        w.now = deadline ?? w.now
        return nil
    }

    /// One visit of a menu (or any level) under the scanning style, point mode's menu included.
    func visit(_ v: ScanVisit, _ w: inout Walk) -> String? {
        guard settings.scanningStyle == .autoScanning else { return stepwise(v, &w) }
        guard let select = roles.select else { return "no switch selects" }
        let a = roles.delay(of: select)
        for m in 0..<min(timing.loops ?? 2, 2) {
            let c = timing.chance(m, position: v.position, count: v.count, resumed: false)
            let down = w.clock.earliestDown(select, after: w.now + c.onset, user: user, ignoreRepeat: settings.ignoreRepeat)
            let end = w.now + c.onset + c.dwell
            guard settings.freezeScanWhileHeld ? down < end : down + a < end else { continue }
            w.clock.pressed(select, at: down)
            w.steps += c.steps
            w.presses += 1
            w.now = down + a
            return nil
        }
        return "the highlight moves on before a press \(user.reactionTime) after it appears can land"
    }

    /// After the element (or point) is selected at `w.now`: the Tap Behavior's step.
    func tail(_ menu: ScanVisit, _ w: inout Walk) -> String? {
        switch tapBehavior {
        case .alwaysTap where settings.mode == .item: return nil
        case .autoTap:
            w.now = w.now + settings.autoTapTime
            return nil
        case .default, .alwaysTap:
            return visit(menu, &w)
        }
    }

    func stepwiseCost(of k: ElementIndex) -> ElementCost {
        var w = Walk()
        for v in visits(to: k) {
            if let why = stepwise(v, &w) { return .unreachable(k, on: screen, why) }
        }
        if let why = tail(menuVisit(for: k), &w) { return .unreachable(k, on: screen, why) }
        return ElementCost(element: k, on: screen, steps: Double(w.steps), presses: Double(w.presses), seconds: w.now.seconds)
    }

    /// The stages each axis sweeps, coarse first.
    var stages: [SweepStage] {
        switch settings.lastSweepStage {
        case .coarse: return [.coarse]
        case .refine: return [.coarse, .refine]
        case .fine: return [.coarse, .refine, .fine]
        }
    }

    /// When the user stops a line sweeping from `from` to `to` over
    /// `duration` (started at `onset`) at `coordinate`: the instant the line
    /// gets there. The simulated user reads the same from the sweep's highlight.
    static func arrival(at coordinate: Double, from: Double, to: Double, duration: Interval, onset: Instant) -> Instant? {
        guard coordinate >= from, coordinate <= to, to > from else { return nil }
        return Interval(seconds: (coordinate - from) / (to - from) * duration.seconds).map { onset + $0 }
    }

    func pointCost(of k: ElementIndex) -> ElementCost {
        guard let stop = roles.select else { return .unreachable(k, on: screen, "no switch stops the line") }
        let a = roles.delay(of: stop)
        let target = screen.activationPoint(of: k)
        var w = Walk()
        var chosen: [Double] = []
        for axis in [PointAxis.x, .y] {
            var center: Double? = nil
            let goal = axis == .x ? target.x : target.y
            for stage in stages {
                let sweep = settings.glidingSweep(axis: axis, stage: stage, around: center, screen: screen.size)
                let moving = w.now + (settings.pauseOnFirstItem ?? .zero)
                let duration = sweep.duration
                guard let arrival = Self.arrival(at: goal, from: sweep.from, to: sweep.to, duration: duration, onset: moving) else {
                    return .unreachable(k, on: screen, "its activation point lies outside the \(stage.rawValue) \(axis.rawValue) sweep")
                }
                let down = max(arrival, w.clock.earliestDown(stop, after: nil, user: user, ignoreRepeat: settings.ignoreRepeat))
                let at = settings.freezeScanWhileHeld ? down : down + a
                guard at < moving + duration else {
                    return .unreachable(k, on: screen, "the \(stage.rawValue) \(axis.rawValue) line passes it before the press can land")
                }
                w.clock.pressed(stop, at: down)
                w.steps += 1
                w.presses += 1
                center = sweep.position(after: at - moving)
                w.now = down + a
            }
            chosen.append(center ?? goal)
        }
        if let why = tail(pointMenuVisit, &w) { return .unreachable(k, on: screen, why) }
        let point = Point(x: chosen[0], y: chosen[1])
        guard taps?.lands(point, on: k) ?? (screen.tapTarget(at: point, inside: order.modal) == k) else {
            return .unreachable(k, on: screen, "the point chosen, (\(Point.format(point.x)), \(Point.format(point.y))), does not land on it")
        }
        return ElementCost(element: k, on: screen, steps: Double(w.steps), presses: Double(w.presses), seconds: w.now.seconds)
    }
}
