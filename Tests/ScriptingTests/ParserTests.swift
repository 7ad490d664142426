import Testing
import SwitchyardEngine
@testable import Scripting

/// The scenario language (docs/scenarios.md) parses to the literal AST, and
/// every syntax error names `file:line:column` and what was expected.
@Suite struct ParserTests {
    @Test func setUpCommandsParse() throws {
        let s = try ScenarioParser(file: "t.swy").parse("""
            # a comment line
            app ../apps/shop.json
            technology switch-control
            settings ../settings/one.json
            set auto-scanning-time 0.8     # trailing comment
            set tap-behavior auto-tap
            start-screen cart
            """)
        #expect(s.file == "t.swy")
        #expect(s.app == .file("../apps/shop.json"))
        #expect(s.appPosition == SourcePosition(file: "t.swy", line: 2, column: 1))
        #expect(s.technologies == [.switchControl])
        #expect(s.technologyPosition == SourcePosition(file: "t.swy", line: 3, column: 1))
        #expect(s.settingsFiles == [SettingsFileLine(technology: nil, path: "../settings/one.json", position: SourcePosition(file: "t.swy", line: 4, column: 1))])
        #expect(s.overrides.map(\.name) == ["auto-scanning-time", "tap-behavior"])
        #expect(s.overrides.map(\.value) == ["0.8", "auto-tap"])
        #expect(s.overrides.map(\.position) == [SourcePosition(file: "t.swy", line: 5, column: 5), SourcePosition(file: "t.swy", line: 6, column: 5)])
        #expect(s.startScreen?.name == "cart")
        #expect(s.startScreen?.position == SourcePosition(file: "t.swy", line: 7, column: 1))
        #expect(s.steps.isEmpty)
    }

    @Test func appDemoAndTechnologyAliases() throws {
        let s = try ScenarioParser(file: "t.swy").parse("app demo\ntechnology voice-control")
        #expect(s.app == .demo)
        #expect(s.technology == .voiceControl)
        let k = try ScenarioParser(file: "t.swy").parse("app demo\ntechnology full-keyboard-access")
        #expect(k.technology == .fullKeyboardAccess)
        let d = try ScenarioParser(file: "t.swy").parse("app demo")
        #expect(d.technologies == [.switchControl])
        #expect(d.technologyPosition == nil)
    }

    @Test func severalTechnologiesOnOneLine() throws {
        let s = try ScenarioParser(file: "t.swy").parse("app demo\ntechnology switch voice-control")
        #expect(s.technologies == [.switchControl, .voiceControl])
        #expect(s.technology == .switchControl)
        let k = try ScenarioParser(file: "t.swy").parse("app demo\ntechnology keyboard voice")
        #expect(k.technologies == [.fullKeyboardAccess, .voiceControl])
    }

    @Test func settingsLinesMayNameTheirTechnology() throws {
        let s = try ScenarioParser(file: "t.swy").parse("""
            app demo
            technology keyboard voice
            settings keys.json
            settings voice "voice settings.json"
            """)
        #expect(s.settingsFiles == [
            SettingsFileLine(technology: nil, path: "keys.json", position: SourcePosition(file: "t.swy", line: 3, column: 1)),
            SettingsFileLine(technology: .voiceControl, path: "voice settings.json", position: SourcePosition(file: "t.swy", line: 4, column: 1)),
        ])
        // A path alone that reads like a technology is a path.
        #expect(try ScenarioParser(file: "t.swy").parse("app demo\nsettings voice").settingsFiles.map(\.path) == ["voice"])
    }

    @Test func inputCommandsParse() throws {
        let s = try ScenarioParser(file: "t.swy").parse("""
            app demo
            press select
            press next for 1.2s
            down select; up select
            wait 500ms
            wait 2m
            wait 1min
            at 12s
            at 13.5s press next
            key shift+Tab
            key ctrl+alt+Delete
            key a
            say "tap \\"Pay\\""
            key tab+z
            key KEY_LEFT
            key Escape
            key ctrl+tab
            key shift+=
            type "Hi!"
            """)
        #expect(s.steps.map(\.step) == [
            .press("select", length: nil),
            .press("next", length: .milliseconds(1200)),
            .down("select"),
            .up("select"),
            .wait(.milliseconds(500)),
            .wait(.seconds(120)),
            .wait(.seconds(60)),
            .at(.seconds(12)),
            .at(.milliseconds(13500)),
            .press("next", length: nil),
            .key(KeyChord([.leftShift, .tab])),
            .key(KeyChord([.leftControl, .leftAlt, "KEY_DELETE"])),
            .key(KeyChord(["KEY_A"])),
            .say("tap \"Pay\""),
            .key(KeyChord([.tab, "KEY_Z"])),
            .key(KeyChord([.left])),
            .key(KeyChord([.escape])),
            .key(KeyChord([.leftControl, .tab])),
            .key(KeyChord([.leftShift, "KEY_EQUAL"])),
            .type("Hi!", chords: [KeyChord([.leftShift, "KEY_H"]), KeyChord(["KEY_I"]), KeyChord([.leftShift, "KEY_1"])]),
        ])
        #expect(s.steps.map(\.position.description) == [
            "t.swy:2:1", "t.swy:3:1", "t.swy:4:1", "t.swy:4:14", "t.swy:5:1", "t.swy:6:1", "t.swy:7:1",
            "t.swy:8:1", "t.swy:9:1", "t.swy:9:10", "t.swy:10:1", "t.swy:11:1", "t.swy:12:1", "t.swy:13:1",
            "t.swy:14:1", "t.swy:15:1", "t.swy:16:1", "t.swy:17:1", "t.swy:18:1", "t.swy:19:1",
        ])
    }

    @Test func expectationsParse() throws {
        let s = try ScenarioParser(file: "t.swy").parse("""
            app demo
            expect highlighted "Pay €12.90"
            expect highlighted #pay within 2s
            expect highlighted root/children[2]/children[0]
            expect activated "Pay" within 500ms
            expect activated #pay
            expect screen cart
            expect screen "Your Cart"
            expect announcement "Paid" within 1s
            expect announcement "Paid"
            expect value "Rating" = "4 stars"
            expect value #toggle="1"
            expect no activation for 5s
            expect menu "Tap" "Point Mode" "Escape"
            expect menu contains "Increment"
            expect scanning stopped
            expect scanning stopped within 1min
            expect focused "Back"
            expect focused #cart-button
            expect focus hidden
            expect overlay names "Edit" "Edit" 3 "Compose"
            expect overlay numbers 1 2 3
            expect overlay grid
            expect overlay none
            expect label of "Wi-Fi" = "6"
            expect label of #star = 3
            expect disambiguation "Edit" #edit-right root/children[2]
            expect disambiguation none
            """)
        #expect(s.steps.map(\.step) == [
            .expect(.highlighted(.label("Pay €12.90"), within: nil)),
            .expect(.highlighted(.identifier("pay"), within: .seconds(2))),
            .expect(.highlighted(.path("root/children[2]/children[0]"), within: nil)),
            .expect(.activated(.label("Pay"), within: .milliseconds(500))),
            .expect(.activated(.identifier("pay"), within: nil)),
            .expect(.screen("cart", within: nil)),
            .expect(.screen("Your Cart", within: nil)),
            .expect(.announcement("Paid", within: .seconds(1))),
            .expect(.announcement("Paid", within: nil)),
            .expect(.value(.label("Rating"), equals: "4 stars", within: nil)),
            .expect(.value(.identifier("toggle"), equals: "1", within: nil)),
            .expect(.noActivation(for: .seconds(5))),
            .expect(.menu(["Tap", "Point Mode", "Escape"])),
            .expect(.menuContains("Increment")),
            .expect(.scanningStopped(within: nil)),
            .expect(.scanningStopped(within: .seconds(60))),
            .expect(.focused(.label("Back"))),
            .expect(.focused(.identifier("cart-button"))),
            .expect(.focusHidden),
            .expect(.overlay(.names, badges: ["Edit", "Edit", "3", "Compose"])),
            .expect(.overlay(.numbers, badges: ["1", "2", "3"])),
            .expect(.overlay(.grid, badges: nil)),
            .expect(.overlay(nil, badges: nil)),
            .expect(.label(.label("Wi-Fi"), equals: "6")),
            .expect(.label(.identifier("star"), equals: "3")),
            .expect(.disambiguation([.label("Edit"), .identifier("edit-right"), .path("root/children[2]")])),
            .expect(.disambiguation([])),
        ])
    }

    @Test func commentsSemicolonsAndIdentifiers() throws {
        let s = try ScenarioParser(file: "t.swy").parse("""
            app demo   #
            ## a heading comment
            expect highlighted #pay # the identifier, then a comment
            press select ; wait 1s;expect screen home
            \t
            """)
        #expect(s.steps.map(\.step) == [
            .expect(.highlighted(.identifier("pay"), within: nil)),
            .press("select", length: nil),
            .wait(.seconds(1)),
            .expect(.screen("home", within: nil)),
        ])
        #expect(s.steps.map(\.position.description) == ["t.swy:3:1", "t.swy:4:1", "t.swy:4:16", "t.swy:4:24"])
    }

    @Test func curlyQuotesAndCRLF() throws {
        let s = try ScenarioParser(file: "t.swy").parse("app demo\r\nexpect highlighted \u{201C}Cart\u{201D}\r\n")
        #expect(s.steps.map(\.step) == [.expect(.highlighted(.label("Cart"), within: nil))])
    }

    // MARK: - Errors

    static let syntaxErrors: [(String, String)] = [
        ("app demo\nprss select",
         "t.swy:2:1: error: unknown command 'prss'; did you mean 'press'?"),
        ("app demo\nfrobnicate",
         "t.swy:2:1: error: unknown command 'frobnicate'; expected one of: app, technology, settings, set, start-screen, press, down, up, key, type, say, wait, at, expect"),
        ("app demo\nwait 5",
         "t.swy:2:6: error: expected a duration such as 1.5s or 500ms, found '5'"),
        ("app demo\nwait -1s",
         "t.swy:2:6: error: expected a duration such as 1.5s or 500ms, found '-1s'"),
        ("app demo\npress select for 1.2x",
         "t.swy:2:18: error: expected a duration such as 1.5s or 500ms, found '1.2x'"),
        ("app demo\nwait",
         "t.swy:2:5: error: expected a duration such as 1.5s or 500ms at the end of the line"),
        ("app demo\nexpect highlighted \"Pay",
         "t.swy:2:20: error: unterminated string: expected a closing '\"'"),
        ("press select",
         "t.swy:1:1: error: missing 'app' line; expected e.g. 'app Examples/shop.json' or 'app demo'"),
        ("app demo\napp demo",
         "t.swy:2:1: error: 'app' given twice; a scenario drives one app"),
        ("app demo\nexpect value \"Rating\" \"4 stars\"",
         "t.swy:2:23: error: expected '=' after the element name, found \"4 stars\""),
        ("app demo\nexpect value \"Rating\" = 4",
         "t.swy:2:25: error: expected the expected value in double quotes, found '4'"),
        ("app demo\nkey Tabb",
         "t.swy:2:5: error: unknown key 'Tabb'; expected a letter, a digit, a key name such as tab, space, enter, esc, left, shift, ctrl, alt, cmd, fn, or a Linux name such as KEY_TAB; did you mean 'tab'?"),
        ("app demo\nkey super+Tab",
         "t.swy:2:5: error: unknown key 'super' in 'super+Tab'; expected a letter, a digit, a key name such as tab, space, enter, esc, left, shift, ctrl, alt, cmd, fn, or a Linux name such as KEY_TAB"),
        ("app demo\nkey shift+Tabb",
         "t.swy:2:11: error: unknown key 'Tabb' in 'shift+Tabb'; expected a letter, a digit, a key name such as tab, space, enter, esc, left, shift, ctrl, alt, cmd, fn, or a Linux name such as KEY_TAB; did you mean 'tab'?"),
        ("app demo\nkey KEY_TABB",
         "t.swy:2:5: error: unknown key 'KEY_TABB': the kernel defines no such key (linux/input-event-codes.h); did you mean 'KEY_TAB'?"),
        ("app demo\nkey tab+",
         "t.swy:2:5: error: 'tab+' has an empty key; write keys joined with '+', e.g. tab+z or shift+tab"),
        ("app demo\nkey tab+tab",
         "t.swy:2:5: error: 'tab+tab' names KEY_TAB twice; give each key once"),
        ("app demo\nkey \"Latte\"",
         "t.swy:2:5: error: expected a key such as tab, shift+tab, tab+z, KEY_LEFT or escape, found \"Latte\"; to type text, write 'type \"Latte\"'"),
        ("app demo\nkey",
         "t.swy:2:4: error: expected a key such as tab, shift+tab, tab+z, KEY_LEFT or escape at the end of the line"),
        ("app demo\ntype Latte",
         "t.swy:2:6: error: expected the text to type in double quotes, e.g. type \"Latte\", found 'Latte'"),
        ("app demo\ntype \"café\"",
         "t.swy:2:6: error: 'é' (character 4 of the text) has no key on the US English layout Full Keyboard Access types with; type letters, digits, spaces and ASCII punctuation, and send other keys with 'key'"),
        ("app demo\ntype \"\"",
         "t.swy:2:6: error: expected text to type, found \"\""),
        ("app demo\ntechnology switch-control keyboard",
         "t.swy:2:27: error: Switch Control and Full Keyboard Access cannot run together (both move a cursor over the same elements, and a keyboard's keys are Switch Control switches); run Voice Control beside either: switch-control and voice, or keyboard and voice"),
        ("app demo\ntechnology keyboard switch",
         "t.swy:2:21: error: Switch Control and Full Keyboard Access cannot run together (both move a cursor over the same elements, and a keyboard's keys are Switch Control switches); run Voice Control beside either: switch-control and voice, or keyboard and voice"),
        ("app demo\ntechnology voice voice-control",
         "t.swy:2:18: error: 'voice' is named twice; give each technology once"),
        ("app demo\ntechnology voice\ntechnology keyboard",
         "t.swy:3:1: error: 'technology' given twice; name every technology on one line, e.g. 'technology switch-control voice'"),
        ("app demo\ntechnology voise",
         "t.swy:2:12: error: unknown technology 'voise'; did you mean 'voice'?"),
        ("app demo\nexpect overlay labels",
         "t.swy:2:16: error: unknown overlay 'labels'; expected names, numbers, grid, none"),
        ("app demo\nexpect overlay",
         "t.swy:2:15: error: expected the overlay: names, numbers, grid, none at the end of the line"),
        ("app demo\nexpect label \"Wi-Fi\" = \"6\"",
         "t.swy:2:14: error: expected 'of', e.g. 'expect label of \"Wi-Fi\" = \"6\"'"),
        ("app demo\nexpect label of \"Wi-Fi\" \"6\"",
         "t.swy:2:25: error: expected '=' after the element name, found \"6\""),
        ("app demo\nexpect focus visible",
         "t.swy:2:14: error: expected 'expect focus hidden' or 'expect focused NAME', found 'visible'"),
        ("app demo\nexpect disambiguation",
         "t.swy:2:22: error: expected the candidates in order (labels in quotes, #identifiers or paths), or 'none'"),
        ("app demo\nexpect focussed \"Back\"",
         "t.swy:2:8: error: unknown expectation 'focussed'; did you mean 'focused'?"),
        ("app demo\nexpect highlight \"Cart\"",
         "t.swy:2:8: error: unknown expectation 'highlight'; did you mean 'highlighted'?"),
        ("app demo\ntechnology braille",
         "t.swy:2:12: error: unknown technology 'braille'; expected switch-control, keyboard or voice"),
        ("app demo\nexpect no activation 5s",
         "t.swy:2:22: error: expected 'for' and a duration, e.g. 'expect no activation for 5s'"),
        ("app demo\nexpect no menu",
         "t.swy:2:11: error: expected 'expect no activation for DURATION', found 'menu'"),
        ("app demo\nexpect menu",
         "t.swy:2:12: error: expected the menu items in quotes, or 'contains \"ITEM\"'"),
        ("app demo\nexpect scanning started",
         "t.swy:2:17: error: expected 'expect scanning stopped', found 'started'"),
        ("app demo\nat 1s at 2s",
         "t.swy:2:7: error: 'at' cannot follow 'at'"),
        ("app demo\nat 1s app demo",
         "t.swy:2:7: error: 'app' must start its own command"),
        ("app demo\npress select now",
         "t.swy:2:14: error: unexpected 'now' at the end of the command"),
        ("app demo\nsay tap",
         "t.swy:2:5: error: expected a phrase such as \"tap Pay\" in double quotes, found 'tap'"),
        ("app demo\n\"press\" select",
         "t.swy:2:1: error: expected a command, found \"press\""),
        ("app demo\nexpect activated = \"x\"",
         "t.swy:2:18: error: expected an element name, found '='"),
    ]

    @Test(arguments: syntaxErrors)
    func syntaxErrorNamesTheLine(_ text: String, _ expected: String) {
        #expect(parseErrors(text) == expected)
    }

    @Test func everyErrorOfAFileIsReportedInOrder() {
        #expect(parseErrors("""
            app demo
            prss select
            wait 5
            expect highlight "A"
            press select
            """) == """
            t.swy:2:1: error: unknown command 'prss'; did you mean 'press'?
            t.swy:3:6: error: expected a duration such as 1.5s or 500ms, found '5'
            t.swy:4:8: error: unknown expectation 'highlight'; did you mean 'highlighted'?
            """)
    }

    @Test func anUnterminatedStringDoesNotHideTheOtherErrors() {
        #expect(parseErrors("app demo\nprss select\nsay \"tap\nwait 5") == """
            t.swy:2:1: error: unknown command 'prss'; did you mean 'press'?
            t.swy:3:5: error: unterminated string: expected a closing '"'
            t.swy:4:6: error: expected a duration such as 1.5s or 500ms, found '5'
            """)
    }

    @Test func aSetValueMayBeWrittenWithoutQuotes() throws {
        let s = try ScenarioParser(file: "t.swy").parse("""
            app demo
            set switches select=select-item,next=move-to-next-item/tap
            set switches "select=select-item"
            """)
        #expect(s.overrides.map(\.value) == ["select=select-item,next=move-to-next-item/tap", "select=select-item"])
        #expect(parseErrors("app demo\nset switches select = select-item") == "t.swy:2:21: error: unexpected '=' at the end of the command")
    }
}
