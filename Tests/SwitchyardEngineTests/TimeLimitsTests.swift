import Testing
import ScreenModel
@testable import SwitchyardEngine

/// Numbers of seconds from outside become intervals only when finite, not
/// negative and at most `Interval.maximum` (1,000 years); time arithmetic
/// saturates instead of wrapping (docs/ARCHITECTURE.md, "Limits").
@Suite struct TimeLimitsTests {
    @Test(arguments: [Double.nan, .infinity, -.infinity, -1, -0.000001, 1e15 * 1e6, 1e300, 31_557_600_000.5])
    func secondsOutsideTheLimitsMakeNoInterval(_ seconds: Double) {
        #expect(Interval(seconds: seconds) == nil)
    }

    @Test func secondsAreRoundedToTheMicrosecondUpToTheMaximum() {
        #expect(Interval(seconds: 1.5) == .milliseconds(1500))
        #expect(Interval(seconds: 0.0000004) == .zero)
        #expect(Interval(seconds: 31_557_600_000) == .maximum)
        #expect(Interval.maximum == Interval(microseconds: 31_557_600_000_000_000))
        #expect(Interval(2, unitMicroseconds: 60_000_000) == .seconds(120))
        #expect(Interval(1e10, unitMicroseconds: 60_000_000) == nil)
    }

    @Test func arithmeticSaturatesInsteadOfWrapping() {
        #expect(Instant.distantFuture + .seconds(1) == .distantFuture)
        #expect(Instant(microseconds: .max - 5) + Interval(microseconds: 10) == .distantFuture)
        #expect(Instant(microseconds: .min + 5) - Interval(microseconds: 10) == Instant(microseconds: .min))
        #expect(Instant(microseconds: -5) - Instant.distantFuture == Interval(microseconds: .min))
        #expect(Instant.distantFuture - Instant(microseconds: -5) == Interval(microseconds: .max))
        #expect(Interval(microseconds: .max) + Interval(microseconds: 1) == Interval(microseconds: .max))
        #expect(Interval.maximum * 1_000 == Interval(microseconds: .max))
        #expect(Interval.maximum * -1_000 == Interval(microseconds: .min))
        #expect(Instant.seconds(3) + .seconds(2) == .seconds(5))
    }

    /// Printing `Int64.min` microseconds negated it and trapped.
    @Test func everyIntervalPrints() {
        #expect(Interval(microseconds: .min).description == "-9223372036854.775808s")
        #expect(Instant.distantFuture.description == "9223372036854.775807s")
        #expect(Interval.maximum.description == "31557600000s")
    }

    /// A sweep was capped at 86,400 s whatever its length, so the line
    /// moved at the wrong speed on a wide screen.
    @Test func aScreenTenMillionPointsWideSweepsAtTheGlidingSpeed() throws {
        let json = #"{"screens": {"wide": {"size": {"width": 10000000, "height": 800}, "root": {"children": [{"label": "A", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 100, "height": 50}}]}}}}"#
        let app = try AppDecoder(file: "wide.json").decode(Array(json.utf8))
        var s = try session(app) {
            $0.mode = .point
            $0.glidingCursorSpeed = 1
        }
        // Gliding Cursor Speed 1: 4 points per second.
        #expect(s.start(at: .zero) == [
            bySession(0, .screenChanged(screen: "wide")),
            at(0, .highlighted(.pointSweep(axis: .x, stage: .coarse, from: 0, to: 10_000_000, duration: .seconds(2_500_000)))),
        ])
        #expect(s.pendingTimers.map(\.deadline) == [.seconds(2_500_000)])
    }

    /// The value is quoted as the file writes it, not reformatted.
    @Test func aSettingOutsideTheLimitsIsQuotedAsWritten() {
        do {
            _ = try SwitchControlSettings.load(json: Array(#"{"auto-scanning-time": 1e13}"#.utf8), file: "big.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "big.json:1:24: error: setting 'auto-scanning-time' cannot be 1e13; expected a number of seconds from 0.001 to 3600")
        }
    }

    @Test(arguments: [
        ("auto-scanning-time", "nan", "setting 'auto-scanning-time' cannot be nan; expected a number of seconds from 0.001 to 3600"),
        ("auto-scanning-time", "0.0000001", "setting 'auto-scanning-time' cannot be 0.0000001; expected a number of seconds from 0.001 to 3600"),
        ("move-repeat", "1e-7", "setting 'move-repeat' cannot be 1e-7; expected a number of seconds from 0.001 to 3600"),
        ("dwell-time", "-inf", "setting 'dwell-time' cannot be -inf; expected a number of seconds from 0.001 to 3600"),
        ("loops", "1e300", "setting 'loops' cannot be 1e300; expected a whole number of loops, or 0 / null for unlimited"),
        ("gliding-refine-band", "0.000001", "setting 'gliding-refine-band' cannot be 0.000001; expected a width in points from 1 to 100000"),
    ] as [(String, String, String)])
    func setRejectsNumbersOutsideTheLimits(_ name: String, _ value: String, _ message: String) {
        var s = SwitchControlSettings()
        do {
            try s.set(name, value)
            Issue.record("expected an error")
        } catch {
            #expect(error.message == message)
        }
    }
}
