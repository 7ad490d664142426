import DeviceTestbed
import Dispatch
import Glibc
import SwitchyardEngine
import Testing
@testable import InputDevices

/// The terminal adapter on a real pseudo-terminal: raw mode on start, the
/// original settings back on stop.
/// Serialized with the umockdev suites (see `HardwareTests`): the preload
/// also answers terminal ioctls, and a testbed alive in parallel must not
/// see this suite's pseudo-terminal.
extension HardwareTests {
@Suite(.enabled(if: PseudoTerminal.isAvailable, "needs a pseudo-terminal (/dev/pts): not mounted here"))
struct TerminalPtyTests {
    typealias Pty = PseudoTerminal

    @Test func rawWhileRunningRestoredOnStop() throws {
        let pty = try Pty()
        #expect(pty.canonical == true)
        let adapter = TerminalKeyboardAdapter(fd: pty.slave)
        #expect(try adapter.start(clock: SessionClock(epochMicroseconds: 0)).map(\.input) == [.deviceAdded("Terminal keyboard")])
        #expect(pty.canonical == false)
        var bytes: [UInt8] = [UInt8(ascii: "n"), 0x20]
        _ = write(pty.master, &bytes, bytes.count)
        #expect(try Poll.readable([pty.slave], timeoutMilliseconds: 2000) == [pty.slave])
        #expect(try adapter.service(readable: [pty.slave], now: .seconds(1), clock: SessionClock(epochMicroseconds: 0)) == [
            TimedInput(.switchDown(.next), at: .seconds(1)), TimedInput(.switchUp(.next), at: .seconds(1)),
            TimedInput(.switchDown(.select), at: .seconds(1)), TimedInput(.switchUp(.select), at: .seconds(1)),
        ])
        adapter.stop()
        #expect(pty.canonical == true)
        adapter.stop()   // idempotent
        #expect(pty.canonical == true)
    }

    /// Types keys into the pseudo-terminal once the adapter is running (raw
    /// mode is set then; keys typed before would wait for a newline).
    final class TypingSink: InputSink {
        let master: Int32
        let keys: [UInt8]
        var inputs: [TimedInput] = []
        init(master: Int32, keys: [UInt8]) {
            self.master = master
            self.keys = keys
        }
        func deliver(_ input: TimedInput) -> [TimedInput] {
            inputs.append(input)
            if case .deviceAdded = input.input {
                var bytes = keys
                _ = write(master, &bytes, bytes.count)
            }
            return [input]
        }
        var nextDeadline: Instant? { nil }
        func advance(to instant: Instant) -> [TimedInput] { [] }
    }

    /// Keys typed at once into the adapter's pseudo-terminal, serviced at one second.
    func typed(_ adapter: TerminalKeyboardAdapter, _ pty: Pty, _ bytes: [UInt8]) throws -> [Input] {
        ToolProcess.type(bytes, to: pty.master)
        #expect(try Poll.readable([pty.slave], timeoutMilliseconds: 2000) == [pty.slave])
        let inputs = try adapter.service(readable: [pty.slave], now: .seconds(1), clock: SessionClock(epochMicroseconds: 0))
        #expect(inputs.allSatisfy { $0.time == .seconds(1) })
        return inputs.map(\.input)
    }

    static func keys(_ spec: String) -> [Input] { try! KeyChord.parse(spec).strokes.map { .key($0) } }

    /// Voice Control alone: every line is an utterance (`q` is a letter);
    /// Escape clears the line and still goes on as `KEY_ESC`.
    @Test func withVoiceAloneTheTerminalIsAnUtterancePrompt() throws {
        let pty = try Pty()
        let adapter = TerminalKeyboardAdapter(fd: pty.slave, layout: .utterances)
        defer { adapter.stop() }
        var observed: [Input] = []
        adapter.inputObserver = { observed.append($0.input) }
        _ = try adapter.start(clock: SessionClock(epochMicroseconds: 0))
        #expect(adapter.promptLine == "")
        #expect(try typed(adapter, pty, Array("quit now\rshow num".utf8)) == [.utterance("quit now")])
        #expect(adapter.promptLine == "show num")
        #expect(try typed(adapter, pty, [0x1b]) == Self.keys("esc"))
        #expect(adapter.promptLine == "")
        #expect(try typed(adapter, pty, Array("show numbers\r".utf8) + [0x04]) == [.utterance("show numbers")])
        #expect(adapter.isFinished)
        #expect(observed == [.deviceAdded("Terminal keyboard"), .utterance("quit now")] + Self.keys("esc") + [.utterance("show numbers")])
    }

    /// Beside Full Keyboard Access, `:` opens the prompt; Return sends the
    /// line and gives the keys back to the keyboard, Escape cancels it.
    @Test func besideAKeyboardColonOpensThePrompt() throws {
        let pty = try Pty()
        let adapter = TerminalKeyboardAdapter(fd: pty.slave, layout: .keyboard, utterancePrompt: true)
        defer { adapter.stop() }
        _ = try adapter.start(clock: SessionClock(epochMicroseconds: 0))
        #expect(adapter.promptLine == nil)
        #expect(try typed(adapter, pty, [0x09] + Array(":tap Pay\r".utf8) + [0x1b, 0x5b, 0x5a]) == Self.keys("tab") + [.utterance("tap Pay")] + Self.keys("shift+tab"))
        #expect(adapter.promptLine == nil)
        #expect(try typed(adapter, pty, Array(":tap".utf8)) == [])
        #expect(adapter.promptLine == "tap")
        #expect(try typed(adapter, pty, [0x1b]) == Self.keys("esc"))
        #expect(adapter.promptLine == nil)
        #expect(try typed(adapter, pty, Array("z".utf8)) == Self.keys("z"))
    }

    /// Beside Switch Control the switch keys stay, and `:` opens the prompt.
    @Test func besideASwitchBoxColonOpensThePrompt() throws {
        let pty = try Pty()
        let adapter = TerminalKeyboardAdapter(fd: pty.slave, layout: .switches, utterancePrompt: true)
        defer { adapter.stop() }
        _ = try adapter.start(clock: SessionClock(epochMicroseconds: 0))
        #expect(try typed(adapter, pty, Array(" :next\rn".utf8)) == [.switchDown(.select), .switchUp(.select), .utterance("next"), .switchDown(.next), .switchUp(.next)])
    }

    /// The terminal's end ends the session while a device adapter would go on.
    @Test func quittingTheTerminalEndsTheSessionBesideOtherAdapters() throws {
        let pty = try Pty()
        let adapter = TerminalKeyboardAdapter(fd: pty.slave, layout: .utterances)
        let device = EvemuReplayAdapter(replays: [], start: .zero)
        let sink = TypingSink(master: pty.master, keys: Array("go back\r".utf8) + [0x03])
        let loop = LiveLoop(adapters: [ForeverAdapter(), adapter, device], sink: sink, clock: SessionClock(epochMicroseconds: 0))
        let signals = try SignalPipe(signals: [])
        DispatchQueue.global().asyncAfter(deadline: .now() + 10) { signals.simulate(SIGALRM) }
        #expect(try loop.run(signals: signals) == .signal(SIGINT))
        #expect(sink.inputs.map(\.input) == [.deviceAdded("Terminal keyboard"), .utterance("go back"), .deviceRemoved("Terminal keyboard")])
        #expect(pty.canonical == true)
    }

    /// An adapter that never finishes and never has input (a device that stays quiet).
    final class ForeverAdapter: InputAdapter {
        static let kind = "forever"
        static let summary = "never ends"
        static func make(_ options: AdapterOptions) throws(InputDeviceError) -> ForeverAdapter { ForeverAdapter() }
        func discover() throws(InputDeviceError) -> [DiscoveredDevice] { [] }
        func start(clock: SessionClock) throws(InputDeviceError) -> [TimedInput] { [] }
        var pollDescriptors: [Int32] { [] }
        var nextWakeup: Instant? { nil }
        func service(readable: Set<Int32>, now: Instant, clock: SessionClock) throws(InputDeviceError) -> [TimedInput] { [] }
        var isFinished: Bool { false }
        func stop() {}
    }

    @Test func quitKeyFinishesTheLiveLoopAndRestores() throws {
        let pty = try Pty()
        let adapter = TerminalKeyboardAdapter(fd: pty.slave)
        let sink = TypingSink(master: pty.master, keys: [UInt8(ascii: "p"), UInt8(ascii: "q")])
        let loop = LiveLoop(adapters: [adapter], sink: sink, clock: SessionClock(epochMicroseconds: 0))
        let signals = try SignalPipe(signals: [])
        // Bounded: if the quit key never arrives, a simulated SIGALRM ends the loop and the test fails.
        DispatchQueue.global().asyncAfter(deadline: .now() + 10) { signals.simulate(SIGALRM) }
        #expect(try loop.run(signals: signals) == .adaptersFinished)
        #expect(sink.inputs.map(\.input) == [.deviceAdded("Terminal keyboard"), .switchDown(.previous), .switchUp(.previous),
                                              .deviceRemoved("Terminal keyboard")])
        #expect(pty.canonical == true)
    }
}
}
