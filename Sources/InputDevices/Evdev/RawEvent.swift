/// One kernel input event (`struct input_event`) as plain Swift values.
///
/// `seconds`/`microseconds` are the kernel timestamp; with
/// `EvdevDevice.useMonotonicClock()` they are `CLOCK_MONOTONIC`.
public struct RawEvent: Hashable, Sendable, CustomStringConvertible {
    public var seconds: Int64
    public var microseconds: Int64
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(seconds: Int64, microseconds: Int64, type: UInt16, code: UInt16, value: Int32) {
        self.seconds = seconds
        self.microseconds = microseconds
        self.type = type
        self.code = code
        self.value = value
    }

    /// The timestamp in microseconds.
    public var timestampMicroseconds: Int64 { seconds * 1_000_000 + microseconds }

    /// Whether this is `EV_SYN`/`SYN_REPORT`, the end of a frame.
    public var isReport: Bool { type == EventType.syn && code == EventType.synReport }

    /// `0.000010 EV_KEY KEY_SPACE 1`.
    public var description: String {
        let usec = String(microseconds)
        return "\(seconds).\(String(repeating: "0", count: max(0, 6 - usec.count)))\(usec) "
            + "\(EventCodes.typeName(type)) \(EventCodes.codeName(type: type, code: code)) \(value)"
    }
}

/// The event types and a few codes the hardware layer refers to by number.
/// Values are from `linux/input-event-codes.h`.
public enum EventType {
    public static let syn: UInt16 = 0x00
    public static let key: UInt16 = 0x01
    public static let rel: UInt16 = 0x02
    public static let abs: UInt16 = 0x03
    public static let msc: UInt16 = 0x04
    public static let sw: UInt16 = 0x05
    public static let led: UInt16 = 0x11
    public static let snd: UInt16 = 0x12
    public static let rep: UInt16 = 0x14
    public static let ff: UInt16 = 0x15
    /// `SYN_REPORT`: end of a frame.
    public static let synReport: UInt16 = 0
    /// `SYN_DROPPED`: the client buffer overflowed.
    public static let synDropped: UInt16 = 3
    /// `BTN_MISC`: first non-keyboard button code.
    public static let btnMisc: UInt16 = 0x100
    /// `KEY_MAX`.
    public static let keyMax: UInt16 = 0x2ff
    /// `ABS_MAX`.
    public static let absMax: UInt16 = 0x3f
}

/// Axis description (`struct input_absinfo`).
public struct AbsInfo: Hashable, Sendable {
    public var value: Int32
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    public var resolution: Int32
    public init(value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }
}

/// Event type and code names, as libevdev spells them (`EV_KEY`, `KEY_SPACE`).
public enum EventCodes {
    /// `EV_KEY` for 1; `EV_0x1f` when unknown. The corresponding C function is `libevdev_event_type_get_name`.
    public static func typeName(_ type: UInt16) -> String {
        system_libevdev_event_type_get_name(UInt32(type)) ?? "EV_0x" + String(type, radix: 16)
    }
    /// `KEY_SPACE` for (1, 57); `0x1ff` when unknown. The corresponding C function is `libevdev_event_code_get_name`.
    public static func codeName(type: UInt16, code: UInt16) -> String {
        system_libevdev_event_code_get_name(UInt32(type), UInt32(code)) ?? "0x" + String(code, radix: 16)
    }
    /// The type for `EV_KEY`, or nil. The corresponding C function is `libevdev_event_type_from_name`.
    public static func type(named name: String) -> UInt16? {
        let v = system_libevdev_event_type_from_name(name)
        return v < 0 ? nil : UInt16(v)
    }
    /// The code for (`EV_KEY`, `KEY_SPACE`), or nil. The corresponding C function is `libevdev_event_code_from_name`.
    public static func code(named name: String, type: UInt16) -> UInt16? {
        let v = system_libevdev_event_code_from_name(UInt32(type), name)
        return v < 0 ? nil : UInt16(v)
    }
    /// Every code name libevdev knows for `type` (`KEY_ESC`, `KEY_1`, …), in code order.
    /// The corresponding C function is `libevdev_event_code_get_name`.
    public static func names(type: UInt16) -> [String] {
        guard let max = maxCode(type: type) else { return [] }
        return (0...max).compactMap { system_libevdev_event_code_get_name(UInt32(type), UInt32($0)) }
    }
    /// Highest code of a type, or nil. The corresponding C function is `libevdev_event_type_get_max`.
    public static func maxCode(type: UInt16) -> UInt16? {
        let v = system_libevdev_event_type_get_max(UInt32(type))
        return v < 0 ? nil : UInt16(v)
    }
}
