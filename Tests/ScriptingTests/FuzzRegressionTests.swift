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
