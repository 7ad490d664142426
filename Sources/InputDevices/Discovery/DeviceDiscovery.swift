/// What a hotplug event did to the set of known devices.
public enum HotplugEvent: Hashable, Sendable {
    case added(DeviceInfo)
    case removed(DeviceInfo)
}

/// Finds evdev input devices through libudev and follows hotplug.
///
/// The monitor starts in `init`, BEFORE `enumerate()` scans, so a device
/// plugged in between the two is not missed; events are deduplicated by
/// syspath (an `add` for a device already known is ignored, a `remove` for an
/// unknown one too).
public final class DeviceDiscovery {
    public let context: UdevContext
    public let monitor: UdevMonitor
    /// Known devices by syspath.
    public private(set) var known: [String: DeviceInfo] = [:]

    /// Creates the udev context and starts the monitor.
    public init() throws(InputDeviceError) {
        context = try UdevContext()
        monitor = try UdevMonitor(context: context)
    }

    /// The monitor fd to poll for hotplug.
    public var fd: Int32 { monitor.fd }

    /// Scans subsystem `input` and returns every `event*` node with a devnode,
    /// sorted by devnode. Also records them as known.
    public func enumerate() -> [DeviceInfo] {
        var found: [DeviceInfo] = []
        for path in context.syspaths(subsystem: "input") {
            guard let snap = context.device(syspath: path), let info = DeviceInfo(udev: snap) else { continue }
            known[info.syspath] = info
            found.append(info)
        }
        return found.sorted { $0.devnode.localizedStandardCompare($1.devnode) == .orderedAscending }
    }

    /// Drains the monitor and returns what changed, in arrival order.
    public func receive() -> [HotplugEvent] {
        var events: [HotplugEvent] = []
        while let snap = monitor.receive() {
            switch snap.action {
            case "add"?:
                guard known[snap.syspath] == nil, let info = DeviceInfo(udev: snap) else { continue }
                known[info.syspath] = info
                events.append(.added(info))
            case "remove"?:
                guard let info = known.removeValue(forKey: snap.syspath) else { continue }
                events.append(.removed(info))
            default:
                continue
            }
        }
        return events
    }
}

import Foundation

extension DeviceInfo {
    /// Builds the info for an `event*` node with a devnode; nil for anything
    /// else (the `inputN` parent, legacy `js*`/`mouse*` nodes).
    public init?(udev snap: UdevDeviceSnapshot) {
        guard snap.sysname.hasPrefix("event"), let node = snap.devnode, node.hasPrefix("/dev/input/event") else { return nil }
        let attrs = snap.parentAttributes
        func attrHex(_ key: String) -> UInt16? {
            attrs[key].flatMap { UInt16($0.trimmingCharacters(in: .whitespacesAndNewlines), radix: 16) }
        }
        // PRODUCT=3/45e/28e/114 on the input parent, used when sysattrs are missing.
        let product = (snap.parentProperties["PRODUCT"] ?? snap.properties["PRODUCT"])?
            .split(separator: "/").map { UInt16($0, radix: 16) }
        func fromProduct(_ i: Int) -> UInt16? { product.flatMap { $0.count == 4 ? $0[i] : nil } }
        let props = snap.properties
        let id = DeviceID(
            bus: attrHex("id/bustype") ?? fromProduct(0) ?? DeviceID.busNames.first { $0.value == props["ID_BUS"] }?.key ?? 0,
            vendor: attrHex("id/vendor") ?? fromProduct(1) ?? props["ID_VENDOR_ID"].flatMap { UInt16($0, radix: 16) } ?? 0,
            product: attrHex("id/product") ?? fromProduct(2) ?? props["ID_MODEL_ID"].flatMap { UInt16($0, radix: 16) } ?? 0,
            version: attrHex("id/version") ?? fromProduct(3) ?? 0)
        var caps = DeviceCapabilities()
        for (key, type) in [("capabilities/ev", UInt16.max), ("capabilities/key", EventType.key),
                            ("capabilities/abs", EventType.abs), ("capabilities/rel", EventType.rel)] {
            guard let text = attrs[key] else { continue }
            let bits = DeviceCapabilities.bits(fromSysfs: text)
            if type == .max { caps.eventTypes.formUnion(bits) } else { for b in bits { caps.insert(type: type, code: b) } }
        }
        let uniq = attrs["uniq"]?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.init(
            syspath: snap.syspath, devnode: node,
            name: attrs["name"]?.trimmingCharacters(in: .newlines)
                ?? snap.parentProperties["NAME"]?.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) ?? snap.sysname,
            id: id, idPath: props["ID_PATH"], uniq: (uniq?.isEmpty ?? true) ? nil : uniq,
            classes: Set(DeviceClass.allCases.filter { props[$0.rawValue] == "1" }),
            capabilities: caps, properties: props)
    }
}
