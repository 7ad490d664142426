import Glibc
import SwitchyardEngine

/// Real hardware through libudev + libevdev, with hotplug.
///
/// Devices with no matching profile are ignored. On `add`, the device is opened
/// (and grabbed) and `.deviceAdded(name)` is sent; on `remove` (the only
/// reliable unplug signal; see docs/hardware.md) held switches are released and
/// `.deviceRemoved(name)` follows. A read error of ENODEV is handled the same way.
public final class EvdevAdapter: InputAdapter {
    public static let kind = "evdev"
    public static let summary = "Linux input devices (/dev/input/event*) through libevdev, with udev hotplug"
    public static func make(_ options: AdapterOptions) throws(InputDeviceError) -> EvdevAdapter { try EvdevAdapter(options: options) }

    public let options: AdapterOptions
    public let discovery: DeviceDiscovery
    /// Open readers by syspath.
    public private(set) var readers: [String: EvdevReader] = [:]
    /// Per-device failures that did not stop the adapter (e.g. one node not readable).
    public private(set) var warnings: [InputDeviceError] = []
    /// Optional tap on every raw event (the `record` command).
    public var rawObserver: ((DeviceInfo, RawEvent) -> Void)?
    private var started = false

    /// Starts the udev monitor (before any enumeration).
    public init(options: AdapterOptions) throws(InputDeviceError) {
        self.options = options
        discovery = try DeviceDiscovery()
    }

    public func discover() throws(InputDeviceError) -> [DiscoveredDevice] {
        let all = discovery.enumerate()
        return all.filter { options.devnodes.isEmpty || options.devnodes.contains($0.devnode) }
            .map { DiscoveredDevice(info: $0, match: options.match($0)) }
    }

    /// Opens every device with a profile (or the ones asked for). Devices
    /// present when the session starts are added at its start, instant 0,
    /// as a replay adds its device.
    /// - Throws: with none opened (and not `waitForDevices`): the first
    ///   device's own error, else why the asked-for node is unusable, else
    ///   `.noDevicesFound`.
    public func start(clock: SessionClock) throws(InputDeviceError) -> [TimedInput] {
        started = true
        let found = try discover()
        var out: [TimedInput] = []
        for d in found { out += open(d, at: .zero, clock: clock) }
        if readers.isEmpty && !options.waitForDevices {
            if let first = warnings.first { throw first }
            for node in options.devnodes {
                guard let d = found.first(where: { $0.info.devnode == node }) else {
                    throw system_access(node, F_OK) == 0 ? InputDeviceError.notAnInputDevice(devnode: node) : .noSuchDevice(devnode: node)
                }
                if d.match == nil { throw InputDeviceError.noProfile(devnode: node, name: d.info.name) }
            }
            throw InputDeviceError.noDevicesFound
        }
        return out
    }

    public var pollDescriptors: [Int32] { [discovery.fd] + readers.values.map(\.fd).sorted() }
    public var nextWakeup: Instant? { nil }
    public var isFinished: Bool { false }

    public func service(readable: Set<Int32>, now: Instant, clock: SessionClock) throws(InputDeviceError) -> [TimedInput] {
        var out: [TimedInput] = []
        if readable.contains(discovery.fd) {
            for event in discovery.receive() {
                switch event {
                case .added(let info):
                    guard options.devnodes.isEmpty || options.devnodes.contains(info.devnode) else { continue }
                    out += open(DiscoveredDevice(info: info, match: options.match(info)), at: now, clock: clock)
                case .removed(let info):
                    out += close(syspath: info.syspath, at: now)
                }
            }
        }
        for (syspath, reader) in readers.sorted(by: { $0.key < $1.key }) where readable.contains(reader.fd) {
            do {
                out += try reader.readAvailable(clock: clock, now: now)
            } catch .deviceGone {
                out += close(syspath: syspath, at: now)
            }
        }
        return out.sorted { $0.time < $1.time }
    }

    /// Releases what is held on every open device and removes it, in node order.
    public func finish(at instant: Instant) -> [TimedInput] {
        var out: [TimedInput] = []
        for (_, r) in readers.sorted(by: { $0.value.info.devnode < $1.value.info.devnode }) {
            out += r.releaseAll(at: instant) + [TimedInput(.deviceRemoved(r.info.name), at: instant)]
        }
        return out
    }

    /// Ungrabs and closes every device. Idempotent.
    public func stop() {
        for r in readers.values { r.device.close() }
        readers.removeAll()
    }

    deinit { stop() }

    /// Opens (and grabs) a device. `rawObserver` gets an empty frame
    /// (`SYN_REPORT`) at the instant it opened, then its events: a
    /// recording thus knows the devices that send nothing.
    private func open(_ d: DiscoveredDevice, at now: Instant, clock: SessionClock) -> [TimedInput] {
        guard let match = d.match, readers[d.info.syspath] == nil else { return [] }
        do {
            let reader = try EvdevReader(info: d.info, match: match)
            if options.grab { try reader.device.grab() }
            if let observer = rawObserver {
                observer(d.info, clock.stamped(RawEvent(seconds: 0, microseconds: 0, type: EventType.syn, code: EventType.synReport, value: 0), at: now))
                reader.rawObserver = { observer(d.info, $0) }
            }
            readers[d.info.syspath] = reader
            return [TimedInput(.deviceAdded(d.info.name), at: now)]
        } catch {
            warnings.append(error)
            return []
        }
    }

    private func close(syspath: String, at now: Instant) -> [TimedInput] {
        guard let r = readers.removeValue(forKey: syspath) else { return [] }
        let released = r.releaseAll(at: now)
        r.device.close()
        return released + [TimedInput(.deviceRemoved(r.info.name), at: now)]
    }
}
