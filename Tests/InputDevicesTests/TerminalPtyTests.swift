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
