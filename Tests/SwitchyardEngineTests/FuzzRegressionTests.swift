import Testing
import ScreenModel
@testable import SwitchyardEngine

/// What the fuzz targets (Tests/SwitchyardFuzz, docs/fuzzing.md) led to in the engine.
@Suite struct FuzzRegressionTests {
    /// A headless run advances one deadline at a time and stops at its event
    /// limit: Auto Scanning with unlimited loops over a wait of years.
    @Test func advanceStopsAtTheEventLimit() throws {
        var s = try session(threeButtons) { $0.loops = nil }
        var events = s.start(at: .zero)
        #expect(s.advance(to: Instant(microseconds: 99_999_999_999_000_000), collecting: &events, limit: 5) == false)
        #expect(events == [at(0, .screenChanged(screen: "main")), hl(0, A), hl(1000, B), hl(2000, C), hl(3000, A)])
        #expect(s.now == ms(3000))
    }

    @Test func advanceReachesTheTimeWithinTheLimit() throws {
        var s = try session(threeButtons) { $0.loops = nil }
        var events = s.start(at: .zero)
        #expect(s.advance(to: ms(2500), collecting: &events, limit: 5) == true)
        #expect(events == [at(0, .screenChanged(screen: "main")), hl(0, A), hl(1000, B), hl(2000, C)])
        #expect(s.now == ms(2500))
    }
}
