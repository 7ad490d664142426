import Diagnostics
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

    /// `s` as XML character data or an attribute value (`XMLText`, shared with the JUnit report).
    static func escape(_ s: String) -> String { XMLText.escaped(s) }

    /// An estimate of `s`'s width at `fontSize` in a bold sans-serif: wide
    /// (East Asian) characters one em, others two thirds of one.
    static func textWidth(_ s: String, fontSize: Double) -> Double {
        s.reduce(0.0) { $0 + (TextCanvas.isWide($1) ? 1.0 : 0.66) } * fontSize
    }
}
