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
        /// drive the engine to the same transcript. Device plug events differ
        /// by design (live: when the device was opened; replay: at the start
        /// and end of the recording), so they are compared apart.
        @Test func liveSessionAndItsReplayGiveTheSameTranscript() throws {
            let testbed = try Testbed()
            try testbed.add(.switchBox)
            let app = try AppDecoder(file: "three.json").decode(Array(threeButtonApp.utf8))
            let profiles = try TestDevice.shippedProfiles()
            let clock = SessionClock.startingNow()
            // Kernel timestamps 100 s into the session: no engine timer comes due
            // in real time while the test runs, so the live loop never waits.
            let t0 = Double(clock.epochMicroseconds) / 1_000_000 + 100
            let adapter = try EvdevAdapter(options: AdapterOptions(profiles: profiles, devnodes: [TestDevice.switchBox.devnode]))
            var recorder: EvemuRecorder? = nil
            adapter.rawObserver = { info, event in
                if recorder == nil { recorder = EvemuRecorder(description: EvemuDescription(info: info), clock: clock) }
                recorder?.append(event)
            }
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

            let text = try #require(recorder).text
            let recording = try Evemu.parse(text, file: "live.evemu")
            let replayInputs = EvemuReplayAdapter.Replay(recording: recording, source: "live.evemu", profiles: profiles).inputs
            let replay = SessionSink(session: try Session(app: app))
            replay.replay(replayInputs)

            func withoutDevices(_ events: [TimedEvent]) -> [TimedEvent] {
                events.filter {
                    switch $0.event {
                    case .deviceAdded, .deviceRemoved: return false
                    default: return true
                    }
                }
            }
            #expect(withoutDevices(live.events) == withoutDevices(replay.events))
            #expect(live.events.contains { $0.event == .announced("Paid") && $0.time == .milliseconds(101_900) })
            #expect(replay.events.filter { if case .deviceAdded = $0.event { return true } else { return false } }.map(\.time) == [.zero])
        }
    }
}
