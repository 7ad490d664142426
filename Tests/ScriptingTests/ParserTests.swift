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
        #expect(s.technology == .switchControl)
        #expect(s.technologyPosition == SourcePosition(file: "t.swy", line: 3, column: 1))
        #expect(s.settingsFile == "../settings/one.json")
        #expect(s.settingsPosition == SourcePosition(file: "t.swy", line: 4, column: 1))
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
        #expect(d.technology == .switchControl)
        #expect(d.technologyPosition == nil)
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
            .key("Tab", modifiers: .shift),
            .key("Delete", modifiers: [.control, .option]),
            .key("a", modifiers: []),
            .say("tap \"Pay\""),
        ])
        #expect(s.steps.map(\.position.description) == [
            "t.swy:2:1", "t.swy:3:1", "t.swy:4:1", "t.swy:4:14", "t.swy:5:1", "t.swy:6:1", "t.swy:7:1",
            "t.swy:8:1", "t.swy:9:1", "t.swy:9:10", "t.swy:10:1", "t.swy:11:1", "t.swy:12:1", "t.swy:13:1",
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
            """)
        #expect(s.steps.map(\.step) == [
            .expect(.highlighted(.label("Pay €12.90"), within: nil)),
            .expect(.highlighted(.identifier("pay"), within: .seconds(2))),
            .expect(.highlighted(.path("root/children[2]/children[0]"), within: nil)),
            .expect(.activated(.label("Pay"), within: .milliseconds(500))),
            .expect(.activated(.identifier("pay"), within: nil)),
            .expect(.screen("cart")),
            .expect(.screen("Your Cart")),
            .expect(.announcement("Paid", within: .seconds(1))),
            .expect(.announcement("Paid", within: nil)),
            .expect(.value(.label("Rating"), equals: "4 stars")),
            .expect(.value(.identifier("toggle"), equals: "1")),
            .expect(.noActivation(for: .seconds(5))),
            .expect(.menu(["Tap", "Point Mode", "Escape"])),
            .expect(.menuContains("Increment")),
            .expect(.scanningStopped(within: nil)),
            .expect(.scanningStopped(within: .seconds(60))),
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
            .expect(.screen("home")),
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
         "t.swy:2:1: error: unknown command 'frobnicate'; expected one of: app, technology, settings, set, start-screen, press, down, up, key, say, wait, at, expect"),
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
         "t.swy:2:5: error: unknown key 'Tabb'; did you mean 'Tab'?; expected a letter, a digit or one of: Tab, Space, Enter, Escape, Backspace, Delete, Left, Right, Up, Down, Home, End, PageUp, PageDown, F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12"),
        ("app demo\nkey super+Tab",
         "t.swy:2:5: error: unknown modifier 'super'; expected shift, ctrl, alt, cmd, fn"),
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
