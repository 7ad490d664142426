import Diagnostics
import Foundation
import Testing
@testable import ScreenModel

/// The bytes of `Fixtures/<path>`.
func fixtureBytes(_ path: String) throws -> [UInt8] {
    let dir = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    return [UInt8](try Data(contentsOf: dir.appendingPathComponent(path)))
}

/// The text of the error loading `bytes` through `AppLoader` as `file`, or nil.
func loadError(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) -> String? {
    do {
        _ = try AppLoader.load(bytes, file: file, options: options)
        return nil
    } catch {
        return error.description
    }
}

/// Detection by content, the `--app-format` and `--density` options, and
/// what content of no known format is told.
@Suite struct AppLoaderTests {
    @Test(arguments: [
        ("{\"screens\": {}}", AppFormat.json),
        ("\u{FEFF}\n  {", .json),
        ("<AppiumAUT><XCUIElementTypeApplication/></AppiumAUT>", .appiumIOS),
        ("<?xml version=\"1.0\"?>\n<!-- raw WDA -->\n<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\">", .appiumIOS),
        ("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<hierarchy index=\"0\" class=\"hierarchy\" rotation=\"0\" width=\"1080\" height=\"2088\">\n  <android.widget.FrameLayout index=\"0\">",
         .uiautomator2),
        ("<hierarchy rotation=\"0\"><node index=\"0\" text=\"a > b\" class=\"android.widget.FrameLayout\">", .uiautomatorDump),
        ("<hierarchy rotation=\"0\"><!-- c --><?pi?>\n<node/>", .uiautomatorDump),
        ("<hierarchy rotation=\"0\"/>", .uiautomatorDump),
        ("<hierarchy index=\"0\" class=\"hierarchy\" width=\"1080\" height=\"2088\"></hierarchy>", .uiautomator2),
        ("<!DOCTYPE x [<!ENTITY e \"<hierarchy>\">]><hierarchy><androidx.compose.ui.platform.ComposeView/>", .uiautomator2),
        ("Attributes: Application, 0x1, pid: 7, label: 'App'\nElement subtree:\n", .xctest),
        ("Element subtree:\n →Application, 0x1", .xctest),
        ("→Application, 0x1, pid: 7", .xctest),
    ] as [(String, AppFormat)])
    func detectsTheFormatByContent(_ text: String, _ format: AppFormat) {
        #expect(AppLoader.detect(Array(text.utf8)) == format)
    }

    @Test(arguments: ["", "  \n", "<html><body/></html>", "hello", "<", "[1, 2]", "'<hierarchy/>'"])
    func otherContentIsNoFormat(_ text: String) {
        #expect(AppLoader.detect(Array(text.utf8)) == nil)
    }

    @Test(arguments: [
        ("android/android-settings-top_1080x2088.xml", AppFormat.uiautomator2),
        ("android/android-settings-network_1080x2088.xml", .uiautomator2),
        ("android/uiautomator-dump-sign-in_1080x2400.xml", .uiautomatorDump),
        ("ios-appium/ios-settings-top_390x844.xml", .appiumIOS),
        ("ios-appium/ios-calendar-date-time-ja_390x844.xml", .appiumIOS),
        ("xctest/xctest-settings-wifi_390x844.txt", .xctest),
    ] as [(String, AppFormat)])
    func everyFixtureLoadsInItsFormat(_ path: String, _ format: AppFormat) throws {
        let loaded = try AppLoader.load(try fixtureBytes(path), file: path, options: ImportOptions())
        #expect(loaded.format == format)
        #expect(loaded.app.platform == (format.isAndroid ? .android : .iOS))
    }

    /// `--app-format` skips detection: the named reader says what it expected.
    @Test func formatOptionSkipsDetection() throws {
        let json = Array("{\"screens\": {}}".utf8)
        #expect(loadError(json, file: "app.json", options: ImportOptions(format: .xctest))
            == "app.json:1:1: error: no 'Element subtree:' line; expected XCTest's debugDescription (an 'Attributes:' line, 'Element subtree:', then one line per element)")
        #expect(loadError(json, file: "app.json", options: ImportOptions(format: .uiautomator2))
            == "app.json:1:1: error: the document is empty or is not XML; expected an Android UiAutomator page source (a <hierarchy> root element)")
        // Both Android forms are read by one importer, whichever is named.
        let dump = try fixtureBytes("android/uiautomator-dump-sign-in_1080x2400.xml")
        let forced = try AppLoader.load(dump, file: "d.xml", options: ImportOptions(format: .uiautomator2))
        #expect(forced.format == .uiautomator2)
        #expect(forced.app == (try AppLoader.load(dump, file: "d.xml")))
    }

    @Test func densityOptionReachesAndroidCaptures() throws {
        let bytes = try fixtureBytes("android/android-settings-top_1080x2088.xml")
        let guessed = try AppLoader.load(bytes, file: "top.xml", options: ImportOptions())
        #expect(guessed.notes.map(\.severity) == [.warning])
        #expect(guessed.app.screens[0].size.width == 411.43)
        let given = try AppLoader.load(bytes, file: "top.xml", options: ImportOptions(density: AndroidDensity(scale: 3)))
        #expect(given.notes.isEmpty)
        #expect(given.app.screens[0].size.width == 360)
    }

    @Test func densityForAnotherFormatIsAWarning() throws {
        let bytes = try fixtureBytes("xctest/xctest-settings-wifi_390x844.txt")
        let loaded = try AppLoader.load(bytes, file: "wifi.txt", options: ImportOptions(density: AndroidDensity(scale: 3)))
        #expect(loaded.notes.map(\.description) == [
            "wifi.txt: warning: --density 3 is for Android captures; this file is XCTest debugDescription, whose frames are points already (ignored)",
        ])
    }

    @Test(arguments: [
        ("  \n", "x:1:1: error: the file is empty; expected screen-model JSON (starting with '{'), an Appium or Android UiAutomator page source (XML, starting with '<'), or XCTest's debugDescription (starting with 'Attributes:' or 'Element subtree:')"),
        ("hello", "x:1:1: error: unrecognised format; expected screen-model JSON (starting with '{'), an Appium or Android UiAutomator page source (XML, starting with '<'), or XCTest's debugDescription (starting with 'Attributes:' or 'Element subtree:')"),
        ("<?xml version=\"1.0\"?>\n\n<html><body/></html>",
         "x:3:1: error: expected a page source: <AppiumAUT> or <XCUIElementTypeApplication> (Appium XCUITest), or <hierarchy> (Android UiAutomator), found <html> (an HTML page?)"),
        ("<!-- never closed", "x:1:18: error: comment not closed with '-->'"),
        ("\n\n   hello", "x:3:4: error: unrecognised format; expected screen-model JSON (starting with '{'), an Appium or Android UiAutomator page source (XML, starting with '<'), or XCTest's debugDescription (starting with 'Attributes:' or 'Element subtree:')"),
    ] as [(String, String)])
    func contentOfNoFormatSaysWhatEachStartsWith(_ text: String, _ expected: String) {
        #expect(loadError(Array(text.utf8), file: "x") == expected)
    }

    // MARK: - Densities

    @Test(arguments: [
        ("2.625", 2.625), ("420", 2.625), ("420dpi", 2.625), ("0.5", 0.5), ("10", 10), ("80", 0.5), ("1600", 10), ("3", 3), ("480dpi", 3),
    ] as [(String, Double)])
    func densityIsPixelsPerDpOrDpi(_ text: String, _ scale: Double) {
        #expect(AndroidDensity(parsing: text)?.scale == scale)
    }

    @Test(arguments: ["42", "0", "0.4", "-1", "abc", "1e3", "2.6.2", "", "dpi", "1601", "10.5", "2,625", " 2"])
    func otherDensitiesAreRefused(_ text: String) {
        #expect(AndroidDensity(parsing: text) == nil)
    }

    /// The bucket that makes the shorter side closest to 411 dp.
    @Test(arguments: [(1080.0, 2.625), (1440, 3.5), (1344, 3.5), (720, 2), (480, 1), (1600, 4), (0, 1), (-5, 1)] as [(Double, Double)])
    func densityGuessAimsAtAPhoneWidth(_ pixels: Double, _ scale: Double) {
        #expect(AndroidDensity.guess(shortSidePixels: pixels).scale == scale)
    }

    @Test func densityReadsWithItsDpi() {
        #expect(AndroidDensity(scale: 2.625)?.description == "2.625 (420 dpi)")
        #expect(AndroidDensity(scale: 2.4)?.description == "2.4 (384 dpi)")
    }
}
