import Testing
import ScreenModel
import SwitchyardEngine
@testable import InputDevices

/// What the fuzz targets (Tests/SwitchyardFuzz, docs/fuzzing.md) led to in
/// the hardware layer.
@Suite struct FuzzRegressionTests {
    static let app = try! AppDecoder(file: "two.json").decode(Array("""
        {"screens": {"main": {"root": {"children": [
          {"label": "A", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 10, "height": 10}},
          {"label": "B", "traits": ["button"], "frame": {"x": 0, "y": 20, "width": 10, "height": 10}}]}}}}
        """.utf8))

    /// A replay with scanning that never stops, up to an event years away,
    /// ran for hours; it stops at its event limit.
    @Test func replayStopsAtTheEventLimit() throws {
        var settings = SwitchControlSettings()
        settings.loops = nil
        let sink = SessionSink(session: try Session(app: Self.app, configuration: SessionConfiguration(technology: .switchControl(settings))))
        let far = Instant(microseconds: 999_999_999_999_000_000)
        #expect(sink.replay([TimedInput(.switchDown(.select), at: far)], until: far + .seconds(1), limit: 6) == false)
        #expect(sink.events.map(\.time) == [.zero, .zero, .seconds(1), .seconds(2), .seconds(3), .seconds(4)])
        #expect(sink.session.now == .seconds(4))
    }

    @Test func replayWithinTheLimitReachesItsEnd() throws {
        let sink = SessionSink(session: try Session(app: Self.app))
        #expect(sink.replay([TimedInput(.switchDown(.select), at: .milliseconds(1500))], until: .seconds(2), limit: 100) == true)
        #expect(sink.session.now == .seconds(2))
    }
}
