import DeviceTestbed
import Diagnostics
import Foundation
import SwitchyardEngine
import Testing
@testable import InputDevices

/// Recordings with input lines: what the terminal gave a live session, kept
/// beside the device's evemu events, and read back for a replay.
@Suite struct RecordingTests {
    static let inputs: [TimedInput] = [
        TimedInput(.deviceAdded("Terminal keyboard"), at: .zero),
        TimedInput(.utterance("tap \"Pay\" \u{1B}[2J now"), at: .microseconds(1_250_000)),
        TimedInput(.key(KeyStroke(key: .escape, phase: .down)), at: .seconds(2)),
        TimedInput(.key(KeyStroke(key: .tab, modifiers: [.shift, .control], phase: .up)), at: .seconds(2)),
        TimedInput(.switchDown(.select), at: .microseconds(3_000_001)),
        TimedInput(.switchUp("my switch"), at: .seconds(3.5)),
        TimedInput(.deviceRemoved("Terminal keyboard"), at: .seconds(4)),
    ]

    static let lines = [
        "# switchyard-recording: 1",
        #"# input: 0.000000 device-added "Terminal keyboard""#,
        #"# input: 1.250000 utterance "tap \"Pay\" \u001b[2J now""#,
        "# input: 2.000000 key KEY_ESC down",
        "# input: 2.000000 key shift+ctrl+KEY_TAB up",
        #"# input: 3.000001 switch-down "select""#,
        #"# input: 3.500000 switch-up "my switch""#,
        #"# input: 4.000000 device-removed "Terminal keyboard""#,
    ]

    @Test func inputsBecomeLinesAndBack() throws {
        #expect([InputLines.header] + Self.inputs.map(InputLines.format) == Self.lines)
        let read = try RecordedSession.parse(Self.lines.joined(separator: "\n") + "\n", file: "t.evemu")
        #expect(read == RecordedSession(device: nil, inputs: Self.inputs))
    }

    /// The live recording: the device's evemu text, then the input lines;
    /// read back, both parts are there.
    @Test func aSessionRecordingKeepsTheDeviceAndTheTerminal() throws {
        let description = try TestDevice.keyboard.description()
        let info = DeviceInfo(evemu: description, source: "kbd")
        let recording = SessionRecording(clock: SessionClock(epochMicroseconds: 0))
        recording.observe(info, ev(0.5, "EV_KEY", "KEY_TAB", 1))
        recording.observe(info, syn(0.5))
        recording.observeInput(TimedInput(.utterance("show numbers"), at: .seconds(1)))
        recording.end(at: .seconds(2))
        let text = try #require(recording.text)
        #expect(text.hasPrefix("# EVEMU 1.3\n"))
        #expect(text.hasSuffix("E: 2.000000 0000 0000 0000\t# EV_SYN / SYN_REPORT 0\n# switchyard-recording: 1\n# input: 1.000000 utterance \"show numbers\"\n"))
        let read = try RecordedSession.parse(text, file: "live.evemu")
        #expect(read.device?.description.name == description.name)
        #expect(read.device?.events.count == 3)
        #expect(read.inputs == [TimedInput(.utterance("show numbers"), at: .seconds(1))])
        #expect(SessionRecording(clock: SessionClock(epochMicroseconds: 0)).text == nil)
    }

    /// The adapter marks each device's opening with an empty frame: the
    /// first device that sends events is recorded from its own opening; when
    /// none sends any, the first one opened is, so that a replay still adds
    /// and removes it.
    @Test func theRecordedDeviceStartsWhereItOpened() throws {
        let keyboard = DeviceInfo(evemu: try TestDevice.keyboard.description(), source: "kbd")
        let box = DeviceInfo(evemu: try TestDevice.switchBox.description(), source: "box")
        let sending = SessionRecording(clock: SessionClock(epochMicroseconds: 0))
        sending.observe(keyboard, syn(0))
        sending.observe(box, syn(0))
        sending.observe(box, ev(1, "EV_KEY", "KEY_SPACE", 1))
        sending.observe(box, syn(1))
        sending.observe(keyboard, ev(2, "EV_KEY", "KEY_A", 1))
        sending.end(at: .seconds(3))
        #expect(sending.recorder?.recording.description.name == "Switchyard Test 2-Switch Box")
        #expect(sending.recorder?.recording.events == [syn(0), ev(1, "EV_KEY", "KEY_SPACE", 1), syn(1), syn(3)])

        let quiet = SessionRecording(clock: SessionClock(epochMicroseconds: 0))
        quiet.observe(keyboard, syn(0.5))
        quiet.observe(box, syn(0.5))
        quiet.end(at: .seconds(3))
        #expect(quiet.recorder?.recording.description.name == "Switchyard Test USB Keyboard")
        #expect(quiet.recorder?.recording.events == [syn(0.5), syn(3)])
    }

    /// An evemu recording without Switchyard lines reads as before; a file
    /// with neither says what an evemu recording lacks.
    @Test func aPlainEvemuRecordingHasNoInputLines() throws {
        let path = TestDevice.fixturesDirectory + "/recordings/xbox-pad-session.evemu"
        let read = try RecordedSession.load(path)
        #expect(read.device == (try Evemu.load(path)))
        #expect(read.inputs == [])
        #expect(throws: Diagnostic(.error, "missing N: line; expected the device name", at: SourceLocation(file: "empty.evemu", line: 1))) {
            try RecordedSession.parse("# nothing\n", file: "empty.evemu")
        }
    }

    static let bad: [(String, String)] = [
        ("# input: 1.000000 utterance \"x\"", "r.evemu:1:1: error: an input line before '# switchyard-recording: 1'; put the header first"),
        ("# switchyard-recording: 2", "r.evemu:1:25: error: unsupported recording version '2'; this Switchyard reads '# switchyard-recording: 1'"),
        ("# switchyard-recording:", "r.evemu:1:24: error: unsupported recording version ''; this Switchyard reads '# switchyard-recording: 1'"),
        ("# switchyard-recording: 1\n# switchyard-recording: 1", "r.evemu:2:1: error: a second '# switchyard-recording:' line (the first is on line 1); give it once"),
        ("# switchyard-recording: 1\n# input:", "r.evemu:2:9: error: missing time; expected '# input: <sec>.<usec> <kind> <value>'"),
        ("# switchyard-recording: 1\n# input: 1.5 utterance \"x\"",
         "r.evemu:2:10: error: bad time '1.5'; expected <seconds>.<microseconds> with six digits after the point, below 1000000000000 s"),
        ("# switchyard-recording: 1\n# input: -1.000000 utterance \"x\"",
         "r.evemu:2:10: error: bad time '-1.000000'; expected <seconds>.<microseconds> with six digits after the point, below 1000000000000 s"),
        ("# switchyard-recording: 1\n# input: 99999999999999999999.000000 utterance \"x\"",
         "r.evemu:2:10: error: bad time '99999999999999999999.000000'; expected <seconds>.<microseconds> with six digits after the point, below 1000000000000 s"),
        ("# switchyard-recording: 1\n# input: 1.000000", "r.evemu:2:18: error: missing kind; expected '# input: <sec>.<usec> <kind> <value>'"),
        ("# switchyard-recording: 1\n# input: 1.000000 utterence \"x\"",
         "r.evemu:2:19: error: unknown input 'utterence'; did you mean 'utterance'? expected one of: utterance, key, switch-down, switch-up, device-added, device-removed"),
        ("# switchyard-recording: 1\n# input: 1.000000 utterance", "r.evemu:2:28: error: missing value after 'utterance'; expected '# input: <sec>.<usec> <kind> <value>'"),
        ("# switchyard-recording: 1\n# input: 1.000000 utterance tap Pay", "r.evemu:2:29: error: bad utterance tap Pay; expected a JSON string such as \"tap Pay\""),
        ("# switchyard-recording: 1\n# input: 1.000000 utterance \"tap\" Pay", "r.evemu:2:29: error: bad utterance \"tap\" Pay; expected a JSON string such as \"tap Pay\""),
        ("# switchyard-recording: 1\n# input: 1.000000 utterance \"\"", "r.evemu:2:29: error: empty utterance; expected some text"),
        ("# switchyard-recording: 1\n# input: 1.000000 key KEY_TABB down",
         "r.evemu:2:23: error: bad key 'KEY_TABB down'; expected modifiers held, a Linux key name and down or up, such as 'KEY_TAB down' or 'shift+KEY_TAB up'"),
        ("# switchyard-recording: 1\n# input: 1.000000 key hyper+KEY_TAB down",
         "r.evemu:2:23: error: bad key 'hyper+KEY_TAB down'; expected modifiers held, a Linux key name and down or up, such as 'KEY_TAB down' or 'shift+KEY_TAB up'"),
        ("# switchyard-recording: 1\n# input: 1.000000 key KEY_TAB pressed",
         "r.evemu:2:23: error: bad key 'KEY_TAB pressed'; expected modifiers held, a Linux key name and down or up, such as 'KEY_TAB down' or 'shift+KEY_TAB up'"),
        ("# switchyard-recording: 1\n# input: 2.000000 utterance \"a\"\n# input: 1.000000 utterance \"b\"",
         "r.evemu:3:10: error: time 1s goes backwards (the line before is at 2s); expected input lines in time order"),
        ("# switchyard-recording: 1\nN: half a device\n# input: 1.000000 utterance \"b\"",
         "r.evemu:1: error: missing I: line; expected bus, vendor, product, version"),
    ]

    /// A malformed line is an error at its line and the column of the bad field.
    @Test(arguments: bad)
    func badLinesAreErrorsAtTheirColumn(_ text: String, _ error: String) {
        let thrown = #expect(throws: Diagnostic.self) { try RecordedSession.parse(text, file: "r.evemu") }
        #expect(thrown?.description == error)
    }
}
