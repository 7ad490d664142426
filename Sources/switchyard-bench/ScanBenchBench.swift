import BenchmarkWorkloads
import ScreenModel
import SwitchyardEngine
import ScanBench

/// The scan-time benchmark's own speed: analytic costs for every stop of a
/// 10,000-button screen (100 × 100) under each Switch Control method (target
/// under 50 ms each), against the simulation through `Session`, timed on
/// 100 stops spread over the screen and scaled to all of them. One JSON line
/// per method. Only this target reads a clock.
func runScanBenchBench() -> [String] {
    let count = 10_000
    let app = BenchmarkScreens.grid(count: count, columns: 100, label: "Item", contained: false)
    let screen = app.screens[0]
    func settings(_ change: (inout SwitchControlSettings) -> Void) -> SwitchControlSettings {
        var s = SwitchControlSettings()
        s.loops = nil
        change(&s)
        return s
    }
    let two = [SwitchAssignment(.select, .selectItem), SwitchAssignment(.next, .moveToNextItem)]
    let methods: [(String, SwitchControlSettings)] = [
        ("auto-groups", settings { _ in }),
        ("auto-flat", settings { $0.groupItems = false }),
        ("auto-pause-auto-tap", settings { $0.pauseOnFirstItem = .milliseconds(500); $0.tapBehavior = .autoTap }),
        ("manual", settings { $0.scanningStyle = .manualScanning; $0.switches = two }),
        ("step", settings { $0.scanningStyle = .singleSwitchStepScanning; $0.tapBehavior = .alwaysTap }),
        ("point-single", settings { $0.mode = .point; $0.glidingCursorSelection = .single; $0.tapBehavior = .autoTap }),
        ("point-refined", settings { $0.mode = .point }),
        ("point-precise", settings { $0.mode = .point; $0.glidingCursorSelection = .precise }),
    ]
    var lines: [String] = []
    for (name, s) in methods {
        guard let model = try? SwitchScanModel(screen: screen, settings: s, user: UserModel()),
              let simulation = try? SwitchScanSimulation(model: model, app: app) else {
            lines.append("{\"benchmark\":\"scan-bench-\(name)\",\"error\":\"settings\"}")
            continue
        }
        var reachable = 0
        let analytic = bestWallSeconds(runs: 3) {
            { reachable = model.costs().filter(\.reachable).count }
        }
        let sample = stride(from: 0, to: model.order.stops.count, by: max(1, model.order.stops.count / 100)).map { model.order.stops[$0] }
        var agree = 0
        let simulated = bestWallSeconds(runs: 1) {
            {
                for k in sample where simulation.cost(of: k) == model.cost(of: k) { agree += 1 }
            }
        }
        let fullSimulation = simulated / Double(sample.count) * Double(count)
        let speedUp = analytic > 0 ? fullSimulation / analytic : 0
        lines.append("{\"benchmark\":\"scan-bench-\(name)\",\"elements\":\(count),\"reachable\":\(reachable),\"analytic_ms\":\(ms(analytic)),\"target_ms\":50,"
            + "\"simulated_stops\":\(sample.count),\"simulated_agreeing\":\(agree),\"simulation_ms_per_stop\":\(ms(simulated / Double(sample.count))),"
            + "\"simulation_ms_all_stops_estimated\":\(ms(fullSimulation)),\"speed_up\":\(Int(speedUp))}")
    }
    lines.append(runTuneBench())
    return lines
}

/// `tune` on a 100-button screen (10 × 10) for a user with misses on
/// (reaction 0.6 s, miss probability 0.05): target under 5 s.
func runTuneBench() -> String {
    let app = BenchmarkScreens.grid(count: 100, columns: 10, label: "Item", contained: false)
    var user = UserModel()
    user.reactionTime = .milliseconds(600)
    user.missProbability = 0.05
    var result: Tuner.Result? = nil
    let wall = bestWallSeconds(runs: 1) {
        { result = try? Tuner.tune(screens: app.screens, settings: SwitchControlSettings(), user: user) }
    }
    let evaluated = result?.evaluated ?? 0
    let gain = ((result?.gain ?? 0) * 1000).rounded() / 10
    return "{\"benchmark\":\"scan-bench-tune\",\"elements\":100,\"settings_evaluated\":\(evaluated),\"wall_seconds\":\(wall),\"target_seconds\":5,\"predicted_gain_percent\":\(gain)}"
}

/// Milliseconds, to the microsecond.
func ms(_ seconds: Double) -> Double { (seconds * 1_000_000).rounded() / 1000 }
