import Foundation
import ScreenModel

/// Load + validate + navigation order for generated screens of 1,000,
/// 10,000 and 100,000 elements (issue 14: 10,000 within 10 ms; 100,000
/// within 15× the 10,000 time), and the tape parse alone against a byte scan.
enum ScreenModelBench {
    /// A screen-model document with about `elements` elements: sections
    /// (`contain` lists) of rows (combined cells of a label, a value and an
    /// image) plus loose buttons, laid out on a tall scrolling screen, in
    /// columns 400 points apart past 8,800,000 points (200,000 rows), so
    /// that a million elements stay within `Limits.maximumCoordinate`.
    static func generate(elements: Int) -> [UInt8] {
        var s = "{\"name\":\"Bench\",\"screens\":{\"main\":{\"root\":{\"children\":["
        var count = 1
        var section = 0
        var y = 0.0
        var x = 0.0
        var first = true
        while count < elements {
            if !first { s += "," }
            first = false
            s += "{\"identifier\":\"section-\(section)\",\"containerType\":\"list\",\"children\":["
            count += 1
            for row in 0..<20 where count < elements {
                if row > 0 { s += "," }
                s += "{\"identifier\":\"s\(section)r\(row)\",\"childBehavior\":\"combine\",\"traits\":[\"button\"],"
                s += "\"frame\":{\"x\":\(x),\"y\":\(y),\"width\":390,\"height\":44},\"onActivate\":[{\"effect\":\"announce\",\"message\":\"row \(row)\"}],\"children\":["
                s += "{\"label\":\"Item \(section)-\(row)\",\"traits\":[\"staticText\"],\"frame\":{\"x\":\(x + 16),\"y\":\(y + 4),\"width\":200,\"height\":20}},"
                s += "{\"label\":\"Detail\",\"value\":\"\(row)\",\"traits\":[\"staticText\"],\"frame\":{\"x\":\(x + 16),\"y\":\(y + 24),\"width\":200,\"height\":16}},"
                s += "{\"traits\":[\"image\"],\"frame\":{\"x\":\(x + 340),\"y\":\(y + 6),\"width\":32,\"height\":32}}]}"
                count += 4
                y += 44
                if y >= 8_800_000 { y = 0; x += 400 }
            }
            s += "]}"
            section += 1
        }
        s += "]}}}}"
        return Array(s.utf8)
    }

    /// - Throws: `ScreenModelError` when the generated document does not load.
    /// The median time to load (parse, decode, validate) and order, and
    /// how it divides: the JSON tape parse and the navigation order, each
    /// also timed on its own in the same runs.
    static func measure(elements: Int, runs: Int) throws(ScreenModelError) -> (elements: Int, stops: Int, median: Double, parse: Double, order: Double) {
        let bytes = generate(elements: elements)
        var times: [Double] = []
        var parses: [Double] = []
        var orders: [Double] = []
        var stops = 0
        var count = 0
        func ms(_ from: UInt64, _ to: UInt64) -> Double { Double(to - from) / 1e6 }
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            let app = try AppDecoder(file: "bench.json").decode(bytes)
            let loaded = DispatchTime.now().uptimeNanoseconds
            let order = NavigationOrder(screen: app.screens[0], technology: .switchControl)
            let end = DispatchTime.now().uptimeNanoseconds
            stops = order.stops.count
            count = app.screens[0].elements.count
            times.append(ms(start, end))
            orders.append(ms(loaded, end))
            let parseStart = DispatchTime.now().uptimeNanoseconds
            _ = try? JSONDocument(bytes: bytes)
            parses.append(ms(parseStart, DispatchTime.now().uptimeNanoseconds))
        }
        func median(_ t: [Double]) -> Double { t.sorted()[t.count / 2] }
        return (count, stops, median(times), median(parses), median(orders))
    }

    /// The JSON tape parse (`JSONDocument`) of a 100,000-element screen in
    /// MB/s, with its floor measured in the same run: a plain byte scan of
    /// the same buffer (counting quotes), which no parser can beat.
    static func tapeParse() -> String {
        let bytes = generate(elements: 100_000)
        let runs = 15
        var nodes = 0
        var quotes = 0
        var parse: [Double] = []
        var scan: [Double] = []
        for _ in 0..<runs {
            var start = DispatchTime.now().uptimeNanoseconds
            nodes = (try? JSONDocument(bytes: bytes))?.nodes.count ?? -1
            parse.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            start = DispatchTime.now().uptimeNanoseconds
            quotes = bytes.withUnsafeBufferPointer { b in
                var n = 0
                for x in b where x == 0x22 { n &+= 1 }
                return n
            }
            scan.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let mb = Double(bytes.count) / 1e6
        let p = mb / parse.sorted()[runs / 2]
        let s = mb / scan.sorted()[runs / 2]
        return "{\"benchmark\":\"json-tape-parse\",\"elements\":100000,\"bytes\":\(bytes.count),\"nodes\":\(nodes),\"quotes\":\(quotes),\"runs\":\(runs),"
            + "\"mb_per_s\":\(Int(p)),\"byte_scan_mb_per_s\":\(Int(s)),\"target_mb_per_s\":400,\"met\":\(p >= 400)}"
    }

    /// One JSON line per size, and the tape parse's.
    static func run() -> [String] {
        var lines: [String] = [tapeParse()]
        var tenK = 0.0
        for (n, runs) in [(1_000, 21), (10_000, 11), (100_000, 5)] {
            let r: (elements: Int, stops: Int, median: Double, parse: Double, order: Double)
            do { r = try measure(elements: n, runs: runs) } catch {
                lines.append("{\"benchmark\":\"screen-model-load-order\",\"elements\":\(n),\"error\":\(JSONWriter.quote(error.description))}")
                continue
            }
            if n == 10_000 { tenK = r.median }
            var line = "{\"benchmark\":\"screen-model-load-order\",\"elements\":\(r.elements),\"stops\":\(r.stops),\"runs\":\(runs),\"median_ms\":\(String(format: "%.2f", r.median)),\"parse_ms\":\(String(format: "%.2f", r.parse)),\"order_ms\":\(String(format: "%.2f", r.order))"
            if n == 10_000 { line += ",\"target_ms\":10,\"met\":\(r.median <= 10)" }
            if n == 100_000 { line += ",\"ratio_to_10k\":\(String(format: "%.2f", r.median / tenK)),\"target_ratio\":15,\"met\":\(r.median < 15 * tenK)" }
            lines.append(line + "}")
        }
        return lines
    }
}


