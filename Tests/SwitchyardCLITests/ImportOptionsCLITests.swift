import DeviceTestbed
import Foundation
import Testing

/// `--app-format` and `--density` on the commands that load an app, the
/// warning a guessed density prints, and the captures `scan-report` finds.
@Suite struct ImportOptionsCLITests {
    static let android = "Tests/ScreenModelTests/Fixtures/android/android-settings-network_1080x2088.xml"
    static let dump = "Tests/ScreenModelTests/Fixtures/android/uiautomator-dump-sign-in_1080x2400.xml"
    static let xctest = "Tests/ScreenModelTests/Fixtures/xctest/xctest-settings-wifi_390x844.txt"

    static let guessWarning = "\(android): warning: the capture does not record its density; guessed 2.625 (420 dpi) from the screen's shorter side, "
        + "1080 px (411.4 dp); pass the device's density with --density (adb shell wm density prints it)\n"

    /// The guess is said on standard error; the report on standard output is untouched.
    @Test func aGuessedDensityIsAWarning() throws {
        let r = try switchyard(["inspect", Self.android, "--format", "json"])
        #expect(r.status == 0)
        #expect(r.stderr == Self.guessWarning)
        #expect(r.stdout.hasPrefix("{"))
    }

    @Test(arguments: ["420", "2.625", "420dpi"])
    func aGivenDensityIsUsedQuietly(_ density: String) throws {
        let r = try switchyard(["inspect", Self.android, "--density", density])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout.hasPrefix("com.android.settings — screen \"android-settings-network_1080x2088\", 411.43×795.43 dp, left to right\n"))
        #expect(r.stdout.hasSuffix("Counts: 57 elements, 10 stops, 2 groups\n"))
    }

    @Test func densityChangesTheFrames() throws {
        let r = try switchyard(["inspect", Self.dump, "--density", "3"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("com.example.shop — screen \"uiautomator-dump-sign-in_1080x2400\", 360×800 dp, left to right\n"))
        #expect(r.stdout.contains("  1  (no label)  button  #com.example.shop:id/back  {0, 21, 49×49}\n"))
    }

    @Test func appFormatSkipsDetection() throws {
        let r = try switchyard(["inspect", Self.android, "--app-format", "xctest"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "\(Self.android):1:1: error: no 'Element subtree:' line; expected XCTest's debugDescription (an 'Attributes:' line, 'Element subtree:', then one line per element)\n")
    }

    @Test(arguments: [
        (["--density", "42"], "switchyard inspect: error: '--density 42' is not valid; expected pixels per dp from 0.5 to 10 (such as 2.625), or dots per inch from 80 to 1600 (such as 420 or 420dpi)"),
        (["--app-format", "android"], "switchyard inspect: error: '--app-format android' is not valid; expected one of: json, appium-ios, uiautomator2, uiautomator-dump, xctest"),
    ] as [([String], String)])
    func badValuesAreUsageErrors(_ args: [String], _ expected: String) throws {
        let r = try switchyard(["inspect", Self.android] + args)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(expected + "\nusage: switchyard inspect"))
    }

    @Test func densityForAnotherFormatIsIgnoredWithAWarning() throws {
        let r = try switchyard(["bench", Self.xctest, "--density", "3"])
        #expect(r.status == 0)
        #expect(r.stderr == "\(Self.xctest): warning: --density 3 is for Android captures; this file is XCTest debugDescription, whose frames are points already (ignored)\n")
    }

    /// `replay --app` (and `live`, through the same session setup) reads captures too.
    @Test func replayDrivesAnAndroidCapture() throws {
        let recording = repoRoot.appendingPathComponent("Devices/fixtures/recordings/xbox-pad-session.evemu").path
        let r = try switchyard(["replay", recording, "--technology", "keyboard", "--app", Self.android, "--density", "420"])
        #expect(r.status == 0)
        #expect(r.stdout == """
            0s screen android-settings-network_1080x2088
            0s device added "Microsoft X-Box 360 pad"
            0.000001s ignored key KEY_SPACE down (nothingFocused)
            0.5s focused "Navigate up" {0, 25.14, 58.67×58.67}
            1s ignored key KEY_LEFT down (noItemThatWay)
            1.3s ignored key KEY_ESC down (unboundKey)
            1.4s device removed "Microsoft X-Box 360 pad"

            """)
    }

    /// A scenario's app may be a capture.
    @Test func aScenarioRunsOnAnXCTestCapture() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: repoRoot.appendingPathComponent(Self.xctest).path, toPath: dir.url.appendingPathComponent("wifi.txt").path)
        try """
            app wifi.txt
            technology keyboard
            key tab
            expect focused #BackButton
            key space
            expect activated #BackButton
            """.write(to: dir.url.appendingPathComponent("wifi.swy"), atomically: true, encoding: .utf8)
        let r = try switchyard(["run", "wifi.swy", "--quiet"], in: dir.url)
        #expect(r.stderr == "")
        #expect(r.stdout == "1 passed, 0 failed\n")
        #expect(r.status == 0)
    }

    /// The rule finds Android page sources (`.xml`, root `<hierarchy>`) and
    /// XCTest text (`.txt` that starts as a debugDescription); other `.txt`
    /// and `.xml` files are left alone. `--density` is for the Android
    /// captures among them; the others take no warning for it.
    @Test func scanReportFindsAndroidAndXCTestCaptures() throws {
        let dir = try TemporaryDirectory()
        let screens = dir.url.appendingPathComponent("screens")
        try FileManager.default.createDirectory(at: screens, withIntermediateDirectories: true)
        for (from, to) in [(Self.dump, "sign-in.xml"), (Self.xctest, "wifi.txt")] {
            try FileManager.default.copyItem(atPath: repoRoot.appendingPathComponent(from).path, toPath: screens.appendingPathComponent(to).path)
        }
        try "notes, not a capture\n".write(to: screens.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        try "<svg/>".write(to: screens.appendingPathComponent("icon.xml"), atomically: true, encoding: .utf8)
        let r = try switchyard(["scan-report", "--technology", "switch-control", "--density", "420"], in: dir.url)
        #expect(r.stderr == "")
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("""
            file                 technology      screens  mean s  p90 s  unreachable
            screens/sign-in.xml  switch-control        1
            """))
        #expect(r.stdout.contains("\nscreens/wifi.txt     switch-control        1"))
        #expect(r.stdout.hasSuffix("wrote 2 HTML reports with their JSON, and scan-reports/index.html\n"))
        let written = try FileManager.default.subpathsOfDirectory(atPath: dir.url.appendingPathComponent("scan-reports/screens").path).sorted()
        #expect(written == ["sign-in", "sign-in/switch-control.html", "sign-in/switch-control.json", "wifi", "wifi/switch-control.html", "wifi/switch-control.json"])
    }
}
