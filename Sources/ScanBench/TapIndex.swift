import ScreenModel
import SwitchyardEngine

/// Whether a point-mode tap at a point lands on the stop aimed at, fast on a
/// screen of thousands of elements: the answer is the engine's own
/// (`Screen.tapTarget`), which walks the whole tree, except where a bucket
/// grid of the frames proves it without the walk — the stop's frame holds
/// the point, no element after it in drawing order has a frame that does,
/// and no scroll view above it can clip it — so that only the doubtful
/// cases pay for the walk.
struct TapIndex: Sendable {
    let screen: Screen
    let modal: ElementIndex?
    let origin: Point
    let cell: Double
    let columns: Int
    let rows: Int
    /// Elements whose frame meets each cell, in increasing index order.
    let buckets: [[ElementIndex]]
    /// Whether an element has a scrollable ancestor (which clips what shows through).
    let clipped: [Bool]

    init(screen: Screen, modal: ElementIndex?) {
        self.screen = screen
        self.modal = modal
        let n = screen.elements.count
        var clipped = Array(repeating: false, count: n)
        for i in 0..<n {
            for c in screen.elements[i].children { clipped[c] = clipped[i] || screen.elements[i].scrollable }
        }
        self.clipped = clipped
        let area = screen.size
        let side = max(1, Int(Double(n).squareRoot().rounded(.up)))
        origin = Point(x: area.minX, y: area.minY)
        cell = max(1, max(area.width, area.height) / Double(side))
        columns = max(1, min(4096, Int((area.width / cell).rounded(.up)) + 1))
        rows = max(1, min(4096, Int((area.height / cell).rounded(.up)) + 1))
        var buckets = Array(repeating: [ElementIndex](), count: columns * rows)
        for i in 0..<n {
            let f = screen.frames[i]
            guard f.width.isFinite, f.height.isFinite else { continue }
            let (c0, r0) = Self.clamp(f.minX, f.minY, origin, cell, columns, rows)
            let (c1, r1) = Self.clamp(f.maxX, f.maxY, origin, cell, columns, rows)
            for r in r0...r1 { for c in c0...c1 { buckets[r * columns + c].append(i) } }
        }
        self.buckets = buckets
    }

    static func clamp(_ x: Double, _ y: Double, _ origin: Point, _ cell: Double, _ columns: Int, _ rows: Int) -> (Int, Int) {
        func index(_ v: Double, _ count: Int) -> Int {
            guard v.isFinite else { return v > 0 ? count - 1 : 0 }
            return max(0, min(count - 1, Int(v.rounded(.down))))
        }
        return (index((x - origin.x) / cell, columns), index((y - origin.y) / cell, rows))
    }

    /// Whether a tap at `p` lands on stop `k`.
    func lands(_ p: Point, on k: ElementIndex) -> Bool {
        let (c, r) = Self.clamp(p.x, p.y, origin, cell, columns, rows)
        let inside = (p.x - origin.x) / cell < Double(columns) && (p.y - origin.y) / cell < Double(rows) && p.x >= origin.x && p.y >= origin.y
        if inside, !clipped[k], screen.frames[k].contains(p),
           !buckets[r * columns + c].contains(where: { $0 > k && screen.frames[$0].contains(p) }) {
            return true
        }
        return screen.tapTarget(at: p, inside: modal) == k
    }
}
