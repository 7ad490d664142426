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
extension HardwareTests { @Suite struct TerminalPtyTests {
    final class Pty {
        let master: Int32
        let slave: Int32
        // posix_openpt & co. are hidden behind _XOPEN_SOURCE in the Glibc module; look them up.
        typealias OpenPT = @convention(c) (Int32) -> Int32
        typealias PTName = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        static func function<F>(_ name: String, as: F.Type) throws -> F {
            guard let sym = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { throw TestbedError("no \(name) in libc") }
            return unsafeBitCast(sym, to: F.self)
        }

        init() throws {
            let openpt = try Self.function("posix_openpt", as: OpenPT.self)
            let grantpt = try Self.function("grantpt", as: OpenPT.self)
            let unlockpt = try Self.function("unlockpt", as: OpenPT.self)
            let ptsname = try Self.function("ptsname", as: PTName.self)
            master = openpt(O_RDWR | O_NOCTTY)
            guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
                throw TestbedError("no pseudo-terminal available")
            }
            slave = open(name, O_RDWR | O_NOCTTY)
            guard slave >= 0 else { throw TestbedError("cannot open \(String(cString: name))") }
        }
        deinit { close(slave); close(master) }
        var canonical: Bool {
            var t = termios()
            _ = tcgetattr(slave, &t)
            return t.c_lflag & tcflag_t(ICANON) != 0
        }
    }

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
        #expect(sink.inputs.map(\.input) == [.deviceAdded("Terminal keyboard"), .switchDown(.previous), .switchUp(.previous)])
        #expect(pty.canonical == true)
    }
}
}
