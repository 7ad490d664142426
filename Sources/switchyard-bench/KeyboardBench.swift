import BenchmarkWorkloads
import SwitchyardEngine

/// Full Keyboard Access arrow keys on a 10,000-key grid (one focus group,
/// answered by its spatial index); one JSON line with key strokes (one
/// transition each) per wall second. Only this target reads a clock.
func runKeyboardBench() -> String {
    let side = 100
    let strokes = 2_000_000
    var warm = KeyboardBenchmark(side: side)
    _ = warm.run(strokes: 100_000)
    var moves = 0
    let wall = bestWallSeconds {
        var bench = KeyboardBenchmark(side: side)
        return { moves = bench.run(strokes: strokes) }
    }
    let perSecond = wall > 0 ? Double(strokes) / wall : 0
    return "{\"benchmark\":\"keyboard-arrows\",\"elements\":\(side * side),\"strokes\":\(strokes),\"focus_moves\":\(moves),\"wall_seconds\":\(wall),\"strokes_per_second\":\(Int(perSecond))}"
}

/// The best wall time, in seconds, of `runs` runs (the machine may be
/// shared): each run's setup (`prepare`, untimed) returns the work to time.
func bestWallSeconds(runs: Int = 5, _ prepare: () -> () -> Void) -> Double {
    let clock = ContinuousClock()
    var wall = Double.infinity
    for _ in 0..<runs {
        let work = prepare()
        let elapsed = clock.measure { work() }
        wall = min(wall, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return wall
}
