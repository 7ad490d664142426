import DeviceTestbed
import Foundation
import ScreenModel
import SwitchyardEngine
import Testing
@testable import InputDevices

/// Three buttons in a row; activating "Pay" announces.
let threeButtonApp = """
    {"name": "Three", "screens": {"main": {"size": {"width": 390, "height": 844}, "root": {"children": [
      {"label": "Back", "traits": ["button"], "frame": {"x": 0, "y": 50, "width": 100, "height": 44}},
      {"label": "Pay", "traits": ["button"], "frame": {"x": 120, "y": 50, "width": 100, "height": 44},
       "onActivate": [{"effect": "announce", "message": "Paid"}]},
      {"label": "Help", "traits": ["button"], "frame": {"x": 240, "y": 50, "width": 100, "height": 44}}
    ]}}}}
    """

extension UmockdevTests {
    @Suite struct LiveAndReplay {
        /// The live loop on a testbed device (real libevdev reads, real poll,
        /// a real monotonic clock) and a headless replay of what it recorded
        /// drive the engine to the same transcript, device events and end
        /// included: the recording ends where the session did, the replay
        /// ends at the recording's end, and both close the session there
        /// (releases, then the device removed).
        @Test func liveSessionAndItsReplayGiveTheSameTranscript() throws {
            let testbed = try Testbed()
            try testbed.add(.switchBox)
            let app = try AppDecoder(file: "three.json").decode(Array(threeButtonApp.utf8))
            let profiles = try TestDevice.shippedProfiles()
            // The session started 1000 s ago and the input came 100 s into it
            // (t0): everything is in the past when read.
            let (clock, t0) = sessionStartedLongAgo()
            let adapter = try EvdevAdapter(options: AdapterOptions(profiles: profiles, devnodes: [TestDevice.switchBox.devnode]))
            let recording = SessionRecording(clock: clock)
            adapter.rawObserver = recording.observe
            let live = SessionSink(session: try Session(app: app))
            let signals = try SignalPipe(signals: [])
            let loop = LiveLoop(adapters: [adapter], sink: live, clock: clock)
            var delivered = 0
            loop.onInput = { input in
                if case .deviceAdded = input.input { return }
                delivered += 1
                if delivered == 6 { signals.simulate(SIGTERM) }
            }
            try testbed.inject(.switchBox, [
                ev(t0 + 0.5, "EV_KEY", "KEY_SPACE", 1), syn(t0 + 0.5),     // restarts scanning (loops were used up)
                ev(t0 + 0.6, "EV_KEY", "KEY_SPACE", 0), syn(t0 + 0.6),
                ev(t0 + 1.7, "EV_KEY", "KEY_SPACE", 1), syn(t0 + 1.7),     // "Pay" is highlighted: open the menu
                ev(t0 + 1.8, "EV_KEY", "KEY_SPACE", 0), syn(t0 + 1.8),
                ev(t0 + 1.9, "EV_KEY", "KEY_SPACE", 1), syn(t0 + 1.9),     // "Tap"
                ev(t0 + 2.0, "EV_KEY", "KEY_SPACE", 0), syn(t0 + 2.0),
            ])
            let exit = try loop.run(signals: signals)
            #expect(exit == .signal(SIGTERM))
            recording.end(at: loop.endedAt)
            #expect(loop.endedAt >= .seconds(1000))

            let text = try #require(recording.text)
            let parsed = try Evemu.parse(text, file: "live.evemu")
            #expect(parsed.events.last?.timestampMicroseconds == loop.endedAt.microseconds)
            let replayInputs = EvemuReplayAdapter.Replay(recording: parsed, source: "live.evemu", profiles: profiles).inputs
            let replay = SessionSink(session: try Session(app: app))
            replay.replay(replayInputs)

            #expect(live.events == replay.events)
            #expect(live.events.contains { $0.event == .announced("Paid") && $0.time == .milliseconds(101_900) })
            #expect(live.events.first { if case .deviceAdded = $0.event { return true } else { return false } }?.time == .zero)
            #expect(live.events.last == TimedEvent(.deviceRemoved("Switchyard Test 2-Switch Box"), at: loop.endedAt))
            #expect(replay.session.now == loop.endedAt)
        }
    }
}
