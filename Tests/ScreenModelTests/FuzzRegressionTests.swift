import Testing
@testable import ScreenModel

/// Inputs the fuzz targets (Tests/SwitchyardFuzz, docs/fuzzing.md) found to
/// crash or hang, each now a clear error.
@Suite struct FuzzRegressionTests {
    /// fuzz-appium: an element name with bytes that are not UTF-8 trapped
    /// inside FoundationXML (`_NSXMLParserStartElementNs`).
    @Test func appiumNameThatIsNotUTF8IsASyntaxError() {
        let xml: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<XCUIElem".utf8) + [0xF2, 0xF2]
            + Array(" name=\"A\"/>\n".utf8)
        #expect(throws: ScreenModelError.syntax(file: "bad.xml", line: 2, column: 10, message: "byte 0xF2 is not UTF-8; expected a UTF-8 page source, as Appium writes")) {
            try AppiumImporter(file: "bad.xml").importApp(xml)
        }
    }

    /// fuzz-appium: a declaration naming an encoding libxml2 does not know
    /// left the bytes unconverted, and a comment trapped (`_NSXMLParserComment`).
    @Test func appiumUnknownEncodingIsReadAsUTF8() {
        let xml: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"".utf8) + [0xFF, 0xFF] + Array("\"?>\n<!-- a".utf8) + [0xFF] + Array(" -->\n".utf8)
        #expect(throws: ScreenModelError.syntax(file: "bad.xml", line: 1, column: 31, message: "byte 0xFF is not UTF-8; expected a UTF-8 page source, as Appium writes")) {
            try AppiumImporter(file: "bad.xml").importApp(xml)
        }
    }

    /// fuzz-appium: `<?name?>` crashed FoundationXML, which calls strlen on
    /// the data libxml2 gives as a null pointer; inside an Appium tree, after
    /// it, and in a DOCTYPE too.
    @Test(arguments: [
        ("<?a?><XCUIElementTypeApplication/>", 1, 1, "a"),
        ("<XCUIElementTypeApplication>\n  <?pickerwheel ?></XCUIElementTypeApplication>", 2, 3, "pickerwheel"),
        ("<XCUIElementTypeApplication/>\n<?a\n?>", 2, 1, "a"),
        ("<!DOCTYPE x [<?a?>]><x/>", 1, 14, "a"),
        ("<?xml version=\"1.0\"?><?xml?><x/>", 1, 22, "xml"),
    ])
    func appiumProcessingInstructionWithoutDataIsASyntaxError(_ xml: String, _ line: Int, _ column: Int, _ target: String) {
        #expect(throws: ScreenModelError.syntax(file: "pi.xml", line: line, column: column, message: "processing instruction '<?\(target)?>' has no data, which cannot be read; a page source has no processing instructions but the XML declaration")) {
            try AppiumImporter(file: "pi.xml").importApp(Array(xml.utf8))
        }
    }

    /// Commented out, or with data, a processing instruction is left to libxml2.
    @Test func appiumProcessingInstructionWithDataOrInACommentImports() throws {
        let xml = "<!-- <?a?> --><?pi data?><XCUIElementTypeApplication label=\"A\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"><![CDATA[<?b?>]]></XCUIElementTypeApplication>"
        #expect(try AppiumImporter(file: "pi.xml").importApp(Array(xml.utf8)).name == "A")
    }

    /// UTF-16 is refused (its zero bytes), so the checks above see the text libxml2 parses.
    @Test func appiumUTF16IsRefused() {
        let xml: [UInt8] = [0xFF, 0xFE] + Array("<?a?>".utf8).flatMap { [$0, 0] }
        #expect(throws: ScreenModelError.syntax(file: "utf16.xml", line: 1, column: 1, message: "byte 0xFF is not UTF-8; expected a UTF-8 page source, as Appium writes")) {
            try AppiumImporter(file: "utf16.xml").importApp(xml)
        }
        #expect(throws: ScreenModelError.syntax(file: "utf16.xml", line: 1, column: 2, message: "byte 0x00 is not allowed in XML; expected a UTF-8 page source, as Appium writes")) {
            try AppiumImporter(file: "utf16.xml").importApp(Array("<?a?>".utf8).flatMap { [$0, 0] })
        }
    }

    /// A document declared ISO-8859-1 is converted by libxml2.
    @Test func appiumLatin1DocumentStillImports() throws {
        let xml: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<XCUIElementTypeApplication label=\"Caf".utf8) + [0xE9]
            + Array("\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"/>\n".utf8)
        let app = try AppiumImporter(file: "latin1.xml").importApp(xml)
        #expect(app.name == "Café")
    }
}

/// The terminal sketch (`switchyard live`, `demo`) trapped converting the
/// cell of a frame at 1e308 points to `Int`.
@Suite struct ScreenSketchFuzzTests {
    @Test func farAwayFramesAreDrawnAtTheEdge() throws {
        let app = try AppDecoder(file: "far.json").decode(Array("""
            {"screens": {"s": {"size": {"width": 390, "height": 844}, "root": {"children": [
              {"label": "Far", "traits": ["button"], "frame": {"x": 1e308, "y": -1e308, "width": 1e308, "height": 1}},
              {"label": "Near", "traits": ["button"], "frame": {"x": 0, "y": 400, "width": 100, "height": 40}}]}}}}
            """.utf8))
        let screen = app.screens[0]
        let order = NavigationOrder(screen: screen, technology: .switchControl)
        #expect(ScreenSketch(columns: 16, rows: 8).render(screen, order: order, highlight: screen.frames[1]) == [
            "+----------------+",
            "|               [|",
            "|                |",
            "|                |",
            "|[2 …]           |",
            "|                |",
            "|                |",
            "|                |",
            "|                |",
            "+----------------+",
        ])
    }
}

/// Checking `accessibilityElements` for repeats compared each identifier
/// with all before it: 200,000 of them took minutes.
@Suite struct QuadraticInputTests {
    @Test func longAccessibilityElementsListIsCheckedInOnePass() {
        let ids = (0..<200_000).map { "\"id\($0)\"" }.joined(separator: ",")
        let json = "{\"screens\": {\"s\": {\"root\": {\"accessibilityElements\": [\(ids)]}}}}"
        #expect(throws: ScreenModelError.unknownIdentifier(file: "long.json", at: "screens.s.root.accessibilityElements[0]", identifier: "id0")) {
            try AppDecoder(file: "long.json").decode(Array(json.utf8))
        }
    }

    @Test func aRepeatInALongListIsNamed() {
        let ids = (0..<200_000).map { "\"id\($0)\"" }.joined(separator: ",") + ",\"id7\""
        let json = "{\"screens\": {\"s\": {\"root\": {\"accessibilityElements\": [\(ids)]}}}}"
        #expect(throws: ScreenModelError.invalidValue(file: "long.json", at: "screens.s.root.accessibilityElements[200000]", message: "identifier 'id7' is listed twice")) {
            try AppDecoder(file: "long.json").decode(Array(json.utf8))
        }
    }
}
