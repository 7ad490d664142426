import Testing
@testable import ScreenModel

/// Frames, points and screen sizes are finite and bounded
/// (`Limits.maximumCoordinate`, `Limits.maximumSize`), in the JSON decoder
/// and the Appium importer; the error names the path and quotes the value
/// as written.
@Suite struct GeometryLimitsTests {
    @Test(arguments: [
        // A screen 1e16 points wide made point-mode sweeps last 86,400 s at the wrong speed.
        (appJSON(root: "{}", screenFields: #""size": {"width": 1e16, "height": 800}, "#),
         "test.json: screens.s.size.width: error: 1e16 is outside the size limits; expected a number of points from 0 to 10000000"),
        // x + width overflowed to infinity.
        (appJSON(root: #"{"frame": {"x": 1.7e308, "y": 0, "width": 1.7e308, "height": 40}}"#),
         "test.json: screens.s.root.frame.x: error: 1.7e308 is outside the coordinate limits; expected a number of points from -10000000 to 10000000"),
        (appJSON(root: rootWith([#"{"frame": {"x": 0, "y": 0, "width": 1E+8, "height": 40}}"#])),
         "test.json: screens.s.root/children[0].frame.width: error: 1E+8 is outside the size limits; expected a number of points from 0 to 10000000"),
        (appJSON(root: rootWith([#"{"frame": {"x": 0, "y": 0, "width": -2e7, "height": 40}}"#])),
         "test.json: screens.s.root/children[0].frame.width: error: -2e7 is outside the size limits; expected a number of points from 0 to 10000000"),
        (appJSON(root: #"{"activationPoint": {"x": 0, "y": -20000000.5}}"#),
         "test.json: screens.s.root.activationPoint.y: error: -20000000.5 is outside the coordinate limits; expected a number of points from -10000000 to 10000000"),
        (appJSON(root: #"{"scrollable": true, "contentOffset": {"x": 5e7, "y": 0}}"#),
         "test.json: screens.s.root.contentOffset.x: error: 5e7 is outside the coordinate limits; expected a number of points from -10000000 to 10000000"),
    ] as [(String, String)])
    func jsonGeometryOutsideTheLimitsIsAnError(_ json: String, _ expected: String) {
        #expect(decodeError(json) == expected)
    }

    @Test func jsonGeometryAtTheLimitsLoads() throws {
        let s = try screen(root: #"{"frame": {"x": -10000000, "y": 10000000, "width": 10000000, "height": 0}}"#,
                           screenFields: #""size": {"width": 10000000, "height": 10000000}, "#)
        #expect(s.frames[0] == Rect(x: -10_000_000, y: 10_000_000, width: 10_000_000, height: 0))
        #expect(s.size == Rect(x: 0, y: 0, width: 10_000_000, height: 10_000_000))
    }

    @Test(arguments: [
        ("<XCUIElementTypeApplication x=\"0\" y=\"0\" width=\"1e16\" height=\"844\"/>",
         "a.xml: screens.a.root.width: error: '1e16' is outside the size limits; expected a number of points from 0 to 10000000"),
        ("<XCUIElementTypeApplication x=\"1.7e308\" y=\"0\" width=\"1.7e308\" height=\"10\"/>",
         "a.xml: screens.a.root.x: error: '1.7e308' is outside the coordinate limits; expected a number of points from -10000000 to 10000000"),
        ("<XCUIElementTypeApplication x=\"0\" y=\"1e400\" width=\"10\" height=\"10\"/>",
         "a.xml: screens.a.root.y: error: '1e400' is outside the coordinate limits; expected a number of points from -10000000 to 10000000"),
        ("<XCUIElementTypeApplication x=\"nan\" y=\"0\" width=\"10\" height=\"10\"/>",
         "a.xml: screens.a.root.x: error: 'nan' is not a number of points"),
    ] as [(String, String)])
    func appiumGeometryOutsideTheLimitsIsAnError(_ xml: String, _ expected: String) {
        #expect(appiumImportError(Array(xml.utf8), file: "a.xml")?.description == expected)
    }
}
