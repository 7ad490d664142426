import Foundation
import Testing
@testable import ScreenModel

/// An Appium XCUITest page source in `Fixtures/ios-appium/` (see NOTICE.md
/// there): three real captures and one hand-written web view.
enum AppiumCapture: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case settingsTop = "ios-settings-top_390x844"
    case settingsKeyboards = "ios-settings-keyboards_390x844"
    case calendarJa = "ios-calendar-date-time-ja_390x844"
    /// Hand-written in the newer WDA form: web links and buttons.
    case webViewTerms = "ios-webview-terms_390x844"

    var fileName: String { "\(rawValue).xml" }
    var testDescription: String { rawValue }

    var bytes: [UInt8] {
        get throws {
            let dir = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
            return [UInt8](try Data(contentsOf: dir.appendingPathComponent("ios-appium/\(fileName)")))
        }
    }

    func load() throws -> AppModel {
        try AppiumImporter(file: fileName).importApp(try bytes)
    }
}

/// Imports `xml` (a small page source written in the test) and returns its screen.
private func screen(_ xml: String, file: String = "inline.xml") throws -> Screen {
    try #require(try AppiumImporter(file: file).importApp(Array(xml.utf8)).screens.first)
}

/// The labels of the Switch Control stops of `screen`, in order.
private func stopLabels(_ screen: Screen) -> [String] {
    NavigationOrder(screen: screen, style: .scanning).stops.map { screen.label(of: $0) ?? "<no label>" }
}

private func importError(_ xml: String, file: String = "inline.xml") -> ScreenModelError? {
    appiumImportError(Array(xml.utf8), file: file)
}

@Suite struct AppiumImporterTests {
    // MARK: - Real captures

    /// Node counts from the XML: `grep -o '<XCUIElementType[A-Za-z]*' | wc -l`
    /// for elements; `visible="false"` nodes split into those wholly outside
    /// the viewport of a scrollable ancestor (kept, scrolled out: a scroll
    /// brings them in) and the rest (hidden). Every node is kept; the
    /// `<AppiumAUT>` wrapper is not a node.
    ///
    /// settings-top: 38 invisible; the Table (y 0…844) has the Developer
    /// (y 916) and app.st (995) cells and Game Center's separator (846)
    /// below it: 3 scrolled out, 35 hidden (the cells' icons and chevrons,
    /// and the children of Developer and app.st, whose stale frames at
    /// y 143 lie inside the viewport). settings-keyboards: 25 invisible; 10
    /// below the Table's bottom (cells Period shortcut 858, Memoji Stickers
    /// 993, Flick Only 1121, Smart Fullwidth Space 1165; the Emoji, Memoji
    /// footer and Kana Others and their texts at 948, 993, 1083); the cells'
    /// children (stale y 91) and the footer text at 764 stay hidden: 15.
    /// calendar-ja: the 12 invisible hour rows 0:00–11:00 (y −451…150) lie
    /// above the day ScrollView (y 179…761): all scrolled out, none hidden.
    /// webview-terms: the Contact us link, its text and the copyright line
    /// (y 1240, 1280) lie below the WebView (y 91…795).
    @Test(arguments: [
        (AppiumCapture.settingsTop, 93, 35, 3),
        (.settingsKeyboards, 93, 15, 10),
        (.calendarJa, 95, 0, 12),
        (.webViewTerms, 25, 0, 3),
    ])
    func keepsEveryNodeAndHidesOnlyInvisibleNodesThatNoScrollReveals(_ capture: AppiumCapture, elements: Int, hidden: Int, scrolledOut: Int) throws {
        let screen = try #require(try capture.load().screens.first)
        #expect(screen.elements.count == elements)
        #expect(screen.elements.filter(\.hidden).count == hidden)
        #expect(screen.elements.indices.filter { !screen[$0].hidden && screen.isScrolledOut($0) }.count == scrolledOut)
    }

    // Scrolling the capture's main scroll view down one page. The page is
    // the viewport's height, clamped at the content's end.
    //
    // settings-top: the Table (y 0…844) holds cells down to app.st
    // (995…1040): offsets 0…196, so one page moves 196. Every cell then
    // shows (Sign in at −53…18 partly): 13 + Developer + app.st = 15.
    //
    // settings-keyboards: cells down to Smart Fullwidth Space (1165…1210):
    // offsets 0…366. Keyboards, Text Replacement and One-Handed Keyboard
    // (now −240…−73) leave; Auto-Correction (−18…27) stays, partly; Period
    // shortcut, Memoji Stickers, Flick Only, Smart Fullwidth Space come in:
    // 15 − 3 + 4 = 16. The Table's stops now start above the navigation bar
    // (y 47), so the Table's block comes first and General last.
    //
    // webview-terms: content down to the copyright line (1280…1302) in a
    // viewport 91…795: offsets 0…507. Privacy Policy and Read the full terms
    // leave; Contact us (733…755) comes in: 5 − 2 + 1 = 4.
    @Test(arguments: [
        (AppiumCapture.settingsTop, 196.0, [
            "Sign in to your iPhone", "General", "Accessibility", "Privacy", "Passwords", "Safari", "News", "Maps",
            "Shortcuts", "Health", "Siri & Search", "Photos", "Game Center", "Developer", "app.st",
        ]),
        (.settingsKeyboards, 366, [
            "Auto-Correction", "Smart Punctuation", "Character Preview", "Enable Dictation", "About Dictation and Privacy…",
            "Auto-Capitalization", "Check Spelling", "Enable Caps Lock", "Predictive", "Slide to Type",
            "Delete Slide-to-Type by Word", "Period shortcut", "Memoji Stickers", "Flick Only", "Smart Fullwidth Space", "General",
        ]),
        (.webViewTerms, 507, ["Done", "Accept", "Contact us", "Share"]),
    ] as [(AppiumCapture, Double, [String])])
    func scrollingOnePageDownRevealsTheRowsBelowTheFold(_ capture: AppiumCapture, offset: Double, after: [String]) throws {
        let screen = try #require(try capture.load().screens.first)
        let container = try #require(screen.elements.firstIndex { $0.scrollable && $0.frame?.height ?? 0 > 600 })
        #expect(screen.scrollDirections(of: container) == [.down])
        let scrolled = screen.scrolled(container, .down)
        #expect(scrolled[container].contentOffset == Point(x: 0, y: offset))
        #expect(scrolled.scrollDirections(of: container) == [.up])
        #expect(stopLabels(scrolled) == after)
        #expect(stopLabels(scrolled.scrolled(container, .up)) == stopLabels(screen))
    }

    // The day ScrollView (scroll-view2, y 179…761, inside scroll-view1 with
    // the same frame) was captured scrolled down: its content starts at
    // y −461, so it scrolls up by up to 640; the hour gutter (525…775)
    // overhangs the bottom by 14. One page up (582) shows 0:00 (now
    // 131…182, partly) to 12:00 (731…782, partly): 13 hour rows, where
    // 12:00–23:00 showed before. Hour rows are not stops.
    @Test func calendarHoursAboveTheViewportAreReachedByScrollingUp() throws {
        let screen = try #require(try AppiumCapture.calendarJa.load().screens.first)
        let day = try #require(screen.elements.firstIndex { $0.label == "scroll-view2" })
        #expect(screen.scrollRange(of: day) == ScrollRange(minimum: Point(x: 0, y: -640), maximum: Point(x: 0, y: 14)))
        #expect(screen.scrollDirections(of: day) == [.up, .down])
        let hours = screen.elements.indices.filter { screen[$0].label?.hasSuffix(":00") == true || screen[$0].label == "14:00, 進行中" }
        #expect(hours.count == 24)
        func shown(_ s: Screen) -> [String] { hours.filter { !s.isScrolledOut($0) }.compactMap { s[$0].label } }
        #expect(shown(screen) == ["12:00", "13:00", "14:00, 進行中", "15:00", "16:00", "17:00", "18:00", "19:00", "20:00", "21:00", "22:00", "23:00"])
        let up = screen.scrolled(day, .up)
        #expect(up[day].contentOffset == Point(x: 0, y: -582))
        #expect(shown(up) == ["0:00", "1:00", "2:00", "3:00", "4:00", "5:00", "6:00", "7:00", "8:00", "9:00", "10:00", "11:00", "12:00"])
        #expect(stopLabels(up) == stopLabels(screen))
    }

    /// `visible="false"` means scrolled out only inside a scrollable node and
    /// wholly outside its viewport; anywhere else it still means hidden.
    @Test func invisibleNodesOutsideAScrollViewportAreKeptAndOthersHidden() throws {
        let s = try screen("""
            <XCUIElementTypeApplication name="App" label="App" x="0" y="0" width="390" height="844">
              <XCUIElementTypeTable x="0" y="100" width="390" height="400">
                <XCUIElementTypeCell name="Shown" label="Shown" visible="true" x="0" y="100" width="390" height="44"/>
                <XCUIElementTypeCell name="Below" label="Below" visible="false" x="0" y="500" width="390" height="44"/>
                <XCUIElementTypeCell name="Collapsed" label="Collapsed" visible="false" x="0" y="144" width="390" height="44"/>
              </XCUIElementTypeTable>
              <XCUIElementTypeButton name="Offscreen" label="Offscreen" visible="false" x="0" y="900" width="390" height="44"/>
            </XCUIElementTypeApplication>
            """)
        #expect(s.elements.map(\.hidden) == [false, false, false, false, true, true])
        #expect(stopLabels(s) == ["Shown"])
        let table = try #require(s.scrollContainer(of: 2))
        #expect(table == 1)
        #expect(stopLabels(s.scrolled(table, .down)) == ["Below"])
    }

    // MARK: - Web content

    // webview-terms, counted by hand: the navigation bar's Done (its title
    // is text); in the WebView the heading and paragraph are text, the
    // links Privacy Policy and the unlabelled one ("Read the" + "full
    // terms") and the button Accept are stops although WebKit reports them
    // accessible="false", Decline is disabled, Contact us is below the
    // fold; the toolbar's Back is disabled, Share is a stop: 5.
    @Test func webLinksAndButtonsAreStopsWithTheirTextMerged() throws {
        let page = try #require(try AppiumCapture.webViewTerms.load().screens.first)
        #expect(stopLabels(page) == ["Done", "Privacy Policy", "Read the full terms", "Accept", "Share"])
        let links = page.elements.indices.filter { page[$0].traits.contains(.link) && !page[$0].traits.contains(.staticText) }
        #expect(links.map { page.label(of: $0) } == ["Privacy Policy", "Read the full terms", "Contact us"])
        #expect(links.map { page[$0].childBehavior } == [.ignore, .ignore, .ignore])
        #expect(links.map { page[$0].respondsToUserInteraction } == [true, true, true])
        let web = try #require(page.elements.firstIndex { $0.scrollable })
        #expect(links.map { page.scrollContainer(of: $0) } == [web, web, web])
        // Outside a WebView an inaccessible button stays a container (newerFormat's Wrapper).
        let native = try screen(Self.newerFormat)
        #expect(native[7].label == "Wrapper")
        #expect(native[7].respondsToUserInteraction == false)
    }

    @Test(arguments: [
        (AppiumCapture.settingsTop, "Settings"),
        (.settingsKeyboards, "Settings"),
        (.calendarJa, "カレンダー"),
    ])
    func screenTakesSizeAndTitleFromTheApplication(_ capture: AppiumCapture, title: String) throws {
        let app = try capture.load()
        #expect(app.name == title)
        #expect(app.startScreen == capture.rawValue)
        #expect(app.screens.count == 1)
        let screen = try #require(app.screens.first)
        #expect(screen.name == capture.rawValue)
        #expect(screen.title == title)
        #expect(screen.size == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(screen.layoutDirection == .leftToRight)
    }

    // Stops counted by hand from the XML.
    //
    // settings-top (older WDA, no `accessible`): the NavigationBar holds only
    // a StaticText, so no stop. The Table holds 15 Cells; 13 are visible
    // (Sign in … Game Center; Game Center at y=802 is still visible="true"),
    // Developer and app.st are visible="false" below the Table's bottom
    // (scrolled out). A Cell is an element that
    // hides its children, so its StaticTexts and its (disabled, invisible)
    // chevron Buttons are not stops: 13 stops.
    //
    // settings-keyboards (older WDA): the NavigationBar's back Button
    // "General" (1). The Table: Cells Keyboards, Text Replacement,
    // One-Handed Keyboard (3); Auto-Correction, Smart Punctuation, Character
    // Preview, Enable Dictation (4, each hiding its Switch); the Link "About
    // Dictation and Privacy…" (1, hiding its TextView and inner Link);
    // Auto-Capitalization, Check Spelling, Enable Caps Lock, Predictive,
    // Slide to Type, Delete Slide-to-Type by Word (6). Period shortcut,
    // Memoji Stickers, Flick Only, Smart Fullwidth Space lie below the
    // Table's bottom (scrolled out); the section headers (ALL KEYBOARDS,
    // ENGLISH) are Others. 1 + 3 + 4 + 1 + 6 = 15. The NavigationBar (y=47)
    // comes before the Table, whose block is placed by its stops (from the
    // Keyboards cell at y=126).
    //
    // calendar-ja (newer WDA, `accessible`): NavigationBar Buttons 12月,
    // リスト, 検索, 追加 (4); the week ScrollView (y=108): six day Buttons (6);
    // "今日, 12月15日 金曜日" is an accessible Other, not a control, so not a
    // stop; the date StaticText and the 24 hour rows (accessible Others, 12
    // of them visible) are not controls; the scroll bars are
    // accessible="false"; the Toolbar: 今日, カレンダー, 出席依頼 (3, the
    // StaticTexts inside 今日 and 出席依頼 are hidden by their Button).
    // 4 + 6 + 3 = 13.
    @Test(arguments: [
        (AppiumCapture.settingsTop, 13, ["Sign in to your iPhone", "General", "Accessibility", "Privacy", "Passwords"]),
        (.settingsKeyboards, 15, ["General", "Keyboards", "Text Replacement", "One-Handed Keyboard", "Auto-Correction"]),
        (.calendarJa, 13, ["12月", "リスト", "検索", "追加", "12月10日 日曜日", "12月11日 月曜日"]),
    ])
    func switchControlStops(_ capture: AppiumCapture, count: Int, first: [String]) throws {
        let screen = try #require(try capture.load().screens.first)
        let labels = stopLabels(screen)
        #expect(labels.count == count)
        #expect(Array(labels.prefix(first.count)) == first)
    }

    @Test func settingsTopStopsAreTheVisibleRows() throws {
        let screen = try #require(try AppiumCapture.settingsTop.load().screens.first)
        #expect(stopLabels(screen) == [
            "Sign in to your iPhone", "General", "Accessibility", "Privacy", "Passwords", "Safari", "News",
            "Maps", "Shortcuts", "Health", "Siri & Search", "Photos", "Game Center",
        ])
    }

    @Test func keyboardSwitchRowsAreOneStopEachWithTheirValue() throws {
        let screen = try #require(try AppiumCapture.settingsKeyboards.load().screens.first)
        let order = NavigationOrder(screen: screen, style: .scanning)
        let rows = order.stops.filter { screen.label(of: $0) == "Auto-Correction" || screen.label(of: $0) == "Smart Punctuation" }
        #expect(rows.map { screen.value(of: $0) } == ["0", "1"])
        #expect(rows.map { screen[$0].childBehavior } == [.ignore, .ignore])
        #expect(stopLabels(screen).suffix(7) == [
            "About Dictation and Privacy…", "Auto-Capitalization", "Check Spelling", "Enable Caps Lock",
            "Predictive", "Slide to Type", "Delete Slide-to-Type by Word",
        ])
    }

    @Test func calendarStopsEndWithTheToolbar() throws {
        let screen = try #require(try AppiumCapture.calendarJa.load().screens.first)
        #expect(stopLabels(screen).suffix(5) == ["12月14日 木曜日", "12月16日 土曜日", "今日", "カレンダー", "出席依頼"])
    }

    @Test(arguments: AppiumCapture.allCases)
    func everyStyleGetsTheSameStops(_ capture: AppiumCapture) throws {
        let screen = try #require(try capture.load().screens.first)
        let stops = NavigationStyle.allCases.map { NavigationOrder(screen: screen, style: $0).stops }
        #expect(stops[1] == stops[0])
        #expect(stops[2] == stops[0])
    }

    /// Raw WDA `/source` has no `<AppiumAUT>` wrapper; the import is the same.
    @Test(arguments: AppiumCapture.allCases)
    func wrapperIsOptional(_ capture: AppiumCapture) throws {
        let text = try #require(String(bytes: try capture.bytes, encoding: .utf8))
        let bare = text.replacingOccurrences(of: "<AppiumAUT>", with: "").replacingOccurrences(of: "</AppiumAUT>", with: "")
        #expect(bare.count == text.count - 23)
        let importer = AppiumImporter(file: capture.fileName)
        #expect(try importer.importApp(Array(bare.utf8)) == capture.load())
    }

    @Test func labelFallsBackToNameAndNameBecomesAnIdentifier() throws {
        let screen = try #require(try AppiumCapture.settingsTop.load().screens.first)
        // <XCUIElementTypeStaticText name="APPLE_ACCOUNT" label="Sign in to your iPhone" …>
        let account = try #require(screen.identifiers["APPLE_ACCOUNT"])
        #expect(screen[account].label == "Sign in to your iPhone")
        #expect(screen[account].value == "Sign in to your iPhone")
        #expect(screen[account].traits == [.staticText])
        #expect(screen[account].frame == Rect(x: 95, y: 158, width: 166, height: 21))
        // <XCUIElementTypeNavigationBar name="Settings"> has no label.
        let bar = screen.elements.firstIndex { $0.containerType == .semanticGroup }
        #expect(bar.map { screen[$0].label } == "Settings")
        #expect(bar.map { screen[$0].identifier } == .some(nil))
        // Names that differ from their label: APPLE_ACCOUNT, ACCESSIBILITY,
        // PASSWORDS, NEWS, MAPS, SHORTCUTS, HEALTH, SIRI, GAMECENTER,
        // DEVELOPER_SETTINGS, com.example.app.
        #expect(screen.identifiers.count == 11)
    }

    // MARK: - Attributes

    static let newerFormat = """
        <?xml version="1.0" encoding="UTF-8"?>
        <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Shop" label="Shop" enabled="true" visible="true" accessible="false" x="0" y="0" width="375" height="667" index="0">
          <XCUIElementTypeOther type="XCUIElementTypeOther" name="Header" label="Deals" enabled="true" visible="true" accessible="true" x="0" y="20" width="375" height="40" index="0" traits="Header, StaticText"/>
          <XCUIElementTypeOther type="XCUIElementTypeOther" name="buy" label="Buy" enabled="true" visible="true" accessible="true" x="0" y="70" width="100" height="44" index="1" traits="Button, Selected"/>
          <XCUIElementTypeOther type="XCUIElementTypeOther" name="qty" label="Quantity" value="2" enabled="true" visible="true" accessible="true" x="120" y="70" width="100" height="44" index="2" traits="adjustable"/>
          <XCUIElementTypeButton type="XCUIElementTypeButton" name="pay" label="Pay" enabled="false" visible="true" accessible="true" x="240" y="70" width="100" height="44" index="3" traits="Button, NotEnabled"/>
          <XCUIElementTypeSwitch type="XCUIElementTypeSwitch" name="Gift" label="Gift" value="1" enabled="true" visible="true" accessible="true" x="0" y="130" width="51" height="31" index="4" traits="Button, ToggleButton"/>
          <XCUIElementTypeCell type="XCUIElementTypeCell" name="more" label="More" enabled="true" visible="false" accessible="true" x="0" y="700" width="375" height="44" index="5" traits="None"/>
          <XCUIElementTypeButton type="XCUIElementTypeButton" name="wrap" label="Wrapper" enabled="true" visible="true" accessible="false" x="0" y="200" width="375" height="44" index="6">
            <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" name="Note" label="Note" enabled="true" visible="true" accessible="true" x="0" y="200" width="100" height="44" index="0"/>
            <XCUIElementTypeLink type="XCUIElementTypeLink" name="Terms" label="Terms" enabled="true" visible="true" accessible="true" x="120" y="200" width="100" height="44" index="1">
              <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" name="Terms" label="Terms" enabled="true" visible="true" accessible="true" x="120" y="200" width="100" height="44" index="0"/>
            </XCUIElementTypeLink>
          </XCUIElementTypeButton>
        </XCUIElementTypeApplication>
        """

    @Test func traitsAttributeAddsToTheTypeTraits() throws {
        let s = try screen(Self.newerFormat)
        #expect(s.elements.map(\.traits) == [
            [], [.header, .staticText], [.button, .selected], [.adjustable], [.button, .notEnabled],
            [.button, .toggle], [], [.button], [.staticText], [.link], [.staticText],
        ])
    }

    @Test func accessibleDecidesWhichNodesAreElements() throws {
        let s = try screen(Self.newerFormat)
        #expect(s.elements.map(\.respondsToUserInteraction) == [
            false, false, true, true, true, true, true, false, false, true, false,
        ])
        // The accessible Link hides its text; the inaccessible Button does not hide its children.
        #expect(s.elements.map(\.childBehavior) == [nil, nil, nil, nil, nil, nil, nil, nil, nil, .ignore, nil])
        // Pay is disabled, More is off screen, Wrapper is not an element.
        #expect(stopLabels(s) == ["Buy", "Quantity", "Gift", "Terms"])
    }

    @Test func visibleFalseHidesAndEnabledFalseDisables() throws {
        let s = try screen(Self.newerFormat)
        let more = try #require(s.identifiers["more"])
        #expect(s[more].hidden)
        #expect(s.elements.filter(\.hidden).count == 1)
        let pay = try #require(s.identifiers["pay"])
        #expect(s[pay].traits.contains(.notEnabled))
        #expect(NavigationOrder(screen: s, style: .scanning, options: .init(skipNotEnabled: false)).stops.map { s.label(of: $0) } == ["Buy", "Quantity", "Pay", "Gift", "Terms"])
    }

    @Test func identifiersAreUniquePerScreen() throws {
        let s = try screen(Self.newerFormat)
        // "Terms" is name == label on both nodes; "Header" differs from "Deals".
        #expect(s.identifiers == ["Header": 1, "buy": 2, "qty": 3, "pay": 4, "more": 6, "wrap": 7])
        let repeated = try screen("""
            <XCUIElementTypeApplication name="App" label="App" x="0" y="0" width="10" height="10">
              <XCUIElementTypeButton name="chevron" label="Next" x="0" y="0" width="5" height="5"/>
              <XCUIElementTypeButton name="chevron" label="Back" x="5" y="0" width="5" height="5"/>
            </XCUIElementTypeApplication>
            """)
        #expect(s.identifiers.count == 6)
        #expect(repeated.elements.map(\.identifier) == [nil, "chevron", nil])
        #expect(repeated.elements.map(\.label) == ["App", "Next", "Back"])
    }

    @Test func olderFormatInfersElementsFromTheType() throws {
        let s = try screen("""
            <AppiumAUT>
              <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" label="App" enabled="true" visible="true" x="0" y="0" width="390" height="844">
                <XCUIElementTypeTabBar type="XCUIElementTypeTabBar" enabled="true" visible="true" x="0" y="795" width="390" height="49">
                  <XCUIElementTypeButton type="XCUIElementTypeButton" name="Home" label="Home" enabled="true" visible="true" x="0" y="795" width="195" height="49"/>
                  <XCUIElementTypeButton type="XCUIElementTypeButton" name="Search" label="Search" enabled="true" visible="true" x="195" y="795" width="195" height="49"/>
                </XCUIElementTypeTabBar>
                <XCUIElementTypeOther type="XCUIElementTypeOther" name="SECTION" label="SECTION" enabled="true" visible="true" x="0" y="100" width="390" height="30"/>
                <XCUIElementTypeSlider type="XCUIElementTypeSlider" name="Volume" label="Volume" value="50%" enabled="true" visible="true" x="0" y="140" width="390" height="30"/>
                <XCUIElementTypeSearchField type="XCUIElementTypeSearchField" name="Find" label="Find" enabled="true" visible="true" x="0" y="180" width="390" height="30"/>
                <XCUIElementTypeSecureTextField type="XCUIElementTypeSecureTextField" name="Password" label="Password" enabled="true" visible="true" x="0" y="220" width="390" height="30"/>
                <XCUIElementTypeImage type="XCUIElementTypeImage" name="logo" label="Logo" enabled="true" visible="true" x="0" y="260" width="30" height="30"/>
              </XCUIElementTypeApplication>
            </AppiumAUT>
            """)
        #expect(s.elements.map(\.traits) == [[], [.tabBar], [.button], [.button], [], [.adjustable], [.searchField], [], [.image]])
        #expect(s.elements.map(\.respondsToUserInteraction) == [false, false, true, true, false, true, true, true, false])
        #expect(s[1].isContainer)
        #expect(stopLabels(s) == ["Volume", "Find", "Password", "Home", "Search"])
    }

    @Test func listsScrollAndBarsGroup() throws {
        let s = try #require(try AppiumCapture.calendarJa.load().screens.first)
        #expect(s.elements.filter { $0.containerType == .list }.count == 3)
        #expect(s.elements.filter(\.scrollable).count == 3)
        #expect(s.elements.filter { $0.containerType == .semanticGroup }.count == 2)
        let order = NavigationOrder(screen: s, style: .scanning)
        // Top level: the navigation bar, the week strip and the toolbar, each a group.
        #expect(order.top.members.count == 3)
    }

    /// Nothing recurses: a 100,000-deep chain of containers imports and orders.
    @Test func deepTreeDoesNotRecurse() throws {
        let depth = 100_000
        var xml = "<XCUIElementTypeApplication name=\"Deep\" x=\"0\" y=\"0\" width=\"10\" height=\"10\">"
        xml += String(repeating: "<XCUIElementTypeOther>", count: depth)
        xml += "<XCUIElementTypeButton label=\"Bottom\" x=\"1\" y=\"1\" width=\"2\" height=\"2\"/>"
        xml += String(repeating: "</XCUIElementTypeOther>", count: depth)
        xml += "</XCUIElementTypeApplication>"
        let s = try screen(xml)
        #expect(s.elements.count == 100_002)
        #expect(stopLabels(s) == ["Bottom"])
    }

    // MARK: - Errors

    @Test func unclosedTagIsASyntaxErrorOnItsLine() {
        let xml = """
            <AppiumAUT>
              <XCUIElementTypeApplication name="App" x="0" y="0" width="10" height="10">
                <XCUIElementTypeButton name="OK" x="0" y="0" width="5" height="5" </XCUIElementTypeApplication>
            </AppiumAUT>
            """
        #expect(importError(xml, file: "broken.xml") == .syntax(file: "broken.xml", line: 3, column: 71, message: "expected an element or attribute name (a tag not closed with '>'?)"))
    }

    @Test func unclosedElementIsNamedWithTheLineItOpened() {
        let xml = """
            <AppiumAUT>
              <XCUIElementTypeApplication name="App" x="0" y="0" width="10" height="10">
                <XCUIElementTypeButton name="OK" x="0" y="0" width="5" height="5">
              </XCUIElementTypeApplication>
            </AppiumAUT>
            """
        let error = importError(xml, file: "broken.xml")
        #expect(error == .syntax(file: "broken.xml", line: 4, column: 32, message: "closing tag does not match the open element <XCUIElementTypeButton> (line 3)"))
        #expect(error?.description == "broken.xml:4:32: error: closing tag does not match the open element <XCUIElementTypeButton> (line 3)")
    }

    /// The error stands where the document ends (line 3, column 1, after the last newline).
    @Test func documentEndingInsideAnElementIsASyntaxError() {
        let xml = "<AppiumAUT>\n  <XCUIElementTypeApplication name=\"App\">\n"
        #expect(importError(xml, file: "cut.xml") == .syntax(file: "cut.xml", line: 3, column: 1, message: "unexpected end of document; <XCUIElementTypeApplication> (line 2) is not closed"))
    }

    @Test(arguments: ["", "  \n\t\n"])
    func emptyInputIsASyntaxError(_ text: String) {
        let error = importError(text, file: "empty.xml")
        #expect(error == .syntax(file: "empty.xml", line: 1, column: 1, message: "empty document; expected an Appium XCUITest page source (<AppiumAUT> or <XCUIElementTypeApplication>)"))
    }

    @Test func otherXMLRootSaysWhatWasExpected() {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <hierarchy index="0" class="hierarchy" rotation="0" width="1080" height="2254">
              <android.widget.FrameLayout index="0" bounds="[0,0][1080,2254]"/>
            </hierarchy>
            """
        let error = importError(xml, file: "android.xml")
        #expect(error?.description == "android.xml:2:79: error: expected an Appium XCUITest page source: an <AppiumAUT> or <XCUIElementTypeApplication> root element, found <hierarchy> (an Android UiAutomator page source?)")
    }

    @Test func foreignElementInsideTheTreeIsAnError() {
        let xml = """
            <XCUIElementTypeApplication name="App" x="0" y="0" width="10" height="10">
              <XCUIElementTypeOther>
                <node text="hello"/>
              </XCUIElementTypeOther>
            </XCUIElementTypeApplication>
            """
        #expect(importError(xml, file: "mixed.xml") == .invalidValue(file: "mixed.xml", at: "screens.mixed.root/children[0]", message: "unexpected element <node> at line 3; expected XCUIElementType… elements only"))
    }

    @Test func secondRootIsAnError() {
        let xml = """
            <AppiumAUT>
              <XCUIElementTypeApplication name="A"/>
              <XCUIElementTypeApplication name="B"/>
            </AppiumAUT>
            """
        #expect(importError(xml, file: "two.xml") == .syntax(file: "two.xml", line: 3, column: 39, message: "second root element <XCUIElementTypeApplication>; a page source has one root, the XCUIElementTypeApplication"))
    }

    @Test func unknownTraitNameIsAnError() {
        let xml = "<XCUIElementTypeApplication><XCUIElementTypeButton traits=\"Button, Clickable\"/></XCUIElementTypeApplication>"
        #expect(importError(xml, file: "t.xml") == .unknownTrait(file: "t.xml", at: "screens.t.root/children[0].traits", name: "Clickable"))
    }

    @Test(arguments: [
        ("<XCUIElementTypeApplication x=\"0\" y=\"0\" width=\"wide\" height=\"10\"/>", ScreenModelError.invalidValue(file: "a.xml", at: "screens.a.root.width", message: "'wide' is not a number of points")),
        ("<XCUIElementTypeApplication x=\"0\" y=\"0\"/>", .invalidValue(file: "a.xml", at: "screens.a.root", message: "incomplete frame: has x, y but not width, height")),
        ("<XCUIElementTypeApplication x=\"0\" y=\"0\" width=\"-1\" height=\"10\"/>", .negativeFrameSize(file: "a.xml", at: "screens.a.root", width: -1, height: 10)),
        ("<XCUIElementTypeApplication visible=\"maybe\"/>", .invalidValue(file: "a.xml", at: "screens.a.root.visible", message: "'maybe' is not true or false")),
        // Deeper down, the element is named by its path while it is being read.
        ("<XCUIElementTypeApplication><XCUIElementTypeOther/><XCUIElementTypeOther><XCUIElementTypeButton/><XCUIElementTypeButton x=\"0\" y=\"0\" width=\"wide\" height=\"1\"/></XCUIElementTypeOther></XCUIElementTypeApplication>",
         .invalidValue(file: "a.xml", at: "screens.a.root/children[1]/children[1].width", message: "'wide' is not a number of points")),
        ("<XCUIElementTypeApplication><XCUIElementTypeOther><XCUIElementTypeButton x=\"0\"/></XCUIElementTypeOther></XCUIElementTypeApplication>",
         .invalidValue(file: "a.xml", at: "screens.a.root/children[0]/children[0]", message: "incomplete frame: has x but not y, width, height")),
    ])
    func badAttributeIsAnError(_ xml: String, _ expected: ScreenModelError) {
        #expect(importError(xml, file: "a.xml") == expected)
    }

    @Test(arguments: [
        ("captures/ios-settings-top_390x844.xml", "ios-settings-top_390x844"),
        ("page.source.xml", "page.source"),
        ("noext", "noext"),
        ("", "screen"),
        (".xml", ".xml"),
    ])
    func screenIsNamedAfterTheFile(_ file: String, _ name: String) {
        #expect(AppiumImporter(file: file).screenName == name)
    }

    // MARK: - Values read as bytes

    /// Numbers and booleans are read from the attribute's bytes; what the
    /// fast paths do not take still reads as `Double(_:)` and
    /// `ImportText.bool` read it.
    @Test func numbersAndBooleansOffTheFastPathKeepTheirMeaning() throws {
        let s = try screen("""
            <XCUIElementTypeApplication x="-0" y=" 12 " width="1e2" height="12.50" enabled="TRUE" visible="1">
              <XCUIElementTypeButton label="A" x="0.25" y="-3" width="10" height="10" enabled="No" visible="true"/>
              <XCUIElementTypeButton label="B" x="0" y="0" width="10" height="10" enabled="false" visible="yes"/>
            </XCUIElementTypeApplication>
            """)
        let root = try #require(s.elements[0].frame)
        #expect(root == Rect(x: 0, y: 12, width: 100, height: 12.5))
        #expect(root.x.sign == .minus)
        #expect(s.elements[1].frame == Rect(x: 0.25, y: -3, width: 10, height: 10))
        #expect(s.elements.map { $0.traits.contains(.notEnabled) } == [false, true, true])
        #expect(s.elements.map(\.hidden) == [false, false, false])
    }

    @Test(arguments: [
        ("<XCUIElementTypeApplication x=\"0\" y=\"1e999\" width=\"10\" height=\"10\"/>", ScreenModelError.invalidValue(file: "a.xml", at: "screens.a.root.y", message: "'1e999' is outside the coordinate limits; expected a number of points from -10000000 to 10000000")),
        ("<XCUIElementTypeApplication x=\"0\" y=\"0\" width=\"10000001\" height=\"10\"/>", .invalidValue(file: "a.xml", at: "screens.a.root.width", message: "'10000001' is outside the size limits; expected a number of points from 0 to 10000000")),
        ("<XCUIElementTypeApplication x=\"0\" y=\"0\" width=\"10\" height=\"NaN\"/>", .invalidValue(file: "a.xml", at: "screens.a.root.height", message: "'NaN' is not a number of points")),
        ("<XCUIElementTypeApplication x=\"0\" y=\"0\" width=\"10\" height=\"10\" enabled=\"truE \"/>", .invalidValue(file: "a.xml", at: "screens.a.root.enabled", message: "'truE ' is not true or false")),
    ])
    func numbersAndBooleansOutOfRangeAreErrors(_ xml: String, _ expected: ScreenModelError) {
        #expect(importError(xml, file: "a.xml") == expected)
    }

    /// Types are read once per capture and found again from their bytes;
    /// past the table's capacity they are read each time, with the same result.
    @Test func typesBeyondTheTableReadTheSame() throws {
        let unknown = (0..<AppiumElementTypeTable.capacity + 20).map { "<XCUIElementTypeFuture\($0) x=\"0\" y=\"0\" width=\"1\" height=\"1\"/>" }
        let controls = """
            <XCUIElementTypeButton label="Go" x="0" y="0" width="10" height="10"/>
            <XCUIElementTypeOther type="Switch" label="Wi-Fi" x="0" y="10" width="10" height="10"/>
            <XCUIElementTypeStaticText label="Note" x="0" y="20" width="10" height="10"/>
            """
        for unknownFirst in [false, true] {
            let children = unknownFirst ? unknown.joined() + controls : controls + unknown.joined()
            let s = try screen("<XCUIElementTypeApplication x=\"0\" y=\"0\" width=\"10\" height=\"40\">\(children)\(controls)</XCUIElementTypeApplication>")
            #expect(s.elements.count == 1 + unknown.count + 6)
            let labelled = s.elements.filter { $0.label != nil }
            #expect(labelled.map(\.label) == ["Go", "Wi-Fi", "Note", "Go", "Wi-Fi", "Note"])
            #expect(labelled.map(\.traits) == [[.button], [.button, .toggle], [.staticText], [.button], [.button, .toggle], [.staticText]])
            #expect(labelled.map(\.respondsToUserInteraction) == [true, true, false, true, true, false])
            #expect(s.elements.filter { $0.label == nil }.allSatisfy { $0.traits.isEmpty && $0.respondsToUserInteraction != true })
        }
    }

    /// An element left open is named by its tag, whether or not its `type`
    /// says the same, and whether or not the type table is full.
    @Test(arguments: [0, AppiumElementTypeTable.capacity])
    func openElementIsNamedByItsTag(fillingTypes: Int) {
        let filler = (0..<fillingTypes).map { "<XCUIElementTypeFuture\($0)/>" }.joined()
        for (tag, type) in [("XCUIElementTypeOther", "XCUIElementTypeButton"), ("XCUIElementTypeCell", "XCUIElementTypeCell"), ("XCUIElementTypeGroup", "")] {
            let typeAttribute = type.isEmpty ? "" : " type=\"\(type)\""
            let xml = "<XCUIElementTypeApplication>\(filler)\n<\(tag)\(typeAttribute)>\n</XCUIElementTypeApplication>"
            #expect(importError(xml, file: "open.xml") == .syntax(file: "open.xml", line: 3, column: 30, message: "closing tag does not match the open element <\(tag)> (line 2)"))
        }
    }

    /// However many attributes a tag has, the ones read are found.
    @Test func elementWithManyAttributes() throws {
        let filler = (0..<300).map { " data\($0)=\"\($0)\"" }.joined()
        let s = try screen("""
            <XCUIElementTypeApplication\(filler) x="0" y="0" width="10" height="20" label="App">
              <XCUIElementTypeButton\(filler) label="Go" x="0" y="0" width="10" height="10" enabled="false"/>
            </XCUIElementTypeApplication>
            """)
        #expect(s.elements.map(\.label) == ["App", "Go"])
        #expect(s.elements.map(\.frame) == [Rect(x: 0, y: 0, width: 10, height: 20), Rect(x: 0, y: 0, width: 10, height: 10)])
        #expect(s.elements[1].traits == [.button, .notEnabled])
    }
}
