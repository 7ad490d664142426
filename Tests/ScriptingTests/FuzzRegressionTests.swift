import Testing
@testable import Scripting

/// Inputs the fuzz targets (Tests/SwitchyardFuzz, docs/fuzzing.md) found to
/// crash or hang, each now a clear error.
@Suite struct FuzzRegressionTests {
    /// `set press-length` trapped converting a length beyond Int64
    /// microseconds (or infinite) to an `Interval`.
    @Test(arguments: ["infs", "-1", "nan"])
    func pressLengthThatIsNotADurationIsAnError(_ value: String) {
        #expect(prepareErrors("app three.json\nset press-length \(value)")
            == "t.swy:2:5: error: expected a duration such as 150ms for press-length, found '\(value)'")
    }

    /// Beyond the longest simulated time (`Limits`), said with the value as written.
    @Test(arguments: ["1e300s", "1e300", "9223372036854775807ms"])
    func pressLengthBeyondTheLongestTimeIsAnError(_ value: String) {
        #expect(prepareErrors("app three.json\npress select\nset press-length \(value)")
            == "t.swy:3:5: error: '\(value)' is longer than the longest simulated time, 31557600000s (1000 years); expected a duration such as 150ms for press-length")
    }

    @Test func pressLengthOfAnHourRuns() throws {
        let r = try run("app three.json\nset press-length 3600s\npress select")
        #expect(r.endTime == .seconds(3600))
    }
}
