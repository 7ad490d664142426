import Diagnostics
import Foundation
import SwitchyardEngine

/// The controllers of an SDL GameControllerDB file (`gamecontrollerdb.txt`),
/// a profile source: a device whose bus, vendor, product and version equal an
/// entry's GUID gets the profile `GameControllerMapping.profile(for:)` makes
/// for it (`switchyard live --gamecontrollerdb FILE`).
public struct GameControllerDB: Hashable, Sendable {
    /// Linux entries (and entries without a platform), in file order.
    public var mappings: [GameControllerMapping]

    public init(mappings: [GameControllerMapping] = []) { self.mappings = mappings }

    /// Parses a whole file, skipping blank and `#` comment lines; keeps Linux
    /// entries and entries without a platform. LF and CRLF line ends.
    /// - Throws: a `Diagnostic` naming the line and column of the first bad field.
    public static func parse(_ text: String, file: String) throws(Diagnostic) -> GameControllerDB {
        var out: [GameControllerMapping] = []
        for (i, line) in lines(of: text).enumerated() {
            guard let m = try GameControllerMapping.parse(String(line), file: file, lineNumber: i + 1) else { continue }
            if m.platform == nil || m.platform == "Linux" { out.append(m) }
        }
        return GameControllerDB(mappings: out)
    }

    /// Reads and parses `path`.
    /// - Throws: a `Diagnostic`; for an unreadable file, one without a line.
    public static func load(_ path: String) throws(Diagnostic) -> GameControllerDB {
        let read: String?
        do { read = try InputFile.text(path) } catch {
            throw Diagnostic(.error, "cannot read: \(error); expected an SDL gamecontrollerdb.txt", at: SourceLocation(file: path))
        }
        guard let text = read else {
            throw Diagnostic(.error, "the file is not UTF-8 text; expected an SDL gamecontrollerdb.txt", at: SourceLocation(file: path))
        }
        return try parse(text, file: path)
    }

    /// The entry for a device with `id` (bus, vendor, product and version all
    /// equal); the last one when the file lists the GUID twice, as in SDL.
    public func mapping(for id: DeviceID) -> GameControllerMapping? {
        mappings.last { $0.id == id }
    }
}

/// One SDL GameControllerDB mapping (`GUID,Name,a:b0,b:b1,…,platform:Linux,`):
/// gives a controller the standard A/B/X/Y/d-pad layout, which
/// `profile(for:)` turns into a Switchyard profile for one device.
///
/// Linux/evdev index order (as SDL numbers them): buttons are the device's key
/// codes from BTN_JOYSTICK (0x120) to KEY_MAX, then those below BTN_JOYSTICK;
/// axes are its ABS codes in order, skipping ABS_HAT0X…ABS_HAT3Y; hat N is
/// the pair ABS_HAT0X+2N / ABS_HAT0Y+2N.
public struct GameControllerMapping: Hashable, Sendable {
    public var guid: String
    public var name: String
    /// bus/vendor/product/version decoded from the GUID (little-endian u16 fields).
    public var id: DeviceID
    public var platform: String?
    /// Target as written (`a`, `dpleft`, `leftx`, or a half axis `-leftx`) → binding.
    public var bindings: [String: Binding]
    /// Where the entry is: `gamecontrollerdb.txt:12`.
    public var source: String

    public enum Binding: Hashable, Sendable {
        /// `bN`.
        case button(Int)
        /// `aN`, `+aN`, `-aN`, `aN~`.
        case axis(Int, half: AxisDirection?, inverted: Bool)
        /// `hN.M`: mask 1 up, 2 right, 4 down, 8 left.
        case hat(Int, mask: Int)
    }

    /// Parses one line; nil for blank and `#` comment lines.
    /// - Throws: a `Diagnostic` with the column of the bad field.
    public static func parse(_ line: String, file: String, lineNumber: Int) throws(Diagnostic) -> GameControllerMapping? {
        let lead = line.prefix { $0 == " " || $0 == "\t" }.count
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        let fields = trimmed.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        // 1-based column of each field's first character.
        var columns: [Int] = []
        var next = lead + 1
        for f in fields {
            columns.append(next)
            next += f.count + 1
        }
        func fail(_ column: Int, _ m: String) -> Diagnostic {
            Diagnostic(.error, m, at: SourceLocation(file: file, line: lineNumber, column: column))
        }
        guard fields.count >= 2 else { throw fail(columns[0], "expected 'GUID,Name,target:binding,…'") }
        let guid = fields[0].lowercased()
        let digits = Array(guid)
        guard digits.count == 32, digits.allSatisfy({ "0123456789abcdef".contains($0) }) else {
            throw fail(columns[0], "bad GUID '\(fields[0])'; expected 32 hex digits")
        }
        let bytes = stride(from: 0, to: 32, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16) ?? 0 }
        func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
        var mapping = GameControllerMapping(guid: guid, name: fields[1],
                                            id: DeviceID(bus: u16(0), vendor: u16(4), product: u16(8), version: u16(12)),
                                            platform: nil, bindings: [:], source: "\(file):\(lineNumber)")
        for (k, field) in fields.enumerated().dropFirst(2) where !field.isEmpty {
            guard let colon = field.firstIndex(of: ":") else { throw fail(columns[k], "bad field '\(field)'; expected target:binding") }
            let target = String(field[..<colon]), value = String(field[field.index(after: colon)...])
            switch target {
            case "platform": mapping.platform = value; continue
            case "crc", "hint", "sdk>=", "sdk<=": continue
            default: break
            }
            guard let binding = Self.binding(value) else {
                throw fail(columns[k] + target.count + 1, "bad binding '\(value)' for '\(target)'; expected bN, aN, +aN, -aN, aN~ or hN.M")
            }
            mapping.bindings[target] = binding
        }
        return mapping
    }

    static func binding(_ s: String) -> Binding? {
        var s = Substring(s)
        if s.hasPrefix("b"), let n = Int(s.dropFirst()), n >= 0 { return .button(n) }
        if s.hasPrefix("h") {
            let parts = s.dropFirst().split(separator: ".")
            if parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0...3).contains(h) { return .hat(h, mask: m) }
            return nil
        }
        var half: AxisDirection?
        if s.hasPrefix("+") { half = .positive; s = s.dropFirst() } else if s.hasPrefix("-") { half = .negative; s = s.dropFirst() }
        var inverted = false
        if s.hasSuffix("~") { inverted = true; s = s.dropLast() }
        if s.hasPrefix("a"), let n = Int(s.dropFirst()), n >= 0 { return .axis(n, half: half, inverted: inverted) }
        return nil
    }

    /// The evdev key code of button `index` on a device with `keys`.
    public static func buttonCode(_ index: Int, keys: Set<UInt16>) -> UInt16? {
        let joystick: UInt16 = 0x120
        let order = keys.filter { $0 >= joystick }.sorted() + keys.filter { $0 < joystick }.sorted()
        return order.indices.contains(index) ? order[index] : nil
    }

    /// The evdev ABS code of axis `index` on a device with `axes` (hats skipped).
    public static func axisCode(_ index: Int, axes: Set<UInt16>) -> UInt16? {
        let order = axes.filter { !(0x10...0x17).contains($0) }.sorted()
        return order.indices.contains(index) ? order[index] : nil
    }

    /// A profile for one device: the Switch Control layout as its
    /// `mappings`, the Full Keyboard Access layout as its `keyboard`
    /// `technologyMappings`, each resolved to that device's evdev codes
    /// (`mappings(_:for:)`). The profile matches this entry's bus, vendor,
    /// product and version.
    public func profile(for device: DeviceInfo) -> DeviceProfile {
        DeviceProfile(name: "gamecontrollerdb: \(name)", source: source,
                      match: ProfileMatchRule(ids: [.init(vendor: id.vendor, product: id.product, version: id.version)], bus: id.busName),
                      mappings: mappings(Self.switchLayout, for: device),
                      technologyMappings: [.fullKeyboardAccess: mappings(Self.keyboardLayout, for: device)])
    }

    /// Each `layout` element resolved to `device`'s evdev codes, in layout
    /// order. A half axis (`-leftx`) uses its own binding when the entry has
    /// one, else that half of the full axis (`leftx`). Elements the entry
    /// lacks or the device cannot resolve are left out.
    public func mappings(_ layout: [(element: String, target: MappingTarget)], for device: DeviceInfo) -> [InputMapping] {
        var mappings: [InputMapping] = []
        for (element, target) in layout {
            let half: AxisDirection? = element.hasPrefix("-") ? .negative : element.hasPrefix("+") ? .positive : nil
            let axis = half == nil ? element : String(element.dropFirst())
            guard let binding = bindings[element] ?? (half == nil ? nil : bindings[axis]) else { continue }
            switch binding {
            case .button(let i):
                if let code = Self.buttonCode(i, keys: device.capabilities.keys) { mappings.append(.key(code: code, target: target)) }
            case .hat(let h, let mask):
                let (code, direction): (UInt16, AxisDirection)
                switch mask {
                case 1: (code, direction) = (UInt16(0x11 + 2 * h), .negative)
                case 4: (code, direction) = (UInt16(0x11 + 2 * h), .positive)
                case 8: (code, direction) = (UInt16(0x10 + 2 * h), .negative)
                case 2: (code, direction) = (UInt16(0x10 + 2 * h), .positive)
                default: continue
                }
                mappings.append(.axis(code: code, direction: direction, threshold: 0.5, hysteresis: 0.1, target: target))
            case .axis(let i, let bindingHalf, let inverted):
                guard let code = Self.axisCode(i, axes: device.capabilities.absAxes) else { continue }
                var direction = bindingHalf ?? half ?? .positive
                if inverted { direction = direction == .positive ? .negative : .positive }
                mappings.append(.axis(code: code, direction: direction, threshold: 0.5, hysteresis: 0.1, target: target))
            }
        }
        return mappings
    }

    /// The switch layout for SDL's standard controller, the same as the
    /// shipped controller profiles: A selects; B, d-pad right/down and the
    /// left stick right/down move next; X, d-pad left/up and the left stick
    /// left/up move previous (docs/device-profiles.md).
    public static let switchLayout: [(element: String, target: MappingTarget)] = [
        ("a", .switchID(.select)), ("b", .switchID(.next)), ("x", .switchID(.previous)),
        ("dpup", .switchID(.previous)), ("dpdown", .switchID(.next)), ("dpleft", .switchID(.previous)), ("dpright", .switchID(.next)),
        ("-leftx", .switchID(.previous)), ("+leftx", .switchID(.next)), ("-lefty", .switchID(.previous)), ("+lefty", .switchID(.next)),
    ]

    /// The Full Keyboard Access layout for SDL's standard controller, the
    /// same as the shipped controller profiles' `keyboard` mappings: the
    /// d-pad and the left stick are the arrow keys, A is Space (Activate), B
    /// is Escape, the right shoulder Tab and the left Shift-Tab (docs/device-profiles.md).
    public static let keyboardLayout: [(element: String, target: MappingTarget)] = [
        ("a", .key(.space)), ("b", .key(.escape)),
        ("leftshoulder", .chord(KeyChord([.leftShift, .tab]))), ("rightshoulder", .key(.tab)),
        ("dpup", .key(.up)), ("dpdown", .key(.down)), ("dpleft", .key(.left)), ("dpright", .key(.right)),
        ("-leftx", .key(.left)), ("+leftx", .key(.right)), ("-lefty", .key(.up)), ("+lefty", .key(.down)),
    ]
}
