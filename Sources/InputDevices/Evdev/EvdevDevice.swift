import CLibevdev
import Glibc

/// An open evdev node with a libevdev context.
///
/// Not `Sendable`: libevdev contexts are single-threaded. Owned by one reader
/// on the live-loop thread. `close()` ungrabs (if grabbed), frees libevdev and
/// closes the fd; `deinit` does the same if the owner forgot.
public final class EvdevDevice {
    /// The node this was opened from, e.g. `/dev/input/event7`.
    public let devnode: String
    /// The file descriptor (non-blocking, close-on-exec); poll it for `POLLIN`.
    public private(set) var fd: Int32
    private var handle: OpaquePointer?
    /// Whether `grab()` succeeded and `ungrab()` has not run yet.
    public private(set) var isGrabbed = false

    /// Opens `devnode` read-only, non-blocking, and reads its description.
    /// The corresponding C functions are `open` and `libevdev_new_from_fd`.
    public init(devnode: String) throws(InputDeviceError) {
        self.devnode = devnode
        let fd: Int32
        do {
            fd = try valueOrErrno { system_open(devnode, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        } catch {
            throw InputDeviceError.from(error, operation: "open", devnode: devnode)
        }
        var dev: OpaquePointer?
        do {
            _ = try valueOrNegatedErrno(system_libevdev_new_from_fd(fd, &dev))
        } catch {
            _ = system_close(fd)
            throw InputDeviceError.from(error, operation: "libevdev_new_from_fd", devnode: devnode)
        }
        guard let dev else { preconditionFailure("libevdev_new_from_fd returned 0 without a device") }
        self.fd = fd
        self.handle = dev
    }

    deinit { close() }

    private var dev: OpaquePointer {
        guard let handle else { preconditionFailure("EvdevDevice \(devnode) used after close()") }
        return handle
    }

    // MARK: - Identity

    /// The kernel name. The corresponding C function is `libevdev_get_name`.
    public var name: String { system_libevdev_get_name(dev) }
    /// Physical path, if any. The corresponding C function is `libevdev_get_phys`.
    public var phys: String? { system_libevdev_get_phys(dev) }
    /// Unique id (serial), if any. The corresponding C function is `libevdev_get_uniq`.
    public var uniq: String? { system_libevdev_get_uniq(dev) }
    /// (bus, vendor, product, version) from EVIOCGID. The corresponding C functions are `libevdev_get_id_*`.
    public var id: DeviceID {
        DeviceID(bus: UInt16(truncatingIfNeeded: system_libevdev_get_id_bustype(dev)),
                 vendor: UInt16(truncatingIfNeeded: system_libevdev_get_id_vendor(dev)),
                 product: UInt16(truncatingIfNeeded: system_libevdev_get_id_product(dev)),
                 version: UInt16(truncatingIfNeeded: system_libevdev_get_id_version(dev)))
    }
    /// Whether the device sends `type`. The corresponding C function is `libevdev_has_event_type`.
    public func has(type: UInt16) -> Bool { system_libevdev_has_event_type(dev, UInt32(type)) }
    /// Whether the device sends (`type`, `code`). The corresponding C function is `libevdev_has_event_code`.
    public func has(type: UInt16, code: UInt16) -> Bool { system_libevdev_has_event_code(dev, UInt32(type), UInt32(code)) }
    /// Axis info for an `EV_ABS` code, or nil. The corresponding C function is `libevdev_get_abs_info`.
    public func absInfo(_ code: UInt16) -> AbsInfo? {
        guard let a = system_libevdev_get_abs_info(dev, UInt32(code)) else { return nil }
        return AbsInfo(value: a.value, minimum: a.minimum, maximum: a.maximum, fuzz: a.fuzz, flat: a.flat, resolution: a.resolution)
    }
    /// Current value libevdev holds for (`type`, `code`). The corresponding C function is `libevdev_get_event_value`.
    public func value(type: UInt16, code: UInt16) -> Int32 { system_libevdev_get_event_value(dev, UInt32(type), UInt32(code)) }

    /// Capabilities as read through libevdev.
    public var capabilities: DeviceCapabilities {
        var caps = DeviceCapabilities()
        for type in [EventType.key, EventType.rel, EventType.abs, EventType.msc, EventType.sw, EventType.led, EventType.rep, EventType.ff]
        where has(type: type) {
            caps.eventTypes.insert(type)
            guard let max = EventCodes.maxCode(type: type) else { continue }
            for code in 0...max where has(type: type, code: code) { caps.insert(type: type, code: code) }
        }
        for code in caps.absAxes { if let info = absInfo(code) { caps.absInfo[code] = info } }
        return caps
    }

    // MARK: - Reading

    /// What `next(_:)` returned.
    public enum ReadResult: Hashable, Sendable {
        /// A normal event.
        case event(RawEvent)
        /// A sync event: `SYN_DROPPED` was seen, or (with `.sync`) one delta of the resync.
        case sync(RawEvent)
        /// Nothing queued (`-EAGAIN`): poll the fd.
        case drained
    }

    /// Read flags. The corresponding C enum is `libevdev_read_flag`.
    public enum ReadFlags: Sendable {
        case normal, sync
        var rawValue: UInt32 {
            switch self {
            case .normal: return LIBEVDEV_READ_FLAG_NORMAL.rawValue
            case .sync: return LIBEVDEV_READ_FLAG_SYNC.rawValue
            }
        }
    }

    /// Reads one event. `-EAGAIN` means "drained". The corresponding C function is `libevdev_next_event`.
    public func next(_ flags: ReadFlags = .normal) throws(Errno) -> ReadResult {
        var ev = input_event()
        let rc = system_libevdev_next_event(dev, flags.rawValue, &ev)
        let raw = RawEvent(seconds: Int64(ev.time.tv_sec), microseconds: Int64(ev.time.tv_usec),
                           type: ev.type, code: ev.code, value: ev.value)
        switch rc {
        case Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue): return .event(raw)
        case Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue): return .sync(raw)
        case -EAGAIN: return .drained
        default: _ = try valueOrNegatedErrno(rc); throw Errno(rawValue: EIO)   // rc ≥ 2: not a libevdev status
        }
    }

    /// What `drain(_:)` hands on, in the order it was read.
    public enum Drained: Hashable, Sendable {
        /// An event as the device sent it.
        case event(RawEvent)
        /// `SYN_DROPPED` itself: the client buffer overflowed, and the frame
        /// it damaged is lost (the events since the last `SYN_REPORT` are to
        /// be discarded; libevdev discards the rest of the frame).
        case dropped(RawEvent)
        /// One event of the resync after `SYN_DROPPED`: a change between
        /// the state the events told and the device's state now (a release
        /// lost in the overflow), then the `SYN_REPORT` that ends them.
        case resync(RawEvent)
        /// The resync is over (libevdev answered `-EAGAIN` in sync mode).
        case resynced
    }

    /// Reads every queued event, in order, until the device is drained
    /// (`-EAGAIN`): poll `fd` again after it. After `SYN_DROPPED` it does
    /// libevdev's documented resync, reading with `LIBEVDEV_READ_FLAG_SYNC`
    /// until `-EAGAIN`, so every change the overflow hid reaches `body`
    /// (read in normal mode instead, libevdev would drop them). The one
    /// read loop of the live reader and the recorder.
    /// - Parameter body: each event, `SYN_DROPPED` and resync event as read.
    public func drain(_ body: (Drained) -> Void) throws(Errno) {
        while true {
            switch try next(.normal) {
            case .drained:
                return
            case .event(let e):
                body(.event(e))
            case .sync(let dropped):
                body(.dropped(dropped))
                resync: while true {
                    switch try next(.sync) {
                    case .sync(let e): body(.resync(e))
                    case .event(let e): body(.event(e))   // libevdev returns none in sync mode; kept in order if it did
                    case .drained: break resync
                    }
                }
                body(.resynced)
            }
        }
    }

    // MARK: - Control

    /// Asks the kernel for `CLOCK_MONOTONIC` timestamps. Returns false when the
    /// node refuses (umockdev does not emulate `EVIOCSCLOCKID`); timestamps then
    /// stay on the kernel default clock. The corresponding C function is `libevdev_set_clock_id`.
    @discardableResult
    public func useMonotonicClock() -> Bool { system_libevdev_set_clock_id(dev, CLOCK_MONOTONIC) == 0 }

    /// Takes exclusive access so presses don't also reach the desktop.
    /// Throws `.grabBusy` when another process holds it. The corresponding C function is `libevdev_grab`.
    public func grab() throws(InputDeviceError) {
        do { _ = try valueOrNegatedErrno(system_libevdev_grab(dev, true)) } catch {
            throw InputDeviceError.from(error, operation: "grab", devnode: devnode)
        }
        isGrabbed = true
    }

    /// Releases the grab; harmless when not grabbed. The corresponding C function is `libevdev_grab`.
    public func ungrab() {
        guard isGrabbed, let handle else { return }
        _ = system_libevdev_grab(handle, false)
        isGrabbed = false
    }

    /// Ungrabs, frees libevdev and closes the fd. Idempotent. The corresponding C functions are `libevdev_free` and `close`.
    public func close() {
        ungrab()
        if let handle { system_libevdev_free(handle) }
        handle = nil
        if fd >= 0 { _ = system_close(fd) }
        fd = -1
    }
}
