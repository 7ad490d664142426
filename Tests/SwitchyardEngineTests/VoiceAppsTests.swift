import Testing
import ScreenModel
import DemoApp
@testable import SwitchyardEngine

/// Voice Control on the example apps and on the real Appium captures in
/// Tests/ScreenModelTests/Fixtures/ios-appium/.
@Suite struct VoiceAppsTests {
    static let appium = "Tests/ScreenModelTests/Fixtures/ios-appium/"

    /// A Voice Control session on an app of the repository, started at 0.
    func started(_ path: String, _ configure: (inout VoiceControlSettings) -> Void = { _ in }) throws -> Session {
        var s = try voiceSession(try repositoryApp(path), configure)
        _ = s.start(at: .zero)
        return s
    }

    // MARK: - Example apps

    /// "Go back" pops a pushed screen; on the start screen there is nothing to go back to.
    @Test func goBackPopsTheScreen() throws {
        var s = try started("Examples/apps/mail.json")
        #expect(s.say("tap mail settings", at: 100) == [#"0.1s tap "Mail Settings" at (30, 78)"#, "0.1s screen mail-settings"])
        #expect(s.say("go back", at: 200) == ["0.2s screen inbox"])
        #expect(s.say("go back", at: 300) == [#"0.3s not understood "go back" (notApplicable)"#])
    }

    /// A sheet traps the targets (modal); "go back" dismisses it and focus
    /// returns to the element that presented it (the session's rule).
    @Test func sheetTrapsTargetsAndGoBackDismissesIt() throws {
        var s = try voiceSession(DemoApp.load())
        _ = s.start(at: .zero)
        #expect(s.say("tap cart", at: 100) == [#"0.1s tap "Cart" at (347, 76)"#, "0.1s screen cart"])
        #expect(s.say("show numbers", at: 200) == [#"0.2s overlay numbers: 1 "Close", 2 "Pay €12.90""#])
        #expect(s.say("tap shop", at: 300) == [#"0.3s not understood "tap shop" (unknownName)"#])
        let back = s.handle(utterance("go back", 400))
        #expect(back == [
            spoken(400, .overlayHidden(.numbers)), spoken(400, .screenChanged(screen: "home")),
            bySession(400, .focusRestored(ElementRef(s.currentScreen, s.currentScreen.identifiers["cart-button"]!))),
        ])
    }

    /// The demo app's names overlay: the names the README's picture shows.
    @Test func demoAppNames() throws {
        var s = try voiceSession(DemoApp.load())
        _ = s.start(at: .zero)
        _ = s.say("show names", at: 100)
        #expect(s.badges == [
            "Cart", "Search products", "Espresso Beans, €12.90", "Oat Milk, €2.49", "Croissant, €1.80", "Green Tea, €4.20",
            "Dark Chocolate, €3.10", "Shop", "Orders", "Account",
        ])
        #expect(s.say("tap espresso beans €12.90", at: 200) == [#"0.2s overlay names hidden"#, #"0.2s tap "Espresso Beans, €12.90" at (195, 236)"#, "0.2s screen product"])
        #expect(s.say("increment quantity", at: 300) == [#"0.3s value of "Quantity" = "2""#])
    }

    /// "Scroll down" pages the list; rows that come into view become
    /// targets, and a continuous overlay is shown again, renumbered. A swipe
    /// goes the finger's way: "swipe down" scrolls up.
    @Test func scrollRenumbersAContinuousOverlay() throws {
        let rows = (1...6).map { #"{"label": "Row \#($0)", "traits": ["button"], "frame": {"x": 0, "y": \#(50 + $0 * 50), "width": 400, "height": 50}}"# }
        let list = #"{"identifier": "list", "scrollable": true, "frame": {"x": 0, "y": 100, "width": 400, "height": 200}, "children": [\#(rows.joined(separator: ","))]}"#
        var s = try voiceSession(makeApp([("main", [button("Top", y: 0), list])]))
        _ = s.start(at: .zero)
        #expect(s.say("show numbers continuously", at: 100) == [
            #"0.1s overlay numbers continuously: 1 "Top", 2 "Row 1", 3 "Row 2", 4 "Row 3", 5 "Row 4""#,
        ])
        #expect(s.say("tap row 6", at: 200) == [#"0.2s not understood "tap row 6" (unknownName)"#])
        #expect(s.say("scroll down", at: 300) == [
            "0.3s scrolled #list down",
            #"0.3s overlay numbers continuously: 1 "Top", 2 "Row 3", 3 "Row 4", 4 "Row 5", 5 "Row 6""#,
        ])
        #expect(s.say("tap row 6", at: 400) == [#"0.4s tap "Row 6" at (200, 275)"#])
        #expect(s.say("scroll down", at: 500) == [#"0.5s not understood "scroll down" (notApplicable)"#])
        #expect(s.say("swipe down", at: 600).first == "0.6s scrolled #list up")
        #expect(s.say("swipe up", at: 700).first == "0.7s scrolled #list down")
        #expect(s.say("scroll left", at: 800) == [#"0.8s not understood "scroll left" (notApplicable)"#])
    }

    /// Right-to-left Arabic names match as typed.
    @Test func arabicNames() throws {
        var s = try started("Examples/apps/rtl-inbox.json")
        #expect(s.say("show names", at: 100) == [#"0.1s overlay names: "تعديل", "رسالة جديدة", "بحث""#])
        #expect(s.say("tap بحث", at: 200).last?.hasPrefix(#"0.2s tap "بحث" at"#) == true)
    }

    // MARK: - Appium captures

    /// iOS Settings: names and numbers on the visible rows; the rows below
    /// the fold are no targets until "scroll down" brings them in.
    @Test func settingsCaptureScrollsBelowTheFold() throws {
        var s = try started(Self.appium + "ios-settings-top_390x844.xml")
        _ = s.say("show names", at: 100)
        #expect(s.badges == [
            "Sign in to your iPhone", "General", "Accessibility", "Privacy", "Passwords", "Safari", "News", "Maps",
            "Shortcuts", "Health", "Siri & Search", "Photos", "Game Center",
        ])
        #expect(s.say("tap developer", at: 200) == [#"0.2s not understood "tap developer" (unknownName)"#])
        #expect(s.say("scroll down", at: 300).count == 2)
        #expect(s.say("tap developer", at: 400).first?.hasPrefix(#"0.4s tap "Developer" at"#) == true)
        #expect(s.say("tap siri and search", at: 500) == [#"0.5s not understood "tap siri and search" (unknownName)"#])
    }

    /// Japanese names: NFKC makes full-width digits plain, so "１２月" is "12月".
    @Test func japaneseCalendarCapture() throws {
        var s = try started(Self.appium + "ios-calendar-date-time-ja_390x844.xml")
        #expect(s.say("tap 検索", at: 100) == [#"0.1s tap "検索" at (308.5, 69)"#])
        #expect(s.say("tap １２月", at: 200) == [#"0.2s tap "12月" at (32.5, 69)"#])
        #expect(s.say("show numbers", at: 300).count == 1)
        #expect(s.badges.count == 13)
        #expect(s.say("tap 11", at: 400) == ["0.4s overlay numbers hidden", #"0.4s tap "今日" at (32, 788)"#])
    }

    /// A web view's links are targets by name; the keyboard settings'
    /// duplicate-free rows take numbers; a grid cell taps what lies under its centre.
    @Test func webViewAndKeyboardsCaptures() throws {
        var web = try started(Self.appium + "ios-webview-terms_390x844.xml")
        #expect(web.say("tap privacy policy", at: 100) == [#"0.1s tap "Privacy Policy" at (71, 212)"#])
        #expect(web.say("show grid", at: 200) == ["0.2s overlay grid 3×3 over {0, 0, 390×844}"])
        var keyboards = try started(Self.appium + "ios-settings-keyboards_390x844.xml")
        _ = keyboards.say("show numbers", at: 100)
        #expect(keyboards.say("tap 9", at: 200) == ["0.2s overlay numbers hidden", #"0.2s tap "About Dictation and Privacy…" at (195, 540.5)"#])
        #expect(keyboards.say("tap about dictation and privacy", at: 300) == [#"0.3s tap "About Dictation and Privacy…" at (195, 540.5)"#])
    }

    /// Keyboard settings with `contains` matching: "dictation" is in two
    /// rows' names, so they take numbers; the toggles are not adjustable; a
    /// capture of one screen has nothing to go back to.
    @Test func keyboardsCaptureDisambiguatesAndRefuses() throws {
        var s = try started(Self.appium + "ios-settings-keyboards_390x844.xml") { $0.nameMatching = .contains }
        #expect(s.say("tap dictation", at: 100) == [
            #"0.1s disambiguation "dictation": 1 "Enable Dictation" {0, 480, 390×45}, 2 "About Dictation and Privacy…" {20, 524, 350×33}"#,
        ])
        #expect(s.say("two", at: 200) == ["0.2s disambiguation hidden", #"0.2s tap "About Dictation and Privacy…" at (195, 540.5)"#])
        #expect(s.say("tap keyboard", at: 300) == [#"0.3s tap "One-Handed Keyboard" at (195, 271)"#])
        #expect(s.say("increment auto-correction", at: 400) == [#"0.4s not understood "increment auto-correction" (notApplicable)"#])
        #expect(s.say("go back", at: 500) == [#"0.5s not understood "go back" (notApplicable)"#])
        #expect(s.say("tap the moon", at: 600) == [#"0.6s not understood "tap the moon" (unknownName)"#])
    }

    /// "Show me what to say" on a web view capture (its page scrolls down), and a zoomed grid cell
    /// tapping the link under its centre.
    @Test func webViewCaptureCommandsAndGridZoom() throws {
        var s = try started(Self.appium + "ios-webview-terms_390x844.xml")
        #expect(s.say("show me what to say", at: 100) == [
            #"0.1s commands: "Show names", "Show numbers", "Show grid", "Tap Done", "Tap Privacy Policy", "Tap Read the full terms", "Tap Accept", "Tap Share", "Scroll down""#,
        ])
        // The grid over 390×844: cell 1 is {0, 0, 130×281.33}; its cell 8 is {43.33, 187.56, 43.33×93.78}, centred on (65, 234.44):
        // the "Read the full terms" link {16, 231, 160×22}.
        #expect(s.say("show grid", at: 200) == ["0.2s overlay grid 3×3 over {0, 0, 390×844}"])
        #expect(s.say("1", at: 300).count == 1)
        let tap = s.say("tap 8", at: 400)
        #expect(tap.first == "0.4s overlay grid hidden")
        #expect(tap.last?.hasPrefix(#"0.4s tap "Read the full terms" at (65, 234.44"#) == true)
    }
}

/// Voice Control beside Switch Control in one session.
@Suite struct VoiceWithSwitchControlTests {
    /// A "tap X" while Switch Control scans: Voice Control taps, the events
    /// say which technology caused them, and scanning carries on in its time.
    @Test func tapWhileScanning() throws {
        var s = try Session(app: threeButtons, configuration: SessionConfiguration(technologies: [
            .switchControl(SwitchControlSettings()), .voiceControl(VoiceControlSettings()),
        ]))
        #expect(s.start(at: .zero) == [bySession(0, .screenChanged(screen: "main")), hl(0, A)])
        #expect(s.advance(to: ms(1000)) == [hl(1000, B)])
        #expect(s.handle(utterance("tap C", 1500)) == [spoken(1500, .activated(C, at: Point(x: 200, y: 225)))])
        #expect(s.advance(to: ms(2000)) == [hl(2000, C)])
        #expect(s.handle(utterance("show numbers", 2100)).map(\.technology) == [.voiceControl])
        #expect(s.presentation.highlight == .element(C))
        #expect(s.presentation.voiceOverlay?.badges.map(\.text) == ["1", "2", "3"])
        #expect(s.handle(down(.select, 2200)) == [at(2200, .menuShown(items: ["Tap", "Point Mode", "Escape"])), at(2200, .highlighted(.menuItem("Tap")))])
    }

    /// Utterances reach Voice Control whichever technology is listed first;
    /// without Voice Control, they are ignored.
    @Test func utterancesNeedVoiceControl() throws {
        var s = try Session(app: threeButtons, configuration: SessionConfiguration(technologies: [
            .voiceControl(VoiceControlSettings()), .switchControl(SwitchControlSettings()),
        ]))
        _ = s.start(at: .zero)
        #expect(s.handle(utterance("tap A", 100)) == [spoken(100, .activated(A, at: Point(x: 200, y: 25)))])
        var alone = try session(threeButtons)
        _ = alone.start(at: .zero)
        #expect(alone.handle(utterance("tap A", 100)) == [bySession(100, .inputIgnored(.utterance("tap A"), reason: .notHandledByTechnology))])
    }
}
