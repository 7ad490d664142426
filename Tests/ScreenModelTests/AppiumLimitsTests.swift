import BenchmarkWorkloads
import Foundation
import Testing
@testable import ScreenModel

/// Large captures, the size limit, and malformed XML told in words
/// (docs/ARCHITECTURE.md, "Limits").
@Suite struct AppiumLimitsTests {
    // MARK: - Size

    /// Through FoundationXML, libxml2 stopped past 10 MB: "malformed XML
    /// (libxml2 error 1)" at a line past the end of the file.
    @Test func twelveMegabyteCaptureImports() throws {
        let bytes = AppiumImportBenchmark.capture(bytes: 12_000_000)
        let screen = try #require(try AppiumImporter(file: "generated.xml").importApp(bytes).screens.first)
        #expect(screen.elements.count == 52_738)
        #expect(screen.label(of: screen.elements.count - 2) == "Row 26367 & more")
        #expect(screen.size == Rect(x: 0, y: 0, width: 390, height: 844))
    }

    @Test func captureOverALoweredLimitIsRefused() {
        let bytes = AppiumImportBenchmark.capture(bytes: 2_000)
        let error = appiumImportError(bytes, file: "big.xml", maximumBytes: 1_000)
        #expect(error == .tooLarge(file: "big.xml", bytes: 2_169, limit: 1_000))
        #expect(error?.description == "big.xml: error: the file is 2169 bytes, over the limit of 1000 bytes; expected a smaller capture or model")
    }

    /// A 600 MB file (sparse: nothing is written) is refused before it is read.
    @Test func fileOverTheLimitIsRefusedBeforeItIsRead() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-huge-\(UUID().uuidString).xml").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("<".utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 600 << 20)
        try handle.close()
        #expect(throws: ScreenModelError.tooLarge(file: path, bytes: 629_145_600, limit: 536_870_912)) { try AppLoader.load(path: path) }
        #expect(ScreenModelError.tooLarge(file: "huge.xml", bytes: 629_145_600, limit: 536_870_912).description
            == "huge.xml: error: the file is 629145600 bytes, over the limit of 512 MiB; expected a smaller capture or model")
    }

    // MARK: - Malformed XML in words

    @Test func invalidUTF8IsNamedWithItsBytes() {
        let bytes = Array("<XCUIElementTypeApplication label=\"caf".utf8) + [0xFF] + Array("\"/>".utf8)
        #expect(appiumImportError(bytes, file: "bad.xml")?.description
            == "bad.xml:1:39: error: invalid UTF-8 (bytes 0xFF 0x22 0x2F 0x3E); expected UTF-8 text, or an XML declaration naming the encoding")
    }

    @Test(arguments: [
        ("<XCUIElementTypeApplication name=\"a\"",
         "bad.xml:1:37: error: expected a space, '>' or '/>' after an attribute (unclosed tag?)"),
        ("<XCUIElementTypeApplication label=a/>", "bad.xml:1:35: error: attribute value without quotes"),
        ("<XCUIElementTypeApplication/>junk", "bad.xml:1:30: error: extra content after the root element"),
        ("<XCUIElementTypeApplication><!-- never closed", "bad.xml:1:46: error: comment not closed with '-->'"),
        ("<XCUIElementTypeApplication>\n  <XCUIElementTypeButton label=\"x\" label=\"y\"/>\n</XCUIElementTypeApplication>",
         "bad.xml:2:45: error: attribute given twice"),
        ("<?xml version=\"1.0\" encoding=\"bogus-enc\"?>\n<XCUIElementTypeApplication/>",
         "bad.xml:1:41: error: the XML declaration names an encoding that cannot be read; expected UTF-8"),
        ("<a:XCUIElementTypeApplication/>",
         "bad.xml:1:30: error: malformed XML: namespace prefix a on XCUIElementTypeApplication is not defined"),
    ] as [(String, String)])
    func malformedXMLIsToldInWordsAtItsLineAndColumn(_ xml: String, _ expected: String) {
        #expect(appiumImportError(Array(xml.utf8), file: "bad.xml")?.description == expected)
    }

    /// External entities are never loaded: an entity the document declares is undefined.
    @Test func externalEntitiesAreNotLoaded() {
        let xml = "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><XCUIElementTypeApplication label=\"&e;\"/>"
        #expect(appiumImportError(Array(xml.utf8), file: "xxe.xml")?.description
            == "xxe.xml:1:93: error: undefined entity (only &amp; &lt; &gt; &quot; &apos; and &#…; are defined)")
    }

    @Test func predefinedEntitiesAndCharacterReferencesAreReplaced() throws {
        let xml = "<XCUIElementTypeApplication label=\"a &amp; b &#x41; &lt;c&gt;\"/>"
        let screen = try #require(try AppiumImporter(file: "e.xml").importApp(Array(xml.utf8)).screens.first)
        #expect(screen.elements[0].label == "a & b A <c>")
    }
}
