import Foundation
import FoundationXML
import ScreenModel

/// Appium import of a generated 50 MB capture against libxml2's own parse
/// of it (issue 14: the import within 2× the parse). For the record of the
/// parser choice (docs/importing.md), FoundationXML's `XMLParser` with a
/// delegate that only counts elements, on a 9 MB capture (it cannot read
/// past 10 MB), against the same two.
enum AppiumImportBench {
    /// Counts start tags; the least any `XMLParser` importer does.
    final class CountingDelegate: NSObject, XMLParserDelegate {
        var elements = 0
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?, attributes: [String: String] = [:]) {
            elements += 1
        }
    }

    static func median(runs: Int, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return times.sorted()[runs / 2]
    }

    static func ms(_ v: Double) -> String { String(format: "%.1f", v) }

    /// One JSON line per capture size.
    static func run() -> [String] {
        var lines: [String] = []
        for (megabytes, runs) in [(9, 5), (50, 3)] {
            let bytes = AppiumImportBenchmark.capture(bytes: megabytes * 1_000_000)
            var elements = 0
            let parse = median(runs: runs) { _ = AppiumImportBenchmark.libxml2Parse(bytes) }
            let importing = median(runs: runs) {
                elements = (try? AppiumImporter(file: "bench.xml").importApp(bytes))?.screens[0].elements.count ?? -1
            }
            var line = "{\"benchmark\":\"appium-import\",\"bytes\":\(bytes.count),\"elements\":\(elements),\"runs\":\(runs),"
                + "\"libxml2_parse_ms\":\(ms(parse)),\"import_ms\":\(ms(importing)),\"ratio\":\(String(format: "%.2f", importing / parse))"
            if megabytes < 10 {
                let data = Data(bytes)
                let foundation = median(runs: runs) {
                    let parser = XMLParser(data: data)
                    let delegate = CountingDelegate()
                    parser.delegate = delegate
                    _ = parser.parse()
                }
                line += ",\"foundationxml_count_ms\":\(ms(foundation))"
            } else {
                line += ",\"target_ratio\":2,\"met\":\(importing <= 2 * parse)"
            }
            lines.append(line + "}")
        }
        return lines
    }
}
