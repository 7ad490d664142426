import Diagnostics
import ScreenModel

/// A screen with each costed element's frame coloured by its time to
/// activate (green fast, red slow), the seconds written in it, a legend
/// with the colour scale and the summary, and a histogram of the times:
/// the scan-time benchmark's picture (`switchyard bench --svg`,
/// docs/scan-bench.md). Drawn with the same SVG conventions as
/// `OverlayPicture` (the screen's elements underneath, escaped text, fonts).
public struct HeatMapPicture: Sendable {
    /// One costed element: its frame and name, and its seconds (nil: unreachable).
    public struct Cell: Hashable, Sendable {
        public var frame: Rect
        public var name: String
        public var seconds: Double?
        public init(frame: Rect, name: String, seconds: Double?) {
            self.frame = frame
            self.name = name
            self.seconds = seconds
        }
    }

    public var screen: Screen
    public var cells: [Cell]
    /// The picture's title (first line of the legend and the SVG's `<title>`).
    public var title: String
    /// Lines under the scale: the method, the user, the summary.
    public var notes: [String]

    public init(screen: Screen, cells: [Cell], title: String, notes: [String]) {
        self.screen = screen
        self.cells = cells
        self.title = title
        self.notes = notes
    }

    /// Width of the legend panel beside the screen, in points.
    static let panel = 300.0
    /// Colour stops from fast to slow.
    static let stops: [(Double, Double, Double)] = [(26, 150, 65), (166, 217, 106), (255, 255, 191), (253, 174, 97), (215, 25, 28)]

    /// The colour of `t` between 0 (fastest) and 1 (slowest): `#1a9641`.
    static func colour(_ t: Double) -> String {
        let x = max(0, min(1, t.isFinite ? t : 0)) * Double(stops.count - 1)
        let i = min(stops.count - 2, Int(x))
        let f = x - Double(i)
        let (a, b) = (stops[i], stops[i + 1])
        func hex(_ v: Double) -> String {
            let n = Int((v).rounded())
            let digits = Array("0123456789abcdef")
            return String([digits[n / 16], digits[n % 16]])
        }
        return "#" + hex(a.0 + (b.0 - a.0) * f) + hex(a.1 + (b.1 - a.1) * f) + hex(a.2 + (b.2 - a.2) * f)
    }

    /// `4.5 s`.
    static func seconds(_ v: Double) -> String { Point.format((v * 100).rounded() / 100) + " s" }

    // MARK: - API

    /// The picture as an SVG document (UTF-8 text, every string XML-escaped).
    public func svg() -> String {
        let size = screen.size
        let times = cells.compactMap(\.seconds)
        let low = times.min() ?? 0
        let high = times.max() ?? 0
        let span = high - low
        let height = max(size.height, 560)
        let width = size.width + Self.panel
        var w = SVGWriter()
        w.line(##"<?xml version="1.0" encoding="UTF-8"?>"##)
        w.line(##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(SVGWriter.number(width))" height="\##(SVGWriter.number(height))" viewBox="\##(SVGWriter.number(size.x)) \##(SVGWriter.number(size.y)) \##(SVGWriter.number(width)) \##(SVGWriter.number(height))" font-family="\##(OverlayPicture.fonts)">"##)
        w.line("<title>\(SVGWriter.escape(title))</title>")
        w.line(##"<rect x="\##(SVGWriter.number(size.x))" y="\##(SVGWriter.number(size.y))" width="\##(SVGWriter.number(width))" height="\##(SVGWriter.number(height))" fill="#ffffff"/>"##)
        OverlayPicture(screen: screen, overlay: nil).drawElements(&w)
        w.line(##"<g id="heat" stroke="#3c3c43" stroke-width="1">"##)
        for c in cells where c.frame.width > 0 && c.frame.height > 0 {
            if let s = c.seconds {
                let t = span > 0 ? (s - low) / span : 0
                w.line(##"<rect \##(SVGWriter.frame(c.frame)) fill="\##(Self.colour(t))" fill-opacity="0.6"><title>\##(SVGWriter.escape(c.name)): \##(Self.seconds(s))</title></rect>"##)
            } else {
                w.line(##"<rect \##(SVGWriter.frame(c.frame)) fill="#c7c7cc" fill-opacity="0.6" stroke-dasharray="4 3"><title>\##(SVGWriter.escape(c.name)): unreachable</title></rect>"##)
            }
        }
        w.line("</g>")
        w.line(##"<g id="times" fill="#000000" text-anchor="end" font-weight="bold">"##)
        for c in cells where c.frame.width > 0 && c.frame.height > 0 {
            let text = c.seconds.map(Self.seconds) ?? "✕"
            let fontSize = max(6, min(14, c.frame.height * 0.45, c.frame.width / Double(max(3, text.count)) * 1.6))
            // At the trailing edge, clear of the label drawn at the leading edge.
            let centre = c.frame.center
            w.line(##"<text x="\##(SVGWriter.number(c.frame.maxX - 4))" y="\##(SVGWriter.number(centre.y + fontSize * 0.35))" font-size="\##(SVGWriter.number(fontSize))">\##(SVGWriter.escape(text))</text>"##)
        }
        w.line("</g>")
        drawLegend(&w, x: size.maxX + 16, y: size.minY + 16, low: low, high: high, times: times)
        w.line("</svg>")
        return w.text
    }

    /// The title, the colour scale from the fastest to the slowest time, the
    /// notes, and a histogram of the times (ten bins).
    func drawLegend(_ w: inout SVGWriter, x: Double, y: Double, low: Double, high: Double, times: [Double]) {
        let barWidth = Self.panel - 40
        w.line(##"<g id="legend" fill="#1c1c1e" font-size="12">"##)
        w.line(##"<text x="\##(SVGWriter.number(x))" y="\##(SVGWriter.number(y + 4))" font-size="14" font-weight="bold">\##(SVGWriter.escape(title))</text>"##)
        w.line(##"<text x="\##(SVGWriter.number(x))" y="\##(SVGWriter.number(y + 28))">seconds to activate</text>"##)
        let n = 20
        for i in 0..<n {
            let t = Double(i) / Double(n - 1)
            w.line(##"<rect x="\##(SVGWriter.number(x + Double(i) * barWidth / Double(n)))" y="\##(SVGWriter.number(y + 36))" width="\##(SVGWriter.number(barWidth / Double(n) + 0.5))" height="14" fill="\##(Self.colour(t))"/>"##)
        }
        w.line(##"<text x="\##(SVGWriter.number(x))" y="\##(SVGWriter.number(y + 64))">\##(SVGWriter.escape(Self.seconds(low)))</text>"##)
        w.line(##"<text x="\##(SVGWriter.number(x + barWidth))" y="\##(SVGWriter.number(y + 64))" text-anchor="end">\##(SVGWriter.escape(Self.seconds(high)))</text>"##)
        var line = y + 90
        for note in notes {
            w.line(##"<text x="\##(SVGWriter.number(x))" y="\##(SVGWriter.number(line))">\##(SVGWriter.escape(note))</text>"##)
            line += 16
        }
        // Histogram: ten bins from the fastest to the slowest time.
        let bins = 10
        var counts = Array(repeating: 0, count: bins)
        for t in times {
            let i = high > low ? min(bins - 1, Int((t - low) / (high - low) * Double(bins))) : 0
            counts[i] += 1
        }
        let top = line + 40
        let chartHeight = 100.0
        let most = Double(max(1, counts.max() ?? 1))
        w.line(##"<text x="\##(SVGWriter.number(x))" y="\##(SVGWriter.number(top - 20))">elements per time (histogram)</text>"##)
        for (i, c) in counts.enumerated() {
            let h = Double(c) / most * chartHeight
            let t = (Double(i) + 0.5) / Double(bins)
            w.line(##"<rect x="\##(SVGWriter.number(x + Double(i) * barWidth / Double(bins)))" y="\##(SVGWriter.number(top + chartHeight - h))" width="\##(SVGWriter.number(barWidth / Double(bins) - 2))" height="\##(SVGWriter.number(h))" fill="\##(Self.colour(t))" stroke="#3c3c43" stroke-width="0.5"><title>\##(Plural.count(c, "element"))</title></rect>"##)
            if c > 0 {
                w.line(##"<text x="\##(SVGWriter.number(x + (Double(i) + 0.5) * barWidth / Double(bins)))" y="\##(SVGWriter.number(top + chartHeight - h - 3))" font-size="10" text-anchor="middle">\##(c)</text>"##)
            }
        }
        w.line(##"<line x1="\##(SVGWriter.number(x))" y1="\##(SVGWriter.number(top + chartHeight))" x2="\##(SVGWriter.number(x + barWidth))" y2="\##(SVGWriter.number(top + chartHeight))" stroke="#3c3c43"/>"##)
        w.line(##"<text x="\##(SVGWriter.number(x))" y="\##(SVGWriter.number(top + chartHeight + 16))">\##(SVGWriter.escape(Self.seconds(low)))</text>"##)
        w.line(##"<text x="\##(SVGWriter.number(x + barWidth))" y="\##(SVGWriter.number(top + chartHeight + 16))" text-anchor="end">\##(SVGWriter.escape(Self.seconds(high)))</text>"##)
        w.line("</g>")
    }
}
