import Testing
import ScreenModel
import SwitchyardEngine
import DemoApp
@testable import ScanBench

/// The analytic model against the simulation through a real `Session`:
/// exactly equal with misses off, on the demo app, on every real capture
/// (Appium XCUITest page sources) and on every screen of the example apps,
/// for every scanning method.
@Suite struct AgreementTests {
    func check(_ app: AppModel, screen name: String, _ method: Method, user: UserModel = UserModel()) throws {
        let screen = try #require(app.screen(named: name))
        let model = try SwitchScanModel(screen: screen, settings: method.settings, user: user)
        let simulation = try SwitchScanSimulation(model: model, app: app)
        // Elements scrolled out of view are costed by the simulation in both
        // (ScrollRouteTests checks those against literal figures).
        let analytic = model.costs(afterScrolling: simulation.costAfterScrolling)
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

    @Test(arguments: Method.allCases, ["ios-settings-top_390x844.xml", "ios-settings-keyboards_390x844.xml",
                                       "ios-calendar-date-time-ja_390x844.xml", "ios-webview-terms_390x844.xml"])
    func realCapture(_ method: Method, file: String) throws {
        let app = try capture(file)
        try check(app, screen: app.startScreen, method)
    }

    @Test(arguments: Method.allCases, ["audit-fails.json", "corner-cafe-mini.json", "mail.json", "phone.json", "podcasts.json", "rtl-inbox.json", "settings.json"])
    func exampleApp(_ method: Method, file: String) throws {
        let dir = String(#filePath.dropLast("Tests/ScanBenchTests/AgreementTests.swift".count))
        let app = try AppLoader.load(path: dir + "Examples/apps/" + file)
        for screen in app.screens {
            try check(app, screen: screen.name, method)
        }
    }
}
