import Foundation

/// `switchyard run` of a 24-hour scenario (the demo app, loops unlimited,
/// 86,400 auto-scan steps) as whole processes: printing every event, and
/// writing `--transcript`, each against `--quiet` measured in the same run
/// (issue 14: each within 1.5× `--quiet`). The three are run in interleaved
/// rounds, so a shared machine slows all three alike; medians are reported.
/// Needs the release `switchyard` built beside this tool
/// (`swift build -c release --product switchyard`, which `make bench` does).
enum RunOutputBench {
    static let scenario = "app demo\nset loops unlimited\nwait 1440min\n"

    /// The `switchyard` executable next to this one.
    static var tool: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("switchyard").path
    }

    /// Runs the tool with `arguments`, standard output to /dev/null; wall milliseconds.
    static func time(_ arguments: [String]) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        process.waitUntilExit()
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return ms
    }

    static func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
    static func format(_ v: Double) -> String { String(format: "%.1f", v) }

    static func run() -> [String] {
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            return ["{\"benchmark\":\"run-output\",\"skipped\":\"no switchyard beside switchyard-bench; swift build -c release --product switchyard\"}"]
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-run-output-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("day.swy").path
        let transcript = folder.appendingPathComponent("day.jsonl").path
        _ = FileManager.default.createFile(atPath: file, contents: Data(scenario.utf8))
        var quiet: [Double] = [], printing: [Double] = [], transcribing: [Double] = []
        do {
            _ = try time(["run", file, "--quiet"])  // warm-up
            for _ in 0..<7 {
                quiet.append(try time(["run", file, "--quiet"]))
                printing.append(try time(["run", file]))
                transcribing.append(try time(["run", file, "--quiet", "--transcript", transcript]))
            }
        } catch {
            return ["{\"benchmark\":\"run-output\",\"error\":\"switchyard run failed: \(error)\"}"]
        }
        let q = median(quiet), p = median(printing), t = median(transcribing)
        return [
            "{\"benchmark\":\"run-output\",\"output\":\"printing\",\"simulated_hours\":24,\"rounds\":7,\"median_ms\":\(format(p)),\"quiet_ms\":\(format(q)),\"ratio\":\(String(format: "%.2f", p / q)),\"target_ratio\":1.5,\"met\":\(p <= 1.5 * q)}",
            "{\"benchmark\":\"run-output\",\"output\":\"transcript\",\"simulated_hours\":24,\"rounds\":7,\"median_ms\":\(format(t)),\"quiet_ms\":\(format(q)),\"ratio\":\(String(format: "%.2f", t / q)),\"target_ratio\":1.5,\"met\":\(t <= 1.5 * q)}",
        ]
    }
}
