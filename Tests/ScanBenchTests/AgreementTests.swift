import Testing
import ScreenModel
import SwitchyardEngine
import DemoApp
@testable import ScanBench

/// The analytic model against the simulation through a real `Session`:
/// exactly equal with misses off, on the demo app and on a real capture,
/// for every scanning method.
@Suite struct AgreementTests {
    func check(_ app: AppModel, screen name: String, _ method: Method, user: UserModel = UserModel()) throws {
        let screen = try #require(app.screen(named: name))
        let model = try SwitchScanModel(screen: screen, settings: method.settings, user: user)
        let simulation = try SwitchScanSimulation(model: model, app: app)
        let analytic = model.costs()
        let simulated = simulation.costs()
        #expect(analytic.count == simulated.count)
        var reachable = 0
        for (a, s) in zip(analytic, simulated) {
            #expect(a == s, "\(method) \(a.label ?? a.path)")
            if a.reachable { reachable += 1 }
        }
        #expect(reachable > 0)
    }

    @Test(arguments: Method.allCases, ["home", "product", "cart"])
    func demoApp(_ method: Method, screen: String) throws {
        try check(DemoApp.load(), screen: screen, method)
    }

    @Test(arguments: Method.allCases)
    func settingsCapture(_ method: Method) throws {
        let app = try capture("ios-settings-top_390x844.xml")
        try check(app, screen: app.startScreen, method)
    }
}
