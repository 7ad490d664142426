import Foundation
import Testing
@testable import ScreenModel

/// An Android capture in `Fixtures/android/` (see NOTICE.md there): two
/// real Appium UiAutomator2 page sources and one hand-written
/// `uiautomator dump`.
enum AndroidCapture: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case settingsTop = "android-settings-top_1080x2088"
    case settingsNetwork = "android-settings-network_1080x2088"
    /// Hand-written in the raw `uiautomator dump` form.
    case signInDump = "uiautomator-dump-sign-in_1080x2400"

    var fileName: String { "\(rawValue).xml" }
    var testDescription: String { rawValue }

    var bytes: [UInt8] {
        get throws { try fixtureBytes("android/\(fileName)") }
    }

    func load(density: AndroidDensity? = nil) throws -> AndroidImporter.Capture {
        try AndroidImporter(file: fileName, density: density).importCapture(try bytes)
    }
}

/// Imports `xml` (a small page source written in the test) at density 2 and returns its screen.
private func screen(_ xml: String, density: Double = 2) throws -> Screen {
    try #require(try AndroidImporter(file: "inline.xml", density: AndroidDensity(scale: density)).importApp(Array(xml.utf8)).screens.first)
}

/// `nodes` inside a UiAutomator2 root 1080×2088 px.
private func page(_ nodes: String) -> String {
    "<hierarchy index=\"0\" class=\"hierarchy\" rotation=\"0\" width=\"1080\" height=\"2088\">\(nodes)</hierarchy>"
}

/// The labels of the Switch Control stops of `screen`, in order.
private func stopLabels(_ screen: Screen) -> [String] {
    NavigationOrder(screen: screen, style: .scanning).stops.map { screen.label(of: $0) ?? "<no label>" }
}

private func importError(_ xml: String) -> String? {
    do {
        _ = try AndroidImporter(file: "inline.xml", density: AndroidDensity(scale: 1)).importApp(Array(xml.utf8))
        return nil
    } catch {
        return error.description
    }
}

@Suite struct AndroidImporterTests {
    // MARK: - Real captures

    /// Android Settings, top level: 79 nodes and the root. Stops: the 12
    /// clickable nodes (the search bar, the account picture, the "Show"
    /// card and the 9 rows) and the one focusable node with nothing
    /// actionable inside, the search bar's icon button (no description: a
    /// real unlabelled stop). The ScrollView and the two RecyclerViews are
    /// focusable too, but hold clickable rows, so they are not stops. A row
    /// takes the text of its title and summary, as TalkBack reads it.
    @Test func settingsTopStopsAreTheClickableRows() throws {
        let capture = try AndroidCapture.settingsTop.load()
        let screen = try #require(capture.app.screens.first)
        #expect(screen.elements.count == 80)
        #expect(stopLabels(screen) == [
            "Search settings", "<no label>", "Profile picture, double tap to open Google Account", "Show",
            "Network & internet, Wi‑Fi, mobile, data usage, and hotspot", "Connected devices, Bluetooth, driving mode, NFC",
            "Apps & notifications, Assistant, recent apps, default apps", "Battery, 100%",
            "Display, Styles, wallpapers, screen timeout, font size", "Sound, Volume, vibration, Do Not Disturb",
            "Storage, 37% used - 40.53 GB free", "Privacy, Permissions, account activity, personal data", "Location",
        ])
        #expect(capture.app.name == "com.android.settings")
        #expect(capture.app.platform == .android)
    }

    /// 1080 × 2088 px, no density recorded: 2.625 guessed (1080 / 2.625 =
    /// 411.43 dp); the frames are pixels ÷ 2.625, to 1/100 dp.
    @Test func densityIsGuessedFromTheScreenWidth() throws {
        let capture = try AndroidCapture.settingsTop.load()
        let screen = try #require(capture.app.screens.first)
        #expect(capture.density == AndroidDensity(scale: 2.625))
        #expect(capture.densityGuessed)
        #expect(capture.shortSidePixels == 1080)
        #expect(screen.size == Rect(x: 0, y: 0, width: 411.43, height: 795.43))
        // The Network & internet row: [0,397][1080,597].
        let row = try #require(screen.elements.firstIndex { $0.label?.hasPrefix("Network") == true && $0.respondsToUserInteraction == true })
        #expect(screen.elements[row].frame == Rect(x: 0, y: 151.24, width: 411.43, height: 76.19))
        #expect(capture.notes(file: "top.xml").map(\.description) == [
            "top.xml: warning: the capture does not record its density; guessed 2.625 (420 dpi) from the screen's shorter side, "
                + "1080 px (411.4 dp); pass the device's density with --density (adb shell wm density prints it)",
        ])
    }

    @Test func givenDensityIsUsedAndNothingIsSaid() throws {
        let capture = try AndroidCapture.settingsTop.load(density: AndroidDensity(parsing: "480dpi"))
        #expect(capture.density.scale == 3)
        #expect(!capture.densityGuessed)
        #expect(capture.app.screens[0].size == Rect(x: 0, y: 0, width: 360, height: 696))
        #expect(capture.notes(file: "top.xml").isEmpty)
    }

    /// Network & internet: the Wi‑Fi row has its own switch frame
    /// (clickable, no text of its own: an unlabelled stop at the switch's
    /// bounds) around a focusable switch described "Wi‑Fi" (on: 1); the
    /// Airplane mode row's switch is neither clickable nor focusable, so
    /// the row toggles as a whole and takes its state (off: 0).
    @Test func switchRowsCarryTheirState() throws {
        let screen = try #require(try AndroidCapture.settingsNetwork.load().app.screens.first)
        let order = NavigationOrder(screen: screen, style: .scanning)
        #expect(stopLabels(screen) == [
            "Navigate up", "Search settings", "Wi‑Fi, AndroidWifi / No internet", "<no label>", "Wi‑Fi",
            "Mobile network, T-Mobile", "Airplane mode", "Mobile plan", "Data Saver, Off", "Advanced, VPN, Private DNS",
        ])
        #expect(order.stops.map { screen.value(of: $0) ?? "-" } == ["-", "-", "-", "-", "1", "-", "0", "-", "-", "-"])
        #expect(order.stops.map { screen.traits(of: $0).description } == [
            "button", "staticText", "", "", "button, toggle", "", "toggle", "", "", "",
        ])
        #expect(screen.elements.filter { $0.identifier == "android:id/title" }.count == 1)
    }

    /// The raw dump: a NAF back button (no label is made for it), a
    /// description joined from two lines, two fields whose text is their
    /// value, a checked box, a disabled button (not a stop), a clickable
    /// text and a clickable row labelled by its text.
    @Test func dumpImportsWithItsNAFButtonUnlabelled() throws {
        let capture = try AndroidCapture.signInDump.load()
        let screen = try #require(capture.app.screens.first)
        let order = NavigationOrder(screen: screen, style: .scanning)
        #expect(stopLabels(screen) == [
            "<no label>", "Welcome back, 20% off your next order", "Email", "Password", "Remember me", "Forgot password?", "Continue with Google",
        ])
        #expect(order.stops.map { screen.value(of: $0) ?? "-" } == ["-", "-", "ada@example.com", "••••••••", "1", "-", "-"])
        let signIn = try #require(screen.elements.firstIndex { $0.label == "SIGN IN" })
        #expect(screen.traits(of: signIn) == [.button, .notEnabled])
        #expect(screen.size == Rect(x: 0, y: 0, width: 411.43, height: 914.29))
        #expect(capture.app.name == "com.example.shop")
        #expect(screen.elements.count == 21)
    }

    /// The same nodes as `<node class="…">` (the dump's form) import to the same app.
    @Test(arguments: [AndroidCapture.settingsTop, .settingsNetwork])
    func bothFormsImportAlike(_ capture: AndroidCapture) throws {
        let text = try #require(String(bytes: try capture.bytes, encoding: .utf8))
        let nodes = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let trimmed = line.drop { $0 == " " }
            let indent = line.prefix(line.count - trimmed.count)
            if trimmed.hasPrefix("</") && !trimmed.hasPrefix("</hierarchy") { return indent + "</node>" }
            if trimmed.hasPrefix("<") && !trimmed.hasPrefix("<?") && !trimmed.hasPrefix("<hierarchy"), let space = trimmed.firstIndex(of: " ") {
                return indent + "<node" + trimmed[space...]
            }
            return String(line)
        }.joined(separator: "\n")
        #expect(nodes.contains("<node index=\"0\" package=\"com.android.settings\" class=\"android.widget.FrameLayout\""))
        let asNodes = try AndroidImporter(file: capture.fileName).importApp(Array(nodes.utf8))
        #expect(asNodes == (try capture.load().app))
    }

    @Test(arguments: AndroidCapture.allCases)
    func everyStyleGetsTheSameStops(_ capture: AndroidCapture) throws {
        let screen = try #require(try capture.load().app.screens.first)
        let stops = NavigationStyle.allCases.map { NavigationOrder(screen: screen, style: $0).stops }
        #expect(stops[1] == stops[0])
        #expect(stops[2] == stops[0])
    }

    // MARK: - Mapping

    @Test func boundsArePixelsDividedByTheDensity() throws {
        let s = try screen(page("<android.widget.Button bounds=\"[0,66][1080,243]\" clickable=\"true\" text=\"Go\"/>"))
        #expect(s.size == Rect(x: 0, y: 0, width: 540, height: 1044))
        #expect(s.elements[1].frame == Rect(x: 0, y: 33, width: 540, height: 88.5))
    }

    @Test func descriptionWinsOverTextAndLinesAreJoined() throws {
        let s = try screen(page("""
            <android.view.View clickable="true" text="ignored" content-desc="Title&#10;Subtitle&#10;&#10; 3 items " bounds="[0,0][10,10]"/>\
            <android.widget.TextView text="Plain" bounds="[0,10][10,20]"/>
            """))
        #expect(s.elements[1].label == "Title, Subtitle, 3 items")
        #expect(s.elements[2].label == "Plain")
        #expect(s.elements[2].traits == .staticText)
    }

    @Test func fieldsTakeTheirTextAsValueAndTheirHintAsLabel() throws {
        let s = try screen(page("""
            <android.widget.EditText text="ada" hint="Name" focusable="true" bounds="[0,0][10,10]"/>\
            <android.widget.EditText text="Email" hint="Email" showing-hint="true" focusable="true" bounds="[0,10][10,20]"/>\
            <android.view.View text="••••" content-desc="PIN" password="true" focusable="true" bounds="[0,20][10,30]"/>\
            <com.google.android.material.textfield.TextInputEditText text="" focusable="true" bounds="[0,30][10,40]"/>
            """))
        #expect(s.elements[1...].map { "\($0.label ?? "-")=\($0.value ?? "-")" } == ["Name=ada", "Email=-", "PIN=••••", "-=-"])
        #expect(s.elements[1...].allSatisfy { $0.respondsToUserInteraction == true })
    }

    @Test func checkableIsAToggleWithItsValue() throws {
        let s = try screen(page("""
            <android.widget.CheckBox text="A" checkable="true" checked="true" clickable="true" bounds="[0,0][10,10]"/>\
            <android.view.View content-desc="B" checkable="true" checked="false" clickable="true" bounds="[0,10][10,20]"/>
            """))
        #expect(s.elements[1].traits == [.button, .toggle])
        #expect(s.elements[1].value == "1")
        #expect(s.elements[2].traits == [.toggle])
        #expect(s.elements[2].value == "0")
    }

    @Test func enabledSelectedAndHeadingBecomeTraits() throws {
        let s = try screen(page("""
            <android.widget.Button text="A" enabled="false" clickable="true" bounds="[0,0][10,10]"/>\
            <android.widget.TextView text="B" selected="true" heading="true" bounds="[0,10][10,20]"/>
            """))
        #expect(s.elements[1].traits == [.button, .notEnabled])
        #expect(s.elements[2].traits == [.header, .staticText, .selected])
    }

    @Test func displayedFalseAndInvisibleToUserAreHidden() throws {
        let s = try screen(page("""
            <android.widget.Button text="A" displayed="false" clickable="true" bounds="[0,0][10,10]"/>\
            <android.widget.Button text="B" visible-to-user="false" clickable="true" bounds="[0,10][10,20]"/>\
            <android.widget.Button text="C" displayed="true" clickable="true" bounds="[0,20][10,30]"/>
            """))
        #expect(s.elements[1...].map(\.hidden) == [true, true, false])
        #expect(stopLabels(s) == ["C"])
    }

    /// An undescribed image and an empty text are not exposed to TalkBack:
    /// plain nodes, not images or texts. A clickable one keeps its trait.
    @Test func imagesAndTextsWithoutContentArePlain() throws {
        let s = try screen(page("""
            <android.widget.ImageView bounds="[0,0][10,10]"/>\
            <android.widget.ImageView content-desc="Logo" bounds="[0,10][10,20]"/>\
            <android.widget.ImageView clickable="true" NAF="true" bounds="[0,20][10,30]"/>\
            <android.widget.TextView text="" bounds="[0,30][10,40]"/>
            """))
        #expect(s.elements[1...].map(\.traits) == [[], .image, .image, []])
        #expect(s.elements[3].label == nil)
    }

    /// A focusable list passes focus to its rows; a focusable node with
    /// nothing actionable inside is a stop. A clickable row without text
    /// takes its texts, not those inside a stop within it.
    @Test func focusableIsAStopOnlyWithNothingActionableInside() throws {
        let s = try screen(page("""
            <androidx.recyclerview.widget.RecyclerView focusable="true" bounds="[0,0][100,100]">\
            <android.widget.LinearLayout clickable="true" bounds="[0,0][100,50]">\
            <android.widget.TextView text="Title" bounds="[0,0][50,20]"/>\
            <android.widget.TextView text="Detail" bounds="[0,20][50,40]"/>\
            <android.widget.ImageButton content-desc="More" clickable="true" bounds="[80,0][100,50]"/>\
            </android.widget.LinearLayout>\
            <android.widget.TextView text="Footnote" focusable="true" bounds="[0,60][100,80]"/>\
            </androidx.recyclerview.widget.RecyclerView>
            """))
        #expect(stopLabels(s) == ["Title, Detail", "More", "Footnote"])
        #expect(s.elements[1].respondsToUserInteraction == false)
        #expect(s.elements[1].containerType == .list)
    }

    @Test func notAccessibilityFriendlyNodesGetNoLabel() throws {
        let s = try screen(page("<node NAF=\"true\" class=\"android.widget.ImageButton\" clickable=\"true\" bounds=\"[0,0][10,10]\"><node class=\"android.view.View\" bounds=\"[0,0][5,5]\"/></node>"))
        #expect(s.elements[1].label == nil)
        #expect(stopLabels(s) == ["<no label>"])
    }

    @Test func scrollableIsAScrollingList() throws {
        let s = try screen(page("<android.view.View scrollable=\"true\" bounds=\"[0,0][10,10]\"><android.widget.Button text=\"A\" clickable=\"true\" bounds=\"[0,0][10,5]\"/></android.view.View>"))
        #expect(s.elements[1].scrollable)
        #expect(s.elements[1].containerType == .list)
    }

    @Test func resourceIdIsAnIdentifierOnItsFirstUse() throws {
        let s = try screen(page("""
            <android.widget.TextView text="A" resource-id="android:id/title" bounds="[0,0][10,10]"/>\
            <android.widget.TextView text="B" resource-id="android:id/title" bounds="[0,10][10,20]"/>\
            <android.widget.TextView text="C" resource-id="" bounds="[0,20][10,30]"/>
            """))
        #expect(s.elements[1...].map { $0.identifier ?? "-" } == ["android:id/title", "-", "-"])
        #expect(s.identifiers == ["android:id/title": 1])
    }

    /// The dump has no screen size: the windows' extent gives it, and the guess.
    @Test func dumpSizeComesFromItsWindows() throws {
        let xml = "<hierarchy rotation=\"1\"><node class=\"android.widget.FrameLayout\" bounds=\"[0,0][2400,1080]\"/>"
            + "<node class=\"android.view.View\" bounds=\"[0,1000][2400,1080]\"/></hierarchy>"
        let capture = try AndroidImporter(file: "landscape.xml").importCapture(Array(xml.utf8))
        #expect(capture.shortSidePixels == 1080)
        #expect(capture.density.scale == 2.625)
        #expect(capture.app.screens[0].size == Rect(x: 0, y: 0, width: 914.29, height: 411.43))
    }

    /// Bounds as UiAutomator writes them are read from the bytes; every
    /// other spelling goes the way it always went, to the same frame (at
    /// density 2) or the same refusal.
    @Test(arguments: [
        ("[0,66][1080,244]", Rect(x: 0, y: 33, width: 540, height: 89)),
        ("[-20,0][10,8]", Rect(x: -10, y: 0, width: 15, height: 4)),
        ("[00,02][4,6]", Rect(x: 0, y: 1, width: 2, height: 2)),
        ("[0.5,0][10.5,4]", Rect(x: 0.25, y: 0, width: 5, height: 2)),
        ("[-0,0][4,4]", Rect(x: 0, y: 0, width: 2, height: 2)),
        ("[0,0][10,10]x", nil), ("[0,0][10,10", nil), ("[0,0]", nil), ("[0,0][1,1][2,2]", nil), ("[ 0,0][10,10]", nil),
        ("[0,,0][10,10]", nil), ("[--1,0][10,10]", nil), ("[0,0][10,-10]", nil), ("", nil), ("[1e3,0][2000,1]", nil),
    ] as [(String, Rect?)])
    func boundsReadAsWritten(_ bounds: String, _ frame: Rect?) throws {
        let xml = page("<node class=\"a\" bounds=\"\(bounds)\"/>")
        let screen = try? AndroidImporter(file: "inline.xml", density: AndroidDensity(scale: 2)).importApp(Array(xml.utf8)).screens.first
        #expect(screen?.elements[1].frame == frame)
        if frame == nil { #expect(importError(xml) != nil) }
    }

    // MARK: - Errors

    @Test(arguments: [
        ("<AppiumAUT/>", "inline.xml:1:11: error: expected an Android UiAutomator page source (a <hierarchy> root element), found <AppiumAUT> (an Appium XCUITest page source?)"),
        (page("<node class=\"a\" bounds=\"[0,0][10]\"/>"),
         "inline.xml: screens.inline.root/children[0].bounds: error: '[0,0][10]' is not bounds; expected [left,top][right,bottom] in pixels, such as [0,66][1080,242]"),
        (page("<node class=\"a\" bounds=\"[10,0][0,10]\"/>"),
         "inline.xml: screens.inline.root/children[0].bounds: error: frame has a negative size (-10×10); expected width and height ≥ 0"),
        (page("<node class=\"a\" clickable=\"maybe\"/>"), "inline.xml: screens.inline.root/children[0].clickable: error: 'maybe' is not true or false"),
        (page("<node class=\"a\" bounds=\"[0,0][99999999999,10]\"/>"),
         "inline.xml: screens.inline.root/children[0].bounds: error: '[0,0][99999999999,10]' at density 1 is outside the size limits; expected a number of points from 0 to 10000000"),
        ("<hierarchy width=\"1080\"/>", "inline.xml: screens.inline.root: error: <hierarchy> has width but not height; expected both or neither"),
        ("<hierarchy width=\"wide\" height=\"1\"/>", "inline.xml: screens.inline.root.width: error: 'wide' is not a number of pixels"),
        (page("<node class=\"a\"><hierarchy/></node>"), "inline.xml: screens.inline.root/children[0]: error: a second <hierarchy> at line 1; a page source has one, its root"),
        ("<hierarchy rotation=\"0\">\n  <node class=\"a\">\n", "inline.xml:3:1: error: unexpected end of document; <node> (line 2) is not closed"),
        ("  \n", "inline.xml:1:1: error: empty document; expected an Android UiAutomator page source (a <hierarchy> root element)"),
    ] as [(String, String)])
    func errorsNameTheirPlace(_ xml: String, _ expected: String) {
        #expect(importError(xml) == expected)
    }
}
