import DeviceTestbed
import Foundation
import Testing

/// `switchyard overlay`: the text picture and legend, SVG and PNG files, and its errors.
@Suite struct OverlayCommandTests {
    @Test func numbersOverAnExampleApp() throws {
        let r = try switchyard(["overlay", "Examples/apps/settings.json", "--numbers"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        expectSnapshot(r.stdout, "overlay", "settings-numbers")
    }

    @Test func zoomedGridAndSwitchControlCursorOverAnAppiumCapture() throws {
        let r = try switchyard(["overlay", "Tests/ScreenModelTests/Fixtures/ios-appium/ios-settings-top_390x844.xml", "--grid",
                                "--zoom", "2", "--zoom", "5", "--focus", "General", "--focus-style", "switch-control"])
        #expect(r.status == 0)
        expectSnapshot(r.stdout, "overlay", "appium-settings-grid")
        let commas = try switchyard(["overlay", "Tests/ScreenModelTests/Fixtures/ios-appium/ios-settings-top_390x844.xml", "--grid",
                                     "--zoom", "2,5", "--focus", "General", "--focus-style", "switch-control"])
        #expect(commas.stdout == r.stdout)
    }

    /// `--svg` writes the document; `--png` renders it with rsvg-convert.
    @Test(.enabled(if: Requirement.rsvgConvert.runs, Comment(rawValue: Requirement.rsvgConvert.skipReason)))
    func writesSVGAndPNG() throws {
        let dir = try TemporaryDirectory()
        let svg = dir.url.appendingPathComponent("names.svg").path
        let png = dir.url.appendingPathComponent("names.png").path
        let r = try switchyard(["overlay", "--names", "--svg", svg, "--png", png, "--scale", "2"])
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains(#"width="780" height="1688" viewBox="0 0 390 844""#))
        #expect(r.status == 0)
        #expect(r.stdout.hasSuffix("wrote \(svg)\nwrote \(png)\n"))
        #expect(FileManager.default.fileExists(atPath: png))
    }

    /// Without rsvg-convert on the `PATH`, `--png` names the package to
    /// install, and nothing is written (not the SVG asked for beside it either).
    @Test func aPNGWithoutRsvgConvertNamesThePackage() throws {
        let dir = try TemporaryDirectory()
        let svg = dir.url.appendingPathComponent("names.svg").path
        let png = dir.url.appendingPathComponent("names.png").path
        let r = try switchyard(["overlay", "--names", "--svg", svg, "--png", png, "--scale", "2"], environment: ["PATH": dir.url.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("rsvg-convert is not installed; install the Debian package librsvg2-bin"))
        #expect(!FileManager.default.fileExists(atPath: svg))
        #expect(!FileManager.default.fileExists(atPath: png))
    }

    @Test(arguments: [
        (["overlay", "--grid", "--zoom", "12"], "switchyard overlay: error: '--zoom 12' names a cell the 3×3 grid does not have; cells are 1 to 9\n"),
        (["overlay", "--focus", "Carts"], "switchyard overlay: error: no element \"Carts\" in the app; did you mean \"Cart\"?\n"),
        (["overlay", "--numbers", "--screen", "checkout"], "demo-app.json: --screen: error: no screen named 'checkout'; the app has: home, product, cart, receipt\n"),
        (["overlay", "--grid", "--columns", "0"], "switchyard overlay: error: '--columns 0' is not valid; expected a whole number from 1 to 20\n"),
    ])
    func errors(_ arguments: [String], _ error: String) throws {
        let r = try switchyard(arguments)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix(error))
    }
}
