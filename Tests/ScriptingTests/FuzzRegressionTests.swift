import Testing
@testable import Scripting

/// Inputs the fuzz targets (Tests/SwitchyardFuzz, docs/fuzzing.md) found to
/// crash or hang, each now a clear error.
@Suite struct FuzzRegressionTests {
    /// `set press-length` trapped converting a length beyond Int64
    /// microseconds (or infinite) to an `Interval`.
    @Test(arguments: ["1e300s", "infs", "1e300", "9223372036854775807ms", "3600.001s", "-1"])
    func pressLengthOutOfRangeIsAnError(_ value: String) {
        #expect(prepareErrors("app three.json\nset press-length \(value)")
            == "t.swy:2:5: error: expected a duration such as 150ms for press-length, found '\(value)'")
        #expect(prepareErrors("app three.json\npress select\nset press-length \(value)")
            == "t.swy:3:5: error: expected a duration such as 150ms for press-length, found '\(value)'")
    }

    @Test func pressLengthOfAnHourIsTheLongest() throws {
        let r = try run("app three.json\nset press-length 3600s\npress select")
        #expect(r.endTime == .seconds(3600))
    }
}

/// Scanning that never stops over a wait of years ran for hours and filled
/// the memory; a run now stops at its event limit with a failure.
@Suite struct EventLimitTests {
    func runLimited(_ text: String, limit: Int) throws -> ScenarioResult {
        var runner = inMemoryRunner
        runner.eventLimit = limit
        return runner.run(try runner.prepare(try ScenarioParser(file: "t.swy").parse(text)))
    }

    @Test func theLimitIsAMillionEvents() {
        #expect(ScenarioRunner(appProvider: { _, _ in throw CancellationError() }).eventLimit == 1_000_000)
    }

    @Test func endlessScanningOverALongWaitStopsAtTheLimit() throws {
        let r = try runLimited("app three.json\nset loops unlimited\nwait 99999999999s\npress select\nexpect highlighted \"A\"", limit: 100)
        #expect(failureLines(r) == ["t.swy:3:1: stopped after 100 events at 98s: a run collects at most 100 events; scanning that never stops (loops unlimited) over a long wait makes more"])
        #expect(r.events.count == 100)
        #expect(r.presses == 0)
        #expect(r.endTime == .seconds(98))
    }

    @Test func aWithinWindowStopsAtTheLimitToo() throws {
        let r = try runLimited("app three.json\nset loops unlimited\nexpect scanning stopped within 99999999999s", limit: 50)
        #expect(failureLines(r) == ["t.swy:3:1: stopped after 50 events at 48s: a run collects at most 50 events; scanning that never stops (loops unlimited) over a long wait makes more"])
    }
}
