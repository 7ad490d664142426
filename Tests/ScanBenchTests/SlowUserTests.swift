import Testing
import ScreenModel
import SwitchyardEngine
import DemoApp
@testable import ScanBench

/// Users the settings serve badly: a miss rate near 1, a reaction slower
/// than the highlight. Slow is not unreachable; tuning recommends what
/// reaches the most; a summary with nothing to average has no mean.
@Suite struct SlowUserTests {
    /// One row of ten buttons, groups off, Always Tap, unlimited loops, 1 s
    /// per step: a pass shows the ten stops and Always Tap's menu button, so
    /// the chance at stop `p` comes at p s and every 11 s after, each
    /// missed with probability q; the number of misses is geometric and the
    /// expectation is p + R + 11·q/(1 − q) seconds, p + 1 + 11·q/(1 − q)
    /// highlights. With q = 1 − 10⁻⁷ that is ten million passes: the tail is
    /// summed in closed form, not pass by pass (which stopped after 10⁷
    /// passes and lost the 37% of the probability left).
    @Test(arguments: [0.5, 0.9, 0.999, 0.9999999])
    func theGeometricTailOfMissesIsExact(_ q: Double) throws {
        let app = TestScreens.grid(count: 10, columns: 10)
        let screen = try #require(app.screens.first)
        let settings = TestScreens.settings { s in
            s.groupItems = false
            s.tapBehavior = .alwaysTap
            s.loops = nil
        }
        var user = UserModel()
        user.missProbability = q
        let model = try SwitchScanModel(screen: screen, settings: settings, user: user)
        let passes = q / (1 - q)
        for (p, k) in model.order.stops.enumerated() {
            let c = model.cost(of: k)
            #expect(c.reachable)
            #expect(c.lowerBound == nil)
            let seconds = Double(p) + 0.5 + 11 * passes
            #expect(abs(c.seconds - seconds) <= 1e-9 * seconds, "stop \(p): \(c.seconds) s, expected \(seconds)")
            let steps = Double(p + 1) + 11 * passes
            #expect(abs(c.steps - steps) <= 1e-9 * steps, "stop \(p): \(c.steps) steps, expected \(steps)")
            // The first passes are summed one by one, to 1e-15.
            #expect(abs(c.presses - 1) <= 1e-9)
        }
    }

    /// A miss probability of 0.999999 with Apple's four loops makes the demo
    /// app's home screen astronomically slow (about 10¹² s), not
    /// unreachable: every stop has a time. (The divisor of the restart
    /// equation used to cancel to 0 here and call eight of them unreachable.)
    @Test func astronomicallySlowIsNotUnreachable() throws {
        let app = DemoApp.load()
        let screen = try #require(app.screen(named: "home"))
        var user = UserModel()
        user.missProbability = 0.999999
        let report = try Bench.switchControl(app: app, screen: screen, settings: SwitchControlSettings(), user: user)
        #expect(report.elements.count == 10)
        for c in report.elements {
            #expect(c.reachable, "\(c.label ?? c.path): \(c.unreachable ?? "")")
            #expect(c.seconds > 1e9)
            #expect(c.seconds.isFinite)
            #expect(c.lowerBound == nil)
        }
        #expect(report.summary.unreachable == 0)
    }

    /// The simulation cannot run forever: a trial past its horizon makes
    /// the element's figures a lower bound ("more than"), when the element
    /// can be reached; when it cannot (the highlight moves on before the
    /// user's press), it stays unreachable, with the analytic reason.
    @Test func aTrialPastTheHorizonIsALowerBound() throws {
        let app = TestScreens.grid(count: 4, columns: 4)
        let screen = try #require(app.screens.first)
        var user = UserModel()
        user.missProbability = 0.9
        user.trials = 3
        let model = try SwitchScanModel(screen: screen, settings: SwitchControlSettings(), user: user)
        var simulation = try SwitchScanSimulation(model: model, app: app)
        simulation.horizon = .seconds(20)
        let k = model.order.stops[3]
        let c = simulation.cost(of: k)
        #expect(c.reachable)
        #expect(c.lowerBound?.hasSuffix("ran past the simulation's horizon (20s of simulated time or 100000 presses) and count as far as they got") == true,
                "\(c.lowerBound ?? "nil")")
        // At least one of the three trials counts 20 s or more.
        #expect(c.seconds >= 20.0 / 3)

        user.reactionTime = .milliseconds(1200)
        let late = try SwitchScanModel(screen: screen, settings: SwitchControlSettings(), user: user)
        var lateSimulation = try SwitchScanSimulation(model: late, app: app)
        lateSimulation.horizon = .seconds(20)
        let never = lateSimulation.cost(of: k)
        #expect(never.reachable == false)
        #expect(never.unreachable == "the highlight moves on before a press 1.2s after it appears can land")
    }

    /// Tuning for a user the current settings fail (reaction 1.2 s against a
    /// 1 s scan: nothing reachable) recommends the settings that reach every
    /// element, the cheapest of those; it used to keep the current ones.
    @Test(arguments: [1.2, 2.5])
    func tuningForAUserTheCurrentSettingsFail(_ reaction: Double) throws {
        let app = DemoApp.load()
        var user = UserModel()
        user.reactionTime = try #require(Interval(seconds: reaction))
        let r = try Tuner.tune(screens: app.screens, settings: SwitchControlSettings(), user: user)
        #expect(r.stops == 19)
        #expect(r.currentReached == 0)
        #expect(r.currentSeconds == nil)
        #expect(r.bestReached == 19)
        let best = try #require(r.bestSeconds)
        #expect(best > 0)
        #expect(r.best.autoScanningTime > r.current.autoScanningTime)
        // The cheapest of the settings that reach all: none evaluated beats it.
        let bases = try app.screens.map { try SwitchScanModel(screen: $0, settings: r.best, user: user) }
        let recommended = try #require(Tuner.evaluate(bases, r.best, nil, mustReach: nil))
        #expect(recommended.count == 19)
        #expect(recommended.seconds == best)
        var slower = r.best
        slower.autoScanningTime = r.best.autoScanningTime + .milliseconds(50)
        let other = try #require(Tuner.evaluate(bases, slower, nil, mustReach: nil))
        #expect(other.beats(recommended) == false)
    }

    /// A user no setting in the grid serves (a 5 s reaction): nothing reached.
    @Test func tuningFindsNothingForAFiveSecondReaction() throws {
        var user = UserModel()
        user.reactionTime = .seconds(5)
        let r = try Tuner.tune(screens: DemoApp.load().screens, settings: SwitchControlSettings(), user: user)
        #expect(r.bestReached == 0)
        #expect(r.bestSeconds == nil)
    }

    /// No reachable element of weight above 0: no mean, median, p90 or max,
    /// `—` in the table and `null` in JSON (they used to read 0 s).
    @Test func aSummaryWithNothingToAverageHasNoMean() throws {
        let app = DemoApp.load()
        let screen = try #require(app.screen(named: "home"))
        var user = UserModel()
        user.reactionTime = .milliseconds(1200)
        let report = try Bench.switchControl(app: app, screen: screen, settings: SwitchControlSettings(), user: user)
        #expect(report.summary.meanSeconds == nil)
        #expect(report.summary.maxSeconds == nil)
        #expect(report.summary.noMean == "nothing can be reached")
        let table = ReportFormat.table.render(report)
        #expect(table.hasSuffix("\nmean —, median —, p90 —, max — (nothing can be reached); unreachable \(report.elements.count)\n"))
        let json = ReportFormat.json.render(report)
        #expect(json.contains(#""mean_seconds": null"#))
        #expect(json.contains(#""max_seconds": null"#))
        #expect(!json.contains(#""mean_seconds": 0"#))

        // Reachable, but every reachable element weighs 0.
        let weights = TargetWeights([("Cart", 0)], otherwise: 0)
        let weighted = try Bench.switchControl(app: app, screen: screen, settings: SwitchControlSettings(), user: UserModel(), weights: weights)
        #expect(weighted.summary.meanSeconds == nil)
        #expect(weighted.summary.noMean == "no reachable element has a weight above 0")
    }
}
