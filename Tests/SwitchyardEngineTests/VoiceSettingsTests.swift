import Testing
import Diagnostics
import ScreenModel
@testable import SwitchyardEngine
import Transcript

@Suite struct VoiceSettingsTests {
    @Test func defaults() {
        let s = VoiceControlSettings()
        #expect(s.overlay == nil)
        #expect(s.nameMatching == .exact)
        #expect(s.gridColumns == 3)
        #expect(s.gridRows == 3)
        #expect(s.gridZoomLevels == 2)
        #expect(TechnologySettings.defaults(for: .voiceControl) == .voiceControl(s))
    }

    @Test func loadsEverySetting() throws {
        let json = #"{"overlay": "grid", "name-matching": "contains", "grid-columns": 4, "grid-rows": 6, "grid-zoom-levels": 3, "comment": "all"}"#
        var expected = VoiceControlSettings()
        expected.overlay = .grid
        expected.nameMatching = .contains
        expected.gridColumns = 4
        expected.gridRows = 6
        expected.gridZoomLevels = 3
        #expect(try VoiceControlSettings.load(json: Array(json.utf8), file: "voice.json") == expected)
        #expect(try VoiceControlSettings.load(json: Array(#"{"overlay": "none"}"#.utf8), file: "voice.json") == VoiceControlSettings())
    }

    /// Errors name the file, line and column, and quote the value.
    @Test func errorsAtLineAndColumn() {
        func error(_ json: String) -> String {
            do {
                _ = try VoiceControlSettings.load(json: Array(json.utf8), file: "voice.json")
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(error("{\n  \"grid-colums\": 3\n}") == "voice.json:2:18: error: unknown Voice Control setting 'grid-colums'; did you mean 'grid-columns'?")
        #expect(error("{\"grid-rows\": 0}") == "voice.json:1:15: error: setting 'grid-rows' cannot be 0; expected a whole number from 1 to 20")
        #expect(error("{\"overlay\": \"labels\"}") == "voice.json:1:13: error: setting 'overlay' cannot be 'labels'; expected one of: none, names, numbers, grid")
        #expect(error("{\"name-matching\": \"fuzzy\"}") == "voice.json:1:19: error: setting 'name-matching' cannot be 'fuzzy'; expected one of: exact, contains")
        #expect(error("{\"grid-zoom-levels\": [1]}") == "voice.json:1:22: error: setting 'grid-zoom-levels' cannot be an array; expected a number, a string or a boolean")
        #expect(error("{\"overlay\": \"grid\", \"overlay\": \"names\"}") == "voice.json:1:32: error: setting 'overlay' is given twice (first on line 1); give each setting once")
        #expect(error("[]") == "voice.json:1:1: error: a settings file is one JSON object of settings by name")
    }

    /// `set` lines, as a scenario writes them.
    @Test func setLines() throws {
        var s = VoiceControlSettings()
        try s.set("overlay", "numbers")
        try s.set("name-matching", "contains")
        try s.set("grid-columns", "5")
        #expect(s.overlay == .numbers)
        #expect(s.nameMatching == .contains)
        #expect(s.gridColumns == 5)
        try s.set("overlay", "none")
        #expect(s.overlay == nil)
        #expect(throws: SettingsError(.unknownSetting(name: "grid-colums", suggestion: "grid-columns"), technology: .voiceControl)) {
            try s.set("grid-colums", "4")
        }
        #expect(SettingsError(.unknownSetting(name: "grid", suggestion: nil), technology: .voiceControl).description
            == "error: unknown Voice Control setting 'grid'; known settings: overlay, name-matching, grid-columns, grid-rows, grid-zoom-levels")
        #expect(throws: SettingsError(.invalidValue(name: "grid-columns", value: "4.5", expected: "a whole number from 1 to 20"), technology: .voiceControl)) {
            try s.set("grid-columns", "4.5")
        }
    }

    /// Settings built in code are checked when the session is made.
    @Test func sessionChecksTheRanges() {
        var s = VoiceControlSettings()
        s.gridZoomLevels = 9
        #expect(throws: SessionError.invalidSetting(.invalidValue(name: "grid-zoom-levels", value: "9", expected: "a whole number from 0 to 6"))) {
            _ = try voiceSession(panel) { $0 = s }
        }
    }

    /// A `set` line reaches Voice Control mid-session.
    @Test func reconfigureMidSession() throws {
        var s = try voiceSession(panel)
        _ = s.start(at: .zero)
        var new = VoiceControlSettings()
        new.overlay = .numbers
        #expect(try s.reconfigure(.voiceControl(new), at: .milliseconds(100)).count == 1)
        #expect(s.presentation.voiceOverlay?.continuous == true)
    }
}

@Suite struct VoiceTranscriptTests {
    static let edit = ElementRef(screen: "main", index: 1, label: "Edit", identifier: "edit-left", frame: Rect(x: 0, y: 0, width: 200, height: 50))

    @Test func jsonLines() {
        let names = Overlay(kind: .names, continuous: false, badges: [OverlayBadge(text: "Edit", number: nil, element: Self.edit, frame: Self.edit.frame)])
        #expect(TranscriptFormat.jsonLine(spoken(100, .overlayShown(names)))
            == #"{"time_us":100000,"event":"overlayShown","overlay":"names","continuous":false,"badges":[{"text":"Edit","number":null,"element":{"screen":"main","index":1,"label":"Edit","identifier":"edit-left","frame":{"x":0,"y":0,"width":200,"height":50}},"frame":{"x":0,"y":0,"width":200,"height":50}}],"technology":"voice"}"#)
        let grid = Overlay(grid: Grid(area: Rect(x: 0, y: 0, width: 400, height: 800), columns: 1, rows: 2), continuous: true)
        #expect(TranscriptFormat.jsonLine(spoken(0, .overlayShown(grid)))
            == #"{"time_us":0,"event":"overlayShown","overlay":"grid","continuous":true,"badges":[{"text":"1","number":1,"element":null,"frame":{"x":0,"y":0,"width":400,"height":400}},{"text":"2","number":2,"element":null,"frame":{"x":0,"y":400,"width":400,"height":400}}],"grid":{"columns":1,"rows":2,"zoom":[],"area":{"x":0,"y":0,"width":400,"height":800}},"technology":"voice"}"#)
        #expect(TranscriptFormat.jsonLine(spoken(0, .overlayHidden(.grid))) == #"{"time_us":0,"event":"overlayHidden","overlay":"grid","technology":"voice"}"#)
        #expect(TranscriptFormat.jsonLine(spoken(0, .gridZoomed(path: [5, 2], area: Rect(x: 1, y: 2, width: 3, height: 4))))
            == #"{"time_us":0,"event":"gridZoomed","path":[5,2],"area":{"x":1,"y":2,"width":3,"height":4},"technology":"voice"}"#)
        #expect(TranscriptFormat.jsonLine(spoken(0, .disambiguationShown(name: "edit", candidates: [Self.edit])))
            == #"{"time_us":0,"event":"disambiguationShown","name":"edit","candidates":[{"screen":"main","index":1,"label":"Edit","identifier":"edit-left","frame":{"x":0,"y":0,"width":200,"height":50}}],"technology":"voice"}"#)
        #expect(TranscriptFormat.jsonLine(spoken(0, .disambiguationHidden)) == #"{"time_us":0,"event":"disambiguationHidden","technology":"voice"}"#)
        #expect(TranscriptFormat.jsonLine(spoken(0, .utteranceNotUnderstood("tap \"x\"", reason: .unknownName)))
            == #"{"time_us":0,"event":"utteranceNotUnderstood","text":"tap \"x\"","reason":"unknownName","technology":"voice"}"#)
        #expect(TranscriptFormat.jsonLine(spoken(0, .commandsListed(["Show names", "Tap Edit"])))
            == #"{"time_us":0,"event":"commandsListed","commands":["Show names","Tap Edit"],"technology":"voice"}"#)
        #expect(TranscriptFormat.jsonLine(spoken(0, .gesturePerformed(.longPress, nil, at: Point(x: 1, y: 2.5))))
            == #"{"time_us":0,"event":"gesturePerformed","gesture":"long-press","element":null,"point":{"x":1,"y":2.5},"technology":"voice"}"#)
        #expect(TranscriptFormat.jsonLine(spoken(0, .inputIgnored(.utterance("hi"), reason: .notHandledByTechnology)))
            == #"{"time_us":0,"event":"inputIgnored","input":{"kind":"utterance","text":"hi"},"reason":"notHandledByTechnology","technology":"voice"}"#)
    }

    @Test func textLines() {
        #expect(spoken(1500, .gridZoomed(path: [5], area: Rect(x: 0, y: 0, width: 10, height: 20))).description == "1.5s grid zoomed into [5] {0, 0, 10×20}")
        #expect(spoken(0, .overlayShown(Overlay(kind: .numbers, continuous: false, badges: []))).description == "0s overlay numbers: (none)")
        #expect(spoken(0, .gesturePerformed(.doubleTap, nil, at: Point(x: 1, y: 2))).description == "0s double tap nothing at (1, 2)")
        #expect(spoken(0, .commandsListed(["Go back"])).description == #"0s commands: "Go back""#)
    }
}

/// The pieces of the grammar: spoken numbers and the phrase table.
@Suite struct VoiceGrammarTests {
    @Test(arguments: [
        ("3", 3), ("three", 3), ("٣", 3), ("12", 12), ("twelve", 12), ("twenty one", 21), ("twentyone", 21),
        ("one hundred and five", 105), ("nine hundred ninety nine", 999), ("zero", 0), ("seventeen", 17),
    ])
    func numbers(_ spoken: String, _ value: Int) {
        #expect(SpokenNumber.parse(spoken.split(separator: " ")) == value)
    }

    @Test(arguments: ["one one", "hundred", "and", "twenty twenty", "one hundred and", "zero one", "3a", "1234567890", "tree"])
    func notNumbers(_ spoken: String) {
        #expect(SpokenNumber.parse(spoken.split(separator: " ")) == nil)
    }

    @Test func phrases() {
        func match(_ s: String) -> RuleMatch? { Grammar.match(s.split(separator: " ")) }
        #expect(match("show grid with five columns and two rows continuously") == RuleMatch(action: .showGrid(continuous: true, sizes: .columnsAndRows), counts: [5, 2]))
        #expect(match("show grid with 1 column") == RuleMatch(action: .showGrid(continuous: false, sizes: .columns), counts: [1]))
        #expect(match("double tap add to cart") == RuleMatch(action: .target(.gesture(.doubleTap)), item: "add to cart"))
        #expect(match("tap") == RuleMatch(action: .bare, item: "tap"))
        #expect(match("swipe sideways") == RuleMatch(action: .bare, item: "swipe sideways"))
        #expect(match("scroll up") == RuleMatch(action: .scroll, direction: .up))
        #expect(match("show me what to say") == RuleMatch(action: .showCommands))
        #expect(match("") == nil)
    }

    /// Every rule of the table names its source.
    @Test func everyRuleHasASource() {
        #expect(Grammar.rules.allSatisfy { !$0.source.isEmpty })
        #expect(Grammar.rules.last?.pattern == "<item>")
    }
}
