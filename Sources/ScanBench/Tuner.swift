import ScreenModel
import SwitchyardEngine

/// Model-based tuning (the method Koester & Simpson used, scanning-models.md
/// V15): the Auto Scanning Time, Pause on First Item, Loops and Group Items
/// that minimise the expected time per selection for one user on one app,
/// found by evaluating the analytic model (exact expectations, misses
/// included) over a grid of candidate settings.
public enum Tuner {
    /// What tuning found.
    public struct Result: Sendable {
        public var current: SwitchControlSettings
        public var best: SwitchControlSettings
        /// Expected seconds per selection (target-weighted mean over the
        /// screens' reachable elements; the mean of the screens' means); nil
        /// when no element with a weight above 0 can be reached.
        public var currentSeconds: Double?
        public var bestSeconds: Double?
        /// Elements reached under each, of `stops` (every screen's stops of
        /// Switch Control's scan: what any timing could reach).
        public var currentReached: Int
        public var bestReached: Int
        public var stops: Int
        /// Settings evaluated.
        public var evaluated: Int
        /// Predicted selections per minute gained, as a fraction (0.25: 25% more).
        public var gain: Double {
            guard let now = currentSeconds, let best = bestSeconds, best > 0 else { return 0 }
            return now / best - 1
        }
        /// Whether the current settings reach every stop.
        public var currentReachesAll: Bool { currentReached == stops }
    }

    /// Candidate Auto Scanning Times, seconds.
    public static let scanTimes: [Double] = stride(from: 0.3, through: 3.0, by: 0.05).map { ($0 * 100).rounded() / 100 }
    /// Candidate pauses (nil: off), seconds.
    public static let pauses: [Double?] = [nil, 0.25, 0.5, 0.75, 1.0, 1.5]
    /// Candidate Loops (nil: unlimited).
    public static let loopCounts: [Int?] = [1, 2, 3, 4, nil]

    /// Settings evaluated: the stops reached on each screen, and the
    /// expected seconds per selection.
    struct Evaluation {
        var reached: [Set<ElementIndex>]
        var seconds: Double?
        var count: Int { reached.reduce(0) { $0 + $1.count } }

        /// Whether these settings are better than `other`: more elements
        /// reached, then fewer seconds (a mean beats none).
        func beats(_ other: Evaluation) -> Bool {
            if count != other.count { return count > other.count }
            guard let s = seconds else { return false }
            guard let o = other.seconds else { return true }
            return s < o - 1e-9
        }
    }

    /// The evaluation of `settings`, or nil when they cannot run, or leave
    /// unreachable an element of `mustReach` (what the current settings reach).
    static func evaluate(_ bases: [SwitchScanModel], _ settings: SwitchControlSettings,
                         _ weights: TargetWeights?, mustReach: [Set<ElementIndex>]?) -> Evaluation? {
        var means: [Double] = []
        var reached: [Set<ElementIndex>] = []
        for (i, base) in bases.enumerated() {
            let screen = base.screen
            guard let model = try? base.with(settings) else { return nil }
            var costs = model.order.stops.map { model.cost(of: $0) }
            let live = Set(costs.filter(\.reachable).map(\.element))
            if let must = mustReach, !must[i].isSubset(of: live) { return nil }
            if let weights, let w = try? weights.weights(of: costs.map(\.element), on: screen) {
                for k in costs.indices { costs[k].weight = w[k] }
            }
            if let mean = CostSummary(costs).meanSeconds { means.append(mean) }
            reached.append(live)
        }
        return Evaluation(reached: reached, seconds: means.isEmpty ? nil : means.reduce(0, +) / Double(means.count))
    }

    /// Tunes `settings` for `user` on `screens`: of the settings that reach
    /// every element the current ones reach, those that reach the most,
    /// and of these the cheapest (docs/scan-bench.md, "Tuning").
    /// - Throws: `SessionError` when the current settings cannot run.
    public static func tune(screens: [Screen], settings: SwitchControlSettings, user: UserModel, weights: TargetWeights? = nil) throws -> Result {
        var groupedBases: [SwitchScanModel] = []
        var flatBases: [SwitchScanModel] = []
        for screen in screens {
            var g = settings
            g.groupItems = true
            var f = settings
            f.groupItems = false
            groupedBases.append(try SwitchScanModel(screen: screen, settings: g, user: user))
            flatBases.append(try SwitchScanModel(screen: screen, settings: f, user: user))
        }
        try settings.validate()
        let stops = groupedBases.reduce(0) { $0 + $1.order.stops.count }
        guard let now = evaluate(settings.groupItems ? groupedBases : flatBases, settings, weights, mustReach: nil) else {
            return Result(current: settings, best: settings, currentSeconds: nil, bestSeconds: nil, currentReached: 0, bestReached: 0, stops: stops, evaluated: 0)
        }
        var best = settings
        var bestEvaluation = now
        var evaluated = 1
        for groups in [true, false] {
            for loops in loopCounts {
                for pause in pauses {
                    for t in scanTimes {
                        var s = settings
                        s.groupItems = groups
                        s.loops = loops
                        guard let time = Interval(seconds: t) else { continue }
                        s.autoScanningTime = time
                        s.pauseOnFirstItem = pause.flatMap { Interval(seconds: $0) }
                        guard (try? s.validate()) != nil else { continue }
                        evaluated += 1
                        guard let e = evaluate(groups ? groupedBases : flatBases, s, weights, mustReach: now.reached) else { continue }
                        if e.beats(bestEvaluation) {
                            best = s
                            bestEvaluation = e
                        }
                    }
                }
            }
        }
        return Result(current: settings, best: best, currentSeconds: now.seconds, bestSeconds: bestEvaluation.seconds,
                      currentReached: now.count, bestReached: bestEvaluation.count, stops: stops, evaluated: evaluated)
    }
}
