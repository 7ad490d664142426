import Testing
import ScreenModel
import SwitchyardEngine
import DemoApp
@testable import ScanBench

/// With misses on, the analytic expectation lies within the Monte Carlo
/// 99.9% confidence interval of the simulation through `Session` (seeded: the
/// same trials on every run).
@Suite struct MonteCarloTests {
    @Test(arguments: zip([0.1, 0.1, 0.3, 0.3], [Method.autoGroups, .autoOneLoop, .autoPause, .autoTap]))
    func analyticWithinConfidenceInterval(_ miss: Double, _ method: Method) throws {
        let app = DemoApp.load()
        let screen = try #require(app.screen(named: "home"))
        var user = UserModel()
        user.missProbability = miss
        user.trials = 2500
        var settings = method.settings
        if method == .autoGroups { settings.loops = 2 }
        let model = try SwitchScanModel(screen: screen, settings: settings, user: user)
        let simulation = try SwitchScanSimulation(model: model, app: app)
        var checked = 0
        for k in model.order.stops {
            let a = model.cost(of: k)
            let s = simulation.cost(of: k)
            // 99.9% interval: many elements are compared, each must hold.
            let half = 3.29 * (try #require(s.secondsStandardError))
            #expect(abs(a.seconds - s.seconds) <= half, "\(a.label ?? a.path): analytic \(a.seconds), simulated \(s.seconds) ± \(half)")
            #expect(abs(a.presses - s.presses) <= 0.1 * a.presses, "\(a.label ?? a.path) presses")
            #expect(a.seconds > model.settings.autoScanningTime.seconds)
            checked += 1
        }
        #expect(checked == model.order.stops.count)
    }

    /// The generator is SplitMix64: its first outputs for seed 1 are fixed.
    @Test func seededGeneratorIsDeterministic() {
        var g = SeededGenerator(seed: 1)
        #expect(g.next() == 0x910A_2DEC_8902_5CC1)
        #expect(g.next() == 0xBEEB_8DA1_658E_EC67)
    }
}
