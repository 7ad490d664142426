import Foundation
import Testing
@testable import ScreenModel

/// An importer hands its screen the table of identifiers it made while it
/// read the capture (`FirstUseIdentifiers`): the table must be the one the
/// screen would build from its elements, for every real capture of each
/// kind, with repeated identifiers kept on their first use only.
@Suite struct ImportedIdentifiersTests {
    func expectTableIsRebuilt(_ screen: Screen) {
        let rebuilt = Screen(name: screen.name, elements: screen.elements)
        #expect(screen.identifiers == rebuilt.identifiers)
        #expect(rebuilt.firstDuplicateIdentifier == nil)
        for (id, i) in screen.identifiers { #expect(screen.elements[i].identifier == id) }
    }

    @Test(arguments: AppiumCapture.allCases)
    func appium(_ capture: AppiumCapture) throws {
        let screen = try capture.load().screens[0]
        // The hand-written web view names nothing.
        #expect(screen.identifiers.isEmpty == (capture == .webViewTerms))
        expectTableIsRebuilt(screen)
    }

    @Test(arguments: AndroidCapture.allCases)
    func android(_ capture: AndroidCapture) throws {
        let screen = try capture.load().app.screens[0]
        #expect(!screen.identifiers.isEmpty)
        expectTableIsRebuilt(screen)
    }

    @Test func xctest() throws {
        let bytes = try fixtureBytes("xctest/xctest-settings-wifi_390x844.txt")
        let screen = try XCTestImporter(file: "wifi.txt").importApp(bytes).screens[0]
        #expect(!screen.identifiers.isEmpty)
        expectTableIsRebuilt(screen)
    }

    /// `chevron` three times, and a name that is its label (no identifier).
    @Test func repeatedIdentifiersAreKeptOnTheirFirstUse() throws {
        let xml = """
            <XCUIElementTypeApplication name="App" label="App" x="0" y="0" width="390" height="844">\
            <XCUIElementTypeButton name="chevron" label="One" x="0" y="0" width="10" height="10"/>\
            <XCUIElementTypeButton name="chevron" label="Two" x="0" y="10" width="10" height="10"/>\
            <XCUIElementTypeButton name="Three" label="Three" x="0" y="20" width="10" height="10"/>\
            <XCUIElementTypeButton name="chevron" label="Four" x="0" y="30" width="10" height="10"/>\
            <XCUIElementTypeButton name="more" label="Five" x="0" y="40" width="10" height="10"/>\
            </XCUIElementTypeApplication>
            """
        let screen = try AppiumImporter(file: "inline.xml").importApp(Array(xml.utf8)).screens[0]
        #expect(screen.identifiers == ["chevron": 1, "more": 5])
        #expect(screen.elements.map { $0.identifier ?? "-" } == ["-", "chevron", "-", "-", "-", "more"])
        expectTableIsRebuilt(screen)
    }
}
