/// (bus, vendor, product, version) as EVIOCGID reports them; the key SDL and
/// our profiles match on.
public struct DeviceID: Hashable, Sendable, CustomStringConvertible {
    public var bus: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16
    public init(bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.version = version
    }
    /// `usb 045e:028e v0114`.
    public var description: String { "\(busName) \(hex4(vendor)):\(hex4(product)) v\(hex4(version))" }
    /// udev's `ID_BUS` spelling for the bus type: `usb`, `bluetooth`, `i8042`…
    public var busName: String { DeviceID.busNames[bus] ?? "bus-\(hex4(bus))" }
    static let busNames: [UInt16: String] = [
        0x01: "pci", 0x03: "usb", 0x05: "bluetooth", 0x06: "virtual", 0x10: "isa", 0x11: "i8042",
        0x18: "i2c", 0x19: "host", 0x1c: "spi",
    ]
}

/// Lower-case, zero-padded 4-digit hex, as udev writes `ID_VENDOR_ID`.
func hex4(_ v: UInt16) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: 4 - s.count) + s
}

/// udev's classification of an input device (set by its `input_id` builtin).
public enum DeviceClass: String, CaseIterable, Hashable, Sendable, Comparable {
    case key = "ID_INPUT_KEY"
    case keyboard = "ID_INPUT_KEYBOARD"
    case joystick = "ID_INPUT_JOYSTICK"
    case mouse = "ID_INPUT_MOUSE"
    case touchpad = "ID_INPUT_TOUCHPAD"
    case touchscreen = "ID_INPUT_TOUCHSCREEN"
    case tablet = "ID_INPUT_TABLET"
    case accelerometer = "ID_INPUT_ACCELEROMETER"
    case pointingStick = "ID_INPUT_POINTINGSTICK"
    /// Lid and tablet-mode switches: NOT assistive switches.
    case lidSwitch = "ID_INPUT_SWITCH"
    public static func < (a: DeviceClass, b: DeviceClass) -> Bool { a.rawValue < b.rawValue }
}

/// Which event types and codes a device sends.
public struct DeviceCapabilities: Hashable, Sendable {
    public var eventTypes: Set<UInt16> = []
    public var keys: Set<UInt16> = []
    public var absAxes: Set<UInt16> = []
    public var relAxes: Set<UInt16> = []
    /// Axis ranges, where known (libevdev or evemu `A:` lines; udev has none).
    public var absInfo: [UInt16: AbsInfo] = [:]
    public init() {}

    mutating func insert(type: UInt16, code: UInt16) {
        eventTypes.insert(type)
        switch type {
        case EventType.key: keys.insert(code)
        case EventType.abs: absAxes.insert(code)
        case EventType.rel: relAxes.insert(code)
        default: break
        }
    }

    /// Parses a sysfs `capabilities/*` value: space-separated hex longs, most
    /// significant first, 64 bits each. Returns the set bit numbers.
    static func bits(fromSysfs text: String) -> Set<UInt16> {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).reversed()
        var out: Set<UInt16> = []
        for (index, word) in words.enumerated() where index < 16 {   // 1024 bits: more than KEY_MAX
            guard let v = UInt64(word, radix: 16) else { continue }
            for bit in 0..<64 where v & (1 << UInt64(bit)) != 0 { out.insert(UInt16(index * 64 + bit)) }
        }
        return out
    }

    /// The sysfs text for a set of bits (inverse of `bits(fromSysfs:)`), as the kernel prints it.
    public static func sysfsText(bits: Set<UInt16>) -> String {
        guard let top = bits.max() else { return "0" }
        let count = Int(top) / 64 + 1
        var words = [UInt64](repeating: 0, count: count)
        for b in bits { words[Int(b) / 64] |= 1 << UInt64(b % 64) }
        return words.reversed().enumerated().map { i, w in i == 0 ? String(w, radix: 16) : String(format16(w)) }.joined(separator: " ")
    }
    private static func format16(_ w: UInt64) -> String {
        let s = String(w, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}

/// One input device node as discovery sees it: identity, udev classification,
/// capabilities. Built from libudev (`DeviceDiscovery`) or from an evemu
/// description (`DeviceInfo(evemu:)`), so recordings carry their profile match.
public struct DeviceInfo: Hashable, Sendable, CustomStringConvertible {
    /// sysfs path, unique per plugged device; discovery dedupes by it.
    public var syspath: String
    /// `/dev/input/event7`.
    public var devnode: String
    /// Kernel name (`name` sysattr of the input parent).
    public var name: String
    public var id: DeviceID
    /// udev `ID_PATH`: the stable port path that tells identical units apart.
    public var idPath: String?
    /// Serial / unique id (`uniq` sysattr), if any.
    public var uniq: String?
    public var classes: Set<DeviceClass>
    public var capabilities: DeviceCapabilities
    /// All udev properties of the event node.
    public var properties: [String: String]

    public init(syspath: String, devnode: String, name: String, id: DeviceID, idPath: String? = nil, uniq: String? = nil,
                classes: Set<DeviceClass>, capabilities: DeviceCapabilities = DeviceCapabilities(),
                properties: [String: String] = [:]) {
        self.syspath = syspath
        self.devnode = devnode
        self.name = name
        self.id = id
        self.idPath = idPath
        self.uniq = uniq
        self.classes = classes
        self.capabilities = capabilities
        self.properties = properties
    }

    /// Classification names sorted: `ID_INPUT_JOYSTICK,ID_INPUT_KEY`.
    public var classNames: [String] { classes.sorted().map(\.rawValue) }

    /// `/dev/input/event7  usb 045e:028e v0114  "Xbox pad"  ID_INPUT_JOYSTICK`.
    public var description: String {
        "\(devnode)  \(id)  \"\(name)\"  \(classNames.joined(separator: ","))"
    }
}

/// A simplified copy of udev's `input_id` rules, for devices that come from a
/// recording rather than udev (evemu replay) and for building test fixtures.
public enum InputClassifier {
    /// The classes udev would give a device with these capabilities.
    public static func classify(_ caps: DeviceCapabilities) -> Set<DeviceClass> {
        var out: Set<DeviceClass> = []
        let keys = caps.keys
        // ID_INPUT_KEY: any key below BTN_MISC or in the KEY_OK (0x160) and up block (below BTN_DPAD/TRIGGER_HAPPY).
        if keys.contains(where: { ($0 >= 1 && $0 < 0x100) || ($0 >= 0x160 && $0 < 0x220) || ($0 >= 0x230 && $0 < 0x2c0) }) {
            out.insert(.key)
        }
        // ID_INPUT_KEYBOARD: all of KEY_ESC (1) ... KEY_D (31).
        if (1...31).allSatisfy({ keys.contains(UInt16($0)) }) { out.insert(.keyboard) }
        let joystickButtons = keys.contains { ($0 >= 0x120 && $0 < 0x140) || ($0 >= 0x2c0 && $0 <= 0x2e7) || ($0 >= 0x220 && $0 <= 0x223) }
        let hasXY = caps.absAxes.contains(0x00) && caps.absAxes.contains(0x01)
        let mouseButton = keys.contains(0x110)
        if caps.relAxes.contains(0x00) && caps.relAxes.contains(0x01) && mouseButton { out.insert(.mouse) }
        if joystickButtons || (hasXY && !mouseButton && !keys.contains(0x14a)) { out.insert(.joystick) }
        if hasXY && keys.contains(0x14a) && keys.contains(0x145) { out.insert(.touchpad) }
        return out
    }
}
