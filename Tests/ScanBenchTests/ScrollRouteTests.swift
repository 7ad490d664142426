import Testing
import ScreenModel
import SwitchyardEngine
@testable import ScanBench

/// Switch Control reaching elements scrolled out of view: the scanner
/// menu's Scroll on a stop inside the list, as many pages as it takes, then
/// on from where scanning resumes; carried out through the engine.
@Suite struct ScrollRouteTests {
    /// Auto scanning, groups off, 1 s steps, reaction 0.5 s, the menu's Tap:
    /// - Three: One shows at 0 and is selected at 0.5; the menu's Scroll
    ///   shows at 1.5 (selected at 2), Scroll Down at 2 (selected at 2.5);
    ///   One has scrolled out, so scanning resumes on Three at 2.5, selected
    ///   at 3; its Tap at 3.5. 6 highlights, 5 presses, 3.5 s.
    /// - Four: the same to 2.5, then Four at 3.5, selected at 4, Tap at 4.5.
    /// - Five: after the first page Three is selected again at 3 for a
    ///   second: Scroll at 4 (4.5), and now Scroll Up at 4.5 before Scroll
    ///   Down at 5.5 (6); scanning resumes on Four at 6, Five at 7 (7.5), Tap at 8.
    @Test(arguments: [false, true])
    func autoScanningScrollsThenScansOn(simulate: Bool) throws {
        let app = try scrollingList()
        var settings = SwitchControlSettings()
        settings.groupItems = false
        let report = try Bench.switchControl(app: app, screen: app.screens[0], settings: settings, user: UserModel(), simulate: simulate)
        #expect(report.elements.map(\.label) == ["One", "Two", "Three", "Four", "Five"])
        #expect(report.elements.map(\.unreachable) == [nil, nil, nil, nil, nil])
        #expect(report.elements.map(\.steps) == [2, 3, 6, 7, 12])
        #expect(report.elements.map(\.presses) == [2, 2, 5, 5, 8])
        #expect(report.elements.map(\.seconds) == [1, 2, 3.5, 4.5, 8])
    }

    /// Groups on, a real capture: the rows below the fold of iOS Settings
    /// are reached (through the groups' exit stops after scrolling), by the
    /// analytic report and the simulation alike.
    @Test func settingsCaptureRowsBelowTheFold() throws {
        let app = try capture("ios-settings-top_390x844.xml")
        let screen = try #require(app.screen(named: app.startScreen))
        let analytic = try Bench.switchControl(app: app, screen: screen, settings: SwitchControlSettings(), user: UserModel())
        let simulated = try Bench.switchControl(app: app, screen: screen, settings: SwitchControlSettings(), user: UserModel(), simulate: true)
        #expect(analytic.summary.unreachable == 0)
        #expect(analytic.elements == simulated.elements)
        let developer = try #require(analytic.elements.first { $0.label == "Developer" })
        #expect(developer.presses == 9)
        #expect(developer.seconds == 15.5)
    }

    /// Point mode taps what shows; an element scrolled out of view stays unreachable there.
    @Test func pointModeListsThemAsScrolledOut() throws {
        let app = try scrollingList()
        var settings = SwitchControlSettings()
        settings.mode = .point
        let report = try Bench.switchControl(app: app, screen: app.screens[0], settings: settings, user: UserModel())
        #expect(report.elements.map(\.unreachable) == [nil, nil, "scrolled out of view", "scrolled out of view", "scrolled out of view"])
    }
}
