/// Text from other people's files (labels, values, device names, file
/// names) made safe to print: a control character or a bidi override in a
/// label must not clear the screen, recolour it, or rewrite what was printed.
///
/// C0 controls (except the newline between lines of a message), DEL, C1
/// controls and the Unicode bidi embedding, override and isolate characters
/// are shown as escapes (`\u{1B}`, `\r`, `\t`), as Swift writes them.
public enum TerminalText {
    /// `s` with every unsafe character escaped; newlines kept when `keepNewlines`.
    public static func escaped(_ s: String, keepNewlines: Bool = true) -> String {
        if s.utf8.withContiguousStorageIfAvailable({ !$0.contains(where: mayStartUnsafe) }) == true { return s }
        guard s.unicodeScalars.contains(where: { isUnsafe($0, keepNewlines: keepNewlines) }) else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count + 8)
        for u in s.unicodeScalars {
            if isUnsafe(u, keepNewlines: keepNewlines) {
                switch u {
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default: out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
                }
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// Whether a UTF-8 code unit may start an unsafe character: every one
    /// starts with a C0 byte, DEL, 0xC2 (U+0080–U+00BF) or 0xE2
    /// (U+2000–U+2FFF). Text without such a byte is safe as it is, found
    /// without decoding it.
    @inlinable
    public static func mayStartUnsafe(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }

    /// Whether `u` may not reach a terminal raw.
    public static func isUnsafe(_ u: Unicode.Scalar, keepNewlines: Bool = true) -> Bool {
        switch u.value {
        case 0x0A: return !keepNewlines
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
