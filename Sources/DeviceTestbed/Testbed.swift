import CLibevdev
import CUMockdev
import Diagnostics
import Foundation
import InputDevices
import SwitchyardEngine

/// An in-process umockdev testbed (the one file that calls libumockdev; shared
/// by `InputDevicesTests` and `switchyard-bench`).
///
/// `UMOCKDEV_DIR` is process-global, so every suite using a testbed is nested
/// in the `.serialized` `UmockdevTests` suite. Needs the preload: run under
/// `umockdev-wrapper`; without it the suites are skipped, saying why
/// (`Requirement.umockdev`).
public final class Testbed {
    /// Whether `LD_PRELOAD` carries umockdev's preload library.
    public static var isPreloaded: Bool { ProcessInfo.processInfo.environment["LD_PRELOAD"]?.contains("umockdev-preload") ?? false }
    public static let skipMessage = "needs umockdev's preload: run `umockdev-wrapper swift test --skip-build --filter InputDevicesTests`"

    private let handle: OpaquePointer
    /// The generated `.ioctl` files.
    private let scratch: TemporaryDirectory

    /// Creates the testbed, then asks `umockdev_in_mock_environment` (which caches its first answer).
    public init() throws {
        scratch = try TemporaryDirectory(prefix: "switchyard-testbed")
        guard let tb = umockdev_testbed_new() else { throw Diagnostic(.error, "umockdev_testbed_new failed") }
        guard umockdev_in_mock_environment() != 0 else {
            g_object_unref(UnsafeMutableRawPointer(tb))
            throw Diagnostic(.error, "not in a umockdev environment: LD_PRELOAD lacks umockdev's preload; run the tests under umockdev-wrapper")
        }
        handle = tb
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// Current event number of each plugged device.
    private var numbers: [TestDevice: Int] = [:]

    /// The node a device has now (`/dev/input/eventN`).
    public func devnode(_ device: TestDevice) -> String { "/dev/input/event\(numbers[device] ?? device.eventNumber)" }

    /// Adds a fixture device (sends `add` uevents) and loads its ioctl answers. Returns its event syspath.
    ///
    /// - Parameter number: the event number; a re-plug needs a new one, as on a
    ///   real kernel (umockdev 0.17 also keeps the old node's fd after removal).
    @discardableResult
    public func add(_ device: TestDevice, number: Int? = nil) throws -> String {
        let number = number ?? device.eventNumber
        numbers[device] = number
        let devnode = devnode(device)
        let d = try device.description()
        let ioctlFile = scratch.url.appendingPathComponent("\(device.rawValue).ioctl")
        try FixtureGenerator.ioctl(d, number: number).write(to: ioctlFile, atomically: true, encoding: .utf8)
        var error: UnsafeMutablePointer<GError>?
        guard umockdev_testbed_add_from_string(handle, FixtureGenerator.umockdev(d, number: number), &error) != 0 else {
            throw Diagnostic(.error, "umockdev_testbed_add_from_string: " + Self.message(error), at: SourceLocation(file: device.fixturePath))
        }
        guard umockdev_testbed_load_ioctl(handle, devnode, ioctlFile.path, &error) != 0 else {
            throw Diagnostic(.error, "umockdev_testbed_load_ioctl: " + Self.message(error), at: SourceLocation(file: devnode))
        }
        return FixtureGenerator.udevSyspath(FixtureGenerator.eventSyspath(number))
    }

    /// Unplugs: `remove` uevents (event node, then parent) and removal from sysfs.
    public func remove(_ device: TestDevice) {
        let number = numbers[device] ?? device.eventNumber
        let event = FixtureGenerator.udevSyspath(FixtureGenerator.eventSyspath(number))
        let input = FixtureGenerator.udevSyspath(FixtureGenerator.inputSyspath(number))
        umockdev_testbed_uevent(handle, event, "remove")
        umockdev_testbed_uevent(handle, input, "remove")
        umockdev_testbed_remove_device(handle, event)
        umockdev_testbed_remove_device(handle, input)
    }

    /// Writes kernel events to the device's node, as the kernel would.
    public func inject(_ device: TestDevice, _ events: [RawEvent]) throws {
        let fd = umockdev_testbed_get_dev_fd(handle, devnode(device))
        guard fd >= 0 else { throw Diagnostic(.error, "the testbed has no device fd for this node", at: SourceLocation(file: devnode(device))) }
        for e in events {
            var ev = input_event()
            ev.time.tv_sec = Int(e.seconds)
            ev.time.tv_usec = Int(e.microseconds)
            ev.type = e.type
            ev.code = e.code
            ev.value = e.value
            let n = withUnsafeBytes(of: &ev) { write(fd, $0.baseAddress, $0.count) }
            guard n == MemoryLayout<input_event>.size else {
                throw Diagnostic(.error, "short write (\(n) of \(MemoryLayout<input_event>.size) bytes)", at: SourceLocation(file: devnode(device)))
            }
        }
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }
}

/// Builds raw events: `ev(1.25, "EV_KEY", "KEY_SPACE", 1)`; names resolved by libevdev.
public func ev(_ seconds: Double, _ type: String, _ code: String, _ value: Int32) -> RawEvent {
    let t = EventCodes.type(named: type)!
    let us = Interval.seconds(seconds).microseconds
    return RawEvent(seconds: us / 1_000_000, microseconds: us % 1_000_000, type: t, code: EventCodes.code(named: code, type: t)!, value: value)
}
/// `SYN_REPORT` at `seconds`.
public func syn(_ seconds: Double) -> RawEvent { ev(seconds, "EV_SYN", "SYN_REPORT", 0) }
