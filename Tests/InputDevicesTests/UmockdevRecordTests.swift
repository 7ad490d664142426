import DeviceTestbed
import Foundation
import SwitchyardEngine
import Testing
@testable import InputDevices

extension UmockdevTests {
    @Suite struct Recording {
        @Test func recordWritesDescriptionAndEventsThatReplayToTheSameInputs() throws {
            let testbed = try Testbed()
            try testbed.add(.switchBox)
            let info = try #require(try DeviceDiscovery().enumerate().first)
            let recorder = try DeviceRecorder(info: info, clock: testClock, grab: true)
            defer { recorder.stop() }
            #expect(recorder.device.isGrabbed == true)
            try testbed.inject(.switchBox, [ev(100.5, "EV_KEY", "KEY_SPACE", 1), syn(100.5), ev(100.75, "EV_KEY", "KEY_SPACE", 0), syn(100.75)])
            var count = 0
            while count < 4, try !waitReadable([recorder.fd]).isEmpty { count += try recorder.readAvailable(now: .seconds(9)) }
            #expect(count == 4)

            let parsed = try Evemu.parse(recorder.text, file: "recorded.evemu")
            let fixture = try TestDevice.switchBox.description()
            #expect(parsed.description.name == fixture.name)
            #expect(parsed.description.id == fixture.id)
            #expect(parsed.description.codes == fixture.codes)
            #expect(parsed.description.udevProperties.map { "\($0)=\($1)" } == [
                "ID_INPUT=1", "ID_BUS=usb", "ID_VENDOR_ID=1209", "ID_MODEL_ID=0001", "ID_PATH=pci-0000:00:14.0-usb-0:1:1.0", "ID_INPUT_KEY=1",
            ])
            #expect(parsed.events == [ev(0.5, "EV_KEY", "KEY_SPACE", 1), syn(0.5), ev(0.75, "EV_KEY", "KEY_SPACE", 0), syn(0.75)])

            let replay = EvemuReplayAdapter.Replay(recording: parsed, source: "recorded.evemu", profiles: try TestDevice.shippedProfiles())
            #expect(replay.device?.match?.profile.name == "usb-switch-interface")
            #expect(replay.inputs == [
                TimedInput(.deviceAdded("Switchyard Test 2-Switch Box"), at: .zero),
                TimedInput(.switchDown(.select), at: .milliseconds(500)),
                TimedInput(.switchUp(.select), at: .milliseconds(750)),
                TimedInput(.deviceRemoved("Switchyard Test 2-Switch Box"), at: .milliseconds(750)),
            ])
        }

        /// The live reader and the recorder read through one loop
        /// (`EvdevDevice.drain`): a recording keeps `SYN_DROPPED` where it
        /// came and the resync after it, what `live --record` sees too, so
        /// its replay drops the damaged frame and makes the live inputs.
        /// (The resync comes from the static GKEY answer, all zero: both
        /// keys read as released.)
        @Test func aRecordingAcrossSynDroppedReplaysToTheLiveInputs() throws {
            let testbed = try Testbed()
            try testbed.add(.switchBox)
            let held = [ev(100.1, "EV_KEY", "KEY_SPACE", 1), syn(100.1)]
            let overflow = [ev(100.3, "EV_KEY", "KEY_ENTER", 1), ev(100.3, "EV_SYN", "SYN_DROPPED", 0)]   // Enter's frame is damaged

            let adapter = try evdevAdapter([.switchBox], grab: false)
            var seen: [RawEvent] = []
            adapter.rawObserver = { _, e in seen.append(e) }
            _ = try adapter.start(clock: testClock)
            try testbed.inject(.switchBox, held)
            var live = try collect(adapter, count: 1)
            try testbed.inject(.switchBox, overflow)
            live += try collect(adapter, count: 1)
            adapter.stop()
            #expect(live == [TimedInput(.switchDown(.select), at: .milliseconds(100)), TimedInput(.switchUp(.select), at: .milliseconds(300))])

            let info = try #require(try DeviceDiscovery().enumerate().first)
            let recorder = try DeviceRecorder(info: info, clock: testClock)
            defer { recorder.stop() }
            var count = 0
            try testbed.inject(.switchBox, held)
            while count < 2, try !waitReadable([recorder.fd]).isEmpty { count += try recorder.readAvailable(now: .seconds(9)) }
            try testbed.inject(.switchBox, overflow)
            while count < 7, try !waitReadable([recorder.fd]).isEmpty { count += try recorder.readAvailable(now: .seconds(9)) }

            let recorded = try Evemu.parse(recorder.text, file: "dropped.evemu")
            #expect(recorded.events == [
                ev(0.1, "EV_KEY", "KEY_SPACE", 1), syn(0.1),
                ev(0.3, "EV_KEY", "KEY_ENTER", 1), ev(0.3, "EV_SYN", "SYN_DROPPED", 0),
                ev(0.3, "EV_KEY", "KEY_ENTER", 0), ev(0.3, "EV_KEY", "KEY_SPACE", 0), syn(0.3),
            ])
            // What `live --record` sees, after the empty frame at the device's start (its stamps on the kernel's clock).
            #expect(seen.dropFirst().map { [Int($0.type), Int($0.code), Int($0.value)] } == recorded.events.map { [Int($0.type), Int($0.code), Int($0.value)] })
            let replay = EvemuReplayAdapter.Replay(recording: recorded, source: "dropped.evemu", profiles: try TestDevice.shippedProfiles())
            #expect(replay.inputs == [TimedInput(.deviceAdded("Switchyard Test 2-Switch Box"), at: .zero)] + live
                    + [TimedInput(.deviceRemoved("Switchyard Test 2-Switch Box"), at: .milliseconds(300))])
        }

        @Test func profileOverrideReplacesTheMatch() throws {
            let testbed = try Testbed()
            try testbed.add(.keyboard)
            let adapter = try EvdevAdapter(options: AdapterOptions(profiles: try TestDevice.shippedProfiles(), profileOverride: "keyboard-as-switch"))
            defer { adapter.stop() }
            #expect(try adapter.discover().map(\.description) == [
                "/dev/input/event21  usb 1209:0003 v0110  \"Switchyard Test USB Keyboard\"  ID_INPUT_KEY,ID_INPUT_KEYBOARD  → keyboard-as-switch (chosen with --profile)",
            ])
            _ = try adapter.start(clock: testClock)
            try testbed.inject(.keyboard, [ev(100.5, "EV_KEY", "KEY_SPACE", 1), syn(100.5), ev(100.6, "EV_KEY", "KEY_X", 1), syn(100.6)])
            #expect(try collect(adapter, count: 2) == [
                TimedInput(.switchDown(.select), at: .milliseconds(500)),
                TimedInput(.key(KeyStroke(key: "KEY_X", phase: .down)), at: .milliseconds(600)),
            ])
        }
    }
}

extension UmockdevTests {
    @Suite struct StartErrors {
        @Test func noDevicesIsATypedErrorUnlessWaiting() throws {
            let testbed = try Testbed()
            let strict = try EvdevAdapter(options: AdapterOptions(profiles: try TestDevice.shippedProfiles()))
            #expect(throws: InputDeviceError.noDevicesFound) { try strict.start(clock: testClock) }
            let waiting = try EvdevAdapter(options: AdapterOptions(profiles: try TestDevice.shippedProfiles(), waitForDevices: true))
            #expect(try waiting.start(clock: testClock) == [])
            try testbed.add(.joystickSwitch)
            #expect(try collect(waiting, count: 1) == [TimedInput(.deviceAdded("Switchyard Test Joystick Switch Interface"), at: .seconds(9))])
            waiting.stop()
        }

        @Test func deviceWithoutProfileIsListedButNotOpened() throws {
            let testbed = try Testbed()
            try testbed.add(.xboxPad)
            let adapter = try EvdevAdapter(options: AdapterOptions(profiles: ProfileMatcher(profiles: []), waitForDevices: true))
            defer { adapter.stop() }
            #expect(try adapter.discover().map(\.description) == [
                "/dev/input/event22  usb 045e:028e v0114  \"Microsoft X-Box 360 pad\"  ID_INPUT_JOYSTICK  → no profile (ignored)",
            ])
            #expect(try adapter.start(clock: testClock) == [])
            #expect(adapter.readers.isEmpty)
        }
    }
}
