import Testing
import ScreenModel
@testable import SwitchyardEngine
import Transcript

/// Keys named as in the Linux headers, chords, bindings and their
/// transcript forms (docs/keyboard-access.md, "Keys"; docs/transcript.md).
@Suite struct KeyboardAccessKeyTests {
    @Test func aTabChordHoldsTabWhileItsKeyGoesDownAndUp() throws {
        #expect(try KeyChord.parse("tab+z").strokes == [
            KeyStroke(key: .tab, phase: .down), KeyStroke(key: "KEY_Z", phase: .down),
            KeyStroke(key: "KEY_Z", phase: .up), KeyStroke(key: .tab, phase: .up),
        ])
    }

    /// fuzz-evemu: a recording with KEY_TAB down twice made a `bug` event.
    /// The second down is ignored and the held Tab still ends as one press.
    @Test func tabDownTwiceIsAnUnpairedTransition() throws {
        var session = try keyboardSession(tabApp)
        _ = session.start(at: .zero)
        let down = stroke(.tab, .down)
        #expect(session.handle(TimedInput(down, at: .milliseconds(500))) == [])
        #expect(session.handle(TimedInput(down, at: .milliseconds(500))) == [fka(500, .inputIgnored(down, reason: .unpairedKeyTransition))])
        #expect(session.handle(TimedInput(stroke(.tab, .up), at: .milliseconds(600))) == [fka(600, .focused(back))])
    }

    @Test func modifierKeysArriveAsTransitionsAndTheKeysBetweenCarryTheirModifiers() throws {
        #expect(try KeyChord.parse("shift+Tab").strokes == [
            KeyStroke(key: .leftShift, phase: .down), KeyStroke(key: .tab, modifiers: .shift, phase: .down),
            KeyStroke(key: .tab, modifiers: .shift, phase: .up), KeyStroke(key: .leftShift, modifiers: .shift, phase: .up),
        ])
        #expect(try KeyChord.parse("ctrl+shift+tab").strokes == [
            KeyStroke(key: .leftControl, phase: .down), KeyStroke(key: .leftShift, modifiers: .control, phase: .down),
            KeyStroke(key: .tab, modifiers: [.control, .shift], phase: .down), KeyStroke(key: .tab, modifiers: [.control, .shift], phase: .up),
            KeyStroke(key: .leftShift, modifiers: [.control, .shift], phase: .up), KeyStroke(key: .leftControl, modifiers: .control, phase: .up),
        ])
    }

    @Test(arguments: [
        ("Tab", ["KEY_TAB"]), ("space", ["KEY_SPACE"]), ("Return", ["KEY_ENTER"]), ("esc", ["KEY_ESC"]), ("z", ["KEY_Z"]),
        ("7", ["KEY_7"]), ("F5", ["KEY_F5"]), ("period", ["KEY_DOT"]), ("cmd+alt+p", ["KEY_LEFTMETA", "KEY_LEFTALT", "KEY_P"]),
        ("fn+h", ["KEY_FN", "KEY_H"]), ("KEY_RIGHTSHIFT+KEY_VOLUMEUP", ["KEY_RIGHTSHIFT", "KEY_VOLUMEUP"]), ("meta+left", ["KEY_LEFTMETA", "KEY_LEFT"]),
    ])
    func chordNamesAreLinuxKeys(_ spec: String, _ keys: [String]) throws {
        #expect(try KeyChord.parse(spec).keys.map(\.name) == keys)
    }

    @Test(arguments: [
        ("tab+", "'tab+' has an empty key; write keys joined with '+', e.g. tab+z or shift+tab"),
        ("shift+tabb", "unknown key 'tabb' in 'shift+tabb'; expected a letter, a digit, a key name such as tab, space, enter, esc, left, shift, ctrl, alt, cmd, fn, or a Linux name such as KEY_TAB; did you mean 'tab'?"),
        ("KEY_tab", "unknown key 'KEY_tab': the kernel defines no such key (linux/input-event-codes.h); did you mean 'KEY_TAB'?"),
        // Linux names are checked against the kernel's list (they were only checked for their letters).
        ("KEY_TABB", "unknown key 'KEY_TABB': the kernel defines no such key (linux/input-event-codes.h); did you mean 'KEY_TAB'?"),
        ("shift+KEY_VOLUMEUPP", "unknown key 'KEY_VOLUMEUPP' in 'shift+KEY_VOLUMEUPP': the kernel defines no such key (linux/input-event-codes.h); did you mean 'KEY_VOLUMEUP'?"),
        ("KEY_XYZZY", "unknown key 'KEY_XYZZY': the kernel defines no such key (linux/input-event-codes.h)"),
        ("tab+tab", "'tab+tab' names KEY_TAB twice; give each key once"),
    ])
    func aBadChordSaysWhatIsAccepted(_ spec: String, _ message: String) {
        #expect(throws: KeyChordError(message: message)) { try KeyChord.parse(spec) }
    }

    @Test func chordsPrintWithShortNames() throws {
        #expect(try KeyChord.parse("Shift+TAB").description == "shift+tab")
        #expect(try KeyChord.parse("KEY_RIGHTSHIFT+KEY_DOT").description == "KEY_RIGHTSHIFT+period")
        #expect(try KeyCombo.parse("shift+ctrl+tab").description == "ctrl+shift+tab")
        #expect(try KeyCombo.parse("tab+z") == KeyCombo(Key("KEY_Z"), tab: true))
    }

    @Test(arguments: [
        ("KEY_A", false, "a"), ("KEY_A", true, "A"), ("KEY_1", true, "!"), ("KEY_0", false, "0"), ("KEY_SPACE", true, " "),
        ("KEY_SLASH", true, "?"), ("KEY_APOSTROPHE", true, "\""),
    ] as [(String, Bool, Character)])
    func keysTypeUSLayoutCharacters(_ key: String, _ shifted: Bool, _ character: Character) {
        #expect(Key(key).character(shifted: shifted) == character)
        #expect(Key.typing(character)?.key == Key(key))
    }

    @Test func keysThatTypeNothing() {
        #expect(Key.tab.character(shifted: false) == nil)
        #expect(Key.left.character(shifted: true) == nil)
        #expect(Key.typing("é") == nil)
    }

    @Test func keyInputsAndKeyboardEventsInTranscripts() {
        let ignored = TimedEvent(.inputIgnored(stroke("KEY_H", .down, .function), reason: .unboundKey), at: .milliseconds(1000), by: .fullKeyboardAccess)
        #expect(TranscriptFormat.jsonLine(ignored)
                == #"{"time_us":1000000,"event":"inputIgnored","input":{"kind":"key","key":"KEY_H","modifiers":["fn"],"phase":"down"},"reason":"unboundKey","technology":"keyboard"}"#)
        #expect(TranscriptFormat.textLine(ignored) == "1s ignored key fn+KEY_H down (unboundKey)")
        let focused = fka(1500, .focused(back))
        #expect(TranscriptFormat.jsonLine(focused)
                == #"{"time_us":1500000,"event":"focused","element":{"screen":"main","index":1,"label":"Back","identifier":"back","frame":{"x":0,"y":0,"width":100,"height":50}},"technology":"keyboard"}"#)
        #expect(TranscriptFormat.textLine(focused) == "1.5s focused \"Back\" {0, 0, 100×50}")
        let lines: [(Event, String, String)] = [
            (.focusHidden, #"{"time_us":2000000,"event":"focusHidden","technology":"keyboard"}"#, "2s focus hidden"),
            (.actionsListShown(items: ["Archive", "Flag"]), #"{"time_us":2000000,"event":"actionsListShown","items":["Archive","Flag"],"technology":"keyboard"}"#, #"2s actions shown: "Archive", "Flag""#),
            (.actionsListItem("Flag"), #"{"time_us":2000000,"event":"actionsListItem","item":"Flag","technology":"keyboard"}"#, #"2s highlighted action "Flag""#),
            (.actionsListHidden, #"{"time_us":2000000,"event":"actionsListHidden","technology":"keyboard"}"#, "2s actions hidden"),
            (.findQueryChanged("ba", match: nil), #"{"time_us":2000000,"event":"findQueryChanged","query":"ba","match":null,"technology":"keyboard"}"#, #"2s find "ba" → no match"#),
            (.findHidden, #"{"time_us":2000000,"event":"findHidden","technology":"keyboard"}"#, "2s find hidden"),
            (.helpShown(commands: ["Help: tab+h"]), #"{"time_us":2000000,"event":"helpShown","commands":["Help: tab+h"],"technology":"keyboard"}"#, "2s help shown: 1 commands"),
            (.helpHidden, #"{"time_us":2000000,"event":"helpHidden","technology":"keyboard"}"#, "2s help hidden"),
        ]
        for (event, json, text) in lines {
            #expect(TranscriptFormat.jsonLine(fka(2000, event)) == json)
            #expect(TranscriptFormat.textLine(fka(2000, event)) == text)
        }
        #expect(TranscriptFormat.textLine(fka(2000, .textEditingBegan(back))) == "2s editing \"Back\"")
        #expect(TranscriptFormat.textLine(fka(2000, .textEditingEnded(back))) == "2s editing ended \"Back\"")
        #expect(TranscriptFormat.textLine(fka(2000, .findQueryChanged("b", match: back))) == "2s find \"b\" → \"Back\"")
    }
}
