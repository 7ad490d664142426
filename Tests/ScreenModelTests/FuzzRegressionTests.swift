import Testing
@testable import ScreenModel

/// Inputs the fuzz targets (Tests/SwitchyardFuzz, docs/fuzzing.md) found to
/// crash or hang, each now a clear error.
@Suite struct FuzzRegressionTests {
    /// fuzz-appium (with the FoundationXML importer): an element name with
    /// bytes that are not UTF-8 trapped inside FoundationXML. libxml2's SAX
    /// parser reports them in words, at the byte.
    @Test func appiumNameThatIsNotUTF8IsASyntaxError() {
        let xml: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<XCUIElem".utf8) + [0xF2, 0xF2]
            + Array(" name=\"A\"/>\n".utf8)
        #expect(throws: ScreenModelError.syntax(file: "bad.xml", line: 2, column: 10, message: "invalid UTF-8 (bytes 0xF2 0xF2 0x20 0x6E); expected UTF-8 text, or an XML declaration naming the encoding")) {
            try AppiumImporter(file: "bad.xml").importApp(xml)
        }
    }

    /// fuzz-appium: a declaration naming an encoding libxml2 does not know
    /// left the bytes unconverted, and a comment trapped (`_NSXMLParserComment`).
    @Test func appiumUnknownEncodingIsASyntaxError() {
        let xml: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"".utf8) + [0xFF, 0xFF] + Array("\"?>\n<!-- a".utf8) + [0xFF] + Array(" -->\n".utf8)
        #expect(throws: ScreenModelError.syntax(file: "bad.xml", line: 1, column: 31, message: "malformed XML: invalid XML encoding name")) {
            try AppiumImporter(file: "bad.xml").importApp(xml)
        }
    }

    /// fuzz-appium: `<?name?>` crashed FoundationXML, which calls strlen on
    /// the data libxml2 gives as a null pointer. The libxml2 SAX importer
    /// reads it like any processing instruction: ignored in the tree.
    @Test(arguments: [
        "<?a?><XCUIElementTypeApplication label=\"A\"/>",
        "<XCUIElementTypeApplication label=\"A\">\n  <?pickerwheel ?></XCUIElementTypeApplication>",
        "<XCUIElementTypeApplication label=\"A\"/>\n<?a\n?>",
    ])
    func appiumProcessingInstructionWithoutDataIsIgnored(_ xml: String) throws {
        let app = try AppiumImporter(file: "pi.xml").importApp(Array(xml.utf8))
        #expect(app.name == "A")
        #expect(app.screens[0].elements.count == 1)
    }

    /// The same in a DOCTYPE, and a second XML declaration: errors in words.
    @Test func appiumProcessingInstructionErrorsAreInWords() {
        let e = #expect(throws: ScreenModelError.self) {
            try AppiumImporter(file: "pi.xml").importApp(Array("<!DOCTYPE x [<?a?>]><x/>".utf8))
        }
        #expect(e.map { "\($0)" } == "pi.xml:1:23: error: expected an Appium XCUITest page source: an <AppiumAUT> or <XCUIElementTypeApplication> root element, found <x>")
        // Said as what it usually is (two captures joined), at the second declaration's `<?`.
        #expect(throws: ScreenModelError.syntax(file: "pi.xml", line: 1, column: 22, message: "a second XML declaration: two documents joined into one file?; expected one XML document per file")) {
            try AppiumImporter(file: "pi.xml").importApp(Array("<?xml version=\"1.0\"?><?xml?><x/>".utf8))
        }
    }

    /// UTF-16 (a byte order mark, or zero bytes) is not a page source Appium writes.
    @Test func appiumUTF16IsRefused() {
        let xml: [UInt8] = [0xFF, 0xFE] + Array("<?a?>".utf8).flatMap { [$0, 0] }
        #expect(throws: ScreenModelError.syntax(file: "utf16.xml", line: 1, column: 6, message: "the document is empty or is not XML; expected an Appium XCUITest page source")) {
            try AppiumImporter(file: "utf16.xml").importApp(xml)
        }
        #expect(throws: ScreenModelError.self) {
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
        // Built in code: files are held to `Limits` (±10,000,000 points).
        var root = Element()
        root.children = [1, 2]
        var far = Element()
        far.label = "Far"; far.traits = .button; far.parent = 0
        far.frame = Rect(x: 1e308, y: -1e308, width: 1e308, height: 1)
        var near = Element()
        near.label = "Near"; near.traits = .button; near.parent = 0
        near.frame = Rect(x: 0, y: 400, width: 100, height: 40)
        let screen = Screen(name: "s", size: Rect(x: 0, y: 0, width: 390, height: 844), elements: [root, far, near])
        let order = NavigationOrder(screen: screen, style: .scanning)
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
