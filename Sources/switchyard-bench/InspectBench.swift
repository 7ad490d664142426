import Foundation
import ScreenModel

/// `switchyard inspect` on generated screens of 100,000 and 1,000,000
/// elements, text and JSON: the JSON report was quadratic on a flat screen
/// (every stop's path searched its parent's children). One JSON line per
/// shape, size and format: load and report times (the report's navigation
/// order and paths, `order_ms`, included), and throughput in MB/s (the input
/// file through load and report, and the report's own output).
enum InspectBench {
    /// A flat screen: `elements - 1` buttons straight under the root, the
    /// shape that made paths quadratic; in columns of 200,000 rows, within
    /// `Limits.maximumCoordinate`.
    static func flat(elements: Int) -> [UInt8] {
        var s = "{\"name\":\"Flat\",\"screens\":{\"main\":{\"root\":{\"children\":["
        for k in 0..<max(0, elements - 1) {
            if k > 0 { s += "," }
            s += "{\"label\":\"Button \(k)\",\"traits\":[\"button\"],\"frame\":{\"x\":\(k / 200_000 * 400),\"y\":\(k % 200_000 * 44),\"width\":390,\"height\":44}}"
        }
        s += "]}}}}"
        return Array(s.utf8)
    }

    static func milliseconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    static func format(_ v: Double) -> String { String(format: "%.2f", v) }

    /// Runs `executable` with `arguments`, standard output to /dev/null; wall ms, nil if it failed.
    static func wall(_ executable: String, _ arguments: [String]) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        let start = DispatchTime.now().uptimeNanoseconds
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? milliseconds(since: start) : nil
    }

    /// The whole `switchyard inspect FILE --format json` process on the flat
    /// 1,000,000-element screen, in MB/s of input, against Python's orjson
    /// reading the same file (`orjson.loads`, whole process, when python3
    /// has orjson), in interleaved pairs; medians of five.
    static func wholeProcess() -> String {
        let tool = RunOutputBench.tool
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            return "{\"benchmark\":\"inspect-json-process\",\"skipped\":\"no switchyard beside switchyard-bench\"}"
        }
        let bytes = flat(elements: 1_000_000)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-inspect-\(getpid()).json").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let orjson = ["-c", "import orjson,sys; orjson.loads(open(sys.argv[1],'rb').read())", path]
        let hasOrjson = wall("/usr/bin/env", ["python3", "-c", "import orjson"]) != nil
        var ours: [Double] = [], theirs: [Double] = []
        for _ in 0..<5 {
            guard let t = wall(tool, ["inspect", path, "--format", "json"]) else {
                return "{\"benchmark\":\"inspect-json-process\",\"error\":\"switchyard inspect failed\"}"
            }
            ours.append(t)
            if hasOrjson, let o = wall("/usr/bin/env", ["python3"] + orjson) { theirs.append(o) }
        }
        let t = ours.sorted()[2]
        let mbps = Double(bytes.count) / 1e6 / (t / 1000)
        var line = "{\"benchmark\":\"inspect-json-process\",\"shape\":\"flat\",\"elements\":1000000,\"input_mb\":\(format(Double(bytes.count) / 1e6)),"
            + "\"median_ms\":\(format(t)),\"mb_per_s\":\(format(mbps)),\"target_mb_per_s\":60,\"met\":\(mbps >= 60)"
        if theirs.count == 5 {
            let o = theirs.sorted()[2]
            line += ",\"orjson_loads_ms\":\(format(o)),\"ratio_to_orjson\":\(String(format: "%.2f", t / o))"
        }
        return line + "}"
    }

    /// One JSON line per shape, size and format, and the whole process's.
    static func run() -> [String] {
        var lines: [String] = [wholeProcess()]
        let shapes: [(String, (Int) -> [UInt8])] = [("flat", flat), ("sections", ScreenModelBench.generate)]
        for (shape, generate) in shapes {
            for n in [100_000, 1_000_000] {
                let bytes = generate(n)
                let loadStart = DispatchTime.now().uptimeNanoseconds
                let app: AppModel
                do { app = try AppLoader.load(bytes, file: "bench.json") } catch {
                    lines.append("{\"benchmark\":\"inspect\",\"shape\":\"\(shape)\",\"elements\":\(n),\"error\":\(JSONWriter.quote("\(error)"))}")
                    continue
                }
                let load = milliseconds(since: loadStart)
                for json in [false, true] {
                    let start = DispatchTime.now().uptimeNanoseconds
                    let report = InspectionReport(app: app, screen: app.screens[0], technology: .switchControl)
                    let order = milliseconds(since: start)
                    var outputBytes = 0
                    if json { report.writeJSON { outputBytes += $0.count } } else { report.writeText { outputBytes += $0.count } }
                    let ms = milliseconds(since: start)
                    let inputMB = Double(bytes.count) / 1e6
                    let outputMB = Double(outputBytes) / 1e6
                    lines.append("{\"benchmark\":\"inspect\",\"shape\":\"\(shape)\",\"elements\":\(app.screens[0].elements.count),"
                        + "\"format\":\"\(json ? "json" : "text")\",\"input_mb\":\(format(inputMB)),\"load_ms\":\(format(load)),"
                        + "\"report_ms\":\(format(ms)),\"order_ms\":\(format(order)),\"output_mb\":\(format(outputMB)),"
                        + "\"mb_per_s\":\(format(inputMB / ((load + ms) / 1000))),\"report_mb_per_s\":\(format(outputMB / (ms / 1000)))}")
                }
            }
        }
        return lines
    }
}
