import Testing
import ScreenModel
@testable import SwitchyardEngine

/// Voice Control's commands on the `panel` fixture: every rule of
/// docs/voice-control.md, one test each, as timelines of text lines.
@Suite struct VoiceControlTests {
    /// A Voice Control session on the panel, started at 0.
    func started() throws -> Session {
        var s = try voiceSession(panel)
        #expect(s.start(at: .zero) == [bySession(0, .screenChanged(screen: "main"))])
        return s
    }

    /// Numbers from 1 in navigation order on the visible stops; an overlay
    /// shown without "continuously" hides when the next command acts.
    @Test func numbersOverlayThenTapByNumber() throws {
        var s = try started()
        #expect(s.say("show numbers", at: 100) == [
            #"0.1s overlay numbers: 1 "Edit", 2 "Edit", 3 "⭐️", 4 "Compose new message", 5 "Volume", 6 "Wi-Fi", 7 "3""#,
        ])
        #expect(s.badges == ["1", "2", "3", "4", "5", "6", "7"])
        #expect(s.presentation.voiceOverlay?.badges[3].frame == Rect(x: 0, y: 200, width: 400, height: 50))
        #expect(s.say("tap 4", at: 200) == [
            "0.2s overlay numbers hidden", #"0.2s tap "Compose new message" at (200, 225)"#, "0.2s screen draft",
        ])
        #expect(s.presentation.voiceOverlay == nil)
        #expect(s.pendingTimers == [])
    }

    /// The names overlay shows each stop's first input label, else its
    /// label; a stop without a speakable name (⭐️) shows its number. A
    /// number on a badge wins over a name ("3"); without the overlay, "tap 3"
    /// is the key named 3.
    @Test func namesOverlayWithDuplicateAndUnspeakableLabels() throws {
        var s = try started()
        #expect(s.say("show names", at: 100) == [
            #"0.1s overlay names: "Edit", "Edit", 3 "⭐️", "Compose" on "Compose new message", "Volume", "Wi-Fi", "3""#,
        ])
        #expect(s.badges == ["Edit", "Edit", "3", "Compose", "Volume", "Wi-Fi", "3"])
        #expect(s.presentation.voiceOverlay?.badges.map(\.number) == [nil, nil, 3, nil, nil, nil, nil])
        #expect(s.say("tap 3", at: 200) == ["0.2s overlay names hidden", #"0.2s tap "⭐️" at (200, 125)"#])
        #expect(s.say("tap 3", at: 300) == [#"0.3s tap "3" at (200, 525)"#])
    }

    /// A name several targets share shows numbers on the matches only; the
    /// next number picks one, for the command that was said.
    @Test func disambiguationPicksByNumber() throws {
        var s = try started()
        #expect(s.say("tap edit", at: 100) == [#"0.1s disambiguation "edit": 1 "Edit" {0, 0, 200×50}, 2 "Edit" {200, 0, 200×50}"#])
        #expect(s.presentation.disambiguation?.badges.map(\.text) == ["1", "2"])
        #expect(s.presentation.disambiguation?.badges.map { $0.element?.identifier } == ["edit-left", "edit-right"])
        #expect(s.say("2", at: 200) == ["0.2s disambiguation hidden", #"0.2s tap "Edit" at (300, 25)"#])
        #expect(s.presentation.disambiguation == nil)
        #expect(s.say("double tap edit", at: 300).count == 1)
        #expect(s.say("tap 1", at: 400) == ["0.4s disambiguation hidden", #"0.4s double tap "Edit" at (100, 25)"#])
    }

    /// Anything but a number of the list cancels it, and is heard as itself.
    @Test func disambiguationCancelledByAnythingElse() throws {
        var s = try started()
        _ = s.say("Edit", at: 100)
        #expect(s.say("tap wifi", at: 200) == ["0.2s disambiguation hidden", #"0.2s tap "Wi-Fi" at (200, 425)"#])
        _ = s.say("Edit", at: 300)
        #expect(s.say("5", at: 400) == ["0.4s disambiguation hidden", #"0.4s not understood "5" (unknownNumber)"#])
    }

    /// Input labels replace the label as names (spec 3.3 rule 4).
    @Test func inputLabelsAreTheNames() throws {
        var s = try started()
        #expect(s.say("tap compose new message", at: 100) == [#"0.1s not understood "tap compose new message" (unknownName)"#])
        #expect(s.say("tap New Message", at: 200) == [#"0.2s tap "Compose new message" at (200, 225)"#, "0.2s screen draft"])
    }

    /// Case, punctuation and extra spaces do not count; "Wi-Fi" is "wifi".
    @Test func normalisedMatching() throws {
        var s = try started()
        #expect(s.say("Tap WIFI!", at: 100) == [#"0.1s tap "Wi-Fi" at (200, 425)"#])
        #expect(s.say("  TAP   volume.  ", at: 200) == [#"0.2s tap "Volume" at (200, 325)"#])
        #expect(s.say("tap wi fi", at: 300) == [#"0.3s not understood "tap wi fi" (unknownName)"#])
    }

    /// Numbers are digits or words; a number picks a badge only while one shows it.
    @Test func numbersAsDigitsOrWords() throws {
        var s = try started()
        _ = s.say("show numbers continuously", at: 100)
        #expect(s.say("tap three", at: 200) == [#"0.2s tap "⭐️" at (200, 125)"#])
        #expect(s.say("seven", at: 300) == [#"0.3s tap "3" at (200, 525)"#])
        #expect(s.say("twenty-one", at: 400) == [#"0.4s not understood "twenty-one" (unknownNumber)"#])
        _ = s.say("hide numbers", at: 500)
        #expect(s.say("tap three", at: 600) == [#"0.6s not understood "tap three" (unknownNumber)"#])
    }

    /// Voice Control never guesses: what names nothing is not understood.
    @Test func notUnderstood() throws {
        var s = try started()
        #expect(s.say("hello there", at: 100) == [#"0.1s not understood "hello there" (unknownCommand)"#])
        #expect(s.say("tap banana", at: 200) == [#"0.2s not understood "tap banana" (unknownName)"#])
        #expect(s.say("hide grid", at: 300) == [#"0.3s not understood "hide grid" (notApplicable)"#])
        #expect(s.say("scroll down", at: 400) == [#"0.4s not understood "scroll down" (notApplicable)"#])
        #expect(s.say("go back", at: 500) == [#"0.5s not understood "go back" (notApplicable)"#])
        #expect(s.say("", at: 600) == [#"0.6s not understood "" (unknownCommand)"#])
        #expect(s.say("tap archive", at: 700) == [#"0.7s not understood "tap archive" (unknownName)"#])
    }

    /// "… continuously" stays, and is shown again, renumbered, on a new screen.
    @Test func continuousOverlayRenumbersOnScreenChange() throws {
        var s = try started()
        _ = s.say("show numbers continuously", at: 100)
        #expect(s.say("tap new message", at: 200) == [
            #"0.2s tap "Compose new message" at (200, 225)"#, "0.2s screen draft",
            #"0.2s overlay numbers continuously: 1 "Cancel", 2 "Send""#,
        ])
        #expect(s.say("tap 1", at: 300) == [
            #"0.3s tap "Cancel" at (50, 25)"#, "0.3s screen main",
            #"0.3s overlay numbers continuously: 1 "Edit", 2 "Edit", 3 "⭐️", 4 "Compose new message", 5 "Volume", 6 "Wi-Fi", 7 "3""#,
        ])
        #expect(s.say("hide numbers", at: 400) == ["0.4s overlay numbers hidden"])
    }

    /// The grid: cells numbered row by row; a cell's number zooms into it;
    /// "tap N" taps the centre of cell N at the current zoom (hit test).
    @Test func gridZoomThenTap() throws {
        var s = try started()
        #expect(s.say("show grid with 4 columns and 4 rows", at: 100) == ["0.1s overlay grid 4×4 over {0, 0, 400×800}"])
        #expect(s.badges == (1...16).map(String.init))
        #expect(s.say("6", at: 200) == ["0.2s grid zoomed into [6] {100, 200, 100×200}"])
        #expect(s.presentation.voiceOverlay?.grid == Grid(area: Rect(x: 100, y: 200, width: 100, height: 200), columns: 4, rows: 4, zoom: [6]))
        #expect(s.presentation.voiceOverlay?.badges[10].frame == Rect(x: 150, y: 300, width: 25, height: 50))
        #expect(s.say("tap 11", at: 300) == ["0.3s overlay grid hidden", #"0.3s tap "Volume" at (162.5, 325)"#])
    }

    /// At the last zoom level a number taps; a continuous grid goes back to
    /// the whole screen as it does.
    @Test func gridNumberTapsAtTheLastZoomLevel() throws {
        var s = try voiceSession(panel) { $0.gridColumns = 4; $0.gridRows = 4 }
        _ = s.start(at: .zero)
        #expect(s.say("show grid continuously", at: 100) == ["0.1s overlay grid continuously 4×4 over {0, 0, 400×800}"])
        #expect(s.say("1", at: 200) == ["0.2s grid zoomed into [1] {0, 0, 100×200}"])
        #expect(s.say("sixteen", at: 300) == ["0.3s grid zoomed into [1, 16] {75, 150, 25×50}"])
        #expect(s.say("1", at: 400) == [
            "0.4s overlay grid continuously 4×4 over {0, 0, 400×800}", "0.4s tap nothing at (78.125, 156.25)",
        ])
        #expect(s.say("double tap 6", at: 500) == [#"0.5s double tap "Volume" at (150, 300)"#])
    }

    /// "show grid with N columns / rows" sets the size for this showing; sizes out of range are refused.
    @Test func gridSizeByVoice() throws {
        var s = try started()
        #expect(s.say("show grid with two rows", at: 100) == ["0.1s overlay grid 3×2 over {0, 0, 400×800}"])
        #expect(s.say("show grid with 5 columns", at: 200) == ["0.2s overlay grid 5×3 over {0, 0, 400×800}"])
        #expect(s.say("show grid with 25 columns", at: 300) == [#"0.3s not understood "show grid with 25 columns" (notApplicable)"#])
        #expect(s.say("hide grid", at: 400) == ["0.4s overlay grid hidden"])
    }

    /// "increment X" / "decrease X" move an adjustable value by its step.
    @Test func incrementAndDecrement() throws {
        var s = try started()
        #expect(s.say("increment volume", at: 100) == [#"0.1s value of "Volume" = "60%""#])
        #expect(s.say("decrease Volume", at: 200) == [#"0.2s value of "Volume" = "50%""#])
        #expect(s.say("increase wifi", at: 300) == [#"0.3s not understood "increase wifi" (notApplicable)"#])
        _ = s.say("decrement edit", at: 400)
        #expect(s.say("1", at: 500) == ["0.5s disambiguation hidden", #"0.5s not understood "1" (notApplicable)"#])
    }

    /// fuzz-appium: an imported picker wheel is adjustable with no range
    /// (the app does the arithmetic). Increment is offered and leaves the
    /// value as it is; it made a `bug` event.
    @Test func incrementWithoutARangeLeavesTheValue() throws {
        let app = makeApp([("main", [#"{"label": "Tiny", "value": "3", "traits": ["adjustable"], "frame": {"x": 0, "y": 0, "width": 400, "height": 50}}"#])])
        var s = try voiceSession(app)
        _ = s.start(at: .zero)
        #expect(s.say("increment tiny", at: 100) == [])
        #expect(s.say("decrement tiny", at: 200) == [])
        #expect(s.value(of: 1) == "3")
    }

    /// Double tap and long press land at the activation point and change
    /// nothing (the screen model has no handlers for them).
    @Test func gestures() throws {
        var s = try started()
        #expect(s.say("long press wifi", at: 100) == [#"0.1s long press "Wi-Fi" at (200, 425)"#])
        #expect(s.say("double tap new message", at: 200) == [#"0.2s double tap "Compose new message" at (200, 225)"#])
        #expect(s.currentScreen.name == "main")
    }

    /// "Show me what to say" lists the commands that apply now.
    @Test func showMeWhatToSay() throws {
        var s = try started()
        #expect(s.say("show me what to say", at: 100) == [
            #"0.1s commands: "Show names", "Show numbers", "Show grid", "Tap Edit", "Tap Compose", "Tap Volume", "Increment Volume", "Decrement Volume", "Tap Wi-Fi", "Tap 3""#,
        ])
        _ = s.say("show numbers", at: 200)
        _ = s.say("tap new message", at: 300)
        #expect(s.say("show commands", at: 400) == [#"0.4s commands: "Show names", "Show numbers", "Show grid", "Tap Cancel", "Tap Send", "Go back""#])
    }

    /// Exact matching is the default; `contains` also takes a run of whole
    /// words of a name when nothing matches exactly.
    @Test func containsMatching() throws {
        var s = try voiceSession(panel) { $0.nameMatching = .contains }
        _ = s.start(at: .zero)
        #expect(s.say("tap new", at: 100) == [#"0.1s tap "Compose new message" at (200, 225)"#, "0.1s screen draft"])
        #expect(s.say("tap sen", at: 200) == [#"0.2s not understood "tap sen" (unknownName)"#])
        #expect(s.say("tap send", at: 300) == [#"0.3s tap "Send" at (350, 25)"#])
    }

    /// The Overlay setting shows its overlay continuously from the start.
    @Test func overlaySettingShowsFromTheStart() throws {
        var s = try voiceSession(panel) { $0.overlay = .names }
        #expect(s.start(at: .zero).map(\.description) == [
            "0s screen main",
            #"0s overlay names continuously: "Edit", "Edit", 3 "⭐️", "Compose" on "Compose new message", "Volume", "Wi-Fi", "3""#,
        ])
        #expect(try s.reconfigure(.voiceControl(VoiceControlSettings()), at: .milliseconds(100)).map(\.description) == ["0.1s overlay names hidden"])
    }

    /// Every transition is traced as `time state → stimulus → state`.
    @Test func transitionsAreTraced() throws {
        var s = try started()
        s.traceTransitions()
        _ = s.say("tap edit", at: 100)
        _ = s.say("1", at: 200)
        #expect(s.transitions == [
            #"0.1s listening → utterance("tap edit") → disambiguating(tap "edit", 2 matches)"#,
            #"0.2s disambiguating(tap "edit", 2 matches) → utterance("1") → listening"#,
        ])
    }
}
