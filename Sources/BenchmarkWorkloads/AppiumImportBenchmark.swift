import ScreenModel

/// What `switchyard-bench appium-import` times: synthetic captures, and
/// libxml2's own parse of them (the yardstick for the importer).
public enum AppiumImportBenchmark {
    /// libxml2 parsing `bytes` with the importer's options and no callbacks
    /// at all: the cost of the parse alone.
    /// - Returns: whether the document is well-formed.
    public static func libxml2Parse(_ bytes: [UInt8]) -> Bool {
        XMLEventParser.parseWithoutCallbacks(bytes)
    }

    /// A synthetic Appium XCUITest page source of a chosen size, in the
    /// newer WDA form: an application holding a table of cells, each with a
    /// static text. Rows below the 844-point screen are `visible="false"`
    /// (scrolled out); every 20,000 rows the table starts again from the
    /// top, so frames stay within `Limits.maximumCoordinate` at any size.
    /// Also used by the large-document tests.
    /// - Parameter bytes: the size to reach.
    /// - Returns: the XML text, UTF-8, at least `bytes` long (it ends with
    ///   the row that reaches the size, then the closing tags).
    public static func capture(bytes: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes + 400)
        func write(_ s: String) { out.append(contentsOf: s.utf8) }
        write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<AppiumAUT>\n")
        write("  <XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" name=\"Generated\" label=\"Generated\" enabled=\"true\" visible=\"true\" accessible=\"false\" x=\"0\" y=\"0\" width=\"390\" height=\"844\" index=\"0\">\n")
        write("    <XCUIElementTypeTable type=\"XCUIElementTypeTable\" enabled=\"true\" visible=\"true\" accessible=\"false\" x=\"0\" y=\"0\" width=\"390\" height=\"844\" index=\"0\">\n")
        var row = 0
        while out.count < bytes {
            let y = (row % 20_000) * 44
            let visible = y < 844
            write("      <XCUIElementTypeCell type=\"XCUIElementTypeCell\" name=\"row \(row)\" label=\"Row \(row) &amp; more\" enabled=\"true\" visible=\"\(visible)\" accessible=\"true\" x=\"0\" y=\"\(y)\" width=\"390\" height=\"44\" index=\"\(row)\">\n")
            write("        <XCUIElementTypeStaticText type=\"XCUIElementTypeStaticText\" value=\"Row \(row)\" name=\"Row \(row)\" label=\"Row \(row)\" enabled=\"true\" visible=\"\(visible)\" accessible=\"true\" x=\"16\" y=\"\(y + 12)\" width=\"200\" height=\"20\" index=\"0\"/>\n")
            write("      </XCUIElementTypeCell>\n")
            row += 1
        }
        write("    </XCUIElementTypeTable>\n  </XCUIElementTypeApplication>\n</AppiumAUT>\n")
        return out
    }
}
