import ScreenModel

/// A moment on the session's virtual clock, in microseconds since the session
/// started.
///
/// The engine never reads a real clock: every input carries an `Instant`, and
/// `Session.advance(to:)` moves time forward. Microseconds are exact for the
/// kernel's `input_event` timestamps and for millisecond-exact timing tests.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible, TerminalDescribable {
    /// Microseconds since the session started.
    public var microseconds: Int64

    /// Creates an instant `microseconds` after the session start.
    public init(microseconds: Int64) { self.microseconds = microseconds }

    /// The session start.
    public static let zero = Instant(microseconds: 0)

    /// An instant later than any a session reaches; used for "no deadline".
    /// Arithmetic saturates here (see `+`).
    public static let distantFuture = Instant(microseconds: .max)

    /// An instant `ms` milliseconds after the start. For literals: a value
    /// whose microseconds overflow `Int64` traps.
    public static func milliseconds(_ ms: Int64) -> Instant { Instant(microseconds: ms * 1_000) }

    /// An instant `s` seconds after the start, rounded to the microsecond.
    /// For literals in code and tests: `s` must be from 0 to
    /// `Interval.maximum` (a precondition). A number from outside goes
    /// through `Interval(seconds:)`, which returns nil instead.
    public static func seconds(_ s: Double) -> Instant { Instant(microseconds: Interval.seconds(s).microseconds) }

    public static func < (a: Instant, b: Instant) -> Bool { a.microseconds < b.microseconds }
    /// `a` moved by `b`, saturating at `distantFuture` (and at `Int64.min`)
    /// instead of wrapping. Every time from outside is at most
    /// `Interval.maximum`, so sums of them stay far from saturation; it only
    /// guards arithmetic on `distantFuture` itself.
    public static func + (a: Instant, b: Interval) -> Instant { Instant(microseconds: saturating(a.microseconds, b.microseconds)) }
    public static func - (a: Instant, b: Interval) -> Instant { a + Interval(microseconds: b.microseconds == .min ? .max : -b.microseconds) }
    public static func - (a: Instant, b: Instant) -> Interval {
        Interval(microseconds: saturating(a.microseconds, b.microseconds == .min ? .max : -b.microseconds))
    }

    /// Seconds since the start, for display.
    public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// `12.345s`: milliseconds always shown; microseconds only when present.
    public var description: String { Interval(microseconds: microseconds).description }

    /// Appends `12.345s` to a text line.
    public func describe(into t: inout TerminalBytes) { Interval(microseconds: microseconds).describe(into: &t) }
}

/// A length of virtual time, in microseconds: a setting (Auto Scanning Time),
/// a press length, the gap between two inputs.
public struct Interval: Hashable, Comparable, Sendable, CustomStringConvertible, TerminalDescribable {
    /// Length in microseconds.
    public var microseconds: Int64

    /// Creates an interval of `microseconds`.
    public init(microseconds: Int64) { self.microseconds = microseconds }

    /// No time.
    public static let zero = Interval(microseconds: 0)

    /// The longest time Switchyard takes from outside (a scenario's
    /// durations and `at` times, `record --duration`, a sweep): 1,000 years
    /// of 365.25 days, 31,557,600,000,000,000 µs. `Int64` microseconds reach
    /// 292,000 years, so adding a few such times never overflows.
    public static let maximum = Interval(microseconds: 31_557_600_000_000_000)

    /// `value` units of `unitMicroseconds` each (1,000,000 for seconds),
    /// rounded to the microsecond; nil when `value` is NaN, infinite,
    /// negative, or longer than `maximum` once scaled. Every number of
    /// seconds from outside becomes an interval here.
    /// - Parameters:
    ///   - value: the number as read.
    ///   - unitMicroseconds: the length of its unit, in microseconds.
    public init?(_ value: Double, unitMicroseconds: Double) {
        guard value.isFinite, value >= 0 else { return nil }
        let us = (value * unitMicroseconds).rounded()
        guard us <= Double(Self.maximum.microseconds) else { return nil }
        self.init(microseconds: Int64(us))
    }

    /// `seconds`, rounded to the microsecond; nil when NaN, infinite,
    /// negative or longer than `maximum`.
    public init?(seconds: Double) { self.init(seconds, unitMicroseconds: 1_000_000) }

    /// `ms` milliseconds. For literals: a value whose microseconds overflow
    /// `Int64` traps.
    public static func milliseconds(_ ms: Int64) -> Interval { Interval(microseconds: ms * 1_000) }

    /// `s` seconds, rounded to the microsecond. For literals in code and
    /// tests: `s` must be from 0 to `maximum` (a precondition). A number
    /// from outside goes through `Interval(seconds:)`, which returns nil
    /// instead.
    public static func seconds(_ s: Double) -> Interval {
        guard let i = Interval(seconds: s) else { preconditionFailure("Interval.seconds(\(s)) is not from 0 to Interval.maximum; use Interval(seconds:) for numbers from outside") }
        return i
    }

    public static func < (a: Interval, b: Interval) -> Bool { a.microseconds < b.microseconds }
    /// Sums and differences saturate at `Int64.max`/`Int64.min` instead of
    /// wrapping (as `Instant + Interval` does).
    public static func + (a: Interval, b: Interval) -> Interval { Interval(microseconds: saturating(a.microseconds, b.microseconds)) }
    public static func - (a: Interval, b: Interval) -> Interval {
        Interval(microseconds: saturating(a.microseconds, b.microseconds == .min ? .max : -b.microseconds))
    }
    public static func * (a: Interval, n: Int64) -> Interval {
        let (p, overflow) = a.microseconds.multipliedReportingOverflow(by: n)
        guard overflow else { return Interval(microseconds: p) }
        return Interval(microseconds: (a.microseconds < 0) == (n < 0) ? .max : .min)
    }

    /// Length in seconds, for display and settings files.
    public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// `1.5s`, `0.75s`, `12.000001s`: as short as exactness allows. Any
    /// value prints, `Int64.min` microseconds included.
    public var description: String { TerminalBytes.text(of: self) }

    /// Appends `1.5s` (as `description` spells it) to a text line.
    public func describe(into t: inout TerminalBytes) {
        let us = microseconds.magnitude
        if microseconds < 0 { t.append("-") }
        // Whole seconds fit an Int64 even for Int64.min microseconds.
        t.append(decimal: Int64(us / 1_000_000))
        var frac = us % 1_000_000
        if frac != 0 {
            // Six places, trailing zeros dropped, leading ones kept: 0.05s.
            var places = 6
            while frac % 10 == 0 { frac /= 10; places -= 1 }
            var digits = 1
            var rest = frac
            while rest >= 10 { rest /= 10; digits += 1 }
            t.append(".")
            for _ in digits..<places { t.append("0") }
            t.append(decimal: Int64(frac))
        }
        t.append("s")
    }
}

/// `a + b`, clamped to `Int64`'s range instead of wrapping.
private func saturating(_ a: Int64, _ b: Int64) -> Int64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    guard overflow else { return sum }
    return b > 0 ? .max : .min
}
