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
        /// Expected seconds per selection (target-weighted mean over the screens' reachable elements).
        public var currentSeconds: Double
        public var bestSeconds: Double
        /// Settings evaluated.
        public var evaluated: Int
        /// Predicted selections per minute gained, as a fraction (0.25: 25% more).
        public var gain: Double { bestSeconds > 0 ? currentSeconds / bestSeconds - 1 : 0 }
    }

    /// Candidate Auto Scanning Times, seconds.
    public static let scanTimes: [Double] = stride(from: 0.3, through: 3.0, by: 0.05).map { ($0 * 100).rounded() / 100 }
    /// Candidate pauses (nil: off), seconds.
    public static let pauses: [Double?] = [nil, 0.25, 0.5, 0.75, 1.0, 1.5]
    /// Candidate Loops (nil: unlimited).
    public static let loopCounts: [Int?] = [1, 2, 3, 4, nil]

    /// The expected seconds per selection under `settings`, or nil when an
    /// element reachable under `reference` is not reachable under them.
    static func seconds(_ bases: [SwitchScanModel], _ settings: SwitchControlSettings,
                        _ weights: TargetWeights?, mustReach: [Set<ElementIndex>]?) -> (Double, [Set<ElementIndex>])? {
        var total = 0.0
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
            total += CostSummary(costs).meanSeconds
            reached.append(live)
        }
        return (total / Double(max(1, bases.count)), reached)
    }

    /// Tunes `settings` for `user` on `screens`.
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
        guard let (now, reached) = seconds(settings.groupItems ? groupedBases : flatBases, settings, weights, mustReach: nil) else {
            return Result(current: settings, best: settings, currentSeconds: 0, bestSeconds: 0, evaluated: 0)
        }
        var best = settings
        var bestSeconds = now
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
                        guard let (secs, _) = seconds(groups ? groupedBases : flatBases, s, weights, mustReach: reached) else { continue }
                        if secs < bestSeconds - 1e-9 {
                            best = s
                            bestSeconds = secs
                        }
                    }
                }
            }
        }
        return Result(current: settings, best: best, currentSeconds: now, bestSeconds: bestSeconds, evaluated: evaluated)
    }
}
