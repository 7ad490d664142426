import ScreenModel
import SwitchyardEngine

/// The measurable core of the Full Keyboard Access benchmark: a screen of
/// `side × side` keys in one container (one focus group of `side²` items,
/// answered by its spatial index), driven by arrow key presses that sweep
/// it row by row, snaking (Right across a row, Down, Left back, Down…).
/// Each press is two key strokes (down, up), 1 ms apart.
///
/// The engine reads no clock; `switchyard-bench` times `run(presses:)`.
public struct KeyboardBenchmark {
    /// The session being driven.
    public var session: Session
    /// Keys per side.
    public let side: Int
    /// The strokes of one sweep over the whole grid, in order.
    let sweep: [KeyStroke]
    var now: Int64 = 1_000

    /// Builds the screen, starts the session at zero and focuses the first key.
    /// - Parameter side: keys per row and per column (at least 2).
    public init(side: Int) {
        precondition(side >= 2, "the benchmark grid needs at least 2 × 2 keys")
        self.side = side
        session = BenchmarkScreens.session(BenchmarkScreens.grid(count: side * side, columns: side, label: "Key", contained: true),
                                           .keyboard(KeyboardAccessSettings()))
        var presses: [Key] = []
        for row in 0..<side {
            presses += Array(repeating: row % 2 == 0 ? .right : .left, count: side - 1)
            presses.append(row == side - 1 ? .up : .down)
        }
        sweep = presses.flatMap { [KeyStroke(key: $0, phase: .down), KeyStroke(key: $0, phase: .up)] }
        _ = session.handle(TimedInput(.key(KeyStroke(key: .tab, phase: .down)), at: .milliseconds(1)))
        _ = session.handle(TimedInput(.key(KeyStroke(key: .tab, phase: .up)), at: .milliseconds(1)))
    }

    /// Sends `strokes` key strokes (sweeping the grid again and again).
    /// - Returns: the number of times focus moved.
    public mutating func run(strokes: Int) -> Int {
        var moves = 0
        var i = 0
        for _ in 0..<strokes {
            now &+= 1
            session.handle(TimedInput(.key(sweep[i]), at: Instant(microseconds: now * 1_000))) { e in
                if case .focused = e.event { moves &+= 1 }
            }
            i += 1
            if i == sweep.count { i = 0 }
        }
        return moves
    }
}
