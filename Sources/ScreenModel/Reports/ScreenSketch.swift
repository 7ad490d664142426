/// A character-cell drawing of a screen: each navigation stop is drawn at
/// its frame's place as `[n label]`, and a highlighted rectangle is outlined.
/// Used by `switchyard demo` and the live terminal view.
public struct ScreenSketch: Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int = 48, rows: Int = 22) {
        self.columns = max(16, columns)
        self.rows = max(8, rows)
    }

    /// The screen drawn in `rows` lines of `columns` characters inside a frame.
    /// - Parameters:
    ///   - highlight: a rectangle to outline (the Switch Control cursor).
    ///   - labels: the label to show for each stop (defaults to the screen's).
    public func render(_ screen: Screen, order: NavigationOrder, highlight: Rect? = nil) -> [String] {
        var grid = Array(repeating: Array(repeating: Character(" "), count: columns), count: rows)
        let sx = Double(columns) / max(screen.size.width, 1)
        let sy = Double(rows) / max(screen.size.height, 1)
        // Clamped before converting: a frame at 1e308 points (or one that
        // overflows to infinity) trapped in `Int(_:)` (found by fuzzing).
        func clamp(_ v: Double, below n: Int) -> Int { v.isNaN ? 0 : Int(min(Double(n - 1), max(0, v))) }
        func cell(_ x: Double, _ y: Double) -> (Int, Int) {
            (clamp((x - screen.size.x) * sx, below: columns), clamp((y - screen.size.y) * sy, below: rows))
        }
        if let h = highlight {
            let (x0, y0) = cell(h.minX, h.minY)
            let (x1, y1) = cell(h.maxX - 0.01, h.maxY - 0.01)
            for x in x0...max(x0, x1) {
                grid[y0][x] = "~"
                grid[max(y0, y1)][x] = "~"
            }
            for y in y0...max(y0, y1) {
                grid[y][x0] = "¦"
                grid[y][max(x0, x1)] = "¦"
            }
        }
        for (n, i) in order.stops.enumerated() {
            let f = screen.frames[i]
            let (x0, y0) = cell(f.minX, f.minY + f.height / 2)
            let (x1, _) = cell(f.maxX - 0.01, f.minY)
            let width = max(4, x1 - x0 + 1)
            let label = screen.label(of: i) ?? "?"
            var text = Array("[\(n + 1) \(label)")
            if text.count > width - 1 { text = Array(text.prefix(max(2, width - 2))) + ["…"] }
            text.append("]")
            var x = x0
            for ch in text where x < columns {
                grid[y0][x] = ch
                x += 1
            }
        }
        let border = "+" + String(repeating: "-", count: columns) + "+"
        return [border] + grid.map { "|" + String($0) + "|" } + [border]
    }
}
