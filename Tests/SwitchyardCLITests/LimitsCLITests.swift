import DeviceTestbed
import Foundation
import Testing

/// Numbers at the extremes in files, scenarios and on the command line are
/// errors naming the place and quoting the value as written, exit status 2;
/// none traps (docs/ARCHITECTURE.md, "Limits").
@Suite struct LimitsCLITests {
    /// `switchyard run` on a scenario of the demo app with `line` before a `wait 1s`.
    @Test(arguments: [
        ("set press-length 1e15s", "limits.swy:2:5: error: '1e15s' is longer than the longest simulated time, 31557600000s (1000 years); expected a duration such as 150ms for press-length"),
        ("set press-length nan", "limits.swy:2:5: error: expected a duration such as 150ms for press-length, found 'nan'"),
        ("wait 1e300s", "limits.swy:2:6: error: '1e300s' is longer than the longest simulated time, 31557600000s (1000 years); expected a duration such as 1.5s or 500ms"),
        ("at 1e20s", "limits.swy:2:4: error: '1e20s' is longer than the longest simulated time, 31557600000s (1000 years); expected a duration such as 1.5s or 500ms"),
        ("wait 31557600000s", "limits.swy:3:1: error: the scenario's clock can pass the longest simulated time, 31557600000s (1000 years), at this step; expected waits, presses and windows that add up to less"),
        ("set auto-scanning-time nan", "limits.swy:2:5: error: setting 'auto-scanning-time' cannot be nan; expected a number of seconds from 0.001 to 3600"),
        ("set auto-scanning-time 0.0000001", "limits.swy:2:5: error: setting 'auto-scanning-time' cannot be 0.0000001; expected a number of seconds from 0.001 to 3600"),
        ("set move-repeat 1e-7", "limits.swy:2:5: error: setting 'move-repeat' cannot be 1e-7; expected a number of seconds from 0.001 to 3600"),
        ("set gliding-refine-band 0.000001", "limits.swy:2:5: error: setting 'gliding-refine-band' cannot be 0.000001; expected a width in points from 1 to 100000"),
        ("set loops 1e300", "limits.swy:2:5: error: setting 'loops' cannot be 1e300; expected a whole number of loops, or 0 / null for unlimited"),
    ] as [(String, String)])
    func scenarioNumberOutsideTheLimitsExitsTwo(_ line: String, _ error: String) throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("limits.swy", "app demo\n\(line)\nwait 1s\n")
        let r = try switchyard(["run", "limits.swy"], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stderr.split(separator: "\n").first.map(String.init) == error)
    }

    @Test func settingsFileNumberIsQuotedAsWritten() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("big.json", "{\"auto-scanning-time\": 1e13}")
        try scratch.write("limits.swy", "app demo\nsettings big.json\nwait 1s\n")
        let r = try switchyard(["run", "limits.swy"], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stderr.split(separator: "\n").prefix(2) == [
            "big.json:1:24: error: setting 'auto-scanning-time' cannot be 1e13; expected a number of seconds from 0.001 to 3600",
            "limits.swy:2:1: note: settings file named here",
        ])
    }

    @Test(arguments: [
        ("{\"screens\": {\"main\": {\"size\": {\"width\": 1e16, \"height\": 800}, \"root\": {}}}}",
         "wide.json: screens.main.size.width: error: 1e16 is outside the size limits; expected a number of points from 0 to 10000000"),
        ("{\"screens\": {\"main\": {\"root\": {\"children\": [{\"label\": \"A\", \"frame\": {\"x\": 1.7e308, \"y\": 0, \"width\": 1.7e308, \"height\": 40}}]}}}}",
         "wide.json: screens.main.root/children[0].frame.x: error: 1.7e308 is outside the coordinate limits; expected a number of points from -10000000 to 10000000"),
    ] as [(String, String)])
    func appGeometryOutsideTheLimitsExitsTwo(_ json: String, _ error: String) throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("wide.json", json)
        let r = try switchyard(["inspect", "wide.json"], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stderr == error + "\n")
    }

    @Test(arguments: ["inf", "nan", "1e300", "-1", "0", "1e-7"])
    func recordDurationOutsideTheLimitsIsAUsageError(_ value: String) throws {
        let scratch = try TemporaryDirectory()
        let r = try switchyard(["record", "--out", "x.evemu", "--duration", value], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stderr.split(separator: "\n").first.map(String.init)
            == "switchyard record: error: '--duration \(value)' is not a number of seconds from 0.000001 to 31557600000 (1000 years)")
    }
}
