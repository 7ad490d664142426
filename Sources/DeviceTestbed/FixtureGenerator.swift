import Foundation
import InputDevices

/// Turns an evemu device description into what umockdev needs: a `.umockdev`
/// sysfs/udev description (event node + input parent) and an `.ioctl` file
/// answering exactly the requests libevdev 1.13 makes, with its buffer sizes
/// (GBIT(0) 8, GNAME 255, GID, GVERSION, GPROP 8, GBIT(type) 8/96/16, GKEY 96,
/// GLED 8, GSW 8, GABS(n), GREP with EV_REP). GPHYS/GUNIQ are left out:
/// libevdev reads ENOENT as "no value". No EVIOCGRAB line (umockdev answers it).
public enum FixtureGenerator {
    public static let usbParent = "/devices/pci0000:00/0000:00:14.0/usb1"

    /// sysfs path of the `inputN` parent.
    public static func inputSyspath(_ number: Int) -> String { "\(usbParent)/1-\(number)/1-\(number):1.0/input/input\(number)" }
    /// sysfs path of the `eventN` node.
    public static func eventSyspath(_ number: Int) -> String { inputSyspath(number) + "/event\(number)" }
    /// The syspath udev reports (and umockdev's uevent/remove take): with `/sys`.
    public static func udevSyspath(_ path: String) -> String { "/sys" + path }

    /// The `.umockdev` text: the `eventN` node block, a blank line, the `inputN` parent block.
    public static func umockdev(_ d: EvemuDescription, number: Int) -> String {
        let minor = 64 + number
        var ev = "P: \(eventSyspath(number))\nN: input/event\(number)\n"
        ev += "E: DEVNAME=/dev/input/event\(number)\nE: MAJOR=13\nE: MINOR=\(minor)\nE: SUBSYSTEM=input\n"
        for (k, v) in d.udevProperties { ev += "E: \(k)=\(v)\n" }
        ev += "A: dev=13:\(minor)\\n\n"
        let caps = d.capabilities
        var parent = "P: \(inputSyspath(number))\nE: SUBSYSTEM=input\n"
        parent += "E: PRODUCT=\(String(d.id.bus, radix: 16))/\(String(d.id.vendor, radix: 16))/\(String(d.id.product, radix: 16))/\(String(d.id.version, radix: 16))\n"
        parent += "E: NAME=\"\(d.name)\"\n"
        parent += "A: name=\(d.name)\\n\nA: phys=usb-0000:00:14.0-\(number)/input0\\n\nA: uniq=\\n\nA: properties=0\\n\n"
        let sets: [(String, Set<UInt16>)] = [
            ("ev", d.eventTypes), ("key", caps.keys), ("abs", caps.absAxes), ("rel", caps.relAxes),
            ("msc", d.codes[EventType.msc] ?? []), ("led", d.codes[EventType.led] ?? []), ("sw", []), ("ff", []), ("snd", []),
        ]
        for (name, bits) in sets { parent += "A: capabilities/\(name)=\(DeviceCapabilities.sysfsText(bits: bits))\\n\n" }
        for (name, v) in [("bustype", d.id.bus), ("vendor", d.id.vendor), ("product", d.id.product), ("version", d.id.version)] {
            parent += "A: id/\(name)=\(hex4(v))\\n\n"
        }
        return ev + "\n" + parent
    }

    /// The `.ioctl` text for `/dev/input/eventN`, one request per line.
    public static func ioctl(_ d: EvemuDescription, number: Int) -> String {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { hex2($0).uppercased() }.joined() }
        func bitmask(_ bits: Set<UInt16>, _ size: Int) -> [UInt8] {
            var b = [UInt8](repeating: 0, count: size)
            for x in bits where Int(x) / 8 < size { b[Int(x) / 8] |= 1 << (x % 8) }
            return b
        }
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8)] }
        func le32(_ v: Int32) -> [UInt8] { let u = UInt32(bitPattern: v); return (0..<4).map { UInt8((u >> (8 * $0)) & 0xff) } }
        var lines = ["@DEV /dev/input/event\(number)"]
        lines.append("EVIOCGBIT(0) 8 \(hex(bitmask(d.eventTypes, 8)))")
        var name = Array(d.name.utf8) + [0]
        let nameLength = name.count
        name += [UInt8](repeating: 0, count: 255 - name.count)
        lines.append("EVIOCGNAME(0) \(nameLength) \(hex(name))")
        lines.append("EVIOCGID 0 \(hex(le16(d.id.bus) + le16(d.id.vendor) + le16(d.id.product) + le16(d.id.version)))")
        lines.append("EVIOCGVERSION 0 01000100")
        lines.append("EVIOCGPROP(0) 8 \(hex(bitmask(d.inputProperties, 8)))")
        for (type, size) in [(2, 8), (3, 8), (17, 8), (1, 96), (5, 8), (4, 8), (21, 16), (18, 8)] {
            lines.append("EVIOCGBIT(\(type)) \(size) \(hex(bitmask(d.codes[UInt16(type)] ?? [], size)))")
        }
        lines.append("EVIOCGKEY(0) 96 \(hex([UInt8](repeating: 0, count: 96)))")
        lines.append("EVIOCGLED(0) 8 \(hex([UInt8](repeating: 0, count: 8)))")
        lines.append("EVIOCGSW(0) 8 \(hex([UInt8](repeating: 0, count: 8)))")
        for code in d.absInfo.keys.sorted() {
            let a = d.absInfo[code]!
            let data = [Int32(0), a.minimum, a.maximum, a.fuzz, a.flat, a.resolution].flatMap(le32)
            lines.append("\(code == 0 ? "EVIOCGABS" : "EVIOCGABS(\(code))") 0 \(hex(data))")
        }
        if d.eventTypes.contains(EventType.rep) { lines.append("EVIOCGREP 0 FA00000021000000") }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func hex2(_ v: UInt8) -> String { pad(String(v, radix: 16), 2) }
    private static func hex4(_ v: UInt16) -> String { pad(String(v, radix: 16), 4) }
    private static func pad(_ s: String, _ width: Int) -> String { String(repeating: "0", count: max(0, width - s.count)) + s }
}
