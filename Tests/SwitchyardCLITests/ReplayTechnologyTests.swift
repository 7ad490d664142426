import DeviceTestbed
import Foundation
import Testing

/// `--technology` and `--settings` of `live` and `replay`: the technologies
/// a session runs, each settings file read by the technology it belongs to.
@Suite struct ReplayTechnologyTests {
    static let recording = repoRoot.appendingPathComponent("Devices/fixtures/recordings/xbox-pad-session.evemu").path

    /// The recorded Xbox pad drives Full Keyboard Access through its
    /// profile's keyboard mappings: A is Space, the d-pad right is the
    /// Right arrow (nothing focused yet: it focuses the first stop), the
    /// stick left is Left, B is Escape.
    @Test func aControllerRecordingDrivesFullKeyboardAccess() throws {
        let r = try switchyard(["replay", Self.recording, "--technology", "keyboard"])
        #expect(r.status == 0)
        #expect(r.stderr == "replaying \(Self.recording)  usb 045e:028e v0114  \"Microsoft X-Box 360 pad\"  ID_INPUT_JOYSTICK  → xbox-controller (vendor/product 045e:028e; keyboard mappings)\n")
        #expect(r.stdout == """
            0s screen home
            0s device added "Microsoft X-Box 360 pad"
            0.000001s ignored key KEY_SPACE down (nothingFocused)
            0.5s focused "Cart" {320, 60, 54×32}
            1s ignored key KEY_LEFT down (noItemThatWay)
            1.3s ignored key KEY_ESC down (unboundKey)
            1.4s device removed "Microsoft X-Box 360 pad"

            """)
    }

    /// The transcript file holds the JSON Lines that `--format json` prints,
    /// byte for byte, and with the text format the same file: the lines of
    /// the text transcript above, as JSON.
    @Test func theTranscriptFileIsTheJSONOutput() throws {
        let scratch = try TemporaryDirectory()
        let json = try switchyard(["replay", Self.recording, "--technology", "keyboard", "--format", "json", "--transcript", "a.jsonl"], in: scratch.url)
        let text = try switchyard(["replay", Self.recording, "--technology", "keyboard", "--transcript", "b.jsonl"], in: scratch.url)
        #expect(json.status == 0 && text.status == 0)
        let a = try String(contentsOf: scratch.url.appendingPathComponent("a.jsonl"), encoding: .utf8)
        let b = try String(contentsOf: scratch.url.appendingPathComponent("b.jsonl"), encoding: .utf8)
        #expect(a == json.stdout)
        #expect(b == a)
        let lines = a.split(separator: "\n")
        #expect(lines.count == 7)
        #expect(lines.first == #"{"time_us":0,"event":"screenChanged","screen":"home"}"#)
        #expect(lines[3] == #"{"time_us":500000,"event":"focused","element":{"screen":"home","index":3,"label":"Cart","identifier":"cart-button","frame":{"x":320,"y":60,"width":54,"height":32}},"technology":"keyboard"}"#)
    }

    /// Each settings file goes to the technology whose settings it names:
    /// Full Keyboard Access with Space unbound (A does nothing), Voice
    /// Control with the numbers overlay shown from the start.
    @Test func eachSettingsFileGoesToItsTechnology() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("voice.json", #"{"overlay": "numbers"}"#)
        try scratch.write("keys.json", #"{"comment": "A does nothing", "activate": "enter"}"#)
        let r = try switchyard(["replay", Self.recording, "--technology", "keyboard", "--technology", "voice",
                                "--settings", "voice.json", "--settings", "keys.json", "--format", "json"], in: scratch.url)
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains(#""event":"overlayShown""#) && $0.contains(#""technology":"voice""#) })
        #expect(lines.contains { $0.contains(#""event":"inputIgnored""#) && $0.contains(#""reason":"unboundKey""#) && $0.contains("KEY_SPACE") })
    }

    /// `--keyboard-bindings` reads a file as Full Keyboard Access's: with
    /// Space unbound (activate on Return), the controller's A does nothing.
    @Test func keyboardBindingsRebindTheKeys() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("keys.json", #"{"activate": "enter"}"#)
        let r = try switchyard(["replay", Self.recording, "--technology", "keyboard", "--keyboard-bindings", "keys.json", "--format", "json"], in: scratch.url)
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains(#""event":"inputIgnored""#) && $0.contains(#""reason":"unboundKey""#) && $0.contains("KEY_SPACE") })
        #expect(!lines.contains { $0.contains(#""event":"activated""#) })
    }

    static let usageErrors: [([String], String)] = [
        (["--keyboard-bindings", "keys.json"], "switchyard replay: error: --keyboard-bindings rebinds Full Keyboard Access's keys; add --technology keyboard"),
        (["--technology", "keyboard,keyboard"], "switchyard replay: error: --technology keyboard,keyboard: 'keyboard' is named twice; give each technology once"),
        (["--technology", "fka", "--technology", "keyboard"], "switchyard replay: error: --technology keyboard: 'keyboard' is named twice; give each technology once"),
        (["--technology", "switch-control,keyboard"], "switchyard replay: error: --technology switch-control,keyboard: Switch Control and Full Keyboard Access cannot run together (both move a cursor over the same elements, and a keyboard's keys are Switch Control switches); run Voice Control beside either: switch-control and voice, or keyboard and voice"),
        (["--technology", "voice,"], "switchyard replay: error: '--technology voice,' names ''; expected switch-control, keyboard, voice, or several joined with commas such as keyboard,voice"),
        (["--technology", "keybord"], "switchyard replay: error: '--technology keybord' names 'keybord'; expected switch-control, keyboard, voice, or several joined with commas such as keyboard,voice"),
    ]

    @Test(arguments: usageErrors)
    func badTechnologiesAreUsageErrors(_ arguments: [String], _ error: String) throws {
        let r = try switchyard(["replay", Self.recording] + arguments)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(error + "\nusage: switchyard replay "))
    }

    static let settingsErrors: [(String, [String], String)] = [
        ("{\n  \"auto-hide\": 20\n}", [],
         "s.json:2:3: error: 'auto-hide' is a Full Keyboard Access setting, but the session runs Switch Control; add --technology keyboard, or give this file to a session that runs it"),
        ("{\"overlay\": \"names\",\n \"auto-hide\": 20}", ["--technology", "keyboard,voice"],
         "s.json:2:2: error: 'auto-hide' is a Full Keyboard Access setting, but 'overlay' (line 1) is a Voice Control one; give each technology its own settings file"),
        ("{\"auto-hide\": 90}", ["--technology", "keyboard"],
         "s.json:1:15: error: setting 'auto-hide' cannot be 90; expected a whole number of seconds from 1 to 60, or off"),
        ("{\"overlay\": \"nmbers\"}", ["--technology", "voice"],
         "s.json:1:13: error: setting 'overlay' cannot be 'nmbers'; expected one of: none, names, numbers, grid"),
        ("{\"ovrlay\": \"names\"}", ["--technology", "voice,keyboard"],
         "s.json:1:12: error: unknown Voice Control setting 'ovrlay'; did you mean 'overlay'?"),
    ]

    /// A settings file is read by its technology's reader; one that names a
    /// technology not in use, or two technologies, is an error at the name.
    @Test(arguments: settingsErrors)
    func settingsErrorsNameTheFileAndPlace(_ text: String, _ arguments: [String], _ error: String) throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("s.json", text)
        let r = try switchyard(["replay", Self.recording, "--settings", "s.json"] + arguments, in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.split(separator: "\n").last.map(String.init) == error)
    }

    @Test func twoSettingsFilesOfOneTechnologyAreRefused() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("a.json", #"{"overlay": "names"}"#)
        try scratch.write("b.json", #"{"grid-rows": 4}"#)
        let r = try switchyard(["replay", Self.recording, "--technology", "voice", "--settings", "a.json", "--settings", "b.json"], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stderr.hasSuffix("\nb.json: error: a second Voice Control settings file (the first is 'a.json'); give one settings file per technology\n"))
    }

    /// A recording of the terminal alone (input lines, no device) replays
    /// without a profile; a malformed input line is an error at its place.
    @Test func aRecordingOfTheTerminalAlone() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("t.evemu", """
            # switchyard-recording: 1
            # input: 0.000000 device-added "Terminal keyboard"
            # input: 1.500000 utterance "tap Cart"
            # input: 2.000000 device-removed "Terminal keyboard"

            """)
        let r = try switchyard(["replay", "t.evemu", "--technology", "voice"], in: scratch.url)
        #expect(r.status == 0)
        #expect(r.stderr == "replaying the inputs recorded at the terminal\n")
        #expect(r.stdout.hasPrefix("0s screen home\n0s device added \"Terminal keyboard\"\n1.5s tap \"Cart\""))
        #expect(r.stdout.hasSuffix("2s device removed \"Terminal keyboard\"\n"))

        try scratch.write("bad.evemu", "# switchyard-recording: 1\n# input: 1.5 utterance \"tap Cart\"\n")
        let bad = try switchyard(["replay", "bad.evemu", "--technology", "voice"], in: scratch.url)
        #expect(bad.status == 2)
        #expect(bad.stderr == "bad.evemu:2:10: error: bad time '1.5'; expected <seconds>.<microseconds> with six digits after the point, below 1000000000000 s\n")
    }
}
