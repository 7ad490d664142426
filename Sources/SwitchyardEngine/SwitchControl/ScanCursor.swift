/// A position in a scanned list and the passes completed over it: the one
/// rule for "advance, count a pass, stop after Loops", shared by item
/// scanning, the scanner menu and point sweeps.
struct ScanCursor: Hashable, Sendable {
    /// Index of the highlighted stop.
    var position: Int = 0
    /// Passes completed since the list was entered (or since the last move).
    var passes: Int = 0

    /// What one auto-scan step did.
    enum Step: Hashable, Sendable {
        /// The highlight moved to the next stop.
        case moved
        /// A pass ended: the highlight is back on the first stop (a new pass).
        case wrapped
        /// A pass ended and it was the last the Loops setting allows.
        case loopsUsedUp
    }

    /// Auto scanning's step over a list of `count` stops.
    /// - Parameters:
    ///   - count: the number of stops in the list (at least 1).
    ///   - loops: passes before scanning stops; nil for unlimited.
    mutating func step(count: Int, loops: Int?) -> Step {
        if position + 1 < count {
            position += 1
            return .moved
        }
        passes += 1
        if let loops, passes >= loops { return .loopsUsedUp }
        position = 0
        return .wrapped
    }

    /// A move by `delta` stops (a move switch), wrapping at both ends; a move
    /// starts the pass count afresh.
    mutating func move(by delta: Int, count: Int) {
        position = ((position + delta) % count + count) % count
        passes = 0
    }
}
