/// Text from other people's files made safe inside an XML document (JUnit
/// reports, SVG pictures): the one rule for both.
///
/// `&`, `<`, `>`, `"` and `'` become entities, so the text is safe in
/// character data and in attribute values alike; the characters XML 1.0 does
/// not allow (C0 controls other than tab, newline and carriage return;
/// U+FFFE and U+FFFF) become U+FFFD, so a label can never break the document.
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
            case "\t", "\n", "\r": out.unicodeScalars.append(u)
            default:
                if u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out
    }
}
