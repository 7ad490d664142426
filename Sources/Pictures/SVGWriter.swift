import ScreenModel

/// Writes SVG text: one element per line, numbers short, strings escaped.
struct SVGWriter {
    var text = ""

    mutating func line(_ s: String) {
        text += s
        text += "\n"
    }

    // MARK: - Values

    /// `12`, `12.5`, `133.33`: at most two decimals (a hundredth of a point).
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let r = (v * 100).rounded() / 100
        return Point.format(r == 0 ? 0 : r)
    }

    /// `x="…" y="…" width="…" height="…"` of a rectangle.
    static func frame(_ r: Rect) -> String {
        #"x="\#(number(r.x))" y="\#(number(r.y))" width="\#(number(r.width))" height="\#(number(r.height))""#
    }

    /// `s` as XML character data or an attribute value: `&`, `<`, `>`, `"`
    /// and `'` escaped, and the characters XML 1.0 does not allow (C0
    /// controls other than tab, newline and carriage return; U+FFFE, U+FFFF)
    /// replaced by U+FFFD, so a label can never break the document.
    static func escape(_ s: String) -> String {
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

    /// An estimate of `s`'s width at `fontSize` in a bold sans-serif: wide
    /// (East Asian) characters one em, others two thirds of one.
    static func textWidth(_ s: String, fontSize: Double) -> Double {
        s.reduce(0.0) { $0 + (TextCanvas.isWide($1) ? 1.0 : 0.66) } * fontSize
    }
}
