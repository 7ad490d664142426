import ScreenModel
import SwitchyardEngine
import Testing
@testable import InputDevices

/// `SessionSink` without keeping events (live and replay): every batch goes
/// to `onEvents` as it happens, and memory does not grow with the session.
@Suite struct SessionSinkTests {
    func sink(keepsEvents: Bool) throws -> SessionSink {
        let app = try AppDecoder(file: "three.json").decode(Array(threeButtonApp.utf8))
        return SessionSink(session: try Session(app: app), keepsEvents: keepsEvents)
    }

    @Test func streamsEveryBatchAndKeepsOnlyTheStart() throws {
        let streaming = try sink(keepsEvents: false)
        let keeping = try sink(keepsEvents: true)
        var streamed: [TimedEvent] = []
        streaming.onEvents = { streamed += $0 }
        // An hour of auto scanning with unlimited loops would be 3,600 highlights: ten minutes here.
        let inputs = [TimedInput(.switchDown(.select), at: .zero + .seconds(2)), TimedInput(.switchUp(.select), at: .zero + .milliseconds(2_150))]
        streaming.replay(inputs, until: .zero + .seconds(600))
        keeping.replay(inputs, until: .zero + .seconds(600))
        #expect(streaming.events == streaming.startEvents)
        #expect(streaming.startEvents + streamed == keeping.events)
        #expect(streamed.count > 10)
    }
}
