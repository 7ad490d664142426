import BenchmarkWorkloads
import ScreenModel

/// Android UiAutomator import of a generated capture against libxml2's own
/// parse of the same bytes, as `appium-import` measures the Appium
/// importer (issue 14 names no target for Android; the figure is kept
/// beside Appium's so the two importers can be compared).
enum AndroidImportBench {
    /// A synthetic UiAutomator2 page source of a chosen size: a scrollable
    /// frame of clickable rows, each a layout holding a text view, with
    /// every attribute UiAutomator writes, as a real capture has them
    /// (repeated resource-ids, bounds in pixels).
    /// - Returns: the XML text, at least `bytes` long.
    static func capture(bytes: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes + 400)
        func write(_ s: String) { out.append(contentsOf: s.utf8) }
        let flags = "checkable=\"false\" checked=\"false\" enabled=\"true\" focused=\"false\" long-clickable=\"false\" password=\"false\" selected=\"false\""
        write("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<hierarchy index=\"0\" class=\"hierarchy\" rotation=\"0\" width=\"1080\" height=\"2088\">\n")
        write("  <android.widget.FrameLayout index=\"0\" package=\"com.example\" class=\"android.widget.FrameLayout\" text=\"\" clickable=\"false\" focusable=\"false\" scrollable=\"true\" \(flags) bounds=\"[0,0][1080,2088]\" displayed=\"true\">\n")
        var row = 0
        while out.count < bytes {
            let y = (row % 40) * 50
            write("    <android.widget.LinearLayout index=\"\(row)\" package=\"com.example\" class=\"android.widget.LinearLayout\" text=\"\" resource-id=\"com.example:id/row\" clickable=\"true\" focusable=\"true\" scrollable=\"false\" \(flags) bounds=\"[0,\(y)][1080,\(y + 50)]\" displayed=\"true\">\n")
            write("      <android.widget.TextView index=\"0\" package=\"com.example\" class=\"android.widget.TextView\" text=\"Row \(row)\" resource-id=\"android:id/title\" clickable=\"false\" focusable=\"false\" scrollable=\"false\" \(flags) bounds=\"[16,\(y + 5)][500,\(y + 45)]\" displayed=\"true\" />\n")
            write("    </android.widget.LinearLayout>\n")
            row += 1
        }
        write("  </android.widget.FrameLayout>\n</hierarchy>\n")
        return out
    }

    static func run() -> [String] {
        var lines: [String] = []
        for (megabytes, runs) in [(9, 5), (50, 3)] {
            let bytes = capture(bytes: megabytes * 1_000_000)
            let parse = AppiumImportBench.median(runs: runs) { _ = AppiumImportBenchmark.libxml2Parse(bytes) }
            let (importing, withFree, elements) = AppiumImportBench.importTimes(runs: runs) {
                try? AndroidImporter(file: "bench.xml", density: AndroidDensity(scale: 2.625)).importApp(bytes)
            }
            lines.append("{\"benchmark\":\"android-import\",\"bytes\":\(bytes.count),\"elements\":\(elements),\"runs\":\(runs),"
                + "\"libxml2_parse_ms\":\(AppiumImportBench.ms(parse)),\"import_ms\":\(AppiumImportBench.ms(importing)),"
                + "\"with_free_ms\":\(AppiumImportBench.ms(withFree)),\"ratio\":\(String(format: "%.2f", importing / parse)),"
                + "\"ratio_with_free\":\(String(format: "%.2f", withFree / parse))}")
        }
        return lines
    }
}
