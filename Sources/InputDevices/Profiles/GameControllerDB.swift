import SwitchyardEngine

/// A line of an SDL GameControllerDB file that could not be read.
public struct GameControllerDBError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    /// `gamecontrollerdb.txt:3: bad GUID 'xyz'; expected 32 hex digits`.
    public var description: String { "\(file):\(line): \(message)" }
}

/// One SDL GameControllerDB mapping (`GUID,Name,a:b0,b:b1,…,platform:Linux,`):
/// gives a controller the standard A/B/X/Y/d-pad layout, which
/// `profile(for:layout:)` turns into a Switchyard profile for one device.
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
    /// Target (`a`, `dpleft`, `leftx`, …) → binding.
    public var bindings: [String: Binding]

    public enum Binding: Hashable, Sendable {
        /// `bN`.
        case button(Int)
        /// `aN`, `+aN`, `-aN`, `aN~`.
        case axis(Int, half: AxisDirection?, inverted: Bool)
        /// `hN.M`: mask 1 up, 2 right, 4 down, 8 left.
        case hat(Int, mask: Int)
    }

    /// Parses one line; nil for blank and `#` comment lines.
    public static func parse(_ line: String, file: String, lineNumber: Int) throws(GameControllerDBError) -> GameControllerMapping? {
        func fail(_ m: String) -> GameControllerDBError { GameControllerDBError(file: file, line: lineNumber, message: m) }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        let fields = trimmed.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 2 else { throw fail("expected 'GUID,Name,target:binding,…'") }
        let guid = fields[0].lowercased()
        let digits = Array(guid)
        guard digits.count == 32, digits.allSatisfy({ "0123456789abcdef".contains($0) }) else { throw fail("bad GUID '\(fields[0])'; expected 32 hex digits") }
        let bytes = stride(from: 0, to: 32, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16) ?? 0 }
        func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
        var mapping = GameControllerMapping(guid: guid, name: fields[1],
                                            id: DeviceID(bus: u16(0), vendor: u16(4), product: u16(8), version: u16(12)),
                                            platform: nil, bindings: [:])
        for field in fields.dropFirst(2) where !field.isEmpty {
            guard let colon = field.firstIndex(of: ":") else { throw fail("bad field '\(field)'; expected target:binding") }
            let target = String(field[..<colon]), value = String(field[field.index(after: colon)...])
            switch target {
            case "platform": mapping.platform = value; continue
            case "crc", "hint", "sdk>=", "sdk<=": continue
            default: break
            }
            guard let binding = Self.binding(value) else {
                throw fail("bad binding '\(value)' for '\(target)'; expected bN, aN, +aN, -aN, aN~ or hN.M")
            }
            mapping.bindings[target.trimmingCharacters(in: CharacterSet(charactersIn: "+-"))] = binding
        }
        return mapping
    }

    /// Parses a whole file, skipping comments; keeps Linux entries (and entries without a platform).
    public static func parseFile(_ text: String, file: String) throws(GameControllerDBError) -> [GameControllerMapping] {
        var out: [GameControllerMapping] = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let m = try parse(String(line), file: file, lineNumber: i + 1) else { continue }
            if m.platform == nil || m.platform == "Linux" { out.append(m) }
        }
        return out
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

    /// A profile for one device: each `layout` target (`a` → `select`, `dpleft`
    /// → `previous`, …) resolved to that device's evdev codes. Targets the
    /// mapping lacks or the device cannot resolve are left out.
    public func profile(for device: DeviceInfo, layout: [String: SwitchID]) -> DeviceProfile {
        var mappings: [InputMapping] = []
        for (target, switchID) in layout.sorted(by: { $0.key < $1.key }) {
            guard let binding = bindings[target] else { continue }
            switch binding {
            case .button(let i):
                if let code = Self.buttonCode(i, keys: device.capabilities.keys) { mappings.append(.key(code: code, target: .switchID(switchID))) }
            case .hat(let h, let mask):
                let (code, direction): (UInt16, AxisDirection)
                switch mask {
                case 1: (code, direction) = (UInt16(0x11 + 2 * h), .negative)
                case 4: (code, direction) = (UInt16(0x11 + 2 * h), .positive)
                case 8: (code, direction) = (UInt16(0x10 + 2 * h), .negative)
                case 2: (code, direction) = (UInt16(0x10 + 2 * h), .positive)
                default: continue
                }
                mappings.append(.axis(code: code, direction: direction, threshold: 0.5, hysteresis: 0.1, target: .switchID(switchID)))
            case .axis(let i, let half, let inverted):
                guard let code = Self.axisCode(i, axes: device.capabilities.absAxes) else { continue }
                var direction = half ?? .positive
                if inverted { direction = direction == .positive ? .negative : .positive }
                mappings.append(.axis(code: code, direction: direction, threshold: 0.5, hysteresis: 0.1, target: .switchID(switchID)))
            }
        }
        return DeviceProfile(name: "gamecontrollerdb: \(name)", source: guid,
                             match: ProfileMatchRule(ids: [.init(vendor: id.vendor, product: id.product)]), mappings: mappings)
    }

    /// The default switch layout for the standard controller: A selects,
    /// B and right/down move next, X and left/up move previous.
    public static let switchLayout: [String: SwitchID] = [
        "a": .select, "b": .next, "x": .previous,
        "dpleft": .previous, "dpup": .previous, "dpright": .next, "dpdown": .next,
    ]
}

import Foundation
