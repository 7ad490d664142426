import DeviceTestbed
import Foundation
import Glibc
import Testing

/// `switchyard bench`: tables, CSV and JSON on the demo app and a real
/// capture, for each technology, and its errors (file:line:column, exit 2).
@Suite struct BenchCommandTests {
    static let capture = "Tests/ScreenModelTests/Fixtures/ios-appium/ios-settings-top_390x844.xml"

    @Test(arguments: [
        (["bench"], "demo-home.txt"),
        (["bench", "--screen", "cart", "--format", "csv"], "demo-cart.csv.txt"),
        (["bench", "--technology", "keyboard"], "demo-home-keyboard.txt"),
        (["bench", capture, "--format", "json"], "appium-settings.json.txt"),
        (["bench", capture, "--technology", "voice"], "appium-settings-voice.txt"),
    ])
    func reports(_ arguments: [String], _ expected: String) throws {
        let r = try switchyard(arguments)
        #expect(r.status == 0)
        #expect(r.stderr == "")
        expectSnapshot(r.stdout, "bench", String(expected.dropLast(4)))
    }

    /// The analytic table and the simulation through Session give the same
    /// numbers with misses off; only the heading says how they were computed.
    @Test func simulationAgreesWithTheAnalyticModel() throws {
        let analytic = try switchyard(["bench", Self.capture, "--format", "csv"])
        let simulated = try switchyard(["bench", Self.capture, "--format", "csv", "--simulate"])
        #expect(simulated.status == 0)
        #expect(simulated.stdout == analytic.stdout)
    }

    /// No element reachable: the summary has no mean (`—`, `null`), not 0 s.
    @Test func nothingReachableHasNoMean() throws {
        let dir = try TemporaryDirectory()
        try dir.write("user.json", #"{"reaction-time": 1.2}"#)
        let r = try switchyard(["bench", "--user", "user.json"], in: dir.url)
        #expect(r.status == 0)
        #expect(r.stdout.hasSuffix("\nmean —, median —, p90 —, max — (nothing can be reached); unreachable 10\n"))
        let json = try switchyard(["bench", "--user", "user.json", "--format", "json"], in: dir.url)
        #expect(json.stdout.contains(#""mean_seconds": null"#))
        #expect(json.stdout.contains(#""p90_seconds": null"#))
    }

    /// A mean of exactly one reads in the singular (it read `mean 1 steps,
    /// 1 presses`); the HTML report says the same.
    @Test func aMeanOfOneReadsInTheSingular() throws {
        let dir = try TemporaryDirectory()
        try dir.write("one.json", #"{"screens": {"s": {"root": {"children": [{"label": "Pay", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 100, "height": 44}}]}}}}"#)
        let r = try switchyard(["bench", "one.json", "--technology", "voice", "--html", "one.html"], in: dir.url)
        #expect(r.status == 0)
        #expect(r.stdout.contains("\nmean 1 step, 1 press, "), "\(r.stdout)")
        #expect(try dir.read("one.html").contains("(1 step, 1 press);"))
    }

    /// A user-model file with misses on, and a weights file.
    @Test func userModelAndWeights() throws {
        let dir = try TemporaryDirectory()
        let user = dir.url.appendingPathComponent("user.json").path
        let weights = dir.url.appendingPathComponent("weights.json").path
        try #"{"reaction-time": 0.6, "miss-probability": 0.1}"#.write(toFile: user, atomically: true, encoding: .utf8)
        try ##"{"Cart": 3, "#search": 1}"##.write(toFile: weights, atomically: true, encoding: .utf8)
        let r = try switchyard(["bench", "--user", user, "--weights", weights, "--format", "csv"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines[1] == "root/children[0]/children[1],Cart,2.889,2,2.089,true,,3")
        #expect(lines[2] == "root/children[1],Search products,3.889,2,3.089,true,,1")
        #expect(lines[3].hasSuffix(",true,,0"))
        let json = try switchyard(["bench", "--user", user, "--weights", weights, "--format", "json"])
        // Weighted (3 × 2.089 + 3.089) / 4.
        #expect(json.stdout.contains(#""mean_seconds": 2.339"#))
        #expect(json.stdout.contains(#""miss_probability": 0.1"#))
    }

    @Test(arguments: [
        ("user.json", "{\n  \"reaction-time\": -1\n}\n", ["--user"], "user.json:2:20: error: 'reaction-time' cannot be -1; expected seconds from 0 to 3600\n"),
        ("user.json", "{\"reaction-tme\": 1}", ["--user"], "user.json:1:18: error: unknown user-model setting 'reaction-tme'; did you mean 'reaction-time'?\n"),
        ("user.json", "{\"trials\": 2.5}", ["--user"], "user.json:1:12: error: 'trials' cannot be 2.5; expected a whole number from 1 to 1000000\n"),
        ("user.json", "{\"miss-probability\": 1}", ["--user"], "user.json:1:22: error: 'miss-probability' cannot be 1; expected a probability from 0 up to (not including) 1\n"),
        ("user.json", "[1]", ["--user"], "user.json:1:1: error: a user-model file is one JSON object of settings by name\n"),
        ("weights.json", "{\n  \"Carts\": 2\n}\n", ["--weights"], "weights.json:2:12: error: 'Carts' names no element costed on screen 'home'; use a label, #identifier or root/… path\n"),
        ("weights.json", "{\"Cart\": -2}", ["--weights"], "weights.json:1:10: error: the weight of 'Cart' cannot be -2; expected a number from 0 to 1e12\n"),
        ("weights.json", "{\n  \"Cart\": 0,\n  \"*\": 0\n}\n", ["--weights"], "weights.json:1:1: error: every weight is 0, so no element is ever the target; give at least one element (or \"*\", the others) a weight above 0\n"),
        ("settings.json", "{\n  \"auto-scanning-time\": \"fast\"\n}\n", ["--settings"], "settings.json:2:25: error: setting 'auto-scanning-time' cannot be 'fast'; expected a number of seconds from 0.001 to 3600\n"),
        ("settings.json", "{\"hold-duration\": 0.2}", ["--settings"], "settings.json: error: the user's press length 0.15s is shorter than the Hold Duration 0.2s: no press would count; lengthen press-length or shorten hold-duration\n"),
        ("settings.json", "{\"auto-hide\": 0}", ["--technology", "keyboard", "--settings"], "settings.json:1:15: error: setting 'auto-hide' cannot be 0; expected a whole number of seconds from 1 to 60, or off\n"),
    ])
    func fileErrors(_ name: String, _ text: String, _ options: [String], _ error: String) throws {
        let dir = try TemporaryDirectory()
        let path = dir.url.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try shell("cd '\(dir.url.path)' && switchyard bench \(options.joined(separator: " ")) \(name)")
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix(error))
    }

    @Test(arguments: [
        (["bench", "--screen", "checkout"], "demo-app.json: --screen: error: no screen named 'checkout'; the app has: home, product, cart, receipt\n"),
        (["bench", "--user", "no-such-user.json"], "no-such-user.json: error: cannot read the user-model file: no such file\n"),
        (["bench", "--format", "xml"], "switchyard bench: error: '--format xml' is not valid; expected one of: table, csv, json\n"),
        (["bench", "--technology", "braille"], "switchyard bench: error: '--technology braille' is not valid; expected one of: "),
    ])
    func commandLineErrors(_ arguments: [String], _ error: String) throws {
        let r = try switchyard(arguments)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix(error))
    }
}

/// `switchyard bench --svg`: the heat map, rendered by rsvg-convert.
@Suite struct BenchHeatMapTests {
    @Test func heatMapRendersWithRsvgConvert() throws {
        let dir = try TemporaryDirectory()
        let svg = dir.url.appendingPathComponent("heat.svg").path
        let png = dir.url.appendingPathComponent("heat.png").path
        let r = try switchyard(["bench", "--svg", svg])
        #expect(r.status == 0)
        #expect(r.stdout.hasSuffix("\nwrote \(svg)\n"))
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains("<title>Corner Café — home</title>"))
        #expect(text.contains(#"<title>Dark Chocolate, €3.10: 7.5 s</title>"#))
        #expect(text.contains(">mean 4.7 s, median 4.5 s</text>"))
        #expect(text.contains(##"fill="#d7191c" fill-opacity="0.6"><title>Dark Chocolate"##))
        let rsvg = try shell("rsvg-convert '\(svg)' -o '\(png)'")
        #expect(rsvg.status == 0, "rsvg-convert: \(rsvg.stderr)")
        let bytes = try #require(FileManager.default.contents(atPath: png))
        #expect(Array(bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test func unreachableElementsAreDrawnGreyAndDashed() throws {
        let dir = try TemporaryDirectory()
        let svg = dir.url.appendingPathComponent("heat.svg").path
        // A web view whose Decline and Back buttons are not enabled.
        let r = try switchyard(["bench", "Tests/ScreenModelTests/Fixtures/ios-appium/ios-webview-terms_390x844.xml", "--svg", svg, "--format", "csv"])
        #expect(r.status == 0)
        #expect(!r.stdout.contains("wrote"))
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains(#"stroke-dasharray="4 3"><title>Decline: unreachable</title>"#))
        #expect(text.contains(#"stroke-dasharray="4 3"><title>Back: unreachable</title>"#))
    }
}

/// `switchyard bench APP --compare A B …`: one screen under several settings files.
@Suite struct BenchCompareTests {
    @Test func settingsSideBySideWithTheRatioToTheFirst() throws {
        let dir = try TemporaryDirectory()
        let a = dir.url.appendingPathComponent("default.json").path
        let b = dir.url.appendingPathComponent("fast.json").path
        try "{}".write(toFile: a, atomically: true, encoding: .utf8)
        try #"{"auto-scanning-time": 0.7}"#.write(toFile: b, atomically: true, encoding: .utf8)
        let r = try shell("cd '\(dir.url.path)' && switchyard bench demo --compare default.json fast.json")
        #expect(r.status == 0)
        #expect(r.stdout == """
            Corner Café — home: switch-control, seconds to activate under each settings file (× the first)

            element                 default.json      fast.json
            Cart                               1         1 (×1)
            Search products                    2    1.7 (×0.85)
            Espresso Beans, €12.90           3.5   2.9 (×0.829)
            Oat Milk, €2.49                  4.5     3.6 (×0.8)
            Croissant, €1.80                 5.5   4.3 (×0.782)
            Green Tea, €4.20                 6.5     5 (×0.769)
            Dark Chocolate, €3.10            7.5    5.7 (×0.76)
            Shop                             4.5     3.6 (×0.8)
            Orders                           5.5   4.3 (×0.782)
            Account                          6.5     5 (×0.769)
            mean seconds                     4.7  3.71 (×0.789)
            p90 seconds                      6.5     5 (×0.769)

            """)
    }

    @Test func needsTwoSettingsFiles() throws {
        let r = try switchyard(["bench", "demo", "--compare", "one.json"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("switchyard bench: error: --compare needs APP ('demo' for the demo app) and at least two settings files\n"))
    }
}

/// `switchyard bench --html`: one page, offline: no script, nothing fetched.
@Suite struct BenchHTMLTests {
    @Test func reportHoldsEveryScreenHeatMapTableAndSettings() throws {
        let dir = try TemporaryDirectory()
        let html = dir.url.appendingPathComponent("report.html").path
        let r = try switchyard(["bench", "--all-screens", "--html", html])
        #expect(r.status == 0)
        #expect(r.stdout.hasSuffix("wrote \(html)\n"))
        let text = try String(contentsOfFile: html, encoding: .utf8)
        #expect(text.hasPrefix("<!DOCTYPE html>\n"))
        #expect(text.components(separatedBy: "<section>").count == 5)
        #expect(text.components(separatedBy: "<svg xmlns").count == 5)
        #expect(text.contains("<tr><td>Dark Chocolate, €3.10</td><td class=\"n\">9</td><td class=\"n\">3</td><td class=\"n\">7.5</td>"))
        #expect(text.contains("<tr><td>auto-scanning-time</td><td>1</td></tr>"))
        #expect(!text.contains("<script"))
        #expect(!text.contains("http://") || !text.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http://"))
    }
}

/// `switchyard tune`: a recommendation and its predicted gain.
@Suite struct TuneCommandTests {
    @Test func recommendsSettingsForASlowerUser() throws {
        let r = try switchyard(["tune", "--reaction-time", "0.6", "--miss-rate", "0.05"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("Switch Control tuned for Corner Café (4 screens): reaction 0.6 s, miss rate 0.05, press 0.15 s; "))
        #expect(lines[3] == "auto-scanning-time          1 s           0.65 s")
        #expect(lines[5] == "loops                       4             unlimited")
        #expect(lines[7] == "seconds per selection       3.356         2.643")
        #expect(lines[9] == "predicted gain: 27% more selections per minute (2.643 s instead of 3.356 s per selection)")
    }

    /// A user the current settings fail (reaction 1.2 s or 2.5 s against
    /// Apple's 1 s scan): the settings that reach every element, the
    /// cheapest; the current ones said "0" seconds and were kept.
    @Test(arguments: [("1.2", "1.25 s", "4.609"), ("2.5", "2.55 s", "9.516")])
    func recommendsSettingsThatReachEverythingForAUserTheCurrentOnesFail(_ reaction: String, _ time: String, _ seconds: String) throws {
        let r = try switchyard(["tune", "--reaction-time", reaction])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[3] == "auto-scanning-time          1 s           \(time)")
        #expect(lines[7] == "elements reachable          0 of 19       19 of 19")
        #expect(lines[8] == "seconds per selection       —             \(seconds)")
        #expect(lines[10] == "current: unusable (0 of 19 reachable); recommended: 19 of 19 reachable, \(seconds) s per selection")
    }

    /// Nothing in the grid serves a 5 s reaction: said, and exit 1.
    @Test func saysSoWhenNothingSearchedWorks() throws {
        let r = try switchyard(["tune", "--reaction-time", "5"])
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("Switch Control tuned for Corner Café (4 screens): reaction 5 s"))
        #expect(r.stderr == "switchyard tune: error: no settings searched let this user reach any of the 19 elements (Auto Scanning Time 0.3 to 3 s, "
                + "Pause on First Item off or up to 1.5 s, Loops 1 to 4 or unlimited, Group Items on or off); manual or single-switch step scanning, "
                + "which wait for the user's press, may suit them: try one in a settings file (--settings)\n")
    }

    /// A miss rate near 1: the retries' geometric tail in closed form, so
    /// the unlimited loops of the grid cost no more than four.
    @Test(arguments: ["0.99", "0.999"])
    func aMissRateNearOneIsTuned(_ q: String) throws {
        let r = try switchyard(["tune", "--miss-rate", q])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[5] == "loops                       4             unlimited")
        #expect(lines[9].hasPrefix("predicted gain: "))
    }

    @Test(arguments: [
        (["tune", "--reaction-time", "fast"], "switchyard tune: error: '--reaction-time fast' is not valid; expected seconds from 0 to 3600\n"),
        (["tune", "--miss-rate", "1"], "switchyard tune: error: '--miss-rate 1' is not valid; expected a probability from 0 up to (not including) 1\n"),
        (["tune", "--technology", "voice"], "switchyard tune: error: tune recommends Switch Control's scanning settings; '--technology voice' has no scan timing to tune\n"),
        (["tune", "--screen", "checkout"], "demo-app.json: --screen: error: no screen named 'checkout'; the app has: home, product, cart, receipt\n"),
    ])
    func errors(_ arguments: [String], _ error: String) throws {
        let r = try switchyard(arguments)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix(error))
    }
}

/// `bench --simulate` says how far it has got on a terminal, and only there.
@Suite(.serialized, .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal on this machine"))
struct BenchProgressTests {
    static let user = #"{"miss-probability": 0.1, "trials": 200}"#

    /// Standard error on a terminal (a pseudo-terminal here) shows
    /// `simulating home: N of 2000 trials`, rewritten in place, and is
    /// erased before the table; the table on standard output is the same.
    @Test func aTerminalShowsTheSimulationsProgress() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("user.json", Self.user)
        let pty = try PseudoTerminal()
        let name = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(pty.slave)")
        let onTerminal = try shell("cd '\(scratch.url.path)' && switchyard bench --simulate --user user.json 2>'\(name)'")
        #expect(onTerminal.status == 0)
        var shown: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var p = pollfd(fd: pty.master, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 1000) == 1 else { break }
            let n = read(pty.master, &buffer, buffer.count)
            if n <= 0 { break }
            shown += buffer[0..<n]
        }
        let text = String(decoding: shown, as: UTF8.self)
        #expect(text.hasPrefix("\r\u{1B}[Ksimulating home: "), "\(text.debugDescription)")
        #expect(text.contains("\r\u{1B}[Ksimulating home: 2000 of 2000 trials"), "\(text.debugDescription)")
        #expect(text.hasSuffix("\r\u{1B}[K"), "\(text.debugDescription)")

        // A file or a pipe gets nothing of it.
        let quiet = try switchyard(["bench", "--simulate", "--user", "user.json"], in: scratch.url)
        #expect(quiet.status == 0)
        #expect(quiet.stderr == "")
        #expect(quiet.stdout == onTerminal.stdout)
        #expect(quiet.stdout.contains("(monte carlo through Session)"))
    }
}
