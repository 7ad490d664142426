import BenchmarkWorkloads
import SwitchyardEngine

/// Voice Control: utterances ("tap item K") matched and carried out per wall
/// second against a screen of 10,000 labels; the target is 100,000 per
/// second. One JSON line. Only this target reads a clock.
func runVoiceControlBench() -> String {
    let labels = 10_000
    let utterances = 200_000
    let clock = ContinuousClock()
    var setup = VoiceMatchBenchmark(labels: labels)
    let built = clock.measure { setup = VoiceMatchBenchmark(labels: labels) }
    _ = setup.run(utterances / 10)                        // warm-up
    var taps = 0
    var wall = Double.infinity
    for _ in 0..<5 {                                      // the best of five (the machine may be shared)
        var bench = setup
        let elapsed = clock.measure { taps = bench.run(utterances) }
        wall = min(wall, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    let perSecond = wall > 0 ? Double(utterances) / wall : 0
    let setupSeconds = Double(built.components.seconds) + Double(built.components.attoseconds) / 1e18
    return "{\"benchmark\":\"voice-control-match\",\"labels\":\(labels),\"utterances\":\(utterances),\"taps\":\(taps),\"setup_seconds\":\(setupSeconds),\"wall_seconds\":\(wall),\"utterances_per_second\":\(Int(perSecond)),\"target_per_second\":100000,\"met\":\(perSecond >= 100_000)}"
}
