import DeviceTestbed
import Foundation
import SwitchyardEngine
import Testing
@testable import InputDevices

/// Every test that builds a umockdev testbed lives in a suite nested here:
/// `.serialized` because `UMOCKDEV_DIR` is process-global. Without the
/// preload (or a pseudo-terminal) the suites are skipped, saying why; with
/// `SWITCHYARD_REQUIRE_UMOCKDEV=1` (`.ci/run`) they run and fail instead
/// (`Requirement.umockdev`).
typealias UmockdevTests = HardwareTests.Umockdev

/// Suites that touch process-wide state (umockdev's `UMOCKDEV_DIR`, the
/// preload's ioctl handling, terminals) run one at a time, apart from each other.
@Suite(.serialized) struct HardwareTests {
    @Suite(.serialized, .enabled(if: Requirement.umockdev.runs, Comment(rawValue: Requirement.umockdev.skipReason)))
    struct Umockdev {}
}

/// Test arguments show the fixture name (`switch-box`).
extension TestDevice: CustomTestStringConvertible {
    public var testDescription: String { rawValue }
}

/// A live session that began 1,000 s before `monotonicNow` (by default the
/// machine's `CLOCK_MONOTONIC` now), and the device time 100 s into it: the
/// live loop reads the events stamped there as past, so nothing waits for
/// real time. umockdev's nodes keep `CLOCK_REALTIME` (they refuse
/// `EVIOCSCLOCKID`), so the device stamps on a realtime clock a fixed
/// 1,700,000,000 s ahead of the monotonic one: the stamps are positive, as a
/// kernel's are, however young the machine. Booted less than 1,000 s ago,
/// the session began before the boot (a negative monotonic epoch), which
/// the clock and the device's timeline take as they take any other.
func sessionStartedLongAgo(monotonicNow: Int64 = SessionClock.startingNow().epochMicroseconds)
    -> (clock: SessionClock, deviceSeconds: Double) {
    let clock = SessionClock(epochMicroseconds: monotonicNow - 1_000_000_000, realtimeOffsetMicroseconds: 1_700_000_000_000_000)
    return (clock, Double(clock.epochMicroseconds + clock.realtimeOffsetMicroseconds) / 1_000_000 + 100)
}

/// Waits (bounded) until one of `fds` is readable; no sleeping.
func waitReadable(_ fds: [Int32], timeoutMilliseconds: Int32 = 2000) throws -> Set<Int32> {
    try Poll.readable(fds, timeoutMilliseconds: timeoutMilliseconds)
}

extension UmockdevTests {
    @Suite struct Enumeration {
        @Test func enumeratesEveryFixtureWithItsIdentityAndClassification() throws {
            let testbed = try Testbed()
            for d in TestDevice.allCases { try testbed.add(d) }
            let discovery = try DeviceDiscovery()
            let found = discovery.enumerate()
            #expect(found.map(\.devnode) == ["/dev/input/event20", "/dev/input/event21", "/dev/input/event22", "/dev/input/event23"])
            #expect(found.map(\.name) == ["Switchyard Test 2-Switch Box", "Switchyard Test USB Keyboard",
                                          "Microsoft X-Box 360 pad", "Switchyard Test Joystick Switch Interface"])
            #expect(found.map(\.id.description) == ["usb 1209:0001 v0100", "usb 1209:0003 v0110", "usb 045e:028e v0114", "usb 1209:0002 v0100"])
            #expect(found.map(\.classNames) == [["ID_INPUT_KEY"], ["ID_INPUT_KEY", "ID_INPUT_KEYBOARD"], ["ID_INPUT_JOYSTICK"], ["ID_INPUT_JOYSTICK"]])
            #expect(found.map(\.idPath) == ["pci-0000:00:14.0-usb-0:1:1.0", "pci-0000:00:14.0-usb-0:2:1.0",
                                            "pci-0000:00:14.0-usb-0:3:1.0", "pci-0000:00:14.0-usb-0:4:1.0"])
            #expect(found.map(\.syspath) == [
                "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-20/1-20:1.0/input/input20/event20",
                "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-21/1-21:1.0/input/input21/event21",
                "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-22/1-22:1.0/input/input22/event22",
                "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-23/1-23:1.0/input/input23/event23",
            ])
        }

        @Test(arguments: TestDevice.allCases)
        func libevdevOpensEachFixture(_ device: TestDevice) throws {
            let testbed = try Testbed()
            try testbed.add(device)
            let dev = try EvdevDevice(devnode: device.devnode)
            let fixture = try device.description()
            #expect(dev.name == fixture.name)
            #expect(dev.id == fixture.id)
            #expect(dev.capabilities.keys == fixture.capabilities.keys)
            #expect(dev.capabilities.absInfo == fixture.absInfo)
            dev.close()
        }
    }
}
