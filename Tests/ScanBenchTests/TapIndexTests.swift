import Testing
import ScreenModel
import SwitchyardEngine
import DemoApp
@testable import ScanBench

/// The tap index answers exactly as the engine's hit test, on every point of
/// a 10-point lattice over each screen, for every stop.
@Suite struct TapIndexTests {
    @Test(arguments: ["demo", "settings", "webview"])
    func agreesWithTheEngine(_ which: String) throws {
        let app = which == "demo" ? DemoApp.load()
            : try capture(which == "settings" ? "ios-settings-top_390x844.xml" : "ios-webview-terms_390x844.xml")
        var checked = 0
        for screen in app.screens {
            let order = NavigationOrder(screen: screen, technology: .switchControl)
            let index = TapIndex(screen: screen, modal: order.modal)
            for y in stride(from: screen.size.minY, through: screen.size.maxY, by: 10) {
                for x in stride(from: screen.size.minX, through: screen.size.maxX, by: 10) {
                    let p = Point(x: x, y: y)
                    let hit = screen.tapTarget(at: p, inside: order.modal)
                    for k in order.stops where index.lands(p, on: k) != (hit == k) {
                        Issue.record("\(screen.name) (\(x), \(y)) stop \(k): index \(index.lands(p, on: k)), engine \(String(describing: hit))")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 300)
    }
}
