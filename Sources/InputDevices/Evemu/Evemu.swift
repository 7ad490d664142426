import Diagnostics
import Foundation

/// An evemu device description (`N: I: P: B: A:` lines), as `evemu-describe`
/// writes it.
///
/// Extension (comments, so evemu tools ignore it): `# udev: KEY=VALUE` lines
/// carry the udev properties the device has on a real system (`ID_INPUT_KEY=1`,
/// `ID_PATH=…`). Test fixtures use them to state the classification udev gives.
public struct EvemuDescription: Hashable, Sendable {
    public var name: String
    public var id: DeviceID
    /// INPUT_PROP_* bits.
    public var inputProperties: Set<UInt16>
    /// Code bits per event type (type 0 = EV_SYN codes, as evemu writes them).
    public var codes: [UInt16: Set<UInt16>]
    public var absInfo: [UInt16: AbsInfo]
    /// `# udev:` properties, in file order.
    public var udevProperties: [(String, String)]

    public init(name: String, id: DeviceID, inputProperties: Set<UInt16> = [], codes: [UInt16: Set<UInt16>],
                absInfo: [UInt16: AbsInfo] = [:], udevProperties: [(String, String)] = []) {
        self.name = name
        self.id = id
        self.inputProperties = inputProperties
        self.codes = codes
        self.absInfo = absInfo
        self.udevProperties = udevProperties
    }

    public static func == (a: EvemuDescription, b: EvemuDescription) -> Bool {
        a.name == b.name && a.id == b.id && a.inputProperties == b.inputProperties && a.codes == b.codes
            && a.absInfo == b.absInfo && a.udevProperties.map { "\($0)=\($1)" } == b.udevProperties.map { "\($0)=\($1)" }
    }
    public func hash(into h: inout Hasher) {
        h.combine(name)
        h.combine(id)
    }

    /// Event types with any code bit set (EV_SYN always).
    public var eventTypes: Set<UInt16> {
        Set(codes.filter { !$0.value.isEmpty }.keys).union([EventType.syn])
    }

    /// The capabilities this description declares.
    public var capabilities: DeviceCapabilities {
        var caps = DeviceCapabilities()
        for (type, set) in codes where type != EventType.syn {
            for code in set { caps.insert(type: type, code: code) }
        }
        caps.eventTypes.formUnion(eventTypes)
        caps.absInfo = absInfo
        return caps
    }

    /// Reads the description from the current state of an open device.
    public init(device: EvdevDevice) {
        let caps = device.capabilities
        // libevdev claims every EV_SYN code; write what evemu-describe does:
        // SYN_REPORT, SYN_CONFIG, SYN_DROPPED, plus SYN_MT_REPORT for multitouch.
        let mt = device.has(type: EventType.abs, code: 0x35)
        var codes: [UInt16: Set<UInt16>] = [EventType.syn: mt ? [0, 1, 2, 3] : [0, 1, 3]]
        for t in caps.eventTypes where t != EventType.syn {
            guard let max = EventCodes.maxCode(type: t) else { continue }
            codes[t] = Set((0...max).filter { device.has(type: t, code: $0) })
        }
        self.init(name: device.name, id: device.id, codes: codes, absInfo: caps.absInfo)
    }
}

/// An evemu recording: description plus `E:` events.
public struct EvemuRecording: Hashable, Sendable {
    public var description: EvemuDescription
    public var events: [RawEvent]
    public init(description: EvemuDescription, events: [RawEvent]) {
        self.description = description
        self.events = events
    }
}

// MARK: - Reading

public enum Evemu {
    /// `E:` timestamps have fewer seconds than this (about 31,700 years), so
    /// a timestamp in microseconds, and the span of a recording, fit `Int64`.
    public static let timestampSecondsLimit: Int64 = 1_000_000_000_000

    /// Parses a description, with or without `E:` lines. `file` names it in errors.
    public static func parse(_ text: String, file: String) throws(Diagnostic) -> EvemuRecording {
        var name: String?
        var id: DeviceID?
        var props: [UInt8] = []
        var bytes: [UInt16: [UInt8]] = [:]
        var abs: [UInt16: AbsInfo] = [:]
        var udev: [(String, String)] = []
        var events: [RawEvent] = []
        for (index, rawLine) in lines(of: text).enumerated() {
            let lineNo = index + 1
            func fail(_ m: String) -> Diagnostic { Diagnostic(.error, m, at: SourceLocation(file: file, line: lineNo)) }
            var line = rawLine
            if line.hasPrefix("# udev:") {
                let kv = line.dropFirst(7).trimmingCharacters(in: .whitespaces)
                guard let eq = kv.firstIndex(of: "="), eq != kv.startIndex else { throw fail("bad '# udev:' line; expected '# udev: KEY=VALUE'") }
                udev.append((String(kv[..<eq]), String(kv[kv.index(after: eq)...])))
                continue
            }
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            // Strip trailing comments (E: lines carry "# EV_KEY / KEY_A 1").
            if let hash = line.firstIndex(of: "#"), !line.hasPrefix("N:") { line = line[..<hash] }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let tag = fields.first else { continue }
            switch tag {
            case "N:":
                name = String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces)
            case "I:":
                let v = fields.dropFirst().compactMap { UInt16($0, radix: 16) }
                guard fields.count == 5, v.count == 4 else { throw fail("bad I: line; expected 'I: <bus> <vendor> <product> <version>' in hex") }
                id = DeviceID(bus: v[0], vendor: v[1], product: v[2], version: v[3])
            case "P:":
                let v = fields.dropFirst().compactMap { UInt8($0, radix: 16) }
                guard v.count == fields.count - 1, !v.isEmpty, props.count + v.count <= 64 else { throw fail("bad P: line; expected hex bytes") }
                props += v
            case "B:":
                let v = fields.dropFirst().compactMap { UInt8($0, radix: 16) }
                guard v.count == fields.count - 1, v.count >= 2 else { throw fail("bad B: line; expected 'B: <type hex> <hex bytes>'") }
                guard v[0] <= 0x1f, (bytes[UInt16(v[0])]?.count ?? 0) + v.count - 1 <= 128 else {
                    throw fail("bad B: line; expected an event type up to 1f and at most 128 bitmask bytes per type")
                }
                bytes[UInt16(v[0]), default: []] += v.dropFirst()
            case "A:":
                guard fields.count == 6 || fields.count == 7, let code = UInt16(fields[1], radix: 16), code <= EventType.absMax else {
                    throw fail("bad A: line; expected 'A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]'")
                }
                let n = fields.dropFirst(2).compactMap { Int32($0) }
                guard n.count == fields.count - 2 else { throw fail("bad A: line; expected decimal numbers after the code") }
                abs[code] = AbsInfo(minimum: n[0], maximum: n[1], fuzz: n[2], flat: n[3], resolution: n.count > 4 ? n[4] : 0)
            case "E:":
                guard fields.count == 5 else { throw fail("bad E: line; expected 'E: <sec>.<usec> <type hex> <code hex> <value>'") }
                let ts = fields[1].split(separator: ".")
                guard ts.count == 2, let sec = Int64(ts[0]), let usec = Int64(ts[1]), (0..<timestampSecondsLimit).contains(sec),
                      (0..<1_000_000).contains(usec),
                      let type = UInt16(fields[2], radix: 16), let code = UInt16(fields[3], radix: 16), let value = Int32(fields[4])
                else { throw fail("bad E: line '\(line.trimmingCharacters(in: .whitespaces))'; expected 'E: <sec>.<usec> <type hex> <code hex> <value>'") }
                if let last = events.last, last.timestampMicroseconds > sec * 1_000_000 + usec {
                    throw fail("timestamp \(fields[1]) goes backwards; expected events in time order")
                }
                events.append(RawEvent(seconds: sec, microseconds: usec, type: type, code: code, value: value))
            default:
                throw fail("unknown line '\(tag)'; expected one of N: I: P: B: A: E: or a # comment")
            }
        }
        guard let name else { throw Diagnostic(.error, "missing N: line; expected the device name", at: SourceLocation(file: file, line: 1)) }
        guard let id else { throw Diagnostic(.error, "missing I: line; expected bus, vendor, product, version", at: SourceLocation(file: file, line: 1)) }
        func bits(_ b: [UInt8]) -> Set<UInt16> {
            var s: Set<UInt16> = []
            for (i, byte) in b.enumerated() { for bit in 0..<8 where byte & (1 << bit) != 0 { s.insert(UInt16(i * 8 + bit)) } }
            return s
        }
        let desc = EvemuDescription(name: name, id: id, inputProperties: bits(props), codes: bytes.mapValues(bits).filter { !$0.value.isEmpty },
                                    absInfo: abs, udevProperties: udev)
        return EvemuRecording(description: desc, events: events)
    }

    /// Reads and parses a file.
    public static func load(_ path: String) throws(Diagnostic) -> EvemuRecording {
        try parse(try text(of: path), file: path)
    }

    /// The text of the recording at `path` (`InputFile`).
    /// - Throws: a `Diagnostic` without a line for a file that cannot be read or is not UTF-8.
    static func text(of path: String) throws(Diagnostic) -> String {
        let read: String?
        do { read = try InputFile.text(path) } catch {
            throw Diagnostic(.error, "cannot read: \(error); expected an evemu recording", at: SourceLocation(file: path))
        }
        guard let text = read else { throw Diagnostic(.error, "the file is not UTF-8 text; expected an evemu recording", at: SourceLocation(file: path)) }
        return text
    }

    // MARK: - Writing

    /// The description block (`# EVEMU 1.3`, N:, I:, P:, B:, A:, and `# udev:` lines).
    public static func format(_ d: EvemuDescription) -> String {
        var out = "# EVEMU 1.3\n# Input device name: \"\(d.name)\"\n"
        for (k, v) in d.udevProperties { out += "# udev: \(k)=\(v)\n" }
        out += "N: \(d.name)\n"
        out += "I: \(hex4(d.id.bus)) \(hex4(d.id.vendor)) \(hex4(d.id.product)) \(hex4(d.id.version))\n"
        for line in byteLines(d.inputProperties, byteCount: 8) { out += "P: \(line)\n" }
        for type in UInt16(0)...0x1f {
            guard let max = type == 0 ? 0x0f : EventCodes.maxCode(type: type) else { continue }
            for line in byteLines(d.codes[type] ?? [], byteCount: Int(max) / 8 + 1) {
                out += "B: \(hex2(UInt8(type))) \(line)\n"
            }
        }
        for code in d.absInfo.keys.sorted() {
            let a = d.absInfo[code]!
            out += "A: \(hex2(UInt8(code))) \(a.minimum) \(a.maximum) \(a.fuzz) \(a.flat) \(a.resolution)\n"
        }
        return out
    }

    /// One `E:` line with a readable comment: `E: 0.000010 0001 0039 0001\t# EV_KEY / KEY_SPACE 1`.
    public static func format(_ e: RawEvent) -> String {
        let usec = String(e.microseconds)
        let value = e.value < 0 ? "-" + pad(String(-Int64(e.value)), 3) : pad(String(e.value), 4)
        return "E: \(e.seconds).\(pad(usec, 6)) \(hex4(e.type)) \(hex4(e.code)) \(value)\t# "
            + "\(EventCodes.typeName(e.type)) / \(EventCodes.codeName(type: e.type, code: e.code)) \(e.value)"
    }

    /// A whole recording.
    public static func format(_ r: EvemuRecording) -> String {
        format(r.description) + r.events.map { format($0) + "\n" }.joined()
    }

    static func pad(_ s: String, _ n: Int) -> String { String(repeating: "0", count: max(0, n - s.count)) + s }
    static func hex2(_ v: UInt8) -> String { pad(String(v, radix: 16), 2) }
    /// Bitmask bytes, 8 per line, at least one line.
    static func byteLines(_ bits: Set<UInt16>, byteCount: Int) -> [String] {
        let count = ((max(byteCount, 1) + 7) / 8) * 8
        var bytes = [UInt8](repeating: 0, count: count)
        for b in bits where Int(b) / 8 < count { bytes[Int(b) / 8] |= 1 << (b % 8) }
        return stride(from: 0, to: count, by: 8).map { bytes[$0..<$0 + 8].map(hex2).joined(separator: " ") }
    }
}

extension DeviceInfo {
    /// The info a recorded device would have had: classification from the
    /// `# udev:` lines when present, else from `InputClassifier`.
    public init(evemu d: EvemuDescription, source: String) {
        let props = Dictionary(d.udevProperties, uniquingKeysWith: { _, last in last })
        let declared = Set(DeviceClass.allCases.filter { props[$0.rawValue] == "1" })
        let caps = d.capabilities
        self.init(syspath: "evemu:" + source, devnode: source, name: d.name, id: d.id, idPath: props["ID_PATH"],
                  uniq: nil, classes: declared.isEmpty ? InputClassifier.classify(caps) : declared,
                  capabilities: caps, properties: props)
    }
}

/// Collects raw events from one device into an evemu recording (the `record`
/// command). Timestamps are written as session time, so the first event of a
/// recording started with the session is near 0.
public struct EvemuRecorder: Sendable {
    public private(set) var recording: EvemuRecording
    public let clock: SessionClock

    public init(description: EvemuDescription, clock: SessionClock) {
        recording = EvemuRecording(description: description, events: [])
        self.clock = clock
    }

    /// Appends one event, rebased to the session clock (never before 0).
    public mutating func append(_ e: RawEvent) {
        let us = clock.instant(e).microseconds
        recording.events.append(RawEvent(seconds: us / 1_000_000, microseconds: us % 1_000_000, type: e.type, code: e.code, value: e.value))
    }

    /// The file text: description, then `E:` lines.
    public var text: String { Evemu.format(recording) }
}
