#if canImport(Glibc)
import Glibc
#endif

/// Bytes written by the project's text and JSON writers (`TerminalBytes`,
/// `JSONWriter`): owned memory that grows by doubling, so a piece is
/// appended with no uniqueness check and no bounds check beyond the room
/// (an `Array` append pays both per piece, and copies small pieces byte by
/// byte). Freed with the value, which is never copied, or handed over
/// whole (`take()`). The memory is `malloc`'s, so growing is `realloc`: a
/// large buffer is moved by remapping its pages, not by copying and
/// touching new ones.
///
/// When memory runs out, nothing traps: the buffer keeps what it has,
/// drops every piece that does not fit, and says so (`isComplete`), for
/// whoever writes it out to report.
@usableFromInline
struct ByteBuffer: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// Bytes written.
    @usableFromInline var count = 0
    /// False once a piece was dropped because memory ran out.
    @usableFromInline var isComplete = true

    /// How much a streamed output (`inspect`'s reports, the model's
    /// encoding) writes before it hands its bytes over: its pieces are this
    /// size and a little more, so it is never held whole.
    static let piece = 1 << 16

    @usableFromInline
    init(capacity: Int) {
        let room = max(capacity, 16)
        if let memory = malloc(room) {
            base = memory.assumingMemoryBound(to: UInt8.self)
            self.capacity = room
        } else {
            // No room yet: the first piece asks again (`grow`). The address
            // is never read or written while the capacity is 0.
            base = UnsafeMutablePointer(bitPattern: 16)!  // checked: a non-zero constant
            self.capacity = 0
        }
    }

    @inlinable deinit { if capacity > 0 { free(base) } }

    /// The bytes written, handed over: the caller frees them with `free`.
    consuming func take() -> UnsafeMutableRawBufferPointer {
        let bytes = UnsafeMutableRawBufferPointer(start: capacity > 0 ? base : nil, count: count)
        discard self
        return bytes
    }

    /// The bytes written.
    @usableFromInline
    var written: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// The bytes written, as text.
    @usableFromInline
    var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Forgets the bytes, keeping the room.
    @usableFromInline
    mutating func removeAll() { count = 0 }

    /// Makes room for `n` more bytes; false (and the buffer marked
    /// incomplete) when memory ran out and the piece must be dropped.
    @inlinable @inline(__always)
    mutating func reserve(_ n: Int) -> Bool {
        capacity - count >= n || grow(n)
    }

    @usableFromInline
    mutating func grow(_ n: Int) -> Bool {
        let (needed, overflow) = count.addingReportingOverflow(n)
        let larger = max(capacity > Int.max / 2 ? needed : 2 * capacity, needed)
        guard !overflow, let moved = capacity > 0 ? realloc(base, larger) : malloc(larger) else {
            isComplete = false
            return false
        }
        base = moved.assumingMemoryBound(to: UInt8.self)
        capacity = larger
        return true
    }

    /// Appends `bytes`.
    @inlinable @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress, reserve(bytes.count) else { return }
        (base + count).update(from: start, count: bytes.count)
        count += bytes.count
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    mutating func append(_ byte: UInt8) {
        guard reserve(1) else { return }
        base[count] = byte
        count += 1
    }

    /// Appends a literal byte by byte: inlined where the literal is written,
    /// its length known, this is a few stores, not a call.
    @inlinable @inline(__always)
    mutating func append(_ s: StaticString) {
        let n = s.utf8CodeUnitCount
        let p = s.utf8Start
        guard reserve(n) else { return }
        let to = base + count
        for k in 0..<n { to[k] = p[k] }
        count += n
    }

    /// Appends `s`'s UTF-8 as it is.
    @usableFromInline
    mutating func append(utf8 s: String) {
        var s = s
        s.withUTF8 { append($0) }
    }

    /// Appends `v` in decimal, as `String(v)` spells it.
    @inlinable
    mutating func append(decimal v: Int64) {
        guard reserve(20) else { return }
        count += DecimalText.write(v, to: base + count)
    }

    /// Appends `v` as `DecimalText` spells numbers: `12`, `12.5`.
    @inlinable
    mutating func append(number v: Double) {
        if let whole = DecimalText.whole(v) { append(decimal: whole) } else { append(utf8: String(v)) }
    }
}

/// Numbers as the project spells them in text and JSON: whole numbers
/// (most points and sizes) digit by digit, `12`; others as Swift's shortest
/// round-trip spelling, `12.5`.
@usableFromInline
enum DecimalText {
    /// `v` as an integer when it is whole and spelled as one (below 10^15).
    @inlinable @inline(__always)
    static func whole(_ v: Double) -> Int64? {
        guard abs(v) < 1e15 else { return nil }
        let i = Int64(v)
        return Double(i) == v ? i : nil
    }

    /// How many digits `m` has in decimal (what `write` writes for it,
    /// without the sign).
    static func digits(_ m: UInt64) -> Int {
        var m = m, n = 0
        while m >= 100_000_000 { m /= 100_000_000; n += 8 }
        return n + digits(below8: UInt32(truncatingIfNeeded: m))
    }

    /// How many digits `u` (below 10^8) has: a few comparisons.
    @inline(__always)
    private static func digits(below8 u: UInt32) -> Int {
        u < 10_000
            ? (u < 100 ? (u < 10 ? 1 : 2) : (u < 1_000 ? 3 : 4))
            : (u < 1_000_000 ? (u < 100_000 ? 5 : 6) : (u < 10_000_000 ? 7 : 8))
    }

    /// `00` to `99`, two bytes each (a literal: no global to initialize).
    @inline(__always)
    private static var pairs: UnsafePointer<UInt8> {
        ("00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899" as StaticString).utf8Start
    }

    /// Writes `v` in decimal at `to` (room for 20 bytes); how many bytes.
    /// Two digits at a time; above eight digits, eight at a time in 32-bit
    /// arithmetic (a transcript's `time_us` has ten or eleven).
    @usableFromInline
    static func write(_ v: Int64, to: UnsafeMutablePointer<UInt8>) -> Int {
        // Most numbers of a text line (points, sizes, milliseconds) have
        // one to four digits: written without counting them first.
        if v >= 0 && v < 10_000 {
            let n = Int(truncatingIfNeeded: v)
            if n < 10 { to[0] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n); return 1 }
            if n < 100 { to[0] = pairs[2 * n]; to[1] = pairs[2 * n + 1]; return 2 }
            let high = n / 100, low = n % 100
            if high < 10 {
                to[0] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: high)
                to[1] = pairs[2 * low]; to[2] = pairs[2 * low + 1]
                return 3
            }
            to[0] = pairs[2 * high]; to[1] = pairs[2 * high + 1]; to[2] = pairs[2 * low]; to[3] = pairs[2 * low + 1]
            return 4
        }
        let sign = v < 0 ? 1 : 0
        if sign == 1 { to[0] = UInt8(ascii: "-") }
        let p = to + sign
        let m = v.magnitude
        if m < 100_000_000 { return sign + leading(UInt32(truncatingIfNeeded: m), at: p) }
        // Int64's magnitude has at most 19 digits: 1 to 3 leading ones, then
        // one or two groups of eight.
        let last = UInt32(truncatingIfNeeded: m % 100_000_000)
        let rest = m / 100_000_000
        var n: Int
        if rest < 100_000_000 {
            n = leading(UInt32(truncatingIfNeeded: rest), at: p)
        } else {
            n = leading(UInt32(truncatingIfNeeded: rest / 100_000_000), at: p)
            eight(UInt32(truncatingIfNeeded: rest % 100_000_000), at: p + n)
            n += 8
        }
        eight(last, at: p + n)
        return sign + n + 8
    }

    /// Writes `u` (below 10^8) without leading zeros; how many digits.
    @inline(__always)
    private static func leading(_ u: UInt32, at p: UnsafeMutablePointer<UInt8>) -> Int {
        let n = digits(below8: u)
        var u = u, k = n
        while u >= 100 {
            let r = Int(truncatingIfNeeded: u % 100)
            u /= 100
            k -= 2
            p[k] = pairs[2 * r]; p[k + 1] = pairs[2 * r + 1]
        }
        if u >= 10 {
            p[0] = pairs[2 * Int(u)]; p[1] = pairs[2 * Int(u) + 1]
        } else {
            p[0] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: u)
        }
        return n
    }

    /// Writes `u` (below 10^8) as exactly eight digits, zeros leading.
    @inline(__always)
    private static func eight(_ u: UInt32, at p: UnsafeMutablePointer<UInt8>) {
        let high = Int(truncatingIfNeeded: u / 10_000), low = Int(truncatingIfNeeded: u % 10_000)
        let a = high / 100, b = high % 100, c = low / 100, d = low % 100
        p[0] = pairs[2 * a]; p[1] = pairs[2 * a + 1]
        p[2] = pairs[2 * b]; p[3] = pairs[2 * b + 1]
        p[4] = pairs[2 * c]; p[5] = pairs[2 * c + 1]
        p[6] = pairs[2 * d]; p[7] = pairs[2 * d + 1]
    }
}
