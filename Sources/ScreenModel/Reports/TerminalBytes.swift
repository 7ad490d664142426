import Diagnostics

/// A line of terminal-safe text built as UTF-8 bytes, for text printed by
/// the hundred thousand (each event of a run, as `TranscriptFormat` spells
/// it) without a `String` per piece.
///
/// The project's own literal pieces go in as they are; text from other
/// people's files (labels, screen and device names) is escaped as
/// `TerminalText.escaped(_:keepNewlines: false)` escapes it; numbers go in
/// digit by digit, spelled as `Point.format` spells them. Since that
/// escaping works character by character, a line built here reads the same
/// as the whole line escaped at once.
public struct TerminalBytes: ~Copyable {
    @usableFromInline var storage: ByteBuffer

    /// - Parameter capacity: bytes to make room for up front.
    public init(capacity: Int = 128) {
        storage = ByteBuffer(capacity: capacity)
    }

    /// Bytes written.
    public var count: Int { storage.count }

    /// False when memory ran out and part of the text was dropped
    /// (`ByteBuffer`): whoever prints it reports that instead.
    public var isComplete: Bool { storage.isComplete }

    /// The text so far, UTF-8.
    public var bytes: [UInt8] { Array(storage.written) }

    /// The text so far.
    public var text: String { storage.text }

    /// Forgets the text, keeping the room.
    public mutating func removeAll() { storage.removeAll() }

    /// Hands the text written so far to `body` and forgets it, keeping the
    /// room: a long text streamed in pieces.
    public mutating func drain(_ body: (UnsafeRawBufferPointer) -> Void) {
        body(storage.written)
        storage.removeAll()
    }

    /// The text, handed over without a copy: the caller owns the bytes and
    /// frees them with `free` (as `Data(bytesNoCopy:count:deallocator: .free)` does).
    public consuming func take() -> UnsafeMutableRawBufferPointer { storage.take() }

    /// Appends one of the project's own literal pieces (` highlighted `, `×`),
    /// which must be terminal-safe already.
    @inlinable @inline(__always)
    public mutating func append(_ s: StaticString) { storage.append(s) }

    /// Appends text from outside, escaped for a terminal: control
    /// characters (newlines too) and bidi overrides become escapes. Text
    /// with no byte that may start such a character (`TerminalText.mayStartUnsafe`)
    /// goes in as it is, found eight bytes at a time.
    public mutating func append(escaping s: String) {
        var s = s
        let clean = s.withUTF8 { utf8 in
            guard Self.isSafe(utf8) else { return false }
            storage.append(utf8)
            return true
        }
        if !clean { storage.append(utf8: TerminalText.escaped(s, keepNewlines: false)) }
    }

    /// Appends `"s"`: text from outside, escaped, between double quotes.
    public mutating func append(quoting s: String) {
        append("\"")
        append(escaping: s)
        append("\"")
    }

    /// Appends `v` in decimal.
    @inlinable
    public mutating func append(decimal v: Int) { storage.append(decimal: Int64(v)) }

    /// Appends `v` in decimal, as `String(v)` spells it.
    @inlinable
    public mutating func append(decimal v: Int64) { storage.append(decimal: v) }

    /// Appends `v` as `Point.format` spells it: `12` when whole, `12.5` otherwise.
    @inlinable
    public mutating func append(number v: Double) { storage.append(number: v) }

    /// Whether no byte of `utf8` may start a character unsafe on a terminal.
    static func isSafe(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        // Below 0x20, DEL, and every byte from 0x80 (0xC2 and 0xE2 among them) leave the fast path.
        ByteWords.none(of: utf8, flagged: { $0 & ByteWords.high | ByteWords.below($0, 0x20) | ByteWords.equal($0, 0x7F) },
                       special: TerminalText.mayStartUnsafe)
    }
}

/// A value that spells itself into a text line; its `description` is the
/// same spelling (`TerminalBytes.text(of:)`).
public protocol TerminalDescribable {
    /// Appends the value's spelling to `t`.
    func describe(into t: inout TerminalBytes)
}

extension TerminalBytes {
    /// `v`'s spelling as a `String`.
    public static func text(of v: some TerminalDescribable) -> String {
        var t = TerminalBytes(capacity: 32)
        v.describe(into: &t)
        return t.text
    }
}
