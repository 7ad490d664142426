import BenchmarkWorkloads
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

    /// Medians over `runs` of an import: the time until it returns its app
    /// (`import_ms`, the figure the ratio is on: the reference parse builds
    /// nothing to free), and until that app is freed too (`with_free_ms`,
    /// which a command pays when it is done with the model); and the
    /// screen's element count (-1 when the import failed).
    static func importTimes(runs: Int, _ body: () -> AppModel?) -> (importing: Double, withFree: Double, elements: Int) {
        var importing: [Double] = [], withFree: [Double] = []
        var elements = -1
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            var app = body()
            let returned = DispatchTime.now().uptimeNanoseconds
            withExtendedLifetime(app) { elements = app?.screens[0].elements.count ?? -1 }
            app = nil
            let freed = DispatchTime.now().uptimeNanoseconds
            importing.append(Double(returned - start) / 1e6)
            withFree.append(Double(freed - start) / 1e6)
        }
        return (importing.sorted()[runs / 2], withFree.sorted()[runs / 2], elements)
    }

    /// One JSON line per capture size: 9 MB (which FoundationXML can still
    /// read), 23 MB (100,796 elements, the issue's 100k) and 50 MB.
    static func run() -> [String] {
        var lines: [String] = []
        for (megabytes, runs) in [(9, 5), (23, 5), (50, 3)] {
            let bytes = AppiumImportBenchmark.capture(bytes: megabytes * 1_000_000)
            let parse = median(runs: runs) { _ = AppiumImportBenchmark.libxml2Parse(bytes) }
            let (importing, withFree, elements) = importTimes(runs: runs) { try? AppiumImporter(file: "bench.xml").importApp(bytes) }
            var line = "{\"benchmark\":\"appium-import\",\"bytes\":\(bytes.count),\"elements\":\(elements),\"runs\":\(runs),"
                + "\"libxml2_parse_ms\":\(ms(parse)),\"import_ms\":\(ms(importing)),\"with_free_ms\":\(ms(withFree)),"
                + "\"ratio\":\(String(format: "%.2f", importing / parse)),\"ratio_with_free\":\(String(format: "%.2f", withFree / parse))"
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
