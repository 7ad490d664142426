import Testing
import SwitchyardEngine
@testable import Scripting

/// `app atspi "NAME"` (a desktop app running now, docs/scenarios.md "Live
/// desktop apps") parses to its `AppSource`, its malformed forms are errors
/// at the part that is wrong, and `within` on `expect screen` / `expect
/// value` waits. Driving a real app is tested in DesktopAppsTests.
@Suite struct LiveAppSyntaxTests {
    @Test func appAtspiTakesANameAPidAndAWindow() throws {
        let named = try ScenarioParser(file: "t.swy").parse("app atspi \"gtk3-widget-factory\"")
        #expect(named.app == .atspi("gtk3-widget-factory", window: nil))
        #expect(named.app.isLive)
        #expect(named.appPosition == SourcePosition(file: "t.swy", line: 1, column: 1))
        let pid = try ScenarioParser(file: "t.swy").parse("# a comment\napp atspi 4242   # by pid")
        #expect(pid.app == .atspi("4242", window: nil))
        #expect(pid.appPosition == SourcePosition(file: "t.swy", line: 2, column: 1))
        let window = try ScenarioParser(file: "t.swy").parse("app atspi \"gedit\" window \"Untitled Document 1\"")
        #expect(window.app == .atspi("gedit", window: "Untitled Document 1"))
        // A quoted "atspi" is a file of that name, as a quoted "demo" is not.
        let file = try ScenarioParser(file: "t.swy").parse("app \"atspi\"")
        #expect(file.app == .file("atspi"))
        #expect(!file.app.isLive)
        #expect(AppSource.demo.isLive == false)
    }

    static let appAtspiErrors: [(String, String)] = [
        ("app atspi",
         "t.swy:1:10: error: expected the app's accessible name in double quotes or its pid, e.g. 'app atspi \"gedit\"' or 'app atspi 4242' at the end of the line"),
        ("app atspi gedit",
         "t.swy:1:11: error: expected the app's accessible name in double quotes or its pid, e.g. 'app atspi \"gedit\"' or 'app atspi 4242', found 'gedit'; a name is written in double quotes"),
        ("app atspi 0",
         "t.swy:1:11: error: expected the app's accessible name in double quotes or its pid, e.g. 'app atspi \"gedit\"' or 'app atspi 4242', found '0'; a name is written in double quotes"),
        ("app atspi \"\"",
         "t.swy:1:11: error: expected the app's accessible name in double quotes or its pid, e.g. 'app atspi \"gedit\"' or 'app atspi 4242', found \"\""),
        ("app atspi = \"gedit\"",
         "t.swy:1:11: error: expected the app's accessible name in double quotes or its pid, e.g. 'app atspi \"gedit\"' or 'app atspi 4242', found '='"),
        ("app atspi \"gedit\" \"Untitled\"",
         "t.swy:1:19: error: expected 'window \"TITLE\"' or the end of the line after the app, found \"Untitled\""),
        ("app atspi \"gedit\" windw \"Untitled\"",
         "t.swy:1:19: error: expected 'window \"TITLE\"' or the end of the line after the app, found 'windw'"),
        ("app atspi \"gedit\" window",
         "t.swy:1:25: error: expected the window's title at the end of the line"),
        ("app atspi \"gedit\" window Untitled",
         "t.swy:1:26: error: expected the window's title in double quotes, found 'Untitled'"),
        ("app atspi \"gedit\" window \"\"",
         "t.swy:1:26: error: expected the window's title, found \"\""),
        ("app atspi \"gedit\" window \"A\" extra",
         "t.swy:1:30: error: unexpected 'extra' at the end of the command"),
        ("app demo\napp atspi \"gedit\"",
         "t.swy:2:1: error: 'app' given twice; a scenario drives one app"),
        ("app\n",
         "t.swy:1:4: error: expected the app file (screen-model JSON, a page source or XCTest debugDescription), 'demo' or 'atspi \"NAME\"' at the end of the line"),
    ]

    @Test(arguments: appAtspiErrors)
    func aMalformedAppAtspiLineNamesWhereAndWhat(_ text: String, _ expected: String) {
        #expect(parseErrors(text) == expected)
    }

    @Test func screenAndValueExpectationsTakeAWindow() throws {
        let s = try ScenarioParser(file: "t.swy").parse("""
            app demo
            expect screen "Confirm" within 2s
            expect value "Volume" = "60" within 500ms
            """)
        #expect(s.steps.map(\.step) == [
            .expect(.screen("Confirm", within: .seconds(2))),
            .expect(.value(.label("Volume"), equals: "60", within: .milliseconds(500))),
        ])
        #expect(parseErrors("app demo\nexpect screen cart within") == "t.swy:2:26: error: expected a duration such as 1.5s or 500ms at the end of the line")
        #expect(parseErrors("app demo\nexpect value \"A\" = \"1\" within soon") == "t.swy:2:31: error: expected a duration such as 1.5s or 500ms, found 'soon'")
    }

    @Test func aLiveAppThatCannotBeOpenedIsAnErrorAtTheAppLine() {
        // The provider's error (here the in-memory runner's) is told at the
        // `app` line, without the file location of its own.
        #expect(prepareErrors("# live\napp atspi \"no-such-app\"\nexpect screen \"Main\"") ==
            "t.swy:2:1: error: cannot read: no live apps in these tests")
    }

    @Test func startScreenCannotBeUsedWithALiveApp() {
        #expect(prepareErrors("app atspi \"gedit\"\nstart-screen next")?.split(separator: "\n").map(String.init) == [
            "t.swy:1:1: error: cannot read: no live apps in these tests",
            "t.swy:2:1: error: 'start-screen' cannot be used with a live app: the run starts on what the app shows; name a window with 'app atspi \"NAME\" window \"TITLE\"'",
        ])
    }

    @Test func aWindowOnAScreenModelRunsSimulatedTime() throws {
        // Nothing changes the screen or a value without an input: a window
        // that does not hold runs to its end, in simulated time.
        let r = try run("""
            app demo
            expect screen main within 2s
            expect screen next within 1.5s
            expect value #c = "1" within 1s
            expect value #c = "0" within 1s
            """)
        #expect(failureLines(r) == [
            "t.swy:3:1: expected screen 'next' within 1.5s, but the current screen is 'main' (at 1.5s)",
            "t.swy:4:1: expected the value of #c to be \"1\" within 1s, but it is \"0\" (at 2.5s)",
        ])
        #expect(r.endTime == .milliseconds(2500))
    }

    @Test func selectedExpectationsParse() throws {
        let s = try ScenarioParser(file: "t.swy").parse("""
            app demo
            expect selected "Bold"
            expect not selected #msg-ana within 2s
            """)
        #expect(s.steps.map(\.step) == [
            .expect(.selected(.label("Bold"), isSelected: true, within: nil)),
            .expect(.selected(.identifier("msg-ana"), isSelected: false, within: .seconds(2))),
        ])
        #expect(parseErrors("app demo\nexpect not focused \"A\"") == "t.swy:2:12: error: expected 'expect not selected NAME', found 'focused'")
        #expect(parseErrors("app demo\nexpect selected") == "t.swy:2:16: error: expected an element: a label in quotes, #identifier or a path such as root/children[1] at the end of the line")
        #expect(prepareErrors("app demo\nexpect selected \"Zebra\"") == "t.swy:2:1: error: no element \"Zebra\" in the app; candidates include: \"A\", #a, \"B\", #b, \"C\", #c, \"Same\", #same1, #same2, \"Done\", #done")
    }

    @Test func selectedReadsTheSelectedTrait() throws {
        // Mail's Flag custom action toggles the row's `selected` trait.
        let r = try runInExamples("""
            app ../apps/mail.json
            settings ../settings/default.json
            set focused-item-after-tap current-item
            expect not selected #msg-ana
            wait 1s
            press select
            expect highlighted "Ana Lima, Lunch on Friday?, 9:41"
            press select
            expect highlighted "Flag" within 3s
            press select
            expect selected #msg-ana
            expect not selected #msg-ana within 1s
            """)
        #expect(failureLines(r) == ["\(examplesScenarioPath):12:1: expected #msg-ana not to be selected within 1s, but it is (at 4.2s)"])
        #expect(r.expectations == 5)
        #expect(r.held == 4)
    }

    @Test func theWindowsOfScreenValueAndSelectedCountTowardsTheTimeLimit() {
        for line in ["expect screen main within 2s", "expect value #c = \"1\" within 2s", "expect selected #c within 2s"] {
            #expect(prepareErrors("app demo\nwait 31557599999s\n\(line)") ==
                "t.swy:3:1: error: the scenario's clock can pass the longest simulated time, 31557600000s (1000 years), at this step; expected waits, presses and windows that add up to less")
        }
    }
}
