import Diagnostics
import ScreenModel

/// A grid of terminal character cells onto which a screen is scaled. A wide
/// (East Asian or emoji) character takes two cells, as terminals draw it.
/// Text is made terminal-safe (`TerminalText`) before it is written.
struct TextCanvas {
    let columns: Int
    let rows: Int
    /// The screen area the canvas shows.
    let area: Rect
    /// Per row, per column: what the cell shows ("" for the right half of a wide character).
    var cells: [[String]]

    init(columns: Int, rows: Int, area: Rect) {
        self.columns = max(8, columns)
        self.rows = max(4, rows)
        self.area = area
        cells = Array(repeating: Array(repeating: " ", count: self.columns), count: self.rows)
    }

    /// The cell holding point (`x`, `y`), clamped to the canvas.
    func cell(_ x: Double, _ y: Double) -> (column: Int, row: Int) {
        let sx = Double(columns) / max(area.width, 1)
        let sy = Double(rows) / max(area.height, 1)
        let c = Int(((x - area.x) * sx).rounded(.down))
        let r = Int(((y - area.y) * sy).rounded(.down))
        return (min(columns - 1, max(0, c)), min(rows - 1, max(0, r)))
    }

    /// The cells `r` covers: first and last column and row (the far edges exclusive).
    func span(_ r: Rect) -> (c0: Int, r0: Int, c1: Int, r1: Int) {
        let a = cell(r.minX, r.minY)
        let b = cell(max(r.minX, r.maxX - 0.01), max(r.minY, r.maxY - 0.01))
        return (a.column, a.row, max(a.column, b.column), max(a.row, b.row))
    }

    mutating func put(_ s: String, column: Int, row: Int) {
        guard (0..<rows).contains(row), (0..<columns).contains(column) else { return }
        cells[row][column] = s
    }

    /// Writes `text` from (`column`, `row`), at most `width` cells, ending
    /// with `…` when cut; clears the neighbour of a wide character it overwrites.
    mutating func write(_ text: String, column: Int, row: Int, width: Int) {
        guard (0..<rows).contains(row) else { return }
        let limit = min(width, columns - column)
        guard limit > 0 else { return }
        var x = column
        let safe = TerminalText.escaped(text, keepNewlines: false)
        let total = Self.width(safe)
        var room = total > limit ? limit - 1 : limit
        for ch in safe {
            let w = Self.isWide(ch) ? 2 : 1
            guard w <= room else { break }
            if x > 0 && cells[row][x] == "" { cells[row][x - 1] = " " }
            cells[row][x] = String(ch)
            if w == 2 { cells[row][x + 1] = "" }
            x += w
            room -= w
        }
        if total > limit { cells[row][x] = "…"; x += 1 }
        if x < columns && cells[row][x] == "" { cells[row][x] = " " }
    }

    /// Writes `text` centred on (`column`, `row`).
    mutating func writeCentred(_ text: String, column: Int, row: Int) {
        let w = Self.width(text)
        write(text, column: max(0, column - w / 2), row: row, width: w)
    }

    /// Outlines the cells of `r`: `top` and `side` characters, `corner` at the corners.
    mutating func outline(_ r: Rect, top: String, side: String, corner: String) {
        let s = span(r)
        for c in s.c0...s.c1 {
            put(top, column: c, row: s.r0)
            put(top, column: c, row: s.r1)
        }
        for row in s.r0...s.r1 {
            put(side, column: s.c0, row: row)
            put(side, column: s.c1, row: row)
        }
        for (c, row) in [(s.c0, s.r0), (s.c1, s.r0), (s.c0, s.r1), (s.c1, s.r1)] { put(corner, column: c, row: row) }
    }

    /// The canvas inside a frame of `+`, `-` and `|`.
    var lines: [String] {
        let border = "+" + String(repeating: "-", count: columns) + "+"
        return [border] + cells.map { "|" + $0.joined() + "|" } + [border]
    }

    /// How many cells `s` takes in a terminal.
    static func width(_ s: String) -> Int {
        s.reduce(0) { $0 + (isWide($1) ? 2 : 1) }
    }

    /// Whether a terminal draws `ch` two cells wide: East Asian wide and
    /// full-width characters, and emoji.
    static func isWide(_ ch: Character) -> Bool {
        guard let u = ch.unicodeScalars.first?.value else { return false }
        switch u {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return ch.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }
        }
    }
}

extension OverlayPicture {
    // MARK: - Text

    /// The picture in the terminal: the screen scaled into `columns` × `rows`
    /// character cells inside a frame; badges as `[Cart]` at each element's
    /// top leading corner, grid lines with each cell's number at its centre
    /// (`·` outside a zoomed grid), the focus outlined with `~` and `¦`.
    /// With no overlay, each element that responds to interaction shows `[label]`.
    /// - Returns: `rows + 2` lines of `columns + 2` cells.
    public func text(columns: Int = 48, rows: Int = 24) -> [String] {
        var canvas = TextCanvas(columns: columns, rows: rows, area: screen.size)
        if let grid = overlay?.grid {
            if !grid.zoom.isEmpty {
                let inside = canvas.span(grid.area)
                for r in 0..<canvas.rows {
                    for c in 0..<canvas.columns where !(inside.c0...inside.c1).contains(c) || !(inside.r0...inside.r1).contains(r) {
                        canvas.put("·", column: c, row: r)
                    }
                }
            }
            for b in overlay!.badges { canvas.outline(b.frame, top: "-", side: "|", corner: "+") }
        }
        if let focus { canvas.outline(screen.frames[focus.element], top: "~", side: "¦", corner: "~") }
        let rtl = screen.layoutDirection == .rightToLeft
        func tag(_ text: String, on frame: Rect) {
            let s = canvas.span(frame)
            let width = max(3, s.c1 - s.c0 + 1)
            let tag = "[" + text + "]"
            let w = min(width, TextCanvas.width(tag))
            canvas.write(tag, column: rtl ? max(s.c0, s.c1 + 1 - w) : s.c0, row: s.r0, width: width)
        }
        switch overlay?.kind {
        case .grid:
            for b in overlay!.badges {
                let c = canvas.cell(b.frame.center.x, b.frame.center.y)
                canvas.writeCentred(b.text, column: c.column, row: c.row)
            }
        case .names, .numbers:
            for b in overlay!.badges { tag(b.text, on: b.frame) }
        case nil:
            for k in drawnElements() where screen.respondsToUserInteraction(k) {
                tag(screen.label(of: k) ?? "?", on: screen.frames[k])
            }
        }
        return canvas.lines
    }

    /// One line per badge, for reading beside the text picture: the badge,
    /// then the element it stands on (or the cell), and the frame.
    /// `3  "⭐️" {0, 100, 400×50}`; a grid begins with its size and zoom.
    public func legend() -> [String] {
        guard let overlay else { return [] }
        var out: [String] = []
        if let g = overlay.grid {
            let zoom = g.zoom.isEmpty ? "" : ", zoomed into [\(g.zoom.map(String.init).joined(separator: ", "))]"
            out.append("grid \(g.columns)×\(g.rows) over \(Self.rect(g.area))\(zoom)")
        }
        let width = overlay.badges.map { TextCanvas.width(TerminalText.escaped($0.text, keepNewlines: false)) }.max() ?? 0
        for b in overlay.badges {
            let text = TerminalText.escaped(b.text, keepNewlines: false)
            let pad = String(repeating: " ", count: max(0, width - TextCanvas.width(text)))
            let element = b.element.map { TerminalText.escaped($0.description, keepNewlines: false) + " " } ?? ""
            out.append("  \(text)\(pad)  \(element)\(Self.rect(b.frame))")
        }
        return out
    }

    /// `{x, y, w×h}` with at most two decimals.
    static func rect(_ r: Rect) -> String {
        "{\(SVGWriter.number(r.x)), \(SVGWriter.number(r.y)), \(SVGWriter.number(r.width))×\(SVGWriter.number(r.height))}"
    }
}
