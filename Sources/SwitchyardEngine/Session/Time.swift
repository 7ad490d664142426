
/// A moment on the session's virtual clock, in microseconds since the session
/// started.
///
/// The engine never reads a real clock: every input carries an `Instant`, and
/// `Session.advance(to:)` moves time forward. Microseconds are exact for the
/// kernel's `input_event` timestamps and for millisecond-exact timing tests.
public struct Instant: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Microseconds since the session started.
    public var microseconds: Int64

    /// Creates an instant `microseconds` after the session start.
    public init(microseconds: Int64) { self.microseconds = microseconds }

    /// The session start.
    public static let zero = Instant(microseconds: 0)

    /// An instant later than any a session reaches; used for "no deadline".
    public static let distantFuture = Instant(microseconds: .max)

    /// An instant `ms` milliseconds after the start.
    public static func milliseconds(_ ms: Int64) -> Instant { Instant(microseconds: ms * 1_000) }

    /// An instant `s` seconds after the start, rounded to the microsecond.
    public static func seconds(_ s: Double) -> Instant { Instant(microseconds: Int64((s * 1_000_000).rounded())) }

    public static func < (a: Instant, b: Instant) -> Bool { a.microseconds < b.microseconds }
    public static func + (a: Instant, b: Interval) -> Instant { Instant(microseconds: a.microseconds &+ b.microseconds) }
    public static func - (a: Instant, b: Interval) -> Instant { Instant(microseconds: a.microseconds &- b.microseconds) }
    public static func - (a: Instant, b: Instant) -> Interval { Interval(microseconds: a.microseconds &- b.microseconds) }

    /// Seconds since the start, for display.
    public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// `12.345s`: milliseconds always shown; microseconds only when present.
    public var description: String { Interval(microseconds: microseconds).description }

    public init(from decoder: any Decoder) throws {
        microseconds = try decoder.singleValueContainer().decode(Int64.self)
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(microseconds)
    }
}

/// A length of virtual time, in microseconds: a setting (Auto Scanning Time),
/// a press length, the gap between two inputs.
public struct Interval: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Length in microseconds.
    public var microseconds: Int64

    /// Creates an interval of `microseconds`.
    public init(microseconds: Int64) { self.microseconds = microseconds }

    /// No time.
    public static let zero = Interval(microseconds: 0)

    /// `ms` milliseconds.
    public static func milliseconds(_ ms: Int64) -> Interval { Interval(microseconds: ms * 1_000) }

    /// `s` seconds, rounded to the microsecond.
    public static func seconds(_ s: Double) -> Interval { Interval(microseconds: Int64((s * 1_000_000).rounded())) }

    public static func < (a: Interval, b: Interval) -> Bool { a.microseconds < b.microseconds }
    public static func + (a: Interval, b: Interval) -> Interval { Interval(microseconds: a.microseconds &+ b.microseconds) }
    public static func - (a: Interval, b: Interval) -> Interval { Interval(microseconds: a.microseconds &- b.microseconds) }
    public static func * (a: Interval, n: Int64) -> Interval { Interval(microseconds: a.microseconds &* n) }

    /// Length in seconds, for display and settings files.
    public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// `1.5s`, `0.75s`, `12.000001s`: as short as exactness allows.
    public var description: String {
        let negative = microseconds < 0
        let us = negative ? -microseconds : microseconds
        let whole = us / 1_000_000
        var frac = us % 1_000_000
        var text = "\(negative ? "-" : "")\(whole)"
        if frac != 0 {
            var digits = 6
            while frac % 10 == 0 { frac /= 10; digits -= 1 }
            let s = String(frac)
            text += "." + String(repeating: "0", count: digits - s.count) + s
        }
        return text + "s"
    }

    public init(from decoder: any Decoder) throws {
        microseconds = try decoder.singleValueContainer().decode(Int64.self)
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(microseconds)
    }
}
