import Testing
import SwitchyardEngine
@testable import Scripting

/// Inputs the fuzz targets (Tests/SwitchyardFuzz, docs/fuzzing.md) found to
/// crash or hang, each now a clear error.
@Suite struct FuzzRegressionTests {
    /// `set press-length` trapped converting a length beyond Int64
    /// microseconds (or infinite) to an `Interval`. A number that is no
    /// duration is refused as such.
    @Test(arguments: ["infs", "-1", "nan"])
    func pressLengthThatIsNoDurationIsAnError(_ value: String) {
        #expect(prepareErrors("app three.json\nset press-length \(value)")
            == "t.swy:2:5: error: expected a duration such as 150ms for press-length, found '\(value)'")
        #expect(prepareErrors("app three.json\npress select\nset press-length \(value)")
            == "t.swy:3:5: error: expected a duration such as 150ms for press-length, found '\(value)'")
    }

    /// A length past the longest simulated time (`Interval.maximum`, docs/ARCHITECTURE.md "Limits") is refused by that limit.
    @Test(arguments: ["1e300s", "1e300", "9223372036854775807ms", "31557600000.001s"])
    func pressLengthPastTheTimeLimitIsAnError(_ value: String) {
        #expect(prepareErrors("app three.json\nset press-length \(value)")
            == "t.swy:2:5: error: '\(value)' is longer than the longest simulated time, 31557600000s (1000 years); expected a duration such as 150ms for press-length")
        #expect(prepareErrors("app three.json\npress select\nset press-length \(value)")
            == "t.swy:3:5: error: '\(value)' is longer than the longest simulated time, 31557600000s (1000 years); expected a duration such as 150ms for press-length")
    }

    @Test func pressLengthLongerThanAnHourRuns() throws {
        let r = try run("app three.json\nset press-length 3600.001s\npress select")
        #expect(r.endTime == Instant(microseconds: 3_600_001_000))
    }
}
