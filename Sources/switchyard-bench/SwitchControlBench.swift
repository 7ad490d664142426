import BenchmarkWorkloads
import SwitchyardEngine

/// Simulated Switch Control auto scanning of a 1,000-stop screen through 24
/// simulated hours with no input (loops unlimited); one JSON line with the
/// simulated steps per wall second. Only this target reads a clock.
func runSwitchControlBench() -> String {
    let stops = 1000
    let hours = 24
    let simulated = Interval.seconds(Double(hours * 3600))
    // A warm-up run, then the best of five measured runs (the machine may be shared).
    var warm = AutoScanBenchmark(stops: stops)
    _ = warm.run(for: simulated)
    var steps = 0
    let wall = bestWallSeconds {
        var bench = AutoScanBenchmark(stops: stops)
        return { steps = bench.run(for: simulated) }
    }
    let perSecond = wall > 0 ? Double(steps) / wall : 0
    return "{\"benchmark\":\"switch-control-autoscan\",\"stops\":\(stops),\"simulated_hours\":\(hours),\"steps\":\(steps),\"wall_seconds\":\(wall),\"steps_per_second\":\(Int(perSecond))}"
}
