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

    /// One JSON line per shape, size and format.
    static func run() -> [String] {
        var lines: [String] = []
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
                    let output = json ? report.json() : report.text()
                    let ms = milliseconds(since: start)
                    let inputMB = Double(bytes.count) / 1e6
                    let outputMB = Double(output.utf8.count) / 1e6
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
