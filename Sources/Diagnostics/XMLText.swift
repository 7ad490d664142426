/// Text from other people's files made safe inside an XML document (JUnit
/// reports, SVG pictures): the one rule for both.
///
/// `&`, `<`, `>`, `"` and `'` become entities, so the text is safe in
/// character data and in attribute values alike; newline and tab are kept.
/// Every character XML 1.0 forbids (C0 controls other than tab, newline and
/// carriage return; U+FFFE, U+FFFF) and every character `TerminalText`
/// escapes (carriage return, DEL, C1, bidi overrides) is written as the same
/// visible escape a terminal shows (`\u{1B}`, `\r`): a label can never break
/// the document, and a CI log that shows a JUnit report stays safe.
public enum XMLText {
    /// `s` escaped for XML.
    public static func escaped(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t": out.unicodeScalars.append(u)
            case "\u{FFFE}", "\u{FFFF}": out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            default:
                if TerminalText.isUnsafe(u) { out += TerminalText.escaped(String(u)) } else { out.unicodeScalars.append(u) }
            }
        }
        return out
    }
}
