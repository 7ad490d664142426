import Foundation
import Testing
import ScreenModel
import SwitchyardEngine
@testable import Scripting

/// Scenario semantics that used to mislead: a misspelt switch that was
/// ignored, an `at` in the past counted as a failed expectation, syntax
/// errors hiding the others, engine bugs that passed, memory growing with
/// simulated time.
@Suite struct SemanticsTests {
    // MARK: - Unknown switches

    static let switchCases: [(String, String)] = [
        ("app three.json\npress selcet",
         "t.swy:2:1: error: unknown switch 'selcet'; did you mean 'select'?"),
        ("app three.json\ndown menu\nup menu",
         "t.swy:2:1: error: unknown switch 'menu'; the configured switches are: select\nt.swy:3:1: error: unknown switch 'menu'; the configured switches are: select"),
        // Switches as they stand at each line: set before the first step, then changed later.
        ("app three.json\nset switches select=select-item,next=move-to-next-item\npress next\nset switches select=select-item\npress next",
         "t.swy:5:1: error: unknown switch 'next'; the configured switches are: select"),
        ("app three.json\nat 2s press nxt\nset switches select=select-item,next=move-to-next-item",
         "t.swy:2:7: error: unknown switch 'nxt'; the configured switches are: select"),
    ]

    @Test(arguments: switchCases)
    func anUnknownSwitchIsAnErrorBeforeTheRun(_ text: String, _ expected: String) {
        #expect(prepareErrors(text) == expected)
    }

    @Test func switchesOfTheSettingsFileAreKnown() {
        let file = repoRoot.appendingPathComponent("Examples/scenarios/x.swy").path
        #expect(prepareErrors("app three.json\nsettings ../settings/manual-select-next.json\npress next\npress select", file: file) == nil)
    }

    // MARK: - Time

    static let timeCases: [(String, String)] = [
        ("app three.json\npress select\nat 50ms press select",
         "t.swy:3:1: error: time goes backwards: 'at 0.05s' but the clock is already at 0.1s here (after line 2)"),
        ("app three.json\nwait 2s\nat 1s expect screen main",
         "t.swy:3:1: error: time goes backwards: 'at 1s' but the clock is already at 2s here (after line 2)"),
        ("app three.json\nat 1s press select for 2s\nexpect no activation for 1s\nat 3.5s wait 1s",
         "t.swy:4:1: error: time goes backwards: 'at 3.5s' but the clock is already at 4s here (after line 3)"),
        ("app three.json\nset press-length 300ms\nat 1s press select\nat 1.2s press select",
         "t.swy:4:1: error: time goes backwards: 'at 1.2s' but the clock is already at 1.3s here (after line 3)"),
        ("app three.json\nat 2s expect screen main\nat 1s press select",
         "t.swy:3:1: error: time goes backwards: 'at 1s' comes after 'at 2s'"),
    ]

    @Test(arguments: timeCases)
    func anAtEarlierThanTheClockIsAnErrorBeforeTheRun(_ text: String, _ expected: String) {
        #expect(prepareErrors(text) == expected)
    }

    @Test func anAtAtTheClockIsFine() {
        #expect(prepareErrors("app three.json\npress select\nat 100ms press select\nexpect highlighted \"A\" within 5s\nat 200ms wait 1s") == nil)
    }

    /// A `within` wait ends anywhere in its window, so an `at` after one is
    /// checked when the run gets there: a scenario error, not a failure.
    @Test func anAtBehindAWithinWaitStopsTheRunWithAnError() throws {
        let r = try run("""
            app three.json
            expect highlighted "C" within 5s
            at 1s press select
            expect screen next
            """)
        #expect(r.stopped?.description == "t.swy:3:1: error: time goes backwards: 'at 1s' but the clock is already at 2s (the 'within' wait on line 2 ran until then)")
        #expect(r.failures.isEmpty)
        #expect(r.expectations == 1)
        #expect(r.held == 1)
        #expect(r.presses == 0)
        #expect(r.passed == false)
    }

    // MARK: - All errors together

    @Test func syntaxErrorsDoNotHideTheOthers() {
        #expect(prepareErrors("""
            app three.json
            prss select
            expect highlighted "Dne"
            press selcet
            wait 2s
            at 1s wait 5
            """) == """
            t.swy:2:1: error: unknown command 'prss'; did you mean 'press'?
            t.swy:3:1: error: no element "Dne" in the app; did you mean "Done"?
            t.swy:4:1: error: unknown switch 'selcet'; did you mean 'select'?
            t.swy:6:1: error: time goes backwards: 'at 1s' but the clock is already at 2.1s here (after line 5)
            t.swy:6:12: error: expected a duration such as 1.5s or 500ms, found '5'
            """)
    }

    /// A line that did not parse hides what it would have set, never more:
    /// no switch check after a broken `set`, no element check without the app.
    @Test func aBrokenLineOnlySilencesTheChecksItCouldMakeWrong() {
        #expect(prepareErrors("""
            app three.json
            set switches select=select-item,next=move-to-next-item on
            press next
            """) == "t.swy:2:56: error: unexpected 'on' at the end of the command")
        #expect(prepareErrors("""
            sett switches select=select-item,next=move-to-next-item
            app three.json
            press next
            """) == "t.swy:1:1: error: unknown command 'sett'; did you mean 'set'?")
        #expect(prepareErrors("""
            app
            expect highlighted "Nope"
            press selcet
            """) == """
            t.swy:1:4: error: expected the app file (screen-model JSON, a page source or XCTest debugDescription), 'demo' or 'atspi \"NAME\"' at the end of the line
            t.swy:3:1: error: unknown switch 'selcet'; did you mean 'select'?
            """)
        #expect(prepareErrors("""
            app nowhere.json
            press selcet
            """) == """
            nowhere.json: error: cannot read: no such file
            t.swy:1:1: note: app file named here
            t.swy:2:1: error: unknown switch 'selcet'; did you mean 'select'?
            """)
    }

    // MARK: - App model errors

    /// An app whose only button goes back from the start screen: an
    /// authoring error of the app model (an `appModelError` event, not an
    /// engine `bug`), and the run fails at the line, saying so.
    static let backFromTheStartJSON = """
        {"name": "Back", "screens": {"main": {"size": {"width": 390, "height": 844}, "root": {"children": [
          {"label": "Back", "traits": ["button"], "frame": {"x": 0, "y": 50, "width": 100, "height": 44},
           "onActivate": [{"effect": "back"}]}
        ]}}}}
        """

    @Test func goingBackFromTheStartScreenIsAnAppModelError() throws {
        let runner = ScenarioRunner(appProvider: { _, _ in try AppDecoder(file: "back.json").decode(Array(Self.backFromTheStartJSON.utf8)) })
        let p = try runner.prepare(text: "app back.json\nset tap-behavior always-tap\npress select\nexpect screen main", file: "t.swy")
        let r = runner.run(p)
        #expect(r.failures.map { "\($0.position): \($0.message)" } == [
            "t.swy:3:1: the app model cannot do what \"Back\" asks: back on the start screen 'main': nothing to go back to; fix its effect in the app model (switchyard audit reports it), or start the scenario on a screen where it can act",
        ])
        let back = ElementRef(screen: "main", index: 1, label: "Back", identifier: nil, frame: Rect(x: 0, y: 50, width: 100, height: 44))
        #expect(r.failures.first?.context.last?.event == .appModelError(back, message: "back on the start screen 'main': nothing to go back to"))
        #expect(r.expectations == 1)
        #expect(r.held == 1)
        #expect(r.passed == false)
    }

    // MARK: - Memory

    /// Ten years of auto scanning (one step an hour, so that the test is
    /// quick) after a tap: every event goes to the hook, the runner keeps a
    /// handful, and what the tap left is still there for the expectations.
    @Test func tenYearsRunInBoundedMemory() throws {
        var handed = 0
        let p = try inMemoryRunner.prepare(text: """
            app three.json
            set apple-ranges false
            set auto-scanning-time 3600
            set loops unlimited
            set tap-behavior always-tap
            press select
            wait 5256000min
            expect activated "A"
            expect announcement "A tapped"
            expect activated "B" within 120min
            """, file: "t.swy")
        let r = inMemoryRunner.run(p) { _ in handed += 1 }
        #expect(r.endTime == Instant(microseconds: 315_367_200_100_000))
        #expect(handed > 87_600)
        #expect(r.peakRetainedEvents <= 12)
        #expect(r.failures.map(\.message) == ["expected \"B\" to be activated within 7200s, but only \"A\" (#a) was activated"])
        #expect(r.held == 2)
    }
}
