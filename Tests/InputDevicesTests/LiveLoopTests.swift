import Diagnostics
import Glibc
import SwitchyardEngine
import Testing
@testable import InputDevices

/// An adapter with a fixed script of inputs, all already due.
final class ScriptedAdapter: InputAdapter {
    static let kind = "scripted"
    static let summary = "test script"
    static func make(_ options: AdapterOptions) throws(InputDeviceError) -> ScriptedAdapter { ScriptedAdapter([]) }
    var pending: [TimedInput]
    private(set) var stopCount = 0
    init(_ inputs: [TimedInput]) { pending = inputs }
    func discover() throws(InputDeviceError) -> [DiscoveredDevice] { [] }
    func start(clock: SessionClock) throws(InputDeviceError) -> [TimedInput] { [] }
    var pollDescriptors: [Int32] { [] }
    var nextWakeup: Instant? { pending.first?.time }
    func service(readable: Set<Int32>, now: Instant, clock: SessionClock) throws(InputDeviceError) -> [TimedInput] {
        defer { pending.removeAll() }
        return pending
    }
    var isFinished: Bool { pending.isEmpty }
    func stop() { stopCount += 1 }
}

/// A sink with one deadline, recording calls as text.
final class RecordingSink: InputSink {
    var log: [String] = []
    var nextDeadline: Instant?
    init(deadline: Instant?) { nextDeadline = deadline }
    func deliver(_ input: TimedInput) -> [String] {
        log.append("deliver \(input.input) at \(input.time)")
        return ["ok"]
    }
    func advance(to instant: Instant) -> [String] {
        log.append("advance to \(instant)")
        nextDeadline = nil
        return ["tick"]
    }
}

@Suite struct LiveLoopTests {
    @Test(arguments: [
        (Optional<Instant>.none, Instant.zero, Int32(-1)),
        (.milliseconds(5), .milliseconds(5), 0),
        (.milliseconds(5), .milliseconds(6), 0),
        (.microseconds(1_001), .zero, 2),           // rounded up: never wake early and spin
        (.seconds(2), .seconds(1), 1000),
        // A far deadline waits Int32.max ms and looks again; the rounding up overflowed.
        (.distantFuture, .zero, Int32.max),
        (.distantFuture, Instant(microseconds: -5), Int32.max),
        (Instant(microseconds: .min), .seconds(1), 0),
    ])
    func pollTimeoutFollowsTheNextDeadline(_ deadline: Instant?, _ now: Instant, _ expected: Int32) {
        #expect(LiveLoop<RecordingSink>.timeoutMilliseconds(until: deadline, now: now) == expected)
    }

    @Test func deliversInputsAdvancesDeadlinesAndStopsAdapters() throws {
        // The clock's epoch is far in the past, so every scripted instant is already due: no waiting.
        let adapter = ScriptedAdapter([TimedInput(.switchDown(.select), at: .seconds(1)), TimedInput(.switchUp(.select), at: .seconds(3))])
        let sink = RecordingSink(deadline: .seconds(2))
        var outputs: [String] = []
        let loop = LiveLoop(adapters: [adapter], sink: sink, clock: SessionClock(epochMicroseconds: -1_000_000_000_000)) { outputs.append($0) }
        let exit = try loop.run(signals: try SignalPipe(signals: []))
        #expect(exit == .adaptersFinished)
        #expect(sink.log == ["deliver switchDown(select) at 1s", "advance to 3s", "deliver switchUp(select) at 3s"])
        #expect(outputs == ["ok", "tick", "ok"])
        #expect(adapter.stopCount == 1)
    }

    @Test func heldFirstSwitchExitsThroughTheChord() throws {
        let adapter = ScriptedAdapter([TimedInput(.switchDown(.select), at: .seconds(1))])
        let loop = LiveLoop(adapters: [adapter], sink: CollectingSink(), clock: SessionClock(epochMicroseconds: -1_000_000_000_000))
        #expect(try loop.run(signals: try SignalPipe(signals: [])) == .emergency(.heldSwitch(.select, .seconds(10))))
        #expect(adapter.stopCount == 1)
    }

    @Test func realSignalGoesThroughTheSelfPipe() throws {
        let pipe = try SignalPipe(signals: [SIGUSR1])
        defer { pipe.uninstall() }
        kill(getpid(), SIGUSR1)   // process-directed: test worker threads may block signals
        #expect(try Poll.readable([pipe.readFD], timeoutMilliseconds: 1000) == [pipe.readFD])
        #expect(pipe.drain() == [SIGUSR1])
    }

    @Test func registryBuildsAdaptersByKind() throws {
        let registry = AdapterRegistry.standard
        #expect(registry.kinds == ["evdev", "evemu", "terminal"])
        let options = AdapterOptions(profiles: ProfileMatcher(profiles: []))
        #expect(try registry.make("nope", options) == nil)
        #expect(try registry.make("terminal", options) is TerminalKeyboardAdapter)
    }

    @Test(arguments: [
        (InputDeviceError.from(.permissionDenied, operation: "open", devnode: "/dev/input/event3"),
         "/dev/input/event3: error: permission denied; install Devices/udev/70-switchyard.rules into /etc/udev/rules.d/, run 'udevadm control --reload && udevadm trigger', then re-plug the device (or add yourself to the 'input' group)"),
        (.from(.busy, operation: "grab", devnode: "/dev/input/event3"),
         "/dev/input/event3: error: grabbed by another program (EBUSY); close the other program (another switchyard, a game, input-remapper) or run without --grab"),
        (.from(.noDevice, operation: "read", devnode: "/dev/input/event3"),
         "/dev/input/event3: error: the device is gone (unplugged?); plug it back in and it will be picked up again"),
        (.noDevicesFound,
         "error: no input devices found; plug in a switch interface, keyboard or controller, and check that /dev/input/event* is readable (see Devices/udev/70-switchyard.rules)"),
        (.from(.invalidArgument, operation: "libevdev_new_from_fd", devnode: "/dev/input/event3"),
         "/dev/input/event3: error: libevdev_new_from_fd failed: Invalid argument (errno 22)"),
        (.system(operation: "poll", devnode: "-", .invalidArgument), "error: poll failed: Invalid argument (errno 22)"),
        (.invalidFile(Diagnostic(.error, "bad E: line", at: SourceLocation(file: "pad.evemu", line: 4))), "pad.evemu:4: error: bad E: line"),
    ])
    func errorsSayWhatToDo(_ error: InputDeviceError, _ text: String) {
        #expect(error.description == text)
    }

    @Test func openingAMissingNodeIsDeviceGone() {
        #expect(throws: InputDeviceError.deviceGone(devnode: "/nonexistent/event99")) { _ = try EvdevDevice(devnode: "/nonexistent/event99") }
    }
}
