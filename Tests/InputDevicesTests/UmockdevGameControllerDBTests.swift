import DeviceTestbed
import Foundation
import SwitchyardEngine
import Testing
@testable import InputDevices

extension UmockdevTests {
    /// `--gamecontrollerdb`: the Xbox pad testbed, and a database line for its GUID.
    @Suite struct GameControllerDatabase {
        /// Swaps A and B, so the presses show that the entry's layout is the one in use.
        static let swapped = "030000005e0400008e02000014010000,Xbox 360 Controller (A/B swapped),a:b1,b:b0,x:b2,"
            + "dpdown:h0.4,dpleft:h0.8,dpright:h0.2,dpup:h0.1,leftx:a0,lefty:a1,platform:Linux,"

        @Test func aListedControllerGetsItsEntrysProfile() throws {
            let testbed = try Testbed()
            try testbed.add(.xboxPad)
            let db = try GameControllerDB.parse("# SDL GameControllerDB\n" + Self.swapped + "\n", file: "db.txt")
            let options = AdapterOptions(profiles: ProfileMatcher(profiles: try TestDevice.shippedProfiles().profiles, controllers: db),
                                         devnodes: [TestDevice.xboxPad.devnode])
            let adapter = try #require(try AdapterRegistry.standard.make(EvdevAdapter.kind, options))
            defer { adapter.stop() }
            #expect(try adapter.discover().map(\.description) == [
                "/dev/input/event22  usb 045e:028e v0114  \"Microsoft X-Box 360 pad\"  ID_INPUT_JOYSTICK  → gamecontrollerdb: Xbox 360 Controller (A/B swapped) "
                    + "(SDL GameControllerDB db.txt:2, GUID 030000005e0400008e02000014010000)",
            ])
            #expect(try adapter.start(clock: testClock).map(\.input) == [.deviceAdded("Microsoft X-Box 360 pad")])
            try testbed.inject(.xboxPad, [
                ev(100.25, "EV_KEY", "BTN_SOUTH", 1), syn(100.25), ev(100.3, "EV_KEY", "BTN_SOUTH", 0), syn(100.3),
                ev(100.5, "EV_KEY", "BTN_EAST", 1), syn(100.5), ev(100.6, "EV_KEY", "BTN_EAST", 0), syn(100.6),
                ev(100.7, "EV_ABS", "ABS_HAT0Y", -1), syn(100.7), ev(100.8, "EV_ABS", "ABS_HAT0Y", 0), syn(100.8),
                ev(100.9, "EV_ABS", "ABS_Y", 30000), syn(100.9), ev(101.0, "EV_ABS", "ABS_Y", 0), syn(101.0),
            ])
            #expect(try collect(adapter, count: 8) == [
                TimedInput(.switchDown(.next), at: .milliseconds(250)),      // BTN_SOUTH is b0: the entry's "b"
                TimedInput(.switchUp(.next), at: .milliseconds(300)),
                TimedInput(.switchDown(.select), at: .milliseconds(500)),    // BTN_EAST is b1: the entry's "a"
                TimedInput(.switchUp(.select), at: .milliseconds(600)),
                TimedInput(.switchDown(.previous), at: .milliseconds(700)),  // d-pad up: h0.1
                TimedInput(.switchUp(.previous), at: .milliseconds(800)),
                TimedInput(.switchDown(.next), at: .milliseconds(900)),      // left stick down: +lefty on a1
                TimedInput(.switchUp(.next), at: .milliseconds(1000)),
            ])
        }
    }
}
