import Foundation
import Testing
@testable import ScreenModel

/// `Fixtures/xctest/xctest-settings-wifi_390x844.txt`: a debugDescription
/// written by hand in XCTest's format (see NOTICE.md there).
private func fixture() throws -> [UInt8] {
    try fixtureBytes("xctest/xctest-settings-wifi_390x844.txt")
}

private func screen(_ text: String) throws -> Screen {
    try #require(try XCTestImporter(file: "inline.txt").importApp(Array(text.utf8)).screens.first)
}

private func stopLabels(_ screen: Screen) -> [String] {
    NavigationOrder(screen: screen, style: .scanning).stops.map { screen.label(of: $0) ?? "<no label>" }
}

private func importError(_ text: String) -> String? {
    importError(Array(text.utf8))
}

private func importError(_ bytes: [UInt8]) -> String? {
    do {
        _ = try XCTestImporter(file: "inline.txt").importApp(bytes)
        return nil
    } catch {
        return error.description
    }
}

/// An application with `lines` (already indented) under its window.
private func subtree(_ lines: [String]) -> String {
    (["Element subtree:", " →Application, 0x1, pid: 7, label: 'App'", "    Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}"] + lines).joined(separator: "\n")
}

@Suite struct XCTestImporterTests {
    /// Settings > Wi-Fi: 39 elements. Stops: the back and Edit buttons (the
    /// navigation bar is a group), then the rows: cells are elements that
    /// hide their children (the switch, More Info) and respond. The
    /// disabled Private Wi-Fi Address row is not a stop; Edit Known
    /// Networks (y 870) is below the table's viewport (91…844): scrolled out.
    @Test func settingsWiFiStopsAreTheRows() throws {
        let app = try XCTestImporter(file: "xctest-settings-wifi_390x844.txt").importApp(try fixture())
        let screen = try #require(app.screens.first)
        #expect(app.name == "Settings")
        #expect(app.platform == .iOS)
        #expect(screen.title == "Settings")
        #expect(screen.size == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(screen.elements.count == 39)
        #expect(stopLabels(screen) == [
            "Settings", "Edit", "Wi-Fi", "Home Network", "Café Guest", "Other…", "Ask to Join Networks", "Auto-Join Hotspot",
        ])
        let order = NavigationOrder(screen: screen, style: .scanning)
        #expect(order.stops.map { screen.value(of: $0) ?? "-" } == ["-", "-", "1", "-", "-", "-", "Notify", "Ask to Join"])
        let privateAddress = try #require(screen.elements.firstIndex { $0.label == "Private Wi-Fi Address" })
        #expect(screen.traits(of: privateAddress) == [.notEnabled])
        #expect(screen[privateAddress].value == "0")
        let editKnown = try #require(screen.elements.firstIndex { $0.label == "Edit Known Networks" })
        #expect(screen.isScrolledOut(editKnown))
        #expect(screen.elements.compactMap(\.identifier) == ["Wi-Fi", "BackButton", "checkmark", "lock.fill", "wifi", "Ask to Join Networks", "Auto-Join Hotspot"])
    }

    /// A label holding `'` and `, ` ends at the quote that ends the line.
    @Test func quotedLabelsMayHoldQuotesAndCommas() throws {
        let s = try screen(subtree([
            "      StaticText, 0x3, {{20.0, 454.0}, {350.0, 48.0}}, label: 'If none are, you'll be notified.'",
            "      Button, 0x4, {{0.0, 0.0}, {44.0, 44.0}}, label: 'Don't, stop', Selected",
            "      Switch, 0x5, {{0.0, 50.0}, {51.0, 31.0}}, identifier: 'airplane', label: 'Airplane Mode', value: 0, Disabled",
            "      TextField, 0x6, {{0.0, 90.0}, {200.0, 31.0}}, placeholderValue: 'Email', value: ada@example.com, Keyboard Focused",
            "      MenuItem, 0x7, {{0, 130}, {80, 20}}, title: 'Copy', hitPoint: {40.0, 140.0}",
        ]))
        #expect(s.elements[2...].map { $0.label ?? "-" } == ["If none are, you'll be notified.", "Don't, stop", "Airplane Mode", "-", "Copy"])
        #expect(s.elements[2...].map { $0.value ?? "-" } == ["-", "-", "0", "ada@example.com", "-"])
        #expect(s.elements[2...].map(\.traits) == [.staticText, [.button, .selected], [.button, .toggle, .notEnabled], [], .button])
        #expect(s.elements[4].identifier == "airplane")
        #expect(s.elements[6].frame == Rect(x: 0, y: 130, width: 80, height: 20))
    }

    /// The parent of a line is the nearest line above it indented less,
    /// whatever the step; an element's children are hidden behind it.
    @Test func indentationGivesTheTree() throws {
        let s = try screen("""
            Element subtree:
             →Other, 0x1, {{0.0, 0.0}, {100.0, 100.0}}
               Button, 0x2, {{0.0, 0.0}, {50.0, 20.0}}, label: 'A'
                    StaticText, 0x3, {{0.0, 0.0}, {50.0, 20.0}}, label: 'A'
               Other, 0x4, {{0.0, 50.0}, {100.0, 50.0}}
                 Link, 0x5, {{0.0, 50.0}, {50.0, 20.0}}, label: 'B'
            Path to element:
             →Other, 0x1, {{0.0, 0.0}, {100.0, 100.0}}
            """)
        #expect(s.elements.map { $0.parent ?? -1 } == [-1, 0, 1, 0, 3])
        #expect(s.elements[1].childBehavior == .ignore)
        #expect(stopLabels(s) == ["A", "B"])
    }

    /// A text that is the subtree itself, without the header, reads too.
    @Test func subtreeWithoutItsHeaderReads() throws {
        let s = try screen("Other, 0x1, {{0.0, 0.0}, {10.0, 10.0}}\n Button, 0x2, {{0.0, 0.0}, {5.0, 5.0}}, label: 'Go'\n")
        #expect(stopLabels(s) == ["Go"])
    }

    @Test(arguments: [
        ("Attributes: Application, 0x1, pid: 7\nQuery chain:\n →Find: Target Application 'x'\n",
         "inline.txt:1:1: error: no 'Element subtree:', only a query chain: XCTest could not snapshot the app; expected the debugDescription of a running app"),
        ("hello\n", "inline.txt:1:1: error: no 'Element subtree:' line; expected XCTest's debugDescription (an 'Attributes:' line, 'Element subtree:', then one line per element)"),
        ("Element subtree:\n\nPath to element:\n", "inline.txt:1:1: error: the element subtree is empty; expected one line per element after 'Element subtree:'"),
        (subtree(["      Button, 0x3, {{1.0, 2.0}, {3.0}}, label: 'A'"]),
         "inline.txt:4:34: error: '3.0}}' is not a number of points; expected a frame {{x, y}, {width, height}}"),
        (subtree(["      Button, 0x3, {{1e300, 2.0}, {3.0, 4.0}}"]),
         "inline.txt:4:22: error: '1e300' is outside the coordinate limits; expected a number of points from -10000000 to 10000000"),
        (subtree(["      Button, 0x3, {{1.0, 2.0}, {-3.0, 4.0}}"]),
         "inline.txt:4:20: error: frame has a negative size (-3×4); expected width and height ≥ 0"),
        (subtree(["      Button, 0x3, {{1.0, 2.0}, {3.0, 4.0}}, label: 'never closed"]),
         "inline.txt:4:53: error: the quoted value of 'label' is not closed with '"),
        (subtree(["      12, 0x3"]), "inline.txt:4:7: error: expected an element type such as Button or StaticText at the start of the line, found '12, 0x3'"),
        (subtree(["      Button; 0x3"]), "inline.txt:4:13: error: expected ', ' between fields"),
        (subtree([" Other, 0x9, {{0.0, 0.0}, {1.0, 1.0}}"]),
         "inline.txt:4:2: error: a second element at the top level; expected one root, each child indented deeper than its parent"),
    ] as [(String, String)])
    func errorsNameTheLineAndColumn(_ text: String, _ expected: String) {
        #expect(importError(text) == expected)
    }

    @Test func invalidUTF8IsNamedWithItsBytes() {
        let bytes = Array(subtree(["      Button, 0x3, {{1.0, 2.0}, {3.0, 4.0}}, label: 'caf"]).utf8) + [0xE9, 0x27]
        #expect(importError(bytes) == "inline.txt:4:57: error: invalid UTF-8 (bytes 0xE9 0x27); expected UTF-8 text")
    }
}
