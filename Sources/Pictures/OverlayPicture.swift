import ScreenModel
import SwitchyardEngine

/// A picture of one screen: its elements' frames and labels, a Voice
/// Control overlay over them (as `Overlay.compute` gives it), and
/// optionally a focus ring on one element. Drawn as SVG (`svg()`, PNG through
/// `SVGRasterizer`) or as terminal text (`text(columns:rows:)`).
///
/// Badges stand where Voice Control draws them: a name or number at the
/// element's top leading corner (top-left, or top-right on a right-to-left
/// screen), a grid's lines with each cell's number at its centre, and the
/// screen outside a zoomed grid dimmed.
public struct OverlayPicture: Sendable {
    /// Which technology's focus the ring draws.
    public enum FocusStyle: String, Hashable, Sendable, CaseIterable {
        /// Full Keyboard Access's focus ring: a rounded outline just outside the element.
        case keyboard
        /// Switch Control's cursor: a thick outline over a tinted element.
        case switchControl = "switch-control"
    }

    public var screen: Screen
    public var overlay: Overlay?
    /// The element the ring is drawn on, and how.
    public var focus: (element: ElementIndex, style: FocusStyle)?
    /// A title for the picture (the SVG's `<title>`).
    public var title: String

    public init(screen: Screen, overlay: Overlay?, focus: (element: ElementIndex, style: FocusStyle)? = nil, title: String? = nil) {
        self.screen = screen
        self.overlay = overlay
        self.focus = focus
        self.title = title ?? screen.title ?? screen.name
    }

    // MARK: - API

    /// The picture as an SVG document (UTF-8 text, every string XML-escaped).
    /// - Parameter scale: pixels per point (the document's width and height;
    ///   its coordinates stay in points).
    /// - Returns: the document, starting with the XML declaration.
    public func svg(scale: Double = 1) -> String {
        let size = screen.size
        var w = SVGWriter()
        w.line(##"<?xml version="1.0" encoding="UTF-8"?>"##)
        w.line(##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(SVGWriter.number(size.width * scale))" height="\##(SVGWriter.number(size.height * scale))" viewBox="\##(SVGWriter.number(size.x)) \##(SVGWriter.number(size.y)) \##(SVGWriter.number(size.width)) \##(SVGWriter.number(size.height))" font-family="\##(Self.fonts)">"##)
        w.line("<title>\(SVGWriter.escape(title))</title>")
        w.line(##"<rect x="\##(SVGWriter.number(size.x))" y="\##(SVGWriter.number(size.y))" width="\##(SVGWriter.number(size.width))" height="\##(SVGWriter.number(size.height))" fill="#ffffff"/>"##)
        drawElements(&w)
        if let overlay {
            switch overlay.kind {
            case .names, .numbers: drawBadges(overlay, &w)
            case .grid: drawGrid(overlay, &w)
            }
        }
        if let focus { drawFocus(focus.element, focus.style, &w) }
        w.line("</svg>")
        return w.text
    }

    /// Fonts in order of preference: DejaVu Sans (Latin, Greek, Cyrillic,
    /// Arabic, Hebrew), Noto for CJK and the rest, then the system's.
    static let fonts = "DejaVu Sans, Noto Sans, Noto Sans CJK JP, Noto Sans Arabic, sans-serif"

    // MARK: - Elements

    /// The elements drawn: visible (not hidden, not scrolled out), with a
    /// frame of some size, in drawing order; a `combine` or `ignore`
    /// element stands for its children, as assistive technologies see it.
    /// The root is the screen itself and is not drawn.
    func drawnElements() -> [ElementIndex] {
        var out: [ElementIndex] = []
        var stack: [ElementIndex] = screen.elements[screen.root].children.reversed()
        while let k = stack.popLast() {
            let e = screen.elements[k]
            if e.hidden { continue }
            let f = screen.frames[k]
            if !screen.isScrolledOut(k) && f.width > 0 && f.height > 0 { out.append(k) }
            if e.childBehavior.keepsChildrenOut { continue }
            stack.append(contentsOf: e.children.reversed())
        }
        return out
    }

    /// Frames (darker for elements that respond to interaction) and the
    /// labels of leaves and merged elements, each clipped to its frame.
    func drawElements(_ w: inout SVGWriter) {
        let drawn = drawnElements()
        w.line(##"<g id="elements" fill="none" stroke-width="1">"##)
        for k in drawn {
            let stroke = screen.respondsToUserInteraction(k) ? "#8e8e93" : "#d1d1d6"
            w.line(##"<rect \##(SVGWriter.frame(screen.frames[k])) rx="2" stroke="\##(stroke)"/>"##)
        }
        w.line("</g>")
        w.line(##"<g id="labels" fill="#3c3c43">"##)
        let rtl = screen.layoutDirection == .rightToLeft
        for k in drawn {
            let e = screen.elements[k]
            let merged = e.childBehavior.keepsChildrenOut
            guard merged || e.children.isEmpty, let label = screen.label(of: k), !label.isEmpty else { continue }
            let f = screen.frames[k]
            let fontSize = max(6, min(14, f.height * 0.45))
            let x = rtl ? f.maxX - 4 : f.minX + 4
            let y = f.minY + f.height / 2 + fontSize * 0.35
            w.line(##"<clipPath id="clip\##(k)"><rect \##(SVGWriter.frame(f))/></clipPath>"##)
            w.line(##"<text x="\##(SVGWriter.number(x))" y="\##(SVGWriter.number(y))" font-size="\##(SVGWriter.number(fontSize))"\##(rtl ? ##" text-anchor="end""## : "") clip-path="url(#clip\##(k))">\##(SVGWriter.escape(label))</text>"##)
        }
        w.line("</g>")
    }

    // MARK: - Overlays

    /// Badge height and font size in points.
    static let badgeHeight = 18.0
    static let badgeFont = 12.0

    /// Names and numbers: a rounded badge at each element's top leading
    /// corner (across its top edge), kept on screen; names dark, numbers blue.
    func drawBadges(_ overlay: Overlay, _ w: inout SVGWriter) {
        let rtl = screen.layoutDirection == .rightToLeft
        w.line(##"<g id="overlay" class="\##(overlay.kind)" font-size="\##(SVGWriter.number(Self.badgeFont))" font-weight="bold">"##)
        for b in overlay.badges {
            let width = SVGWriter.textWidth(b.text, fontSize: Self.badgeFont) + 10
            var x = rtl ? b.frame.maxX - width : b.frame.minX
            x = max(screen.size.minX, min(x, screen.size.maxX - width))
            // Straddling the top edge, so the element's own text stays readable.
            let y = max(screen.size.minY, min(b.frame.minY - Self.badgeHeight / 2, screen.size.maxY - Self.badgeHeight))
            let fill = b.number == nil ? "#3a3a3c" : "#0a60ff"
            w.line(##"<rect x="\##(SVGWriter.number(x))" y="\##(SVGWriter.number(y))" width="\##(SVGWriter.number(width))" height="\##(SVGWriter.number(Self.badgeHeight))" rx="5" fill="\##(fill)" fill-opacity="0.92"/>"##)
            w.line(##"<text x="\##(SVGWriter.number(x + width / 2))" y="\##(SVGWriter.number(y + Self.badgeHeight / 2 + Self.badgeFont * 0.35))" text-anchor="middle" fill="#ffffff">\##(SVGWriter.escape(b.text))</text>"##)
        }
        w.line("</g>")
    }

    /// The grid: outside a zoomed area the screen is dimmed; the cells'
    /// outlines, and each cell's number in a blue disc at its centre.
    func drawGrid(_ overlay: Overlay, _ w: inout SVGWriter) {
        guard let grid = overlay.grid else { return }
        w.line(##"<g id="overlay" class="grid">"##)
        if !grid.zoom.isEmpty {
            let s = screen.size
            let a = grid.area
            let outer = "M\(SVGWriter.number(s.minX)) \(SVGWriter.number(s.minY))H\(SVGWriter.number(s.maxX))V\(SVGWriter.number(s.maxY))H\(SVGWriter.number(s.minX))Z"
            let inner = "M\(SVGWriter.number(a.minX)) \(SVGWriter.number(a.minY))H\(SVGWriter.number(a.maxX))V\(SVGWriter.number(a.maxY))H\(SVGWriter.number(a.minX))Z"
            w.line(##"<path d="\##(outer)\##(inner)" fill="#000000" fill-opacity="0.3" fill-rule="evenodd"/>"##)
        }
        for b in overlay.badges {
            w.line(##"<rect \##(SVGWriter.frame(b.frame)) fill="none" stroke="#0a60ff" stroke-opacity="0.85" stroke-width="1.5"/>"##)
        }
        for b in overlay.badges {
            let c = b.frame.center
            let fontSize = max(5, min(14, min(b.frame.width, b.frame.height) * 0.3))
            let radius = fontSize * (b.text.count > 1 ? 1.05 : 0.85)
            w.line(##"<circle cx="\##(SVGWriter.number(c.x))" cy="\##(SVGWriter.number(c.y))" r="\##(SVGWriter.number(radius))" fill="#0a60ff" fill-opacity="0.92"/>"##)
            w.line(##"<text x="\##(SVGWriter.number(c.x))" y="\##(SVGWriter.number(c.y + fontSize * 0.35))" font-size="\##(SVGWriter.number(fontSize))" font-weight="bold" text-anchor="middle" fill="#ffffff">\##(SVGWriter.escape(b.text))</text>"##)
        }
        w.line("</g>")
    }

    // MARK: - Focus

    /// Full Keyboard Access's ring just outside the element, or Switch
    /// Control's cursor over it.
    func drawFocus(_ k: ElementIndex, _ style: FocusStyle, _ w: inout SVGWriter) {
        let f = screen.frames[k]
        switch style {
        case .keyboard:
            let ring = Rect(x: f.minX - 3, y: f.minY - 3, width: f.width + 6, height: f.height + 6)
            w.line(##"<rect id="focus" class="keyboard" \##(SVGWriter.frame(ring)) rx="8" fill="none" stroke="#0a84ff" stroke-width="4"/>"##)
        case .switchControl:
            w.line(##"<rect id="focus" class="switch-control" \##(SVGWriter.frame(f)) rx="6" fill="#0a84ff" fill-opacity="0.15" stroke="#0a84ff" stroke-width="5"/>"##)
        }
    }
}
