import DeviceTestbed
import Foundation
import Testing

/// `switchyard run` on Full Keyboard Access and Voice Control scenarios,
/// and on a session of Voice Control beside Switch Control, whose report
/// names the technology of each event.
@Suite struct TechnologyRunTests {
    @Test func runAKeyboardExample() throws {
        let r = try switchyard(["run", "Examples/scenarios/keyboard-tab-order-and-wrap.swy"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == """
            ── Examples/scenarios/keyboard-tab-order-and-wrap.swy
              0s screen inbox
              0s focused "Mail Settings" {8, 56, 44×44}
              0s focused "Ana Lima, Lunch on Friday?, 9:41" {0, 150, 390×80}
              0s focused "Ben Okafor, Train tickets, Yesterday" {0, 230, 390×80}
              0s focused "Chen Wei, Photos from the trip, Monday" {0, 310, 390×80}
              0s ignored key KEY_DOWN down (noItemThatWay)
              0s focused "Compose" {330, 780, 44×44}
              0s focused "Mail Settings" {8, 56, 44×44}
              0s focused "Compose" {330, 780, 44×44}
              0s focused "Chen Wei, Photos from the trip, Monday" {0, 310, 390×80}
              0s tap "Chen Wei, Photos from the trip, Monday" at (195, 350)
              0s screen message
              0s focused "Inbox" {8, 56, 80×44}
            ✓ Examples/scenarios/keyboard-tab-order-and-wrap.swy: 11/11 expectations held, 10 inputs, simulated 0s
            1 passed, 0 failed

            """)
    }

    @Test func runAVoiceExample() throws {
        let r = try switchyard(["run", "Examples/scenarios/voice-disambiguation.swy"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == """
            ── Examples/scenarios/voice-disambiguation.swy
              0s screen keypad
              0s disambiguation "edit": 1 "Edit" {16, 56, 60×44}, 2 "Edit" {314, 56, 60×44}
              0s disambiguation hidden
              0s tap "Edit" at (344, 78)
              0s announced "Editing recents"
              0s disambiguation "edit": 1 "Edit" {16, 56, 60×44}, 2 "Edit" {314, 56, 60×44}
              0s disambiguation hidden
              0s tap "Voicemail" at (334, 750)
              0s announced "No new voicemail"
              0s tap "5" at (195, 440)
              0s announced "5"
              0s tap "Call" at (195, 750)
              0s announced "Calling"
            ✓ Examples/scenarios/voice-disambiguation.swy: 10/10 expectations held, 6 inputs, simulated 0s
            1 passed, 0 failed

            """)
    }

    static let mixed = """
        app demo
        technology switch-control voice
        say "tap cart"
        expect screen home
        """

    /// In a session of several technologies, the text lines (the report
    /// and a failure's context, in text and JUnit) name the technology of
    /// each event; the JSON transcript has its `technology` field as always.
    @Test func aMixedSessionNamesTheTechnologyOfEachEvent() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("mixed.swy", Self.mixed)
        let r = try switchyard(["run", "mixed.swy", "--junit", "report.xml", "--transcript", "out.jsonl"], in: scratch.url)
        #expect(r.status == 1)
        #expect(r.stderr == "")
        #expect(r.stdout == """
            ── mixed.swy
              0s screen home
              0s [switch-control] highlighted "Cart" {320, 60, 54×32}
              0s [voice] tap "Cart" at (347, 76)
              0s [voice] screen cart
              0s [switch-control] highlighted "Close" {300, 304, 74×32}
            mixed.swy:4:1: error: expected screen 'home', but the current screen is 'cart'
                0s screen home
                0s [switch-control] highlighted "Cart" {320, 60, 54×32}
                0s [voice] tap "Cart" at (347, 76)
                0s [voice] screen cart
                0s [switch-control] highlighted "Close" {300, 304, 74×32}
            ✗ mixed.swy: 0/1 expectation held, 1 input, simulated 0s
            0 passed, 1 failed

            """)
        let xml = try String(contentsOf: scratch.url.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(xml.contains("at simulated time 0s; events before:\n"
            + "  0s screen home\n"
            + "  0s [switch-control] highlighted &quot;Cart&quot; {320, 60, 54×32}\n"
            + "  0s [voice] tap &quot;Cart&quot; at (347, 76)\n"))
        let events = try String(contentsOf: scratch.url.appendingPathComponent("out.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(events.map { $0.hasSuffix(#","technology":"voice"}"#) } == [false, false, true, true, false])
        #expect(events[1].hasSuffix(#","technology":"switch-control"}"#))
    }

    /// A scenario of one technology reads as before: no technology in its lines.
    @Test func aSingleTechnologyReportNamesNoTechnology() throws {
        let r = try switchyard(["run", "Examples/scenarios/voice-tap-by-name.swy"])
        #expect(r.status == 0)
        #expect(!r.stdout.contains("[voice]"))
        #expect(r.stdout.contains("\n  0s tap \"Compose\" at (352, 802)\n"))
    }
}
