import ScreenModel

/// An arrow key's direction.
public enum ArrowDirection: String, Hashable, Sendable, CaseIterable {
    case up, down, left, right

    /// The scroll direction that reveals what lies this way.
    var scroll: ScrollDirection {
        switch self {
        case .up: return .up
        case .down: return .down
        case .left: return .left
        case .right: return .right
        }
    }
}

/// The rule an arrow key follows among the items of a group laid out as a
/// grid or freely: Android's `FocusFinder`
/// (AOSP `core/java/android/view/FocusFinder.java`, `getWeightedDistanceFor`).
///
/// A candidate lies beyond the current item in the arrow's direction, by
/// `FocusFinder.isCandidate`: for right, its left edge is right of the
/// current item's left edge (or at or after its right edge) and its right
/// edge is right of the current item's right edge; the same turned for the
/// other directions. Its score is `13 × major² + minor²`, where `major` is the
/// gap along the direction from the current item's edge to the candidate's
/// near edge (0 when they overlap) and `minor` the distance between the two
/// centres across it. The lowest score wins; equal scores go to the earlier
/// item in navigation order. (Android also prefers candidates inside the
/// current item's "beam"; the weight 13 makes that rarely matter, and the
/// model leaves it out.) [model choice]
enum DirectionalFocus {
    /// The score of moving from `s` to `d` towards `direction`, or nil
    /// when `d` is not a candidate (it does not lie beyond `s` that way).
    @inline(__always)
    static func score(from s: Rect, to d: Rect, _ direction: ArrowDirection) -> Double? {
        let major: Double
        let minor: Double
        switch direction {
        case .right:
            guard (s.minX < d.minX || s.maxX <= d.minX) && s.maxX < d.maxX else { return nil }
            major = max(0, d.minX - s.maxX)
            minor = (d.y + d.height / 2) - (s.y + s.height / 2)
        case .left:
            guard (s.maxX > d.maxX || s.minX >= d.maxX) && s.minX > d.minX else { return nil }
            major = max(0, s.minX - d.maxX)
            minor = (d.y + d.height / 2) - (s.y + s.height / 2)
        case .down:
            guard (s.minY < d.minY || s.maxY <= d.minY) && s.maxY < d.maxY else { return nil }
            major = max(0, d.minY - s.maxY)
            minor = (d.x + d.width / 2) - (s.x + s.width / 2)
        case .up:
            guard (s.maxY > d.maxY || s.minY >= d.maxY) && s.minY > d.minY else { return nil }
            major = max(0, s.minY - d.maxY)
            minor = (d.x + d.width / 2) - (s.x + s.width / 2)
        }
        return 13 * major * major + minor * minor
    }

    /// The best candidate among `rects` by a full scan (small groups).
    /// - Returns: its index in `rects`, or nil.
    static func nearest(from s: Rect, among rects: [Rect], excluding: Int?, _ direction: ArrowDirection) -> Int? {
        var best: Int? = nil
        var bestScore = Double.infinity
        for (i, r) in rects.enumerated() where i != excluding {
            if let sc = score(from: s, to: r, direction), sc < bestScore {
                best = i
                bestScore = sc
            }
        }
        return best
    }
}

/// A uniform grid of buckets over the centres of one group's items, built
/// once per group and layout, so that an arrow key looks at the few buckets
/// near the current item instead of every item (a 10,000-key keypad answers
/// an arrow from a handful of buckets).
///
/// The search walks lanes of buckets (columns for left and right, rows for
/// up and down) away from the current item's centre, and in each lane the buckets
/// outward from the item's centre, and stops as soon as the lowest score any
/// item in the remaining buckets could have (from the bucket's bounds,
/// widened by the largest item's half size, since the major distance is
/// measured to an item's near edge) exceeds the best found. It returns
/// exactly what `DirectionalFocus.nearest` returns.
struct SpatialIndex: Sendable {
    let rects: [Rect]
    let minX: Double, minY: Double
    let cellWidth: Double, cellHeight: Double
    let columns: Int, rows: Int
    /// Bucket `c + r × columns` holds `items[start[b] ..< start[b + 1]]`, in index order.
    let start: [Int32]
    let items: [Int32]
    /// The largest half width and half height of any item.
    let halfWidth: Double, halfHeight: Double

    /// Builds the grid: about one item per bucket, shaped like the items' spread.
    init(_ rects: [Rect]) {
        self.rects = rects
        let n = max(1, rects.count)
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var hw = 0.0, hh = 0.0
        for r in rects {
            let c = r.center
            x0 = min(x0, c.x); x1 = max(x1, c.x); y0 = min(y0, c.y); y1 = max(y1, c.y)
            hw = max(hw, r.width / 2); hh = max(hh, r.height / 2)
        }
        if rects.isEmpty { x0 = 0; y0 = 0; x1 = 0; y1 = 0 }
        let w = x1 - x0, h = y1 - y0
        var cols: Int
        if w <= 0 {
            cols = 1
        } else if h <= 0 {
            cols = n
        } else {
            cols = Int((Double(n) * w / h).squareRoot().rounded())
        }
        cols = min(max(cols, 1), n)
        let rowCount = min(max(Int((Double(n) / Double(cols)).rounded(.up)), 1), n)
        let cw = w > 0 ? w / Double(cols) : 1
        let ch = h > 0 ? h / Double(rowCount) : 1
        minX = x0; minY = y0
        columns = cols; rows = rowCount
        cellWidth = cw; cellHeight = ch
        halfWidth = hw; halfHeight = hh
        var counts = [Int32](repeating: 0, count: cols * rowCount + 1)
        var bucketOf = [Int](repeating: 0, count: rects.count)
        for (i, r) in rects.enumerated() {
            let c = r.center
            let b = Self.clamp(Int((c.x - x0) / cw), cols) + Self.clamp(Int((c.y - y0) / ch), rowCount) * cols
            bucketOf[i] = b
            counts[b + 1] += 1
        }
        for b in 0..<(cols * rowCount) { counts[b + 1] += counts[b] }
        var fill = counts
        var list = [Int32](repeating: 0, count: rects.count)
        for i in rects.indices {
            list[Int(fill[bucketOf[i]])] = Int32(i)
            fill[bucketOf[i]] += 1
        }
        start = counts
        items = list
    }

    @inline(__always)
    static func clamp(_ v: Int, _ count: Int) -> Int { v < 0 ? 0 : (v >= count ? count - 1 : v) }

    /// The best candidate from `s` towards `direction`, ties to the lower index.
    /// - Returns: its index in `rects`, or nil when nothing lies that way.
    func nearest(from s: Rect, excluding: Int?, _ direction: ArrowDirection) -> Int? {
        let horizontal = direction == .left || direction == .right
        let forward = direction == .right || direction == .down
        // Lanes run across the direction (columns for left/right); strips split a lane.
        let laneCount = horizontal ? columns : rows
        let stripCount = horizontal ? rows : columns
        let laneSize = horizontal ? cellWidth : cellHeight
        let stripSize = horizontal ? cellHeight : cellWidth
        let laneOrigin = horizontal ? minX : minY
        let stripOrigin = horizontal ? minY : minX
        let half = horizontal ? halfWidth : halfHeight
        let edge = horizontal ? (forward ? s.maxX : s.minX) : (forward ? s.maxY : s.minY)
        let across = horizontal ? s.center.y : s.center.x
        // A candidate's edges both lie beyond the item's, so its centre lies beyond the item's centre.
        let middle = horizontal ? s.center.x : s.center.y
        let firstLane = Self.clamp(Int(((middle - laneOrigin) / laneSize).rounded(.down)), laneCount)
        let homeStrip = Self.clamp(Int(((across - stripOrigin) / stripSize).rounded(.down)), stripCount)

        var best: Int? = nil
        var bestScore = Double.infinity
        func visit(_ lane: Int, _ strip: Int) {
            let b = horizontal ? lane + strip * columns : strip + lane * columns
            for j in Int(start[b])..<Int(start[b + 1]) {
                let i = Int(items[j])
                if i == excluding { continue }
                guard let sc = DirectionalFocus.score(from: s, to: rects[i], direction) else { continue }
                if sc < bestScore || (sc == bestScore && i < (best ?? .max)) {
                    best = i
                    bestScore = sc
                }
            }
        }
        var lane = firstLane
        while lane >= 0 && lane < laneCount {
            // The least gap any item centred in this lane can have from the edge.
            let laneStart = laneOrigin + Double(lane) * laneSize
            let gap = forward ? laneStart - half - edge : edge - (laneStart + laneSize) - half
            let majorLow = max(0, gap)
            let base = 13 * majorLow * majorLow
            if base > bestScore { break }
            visit(lane, homeStrip)
            var ring = 1
            while homeStrip - ring >= 0 || homeStrip + ring < stripCount {
                // Buckets `ring` away are at least `ring - 1` strips across from the item's centre.
                let minorLow = Double(ring - 1) * stripSize
                if base + minorLow * minorLow > bestScore { break }
                if homeStrip - ring >= 0 { visit(lane, homeStrip - ring) }
                if homeStrip + ring < stripCount { visit(lane, homeStrip + ring) }
                ring += 1
            }
            lane += forward ? 1 : -1
        }
        return best
    }
}
