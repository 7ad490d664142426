import DeviceTestbed
import Dispatch
import Foundation
import Glibc
import ScreenModel
import SwitchyardEngine
import Testing
@testable import InputDevices

/// A session with `technologies` (their defaults) on the three-button app.
func keyboardSession(_ technologies: [TechnologySettings] = [.keyboard(KeyboardAccessSettings())]) throws -> SessionSink {
    let app = try AppDecoder(file: "three.json").decode(Array(threeButtonApp.utf8))
    return SessionSink(session: try Session(app: app, configuration: SessionConfiguration(technologies: technologies)))
}

/// The events of `sink` as transcript lines, without the start's screen line.
func eventLines(_ sink: SessionSink) -> [String] {
    sink.events.map(TranscriptFormat.textLine).filter { !$0.hasPrefix("0s screen ") }
}

extension UmockdevTests {
    /// Real evdev through umockdev into Full Keyboard Access: a keyboard
    /// (the `keyboard` profile passes every key through) and a game
    /// controller (its profile's `keyboard` mappings).
    @Suite struct KeyboardAccessDevices {
        /// Tab twice, Shift-Tab, Right, Space: focus Back, Pay, Back, Pay, and Pay is activated.
        static let expected = [
            #"0s device added "Switchyard Test USB Keyboard""#,
            #"0.2s focused "Back" {0, 50, 100×44}"#,
            #"0.4s focused "Pay" {120, 50, 100×44}"#,
            #"0.8s focused "Back" {0, 50, 100×44}"#,
            #"1s focused "Pay" {120, 50, 100×44}"#,
            #"1.2s tap "Pay" at (170, 72)"#,
            #"1.2s announced "Paid""#,
        ]

        @Test func aKeyboardDrivesFullKeyboardAccess() throws {
            let testbed = try Testbed()
            try testbed.add(.keyboard)
            let adapter = try EvdevAdapter(options: AdapterOptions(profiles: try TestDevice.shippedProfiles(), devnodes: [TestDevice.keyboard.devnode],
                                                                   technologies: [.fullKeyboardAccess]))
            defer { adapter.stop() }
            let sink = try keyboardSession()
            for input in try adapter.start(clock: testClock) { _ = sink.deliver(input) }
            try testbed.inject(.keyboard, [
                ev(100.1, "EV_KEY", "KEY_TAB", 1), syn(100.1), ev(100.2, "EV_KEY", "KEY_TAB", 0), syn(100.2),
                ev(100.3, "EV_KEY", "KEY_TAB", 1), syn(100.3), ev(100.4, "EV_KEY", "KEY_TAB", 0), syn(100.4),
                ev(100.5, "EV_KEY", "KEY_LEFTSHIFT", 1), syn(100.5),
                ev(100.6, "EV_KEY", "KEY_TAB", 1), syn(100.6), ev(100.8, "EV_KEY", "KEY_TAB", 0), syn(100.8),
                ev(100.85, "EV_KEY", "KEY_LEFTSHIFT", 0), syn(100.85),
                ev(101.0, "EV_KEY", "KEY_RIGHT", 1), syn(101.0), ev(101.1, "EV_KEY", "KEY_RIGHT", 0), syn(101.1),
                ev(101.2, "EV_KEY", "KEY_SPACE", 1), syn(101.2), ev(101.3, "EV_KEY", "KEY_SPACE", 0), syn(101.3),
            ])
            let inputs = try collect(adapter, count: 12)
            #expect(inputs.count == 12)
            for input in inputs { _ = sink.deliver(input) }
            #expect(eventLines(sink) == Self.expected)
        }

        /// The Xbox pad with `--technology keyboard`: the right shoulder is
        /// Tab, the left Shift-Tab, the d-pad arrows, A Space and B Escape.
        @Test func aControllerDrivesFullKeyboardAccess() throws {
            let testbed = try Testbed()
            try testbed.add(.xboxPad)
            let adapter = try EvdevAdapter(options: AdapterOptions(profiles: try TestDevice.shippedProfiles(), devnodes: [TestDevice.xboxPad.devnode],
                                                                   technologies: [.fullKeyboardAccess, .voiceControl]))
            defer { adapter.stop() }
            #expect(try adapter.discover().map { $0.match?.description } == ["xbox-controller (vendor/product 045e:028e; keyboard mappings)"])
            let sink = try keyboardSession([.keyboard(KeyboardAccessSettings()), .voiceControl(VoiceControlSettings())])
            for input in try adapter.start(clock: testClock) { _ = sink.deliver(input) }
            try testbed.inject(.xboxPad, [
                ev(100.1, "EV_KEY", "BTN_TR", 1), syn(100.1), ev(100.2, "EV_KEY", "BTN_TR", 0), syn(100.2),
                ev(100.3, "EV_KEY", "BTN_TR", 1), syn(100.3), ev(100.4, "EV_KEY", "BTN_TR", 0), syn(100.4),
                ev(100.6, "EV_KEY", "BTN_TL", 1), syn(100.6), ev(100.8, "EV_KEY", "BTN_TL", 0), syn(100.8),
                ev(101.0, "EV_ABS", "ABS_HAT0X", 1), syn(101.0), ev(101.1, "EV_ABS", "ABS_HAT0X", 0), syn(101.1),
                ev(101.2, "EV_KEY", "BTN_SOUTH", 1), syn(101.2), ev(101.3, "EV_KEY", "BTN_SOUTH", 0), syn(101.3),
                ev(101.4, "EV_KEY", "BTN_EAST", 1), syn(101.4), ev(101.5, "EV_KEY", "BTN_EAST", 0), syn(101.5),
            ])
            let inputs = try collect(adapter, count: 16)
            #expect(inputs.map(\.input).suffix(6) == [
                .key(KeyStroke(key: .right, phase: .down)), .key(KeyStroke(key: .right, phase: .up)),
                .key(KeyStroke(key: .space, phase: .down)), .key(KeyStroke(key: .space, phase: .up)),
                .key(KeyStroke(key: .escape, phase: .down)), .key(KeyStroke(key: .escape, phase: .up)),
            ])
            for input in inputs { _ = sink.deliver(input) }
            let lines = eventLines(sink)
            #expect(lines.first == #"0s device added "Microsoft X-Box 360 pad""#)
            #expect(Array(lines.dropFirst()) == Array(Self.expected.dropFirst()) + [#"1.4s ignored key KEY_ESC down (unboundKey)"#])
        }

        /// Types `keys` into the pseudo-terminal when its prompt is there
        /// (the terminal added); ends the loop with SIGTERM once `stopAfter` is delivered.
        final class TypingSink: InputSink {
            let sink: SessionSink
            let master: Int32
            let keys: [UInt8]
            let stopAfter: Input
            let signals: SignalPipe
            init(_ sink: SessionSink, master: Int32, keys: [UInt8], stopAfter: Input, signals: SignalPipe) {
                self.sink = sink
                self.master = master
                self.keys = keys
                self.stopAfter = stopAfter
                self.signals = signals
            }
            func deliver(_ input: TimedInput) -> [TimedEvent] {
                if input.input == .deviceAdded(TerminalKeyboardAdapter.deviceName) { ToolProcess.type(keys, to: master) }
                if input.input == stopAfter { signals.simulate(SIGTERM) }
                return sink.deliver(input)
            }
            var nextDeadline: Instant? { sink.nextDeadline }
            func advance(to instant: Instant) -> [TimedEvent] { sink.advance(to: instant) }
        }

        /// A live session of Full Keyboard Access and Voice Control: keys
        /// from the umockdev keyboard, an utterance typed at the terminal's
        /// prompt. Its recording (the keyboard's evemu events and the
        /// terminal's input lines) replays to the same transcript.
        @Test func keysAndUtterancesRecordAndReplayToTheSameTranscript() throws {
            let testbed = try Testbed()
            try testbed.add(.keyboard)
            let pty = try PseudoTerminal()
            let technologies: [Technology] = [.fullKeyboardAccess, .voiceControl]
            let settings: [TechnologySettings] = [.keyboard(KeyboardAccessSettings()), .voiceControl(VoiceControlSettings())]
            // The session started 1000 s ago and the input came 100 s into it
            // (t0): everything is in the past when read.
            let (clock, t0) = sessionStartedLongAgo()
            let options = AdapterOptions(profiles: try TestDevice.shippedProfiles(), devnodes: [TestDevice.keyboard.devnode], technologies: technologies)
            let keyboard = try EvdevAdapter(options: options)
            let prompt = TerminalKeyboardAdapter(fd: pty.slave, layout: .utterances)
            let recording = SessionRecording(clock: clock)
            keyboard.rawObserver = recording.observe
            prompt.inputObserver = recording.observeInput
            let live = try keyboardSession(settings)
            let signals = try SignalPipe(signals: [])
            let typing = TypingSink(live, master: pty.master, keys: Array("tap Help\r".utf8), stopAfter: .utterance("tap Help"), signals: signals)
            let loop = LiveLoop(adapters: [keyboard, prompt], sink: typing, clock: clock)
            try testbed.inject(.keyboard, [
                ev(t0 + 0.1, "EV_KEY", "KEY_TAB", 1), syn(t0 + 0.1), ev(t0 + 0.2, "EV_KEY", "KEY_TAB", 0), syn(t0 + 0.2),
                ev(t0 + 0.3, "EV_KEY", "KEY_SPACE", 1), syn(t0 + 0.3), ev(t0 + 0.4, "EV_KEY", "KEY_SPACE", 0), syn(t0 + 0.4),
            ])
            // Bounded: if the utterance never arrives, a simulated SIGALRM ends the loop and the test fails.
            DispatchQueue.global().asyncAfter(deadline: .now() + 10) { signals.simulate(SIGALRM) }
            #expect(try loop.run(signals: signals) == .signal(SIGTERM))
            recording.end(at: loop.endedAt)
            #expect(pty.canonical)

            let text = try #require(recording.text)
            let read = try RecordedSession.parse(text, file: "live.evemu")
            #expect(read.inputs.map(\.input) == [.deviceAdded("Terminal keyboard"), .utterance("tap Help"), .deviceRemoved("Terminal keyboard")])
            let replayInputs = EvemuReplayAdapter.Replay(session: read, source: "live.evemu", profiles: try TestDevice.shippedProfiles(),
                                                        technologies: technologies).inputs
            let replay = try keyboardSession(settings)
            replay.replay(replayInputs)

            #expect(live.events == replay.events)
            #expect(replay.session.now == loop.endedAt)
            let lines = eventLines(live)
            #expect(Array(lines.prefix(4)) == [
                #"0s device added "Switchyard Test USB Keyboard""#,
                #"0s device added "Terminal keyboard""#,
                #"100.2s focused "Back" {0, 50, 100×44}"#,
                #"100.3s tap "Back" at (50, 72)"#,
            ])
            #expect(lines.contains { $0.hasSuffix(#"tap "Help" at (290, 72)"#) })
            #expect(lines.suffix(2) == [
                "\(loop.endedAt) device removed \"Switchyard Test USB Keyboard\"",
                "\(loop.endedAt) device removed \"Terminal keyboard\"",
            ])
        }
    }
}
