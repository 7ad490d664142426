/// A libudev context. Not `Sendable`: libudev objects are single-threaded.
public final class UdevContext {
    let handle: OpaquePointer

    /// Creates a context. The corresponding C function is `udev_new`.
    public init() throws(InputDeviceError) {
        guard let u = system_udev_new() else { throw .udevUnavailable(.current) }
        handle = u
    }
    deinit { system_udev_unref(handle) }

    /// Syspaths of every device in `subsystem`. The corresponding C functions are
    /// `udev_enumerate_new`, `udev_enumerate_add_match_subsystem` and `udev_enumerate_scan_devices`.
    public func syspaths(subsystem: String) -> [String] {
        guard let e = system_udev_enumerate_new(handle) else { return [] }
        defer { system_udev_enumerate_unref(e) }
        _ = system_udev_enumerate_add_match_subsystem(e, subsystem)
        _ = system_udev_enumerate_scan_devices(e)
        return system_udev_enumerate_syspaths(e)
    }

    /// A snapshot of the device at `syspath`, or nil if it vanished.
    /// The corresponding C function is `udev_device_new_from_syspath`.
    public func device(syspath: String) -> UdevDeviceSnapshot? {
        guard let d = system_udev_device_new_from_syspath(handle, syspath) else { return nil }
        defer { system_udev_device_unref(d) }
        return UdevDeviceSnapshot(d)
    }
}

/// What discovery needs from one udev device, copied out so no libudev
/// object outlives the call.
public struct UdevDeviceSnapshot: Hashable, Sendable {
    public var syspath: String
    public var sysname: String
    public var devnode: String?
    /// `add`, `remove`, `change`, `bind`… for monitor events; nil from enumeration.
    public var action: String?
    public var properties: [String: String]
    /// Sysattrs of the `input` parent: `name`, `uniq`, `phys`, `id/*`, `capabilities/*`.
    public var parentAttributes: [String: String]
    /// Properties of the `input` parent (`PRODUCT`, `NAME`).
    public var parentProperties: [String: String]

    static let parentAttributeNames = [
        "name", "uniq", "phys", "id/bustype", "id/vendor", "id/product", "id/version",
        "capabilities/ev", "capabilities/key", "capabilities/abs", "capabilities/rel",
    ]

    init(_ d: OpaquePointer) {
        syspath = system_udev_device_get_syspath(d) ?? ""
        sysname = system_udev_device_get_sysname(d) ?? ""
        devnode = system_udev_device_get_devnode(d)
        action = system_udev_device_get_action(d)
        properties = system_udev_device_properties(d)
        var attrs: [String: String] = [:]
        var parentProps: [String: String] = [:]
        if let parent = system_udev_device_get_input_parent(d) {
            for key in Self.parentAttributeNames {
                if let v = system_udev_device_get_sysattr_value(parent, key) { attrs[key] = v }
            }
            parentProps = system_udev_device_properties(parent)
        }
        parentAttributes = attrs
        parentProperties = parentProps
    }
}

/// A udev hotplug monitor on the processed ("udev") netlink stream, filtered
/// to subsystem `input`. Poll `fd` for `POLLIN`, then call `receive()`.
public final class UdevMonitor {
    let handle: OpaquePointer
    /// Keeps the context alive as long as the monitor.
    let context: UdevContext

    /// Creates and starts the monitor. The corresponding C functions are
    /// `udev_monitor_new_from_netlink`, `udev_monitor_filter_add_match_subsystem_devtype` and `udev_monitor_enable_receiving`.
    public init(context: UdevContext, subsystem: String = "input") throws(InputDeviceError) {
        guard let m = system_udev_monitor_new_from_netlink(context.handle, "udev") else {
            throw .udevUnavailable(.current)
        }
        self.context = context
        handle = m
        _ = system_udev_monitor_filter_add_match_subsystem_devtype(m, subsystem)
        let rc = system_udev_monitor_enable_receiving(m)
        if rc < 0 { throw .udevUnavailable(Errno(rawValue: -rc)) }
    }
    deinit { system_udev_monitor_unref(handle) }

    /// The monitor socket. The corresponding C function is `udev_monitor_get_fd`.
    public var fd: Int32 { system_udev_monitor_get_fd(handle) }

    /// The next queued event, or nil when none is waiting (the socket is non-blocking).
    /// The corresponding C function is `udev_monitor_receive_device`.
    public func receive() -> UdevDeviceSnapshot? {
        guard let d = system_udev_monitor_receive_device(handle) else { return nil }
        defer { system_udev_device_unref(d) }
        return UdevDeviceSnapshot(d)
    }
}
