import DeviceTestbed
import Foundation
import Glibc
import ScreenModel
import SwitchyardEngine
import Testing
@testable import InputDevices

/// `switchyard live` as a whole process: against umockdev testbeds (the tool
/// inherits the testbed through `UMOCKDEV_DIR` and the preload), and on a
/// pseudo-terminal for `--device terminal`.
extension UmockdevTests {
    @Suite struct LiveProcess {
        @Test func noDeviceExitsTwoWithAClearMessage() throws {
            let testbed = try Testbed()
            let tool = try ToolProcess(["live", "--app", "demo"])
            let end = tool.wait()
            #expect(end.reason == .exit)
            #expect(end.status == 2)
            #expect(tool.stdout == "")
            #expect(tool.stderr == "switchyard live: error: no input devices found; plug in a switch interface, keyboard or controller, and check that /dev/input/event* is readable (see Devices/udev/70-switchyard.rules)\n")
            _ = testbed
        }

        @Test func aDeviceNodeThatDoesNotExistIsNamed() throws {
            let testbed = try Testbed()
            try testbed.add(.switchBox)
            let tool = try ToolProcess(["live", "--app", "demo", "--device", "/dev/input/event99"])
            let end = tool.wait()
            #expect(end.status == 2)
            #expect(tool.stderr == "switchyard live: error: no input device at '/dev/input/event99'; 'switchyard devices --all' lists them\n")
        }

        static let signals: [(Int32, Int32, String)] = [(SIGTERM, 143, "SIGTERM"), (SIGINT, 130, "SIGINT"), (SIGHUP, 129, "SIGHUP")]

        /// The device is released and removed from the session at the end,
        /// and the status says which signal ended it.
        @Test(arguments: signals)
        func aSignalEndsWithTheConventionalStatus(_ signal: Int32, _ status: Int32, _ name: String) throws {
            let testbed = try Testbed()
            try testbed.add(.switchBox)
            let tool = try ToolProcess(["live", "--app", "demo", "--device", testbed.devnode(.switchBox)])
            #expect(tool.waitForOutput(containing: "0s device added \"Switchyard Test 2-Switch Box\"\n"))
            tool.send(signal)
            let end = tool.wait()
            #expect(end.reason == .exit)
            #expect(end.status == status)
            #expect(tool.stderr == "switchyard live: stopped by \(name); devices released\n")
            #expect(tool.stdout.hasSuffix(" device removed \"Switchyard Test 2-Switch Box\"\n"))
        }
    }

    @Suite struct LiveTimestamps {
        /// umockdev refuses `EVIOCSCLOCKID`, so the node keeps the kernel's
        /// default clock, CLOCK_REALTIME: its stamps go through the realtime offset.
        @Test func aDeviceOnTheRealtimeClockGivesSessionInstants() throws {
            let testbed = try Testbed()
            try testbed.add(.switchBox)
            let clock = SessionClock(epochMicroseconds: 100_000_000, realtimeOffsetMicroseconds: 1_700_000_000_000_000)
            let adapter = try evdevAdapter([.switchBox])
            defer { adapter.stop() }
            _ = try adapter.start(clock: clock)
            #expect(adapter.readers.values.map(\.monotonicClock) == [false])
            try testbed.inject(.switchBox, [
                ev(1_700_000_100.25, "EV_KEY", "KEY_SPACE", 1), syn(1_700_000_100.25),
                ev(1_700_000_100.5, "EV_KEY", "KEY_SPACE", 0), syn(1_700_000_100.5),
            ])
            #expect(try collect(adapter, count: 2, clock: clock) == [
                TimedInput(.switchDown(.select), at: .milliseconds(250)), TimedInput(.switchUp(.select), at: .milliseconds(500)),
            ])
        }

        @Test func stampsBeforeTheSessionAreReadAsNowNeverNegative() throws {
            let testbed = try Testbed()
            try testbed.add(.switchBox)
            let adapter = try evdevAdapter([.switchBox])
            defer { adapter.stop() }
            _ = try adapter.start(clock: testClock)
            try testbed.inject(.switchBox, [ev(5, "EV_KEY", "KEY_SPACE", 1), syn(5), ev(5.25, "EV_KEY", "KEY_SPACE", 0), syn(5.25)])
            #expect(try collect(adapter, count: 2) == [
                TimedInput(.switchDown(.select), at: .seconds(9)), TimedInput(.switchUp(.select), at: .seconds(9)),
            ])
        }

        /// The device's clock jumps an hour ahead while `select` is held:
        /// the release is read now, a moment after the press, and the
        /// emergency chord (hold 10 s) does not fire.
        @Test func aClockStepWhileHeldIsNoEmergencyExit() throws {
            let testbed = try Testbed()
            try testbed.add(.switchBox)
            let clock = SessionClock(epochMicroseconds: SessionClock.startingNow().epochMicroseconds)
            let start = Double(clock.epochMicroseconds) / 1_000_000
            try testbed.inject(.switchBox, [
                ev(start, "EV_KEY", "KEY_SPACE", 1), syn(start),
                ev(start + 3600, "EV_KEY", "KEY_SPACE", 0), syn(start + 3600),
            ])
            let adapter = try evdevAdapter([.switchBox])
            let sink = CollectingSink()
            let signals = try SignalPipe(signals: [])
            let loop = LiveLoop(adapters: [adapter], sink: sink, clock: clock)
            loop.onInput = { if $0.input == .switchUp(.select) { signals.simulate(SIGTERM) } }
            #expect(try loop.run(signals: signals) == .signal(SIGTERM))
            let down = try #require(sink.inputs.first { $0.input == .switchDown(.select) })
            let up = try #require(sink.inputs.first { $0.input == .switchUp(.select) })
            #expect(down.time == .zero)
            #expect(up.time - down.time < .seconds(10))
        }
    }

    @Suite struct LiveDevicesAskedFor {
        @Test func aNodeThatDoesNotExistOrIsNoInputDeviceIsNamed() throws {
            let testbed = try Testbed()
            try testbed.add(.switchBox)
            #expect(throws: InputDeviceError.noSuchDevice(devnode: "/dev/input/event99")) {
                _ = try evdevAdapterFor(["/dev/input/event99"]).start(clock: testClock)
            }
            #expect(throws: InputDeviceError.notAnInputDevice(devnode: "/dev/null")) {
                _ = try evdevAdapterFor(["/dev/null"]).start(clock: testClock)
            }
            #expect(InputDeviceError.noSuchDevice(devnode: "/dev/input/event99").description
                == "/dev/input/event99: error: no such device node; 'switchyard devices --all' lists the input devices")
        }

        @Test func withNoDeviceAtAllStartingFails() throws {
            let testbed = try Testbed()
            #expect(throws: InputDeviceError.noDevicesFound) { _ = try evdevAdapterFor([]).start(clock: testClock) }
            _ = testbed
        }

        func evdevAdapterFor(_ nodes: [String]) throws -> EvdevAdapter {
            try EvdevAdapter(options: AdapterOptions(profiles: try TestDevice.shippedProfiles(), devnodes: nodes))
        }
    }
}

/// `switchyard live --device terminal` on a pseudo-terminal: the status of
/// each way out, and the terminal back in its mode after every one of them,
/// a crash included.
extension HardwareTests {
    @Suite(.enabled(if: PseudoTerminal.isAvailable, "needs a pseudo-terminal (/dev/pts): not mounted here"))
    struct LiveTerminalProcess {
        /// Starts `live --device terminal` on `pty` and waits until the terminal is raw.
        /// The Swift runtime's backtracer is off: on a signal sent with
        /// `kill` it reports and lets the process run on, which is the
        /// runtime's business; the guard hands the signal on either way.
        func start(_ pty: PseudoTerminal) throws -> ToolProcess {
            #expect(pty.canonical == true)
            let tool = try ToolProcess(["live", "--device", "terminal", "--app", "demo"], stdin: pty.slave,
                                       environment: ["SWIFT_BACKTRACE": "enable=no"])
            #expect(tool.waitForOutput(containing: "0s device added \"Terminal keyboard\"\n"))
            #expect(pty.canonical == false)
            return tool
        }

        /// A way out of the session: a signal sent to the tool, or keys typed.
        enum WayOut: Sendable, CustomTestStringConvertible {
            case signal(Int32)
            case keys([UInt8])
            var testDescription: String {
                switch self {
                case .signal(let s): return LiveLoopExit.signalName(s)
                case .keys(let k): return "typed \(k)"
                }
            }
        }

        static let waysOut: [(WayOut, Int32, String)] = [
            (.signal(SIGTERM), 143, "stopped by SIGTERM"),
            (.signal(SIGINT), 130, "stopped by SIGINT"),
            (.signal(SIGHUP), 129, "stopped by SIGHUP"),
            (.keys([0x03]), 130, "stopped by SIGINT"),                                  // Ctrl-C in raw mode is no signal: it stands for one
            (.keys([UInt8(ascii: "q")]), 0, "input ended"),
            (.keys([0x04]), 0, "input ended"),
            (.keys([0x1B, 0x1B, 0x1B, 0x1B, 0x1B]), 3, "emergency exit: Escape pressed 5 times within 2s"),
        ]

        @Test(arguments: waysOut)
        func everyWayOutHasItsStatusAndRestoresTheTerminal(_ way: WayOut, _ status: Int32, _ why: String) throws {
            let pty = try PseudoTerminal()
            let tool = try start(pty)
            switch way {
            case .signal(let s): tool.send(s)
            case .keys(let k): ToolProcess.type(k, to: pty.master)
            }
            let end = tool.wait()
            #expect(end.reason == .exit)
            #expect(end.status == status)
            #expect(tool.stderr == "switchyard live: \(why); devices released\n")
            #expect(tool.stdout.hasSuffix(" device removed \"Terminal keyboard\"\n"))
            #expect(pty.canonical == true)
        }

        /// A trap or an abort runs no `defer`: the guard's handler restores
        /// the terminal, then the process dies of the signal as it would have.
        @Test(arguments: [SIGABRT, SIGILL, SIGTRAP, SIGQUIT])
        func aCrashStillRestoresTheTerminal(_ signal: Int32) throws {
            let pty = try PseudoTerminal()
            let tool = try start(pty)
            tool.send(signal)
            let end = tool.wait()
            #expect(end.reason == .uncaughtSignal)
            #expect(end.status == signal)
            #expect(pty.canonical == true)
        }
    }

    /// A terminal key has no release: with Hold Duration on, it holds its
    /// switch for the Hold Duration, so the press counts; the terminal's
    /// autorepeat of a key kept down keeps the switch held. Time is given to
    /// the adapter; nothing waits.
    @Suite(.enabled(if: PseudoTerminal.isAvailable, "needs a pseudo-terminal (/dev/pts): not mounted here"))
    struct TerminalKeyPressLength {
        @Test func aKeyHoldsItsSwitchForThePressLength() throws {
            let pty = try PseudoTerminal()
            let clock = SessionClock(epochMicroseconds: 0)
            let adapter = TerminalKeyboardAdapter(fd: pty.slave, pressLength: .milliseconds(200))
            defer { adapter.stop() }
            _ = try adapter.start(clock: clock)
            ToolProcess.type([0x20], to: pty.master)
            #expect(try Poll.readable([pty.slave], timeoutMilliseconds: 2000) == [pty.slave])
            #expect(try adapter.service(readable: [pty.slave], now: .seconds(1), clock: clock) == [TimedInput(.switchDown(.select), at: .seconds(1))])
            #expect(adapter.nextWakeup == .milliseconds(1200))
            ToolProcess.type([0x20], to: pty.master)   // autorepeat: still held
            #expect(try Poll.readable([pty.slave], timeoutMilliseconds: 2000) == [pty.slave])
            #expect(try adapter.service(readable: [pty.slave], now: .milliseconds(1100), clock: clock) == [])
            #expect(adapter.nextWakeup == .milliseconds(1300))
            #expect(try adapter.service(readable: [], now: .milliseconds(1300), clock: clock) == [TimedInput(.switchUp(.select), at: .milliseconds(1300))])
            #expect(adapter.nextWakeup == nil)
            #expect(adapter.finish(at: .seconds(2)) == [TimedInput(.deviceRemoved("Terminal keyboard"), at: .seconds(2))])
        }

        /// The same two key presses into a session with Hold Duration 0.2 s:
        /// held for the press length, both count; down and up at once, both are ignored.
        @Test(arguments: [(Interval.milliseconds(200), false), (.zero, true)])
        func withHoldDurationEveryKeyPressCounts(_ pressLength: Interval, _ ignored: Bool) throws {
            let pty = try PseudoTerminal()
            let clock = SessionClock(epochMicroseconds: 0)
            let adapter = TerminalKeyboardAdapter(fd: pty.slave, pressLength: pressLength)
            defer { adapter.stop() }
            var settings = SwitchControlSettings()
            settings.holdDuration = .milliseconds(200)
            let app = try AppDecoder(file: "three.json").decode(Array(threeButtonApp.utf8))
            let sink = SessionSink(session: try Session(app: app, configuration: SessionConfiguration(technology: .switchControl(settings))))
            for input in try adapter.start(clock: clock) { _ = sink.deliver(input) }
            for now in [Instant.milliseconds(500), .seconds(3)] {
                ToolProcess.type([0x20], to: pty.master)
                #expect(try Poll.readable([pty.slave], timeoutMilliseconds: 2000) == [pty.slave])
                for input in try adapter.service(readable: [pty.slave], now: now, clock: clock) { _ = sink.deliver(input) }
                if let wake = adapter.nextWakeup {
                    for input in try adapter.service(readable: [], now: wake, clock: clock) { _ = sink.deliver(input) }
                }
            }
            let notHeld = sink.events.filter { if case .inputIgnored(_, .holdDurationNotReached) = $0.event { return true } else { return false } }
            #expect(notHeld.count == (ignored ? 2 : 0))
            #expect(sink.events.contains { if case .menuShown = $0.event { return true } else { return false } } == !ignored)
        }
    }
}
