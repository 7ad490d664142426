import DeviceTestbed
import Foundation
import SwitchyardEngine
import Testing
@testable import InputDevices

/// Session epoch for injected events: kernel time 100 s is session time 0.
let testClock = SessionClock(epochMicroseconds: 100_000_000)

/// Services `adapter` until `count` inputs arrived or 2 s passed with nothing
/// readable; every read happens at session time 9 s.
func collect(_ adapter: any InputAdapter, count: Int, clock: SessionClock = testClock) throws -> [TimedInput] {
    var out: [TimedInput] = []
    while out.count < count {
        let readable = try waitReadable(adapter.pollDescriptors)
        if readable.isEmpty { break }
        out += try adapter.service(readable: readable, now: Instant.seconds(9), clock: clock)
    }
    return out
}

func evdevAdapter(_ devices: [TestDevice], grab: Bool = true) throws -> EvdevAdapter {
    try EvdevAdapter(options: AdapterOptions(profiles: try TestDevice.shippedProfiles(), grab: grab, devnodes: devices.map(\.devnode)))
}

extension UmockdevTests {
    @Suite struct Profiles {
        @Test func eachFixtureGetsItsProfileWithTheReason() throws {
            let testbed = try Testbed()
            for d in TestDevice.allCases { try testbed.add(d) }
            let adapter = try evdevAdapter(TestDevice.allCases)
            let found = try adapter.discover()
            #expect(found.map { $0.match?.profile.name } == ["usb-switch-interface", "keyboard", "xbox-controller", "joystick-switch-interface"])
            #expect(found.map { $0.match?.reason } == [
                "classification ID_INPUT_KEY, not ID_INPUT_JOYSTICK+ID_INPUT_KEYBOARD+ID_INPUT_MOUSE (fallback)",
                "classification ID_INPUT_KEYBOARD (fallback)",
                "vendor/product 045e:028e",
                "classification ID_INPUT_JOYSTICK, no axes (fallback)",
            ])
        }
    }

    @Suite struct Reading {
        static let pressReleaseCases: [(TestDevice, String, Input, Input)] = [
            (.switchBox, "KEY_SPACE", .switchDown(.select), .switchUp(.select)),
            (.switchBox, "KEY_ENTER", .switchDown(.next), .switchUp(.next)),
            (.joystickSwitch, "BTN_TRIGGER", .switchDown(.select), .switchUp(.select)),
            (.joystickSwitch, "BTN_THUMB2", .switchDown(.previous), .switchUp(.previous)),
            (.xboxPad, "BTN_SOUTH", .switchDown(.select), .switchUp(.select)),
            (.keyboard, "KEY_TAB", .key(KeyStroke(key: .tab, phase: .down)), .key(KeyStroke(key: .tab, phase: .up))),
        ]

        @Test(arguments: pressReleaseCases)
        func pressAndReleaseBecomeInputsWithKernelTimestamps(_ device: TestDevice, _ code: String, _ down: Input, _ up: Input) throws {
            let testbed = try Testbed()
            try testbed.add(device)
            let adapter = try evdevAdapter([device])
            defer { adapter.stop() }
            let started = try adapter.start(clock: testClock)
            #expect(started.map(\.input) == [.deviceAdded(try device.description().name)])
            try testbed.inject(device, [
                ev(100.25, "EV_MSC", "MSC_SCAN", 458796), ev(100.25, "EV_KEY", code, 1), syn(100.25),
                ev(100.4, "EV_KEY", code, 2), syn(100.4),
                ev(100.5, "EV_KEY", code, 0), syn(100.5),
            ])
            #expect(try collect(adapter, count: 2) == [TimedInput(down, at: .milliseconds(250)), TimedInput(up, at: .milliseconds(500))])
        }

        @Test func xboxStickAndHatPastThresholdAreSwitches() throws {
            let testbed = try Testbed()
            try testbed.add(.xboxPad)
            let adapter = try evdevAdapter([.xboxPad])
            defer { adapter.stop() }
            _ = try adapter.start(clock: testClock)
            try testbed.inject(.xboxPad, [
                ev(101, "EV_ABS", "ABS_X", 20000), syn(101),
                ev(101.01, "EV_ABS", "ABS_X", 15000), syn(101.01),     // 0.458: above release point 0.4, still held
                ev(101.1, "EV_ABS", "ABS_X", 100), syn(101.1),         // inside flat: released
                ev(101.2, "EV_ABS", "ABS_HAT0X", -1), syn(101.2),
                ev(101.3, "EV_ABS", "ABS_HAT0X", 0), syn(101.3),
                ev(101.4, "EV_ABS", "ABS_Z", 255), syn(101.4),         // trigger: not mapped
            ])
            #expect(try collect(adapter, count: 4) == [
                TimedInput(.switchDown(.next), at: .milliseconds(1000)),
                TimedInput(.switchUp(.next), at: .milliseconds(1100)),
                TimedInput(.switchDown(.previous), at: .milliseconds(1200)),
                TimedInput(.switchUp(.previous), at: .milliseconds(1300)),
            ])
        }

        /// The resync state comes from the static GKEY answer (all zero), so a
        /// switch held before SYN_DROPPED is released by the sync delta: the
        /// release lost in the overflow must still reach the engine.
        @Test func releaseLostInSynDroppedComesFromTheResync() throws {
            let testbed = try Testbed()
            try testbed.add(.switchBox)
            let adapter = try evdevAdapter([.switchBox])
            defer { adapter.stop() }
            _ = try adapter.start(clock: testClock)
            try testbed.inject(.switchBox, [ev(100.1, "EV_KEY", "KEY_SPACE", 1), syn(100.1)])
            #expect(try collect(adapter, count: 1) == [TimedInput(.switchDown(.select), at: .milliseconds(100))])
            try testbed.inject(.switchBox, [
                ev(100.3, "EV_KEY", "KEY_ENTER", 1),                   // damaged frame: dropped
                ev(100.3, "EV_SYN", "SYN_DROPPED", 0),
            ])
            #expect(try collect(adapter, count: 1) == [TimedInput(.switchUp(.select), at: .milliseconds(300))])
            #expect(adapter.readers.values.map(\.resyncCount) == [1])
        }
    }

    @Suite struct Hotplug {
        @Test func addRemoveAndReAddFollowTheDevice() throws {
            let testbed = try Testbed()
            try testbed.add(.joystickSwitch)
            let adapter = try evdevAdapter([])   // every device: the re-plug gets a new node
            defer { adapter.stop() }
            #expect(try adapter.start(clock: testClock).map(\.input) == [.deviceAdded("Switchyard Test Joystick Switch Interface")])

            try testbed.add(.switchBox)
            #expect(try collect(adapter, count: 1) == [TimedInput(.deviceAdded("Switchyard Test 2-Switch Box"), at: .seconds(9))])
            try testbed.inject(.switchBox, [ev(102, "EV_KEY", "KEY_SPACE", 1), syn(102)])
            #expect(try collect(adapter, count: 1) == [TimedInput(.switchDown(.select), at: .seconds(2))])

            testbed.remove(.switchBox)   // unplugged while Space is held
            #expect(try collect(adapter, count: 2) == [
                TimedInput(.switchUp(.select), at: .seconds(9)),
                TimedInput(.deviceRemoved("Switchyard Test 2-Switch Box"), at: .seconds(9)),
            ])
            #expect(adapter.readers.count == 1)

            try testbed.add(.switchBox, number: 30)
            #expect(try collect(adapter, count: 1) == [TimedInput(.deviceAdded("Switchyard Test 2-Switch Box"), at: .seconds(9))])
            #expect(adapter.readers.values.map(\.info.devnode).sorted() == ["/dev/input/event23", "/dev/input/event30"])
            try testbed.inject(.switchBox, [ev(103, "EV_KEY", "KEY_ENTER", 1), syn(103), ev(103.1, "EV_KEY", "KEY_ENTER", 0), syn(103.1)])
            #expect(try collect(adapter, count: 2) == [
                TimedInput(.switchDown(.next), at: .seconds(3)),
                TimedInput(.switchUp(.next), at: .seconds(3.1)),
            ])
        }
    }

    @Suite struct Grabbing {
        @Test func grabIsTakenOnStartAndReleasedOnStop() throws {
            let testbed = try Testbed()
            try testbed.add(.switchBox)
            let adapter = try evdevAdapter([.switchBox], grab: true)
            _ = try adapter.start(clock: testClock)
            let device = try #require(adapter.readers.values.first?.device)
            #expect(device.isGrabbed == true)
            adapter.stop()
            #expect(device.isGrabbed == false)
            #expect(device.fd == -1)
            #expect(adapter.readers.isEmpty)
        }

        @Test func withoutGrabNothingIsGrabbed() throws {
            let testbed = try Testbed()
            try testbed.add(.switchBox)
            let adapter = try evdevAdapter([.switchBox], grab: false)
            defer { adapter.stop() }
            _ = try adapter.start(clock: testClock)
            #expect(adapter.readers.values.map(\.device.isGrabbed) == [false])
            // umockdev does not emulate EVIOCSCLOCKID; the reader notes it and keeps the kernel timestamps as they are.
            #expect(adapter.readers.values.map(\.monotonicClock) == [false])
        }

        @Test func liveLoopEscapeChordReleasesGrabsAndExits() throws {
            let testbed = try Testbed()
            try testbed.add(.keyboard)
            let adapter = try evdevAdapter([.keyboard])
            // The live loop reads the real clock: the presses must be in its past.
            let (clock, t0) = sessionStartedLongAgo()
            var escapes: [RawEvent] = []
            for i in 0..<5 {
                let t = t0 + Double(i) * 0.3
                escapes += [ev(t, "EV_KEY", "KEY_ESC", 1), syn(t), ev(t + 0.1, "EV_KEY", "KEY_ESC", 0), syn(t + 0.1)]
            }
            try testbed.inject(.keyboard, escapes)
            let sink = CollectingSink()
            let loop = LiveLoop(adapters: [adapter], sink: sink, clock: clock)
            var grabbedDuringRun: [Bool] = []
            loop.onInput = { _ in grabbedDuringRun = adapter.readers.values.map(\.device.isGrabbed) }
            let exit = try loop.run(signals: try SignalPipe(signals: []))
            #expect(exit == .emergency(.escapePresses(5, within: .seconds(2))))
            #expect(grabbedDuringRun == [true])
            #expect(adapter.readers.isEmpty)
            // deviceAdded + 4 × (Escape down, up); the 5th down ends the loop, which removes the device.
            #expect(sink.inputs.count == 10)
            #expect(sink.inputs[8] == TimedInput(.key(KeyStroke(key: .escape, phase: .up)), at: .milliseconds(101_000)))
            #expect(sink.inputs.last?.input == .deviceRemoved("Switchyard Test USB Keyboard"))
            #expect(sink.inputs.last?.time == loop.endedAt)
        }

        @Test func liveLoopStopsOnSignalAndUngrabs() throws {
            let testbed = try Testbed()
            try testbed.add(.switchBox)
            let adapter = try evdevAdapter([.switchBox])
            let signals = try SignalPipe(signals: [])
            signals.simulate(SIGTERM)
            let loop = LiveLoop(adapters: [adapter], sink: CollectingSink(), clock: testClock)
            #expect(try loop.run(signals: signals) == .signal(SIGTERM))
            #expect(adapter.readers.isEmpty)
        }
    }
}
