import Foundation
import Testing
@testable import ScreenModel

/// `s` as Python's `repr()` writes it: in single quotes, or in double
/// quotes when it holds `'` and no `"`; backslashes, the quote, and line
/// breaks and tabs escaped; other characters as they are (Python 3).
private func pythonRepr(_ s: String) -> String {
    let quote: Character = s.contains("'") && !s.contains("\"") ? "\"" : "'"
    var out = String(quote)
    for c in s {
        switch c {
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\r\n": out += "\\r\\n"
        case "\t": out += "\\t"
        case quote: out += "\\" + String(quote)
        default: out.append(c)
        }
    }
    return out + String(quote)
}

/// What every importer meets in real files, in the list: a capture
/// pasted as a Python string literal, two documents in one file, bytes that
/// are not UTF-8, a 50 MB file, 100,000-deep nesting. Each is read through
/// `AppLoader`, as the tool reads it.
@Suite struct ImportBreakageTests {
    // MARK: - A Python-repr'd capture

    /// `repr(page_source)` with Windows line ends: in quotes, its own quotes
    /// escaped, the line breaks written `\r\n`.
    @Test(arguments: [
        "android/android-settings-top_1080x2088.xml", "android/uiautomator-dump-sign-in_1080x2400.xml",
        "ios-appium/ios-settings-top_390x844.xml", "xctest/xctest-settings-wifi_390x844.txt",
    ])
    func pythonReprIsSaidToBeOne(_ path: String) throws {
        let text = try #require(String(bytes: try fixtureBytes(path), encoding: .utf8)).replacingOccurrences(of: "\n", with: "\r\n")
        let literal = pythonRepr(text)
        #expect(literal.hasPrefix("'") || literal.hasPrefix("\""))
        #expect(literal.contains("\\'") || literal.contains("\\r\\n"))
        #expect(loadError(Array(literal.utf8), file: "source.txt") == "source.txt:1:1: error: this looks like a capture pasted as a quoted string "
            + "(a Python or JSON string literal): it starts with a quote; expected the text itself: print the string (print(source) in Python) and save what it prints")
    }

    /// The same with its quotes cut off (copied from between them): the
    /// first escape is named where it is.
    @Test(arguments: [
        ("android/android-settings-top_1080x2088.xml", "1:15", "its quotes are escaped (=\\')"),
        ("android/uiautomator-dump-sign-in_1080x2400.xml", "1:15", "its quotes are escaped (=\\')"),
        ("ios-appium/ios-settings-top_390x844.xml", "1:39", "its line breaks are written out as \\n"),
        ("xctest/xctest-settings-wifi_390x844.txt", "1:71", "its line breaks are written out as \\n"),
    ] as [(String, String, String)])
    func pythonReprWithoutItsQuotesNamesTheFirstEscape(_ path: String, _ place: String, _ what: String) throws {
        let text = try #require(String(bytes: try fixtureBytes(path), encoding: .utf8))
        let inner = String(pythonRepr(text).dropFirst().dropLast())
        #expect(loadError(Array(inner.utf8), file: "source.xml") == "source.xml:\(place): error: this looks like a capture pasted as a quoted string "
            + "(a Python or JSON string literal): \(what); expected the text itself: print the string (print(source) in Python) and save what it prints")
    }

    // MARK: - Two documents in one file

    /// The Android and iOS Settings captures are 130 and 189 lines, each
    /// with a final line break: the second document's declaration starts
    /// the next line.
    @Test(arguments: [
        ("android/android-settings-top_1080x2088.xml", "131:1: error: a second XML declaration"),
        ("ios-appium/ios-settings-top_390x844.xml", "190:1: error: a second XML declaration"),
    ] as [(String, String)])
    func twoCapturesInOneFileAreSaidToBeTwo(_ path: String, _ expected: String) throws {
        let bytes = try fixtureBytes(path)
        #expect(bytes.last == 0x0A)
        #expect(loadError(bytes + bytes, file: "two.xml") == "two.xml:\(expected): two documents joined into one file?; expected one XML document per file")
    }

    @Test func twoDumpsOnOneLineAreSaidToBeTwo() {
        let dump = "<hierarchy rotation=\"0\"><node class=\"android.widget.Button\" text=\"A\" clickable=\"true\" bounds=\"[0,0][10,10]\"/></hierarchy>"
        #expect(loadError(Array((dump + dump).utf8), file: "two.xml")
            == "two.xml:1:122: error: a second root element after the first: two documents joined into one file?; expected one XML document per file")
        #expect(loadError(Array((dump + "\n" + dump).utf8), file: "two.xml")
            == "two.xml:2:1: error: a second root element after the first: two documents joined into one file?; expected one XML document per file")
    }

    // MARK: - Bytes that are not UTF-8

    @Test(arguments: [
        ("<hierarchy rotation=\"0\"><node text=\"caf", "\"/></hierarchy>", "bad.xml:1:40: error: invalid UTF-8 (bytes 0xE9 0x22 0x2F 0x3E); expected UTF-8 text, or an XML declaration naming the encoding"),
        ("<AppiumAUT><XCUIElementTypeApplication label=\"caf", "\"/></AppiumAUT>", "bad.xml:1:50: error: invalid UTF-8 (bytes 0xE9 0x22 0x2F 0x3E); expected UTF-8 text, or an XML declaration naming the encoding"),
        ("Element subtree:\n →Application, 0x1, label: 'caf", "'\n", "bad.xml:2:32: error: invalid UTF-8 (bytes 0xE9 0x27 0x0A); expected UTF-8 text"),
    ] as [(String, String, String)])
    func latin1BytesAreNamed(_ before: String, _ after: String, _ expected: String) {
        // "café" written in Latin-1: é is the single byte 0xE9.
        #expect(loadError(Array(before.utf8) + [0xE9] + Array(after.utf8), file: "bad.xml") == expected)
    }

    // MARK: - A 50 MB file

    /// 50 MB is far under the 512 MiB limit (`Limits.maximumFileBytes`): it loads.
    @Test func fiftyMegabyteDumpLoads() throws {
        var text = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
            + "<node index=\"0\" class=\"android.widget.FrameLayout\" package=\"com.example\" bounds=\"[0,0][1080,2400]\">"
        var rows = 0
        while text.utf8.count < 50_000_000 {
            let y = rows % 2400
            text += "<node index=\"\(rows)\" text=\"Row \(rows)\" resource-id=\"com.example:id/row\" class=\"android.widget.TextView\" package=\"com.example\" "
                + "content-desc=\"\" checkable=\"false\" checked=\"false\" clickable=\"true\" enabled=\"true\" focusable=\"true\" focused=\"false\" "
                + "scrollable=\"false\" long-clickable=\"false\" password=\"false\" selected=\"false\" bounds=\"[0,\(y)][1080,\(y + 1)]\" />"
            rows += 1
        }
        text += "</node></hierarchy>"
        #expect(rows == 144_704)
        let app = try AppLoader.load(Array(text.utf8), file: "big.xml")
        let screen = try #require(app.screens.first)
        #expect(screen.elements.count == 144_706)
        #expect(screen.elements.last?.label == "Row 144703")
        #expect(screen.elements.last?.respondsToUserInteraction == true)
    }

    @Test func fiftyMegabyteDebugDescriptionLoads() throws {
        var text = "Element subtree:\n →Application, 0x1, pid: 7, label: 'Big'\n    Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}\n"
        var rows = 0
        while text.utf8.count < 50_000_000 {
            text += "      Button, 0x600002a8\(rows), {{0.0, \(rows % 800).0}, {390.0, 44.0}}, identifier: 'row', label: 'Row \(rows)', value: 1, Selected\n"
            rows += 1
        }
        #expect(rows == 412_122)
        let app = try AppLoader.load(Array(text.utf8), file: "big.txt")
        let screen = try #require(app.screens.first)
        #expect(screen.elements.count == 412_124)
        #expect(screen.elements.last?.label == "Row 412121")
        #expect(screen.elements.last?.traits == [.button, .selected])
    }

    /// Over the limit, the size is refused before anything is parsed.
    @Test func overTheLimitIsRefusedBySize() {
        let bytes = Array("<hierarchy rotation=\"0\"></hierarchy>".utf8)
        #expect((try? AndroidImporter(file: "big.xml", maximumBytes: 10).importApp(bytes)) == nil)
        #expect(throws: ScreenModelError.tooLarge(file: "big.xml", bytes: 36, limit: 10)) { try AndroidImporter(file: "big.xml", maximumBytes: 10).importApp(bytes) }
        #expect(throws: ScreenModelError.tooLarge(file: "big.txt", bytes: 36, limit: 10)) { try XCTestImporter(file: "big.txt", maximumBytes: 10).importApp(bytes) }
    }

    // MARK: - 100,000-deep nesting

    /// Nothing recurses, in libxml2's SAX parser or in the import: the
    /// chain imports, and its one button is the one stop.
    @Test(arguments: ["android.widget.FrameLayout", "node"])
    func hundredThousandDeepAndroidCaptureImports(_ tag: String) throws {
        let depth = 100_000
        let open = tag == "node" ? "<node class=\"android.widget.FrameLayout\">" : "<\(tag)>"
        var text = "<hierarchy rotation=\"0\" width=\"1080\" height=\"2400\">"
        text.reserveCapacity(depth * 60)
        text += String(repeating: open, count: depth)
        text += "<node class=\"android.widget.Button\" text=\"Bottom\" clickable=\"true\" bounds=\"[0,0][150,150]\"/>"
        text += String(repeating: "</\(tag)>", count: depth)
        text += "</hierarchy>"
        let screen = try #require(try AppLoader.load(Array(text.utf8), file: "deep.xml").screens.first)
        #expect(screen.elements.count == depth + 2)
        #expect(NavigationOrder(screen: screen, style: .scanning).stops == [depth + 1])
        #expect(screen.label(of: depth + 1) == "Bottom")
    }

    /// XCTest writes the depth as indentation, so the size limit bounds it
    /// (512 MiB holds about 32,000 levels one space apart): 5,000 levels,
    /// 12.5 MB of indentation, read line by line.
    @Test func deepDebugDescriptionImports() throws {
        let depth = 5_000
        var text = "Element subtree:\n"
        for level in 0..<depth { text += String(repeating: " ", count: level + 1) + "Other, 0x\(level)\n" }
        text += String(repeating: " ", count: depth + 1) + "Button, 0x0, {{0.0, 0.0}, {44.0, 44.0}}, label: 'Bottom'\n"
        let screen = try #require(try AppLoader.load(Array(text.utf8), file: "deep.txt").screens.first)
        #expect(screen.elements.count == depth + 1)
        #expect(NavigationOrder(screen: screen, style: .scanning).stops == [depth])
    }
}
