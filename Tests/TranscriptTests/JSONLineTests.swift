import Testing
import ScreenModel
import SwitchyardEngine
import Transcript

/// The transcript's JSON Lines: each event's line, and the stream that
/// copies what recurs, which must read as the lines written one by one.
@Suite struct JSONLineTests {
    @Test func jsonLines() {
        #expect(TranscriptFormat.jsonLine(hl(1700, A))
            == #"{"time_us":1700000,"event":"highlighted","highlight":"element","element":{"screen":"main","index":1,"label":"A","identifier":"a","frame":{"x":0,"y":0,"width":400,"height":50}},"technology":"switch-control"}"#)
        #expect(TranscriptFormat.jsonLine(at(0, .menuShown(items: ["Tap", "Escape"])))
            == #"{"time_us":0,"event":"menuShown","items":["Tap","Escape"],"technology":"switch-control"}"#)
        #expect(TranscriptFormat.jsonLine(at(6850, .activated(nil, at: Point(x: 140, y: 270.5))))
            == #"{"time_us":6850000,"event":"activated","element":null,"point":{"x":140,"y":270.5},"technology":"switch-control"}"#)
        #expect(TranscriptFormat.jsonLine(at(350, .inputIgnored(.switchDown(.select), reason: .holdDurationNotReached)))
            == #"{"time_us":350000,"event":"inputIgnored","input":{"kind":"switchDown","switch":"select"},"reason":"holdDurationNotReached","technology":"switch-control"}"#)
        #expect(TranscriptFormat.jsonLine(at(1, .announced("Say \"hi\"")))
            == #"{"time_us":1000,"event":"announced","message":"Say \"hi\"","technology":"switch-control"}"#)
        #expect(TranscriptFormat.jsonLine(bySession(0, .screenChanged(screen: "main")))
            == #"{"time_us":0,"event":"screenChanged","screen":"main"}"#)
    }

    /// What a live app did not carry out (written by its driver, never by the session).
    @Test func appActionFailedSaysTheCallAndWhatTheAppAnswered() {
        let refused = TimedEvent(.appActionFailed(A, call: "Component.GrabFocus", answer: "it answered false"), at: .milliseconds(1500), by: .fullKeyboardAccess)
        #expect(TranscriptFormat.jsonLine(refused)
            == #"{"time_us":1500000,"event":"appActionFailed","element":{"screen":"main","index":1,"label":"A","identifier":"a","frame":{"x":0,"y":0,"width":400,"height":50}},"call":"Component.GrabFocus","answer":"it answered false","technology":"keyboard"}"#)
    }

    /// A stream of lines copies what recurs (elements, the scenario's name,
    /// the technology, whole highlights after their `time_us`) and must
    /// read exactly as the lines written one by one: the same element
    /// again, then with a new label, a new frame, on another screen in the
    /// same slot (index 1 and 1025), by other technologies and by none,
    /// inside an overlay's badges, and no element; a group again, with
    /// another count, as its exit, by another technology, and a group whose
    /// frame differs only in its sign of zero.
    @Test func streamedLinesAreTheLinesWrittenOneByOne() {
        var renamed = A
        renamed.label = "A again"
        var moved = A
        moved.frame = Rect(x: 0, y: 10.5, width: 400, height: 50)
        let farAway = ref("Far", 1025, y: 0, screen: "other")
        let badge = OverlayBadge(text: "A", number: 1, element: A, frame: A.frame)
        let frame = Rect(x: 0, y: 200, width: 390, height: 360)
        let group = Event.highlighted(.group(frame: frame, count: 5))
        let events: [TimedEvent] = [
            bySession(0, .screenChanged(screen: "main")),
            hl(0, A), hl(1000, B), hl(2000, A), hl(3000, renamed), hl(4000, A), hl(5000, moved),
            hl(6000, farAway), hl(7000, A), hl(8000, farAway),
            TimedEvent(.focused(A), at: .milliseconds(9000), by: .fullKeyboardAccess),
            TimedEvent(.overlayShown(Overlay(kind: .numbers, continuous: false, badges: [badge, badge])), at: .milliseconds(9500), by: .voiceControl),
            at(10_000, .activated(nil, at: Point(x: 1, y: 2))),
            bySession(11_000, .focusRestored(A)),
            hl(12_000, A),
            TimedEvent(.highlighted(.element(A)), at: .milliseconds(12_500), by: .fullKeyboardAccess),
            bySession(12_600, .highlighted(.element(A))),
            hl(12_700, A), bySession(12_800, .highlighted(.element(A))),
            at(13_000, group), at(14_000, group), at(15_000, .highlighted(.group(frame: frame, count: 6))),
            at(16_000, .highlighted(.groupExit(frame: frame))), at(17_000, group),
            TimedEvent(group, at: .milliseconds(18_000), by: .voiceControl),
            at(19_000, .highlighted(.group(frame: Rect(x: -0.0, y: 200, width: 390, height: 360), count: 5))),
            at(20_000, .highlighted(.groupExit(frame: frame))), at(21_000, group),
            at(22_000, .highlighted(.menuItem("Tap"))), at(23_000, .highlighted(.menuItem("Tap"))),
            at(86_400_000, group), hl(86_400_001, A),
        ]
        for scenario in [nil, "day.swy"] as [String?] {
            var lines = TranscriptLines(scenario: scenario)
            for e in events { lines.append(e) }
            var bytes: [UInt8] = []
            lines.drain { bytes += $0 }
            let (count, complete) = (lines.count, lines.isComplete)
            #expect(count == 0)
            #expect(complete)
            #expect(String(decoding: bytes, as: UTF8.self) == events.map { TranscriptFormat.jsonLine($0, scenario: scenario) + "\n" }.joined())
        }
        var lines = TranscriptLines(scenario: "day.swy")
        lines.append(hl(1700, A))
        lines.append(hl(2700, A))
        var bytes: [UInt8] = []
        lines.drain { bytes += $0 }
        #expect(String(decoding: bytes, as: UTF8.self) == """
            {"scenario":"day.swy","time_us":1700000,"event":"highlighted","highlight":"element","element":{"screen":"main","index":1,"label":"A","identifier":"a","frame":{"x":0,"y":0,"width":400,"height":50}},"technology":"switch-control"}
            {"scenario":"day.swy","time_us":2700000,"event":"highlighted","highlight":"element","element":{"screen":"main","index":1,"label":"A","identifier":"a","frame":{"x":0,"y":0,"width":400,"height":50}},"technology":"switch-control"}

            """)
    }

    /// A label from someone's file holding a screen clear, a carriage return
    /// and a right-to-left override.
    static let hostile = ElementRef(screen: "main", index: 1, label: "Pay\u{1B}[2J\r\u{202E}now", identifier: "pay\u{7}", frame: Rect(x: 0, y: 0, width: 400, height: 50))

    @Test func jsonLinesEscapeWhatATerminalMustNotSee() {
        #expect(TranscriptFormat.jsonLine(hl(1700, Self.hostile))
            == #"{"time_us":1700000,"event":"highlighted","highlight":"element","element":{"screen":"main","index":1,"label":"Pay\u001b[2J\r\u202enow","identifier":"pay\u0007","frame":{"x":0,"y":0,"width":400,"height":50}},"technology":"switch-control"}"#)
    }
}
