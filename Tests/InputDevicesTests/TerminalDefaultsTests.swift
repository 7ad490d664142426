import Testing
import ScreenModel
import SwitchyardEngine
@testable import InputDevices

/// The README's terminal keys work with the default settings: its
/// `live --device terminal  # Space = select, Enter = next, q quits` and
/// docs/hardware.md's switch box (Enter/`n` = next, `p` = previous), read
/// from the terminal's default key map, and its keyboard line (`Tab, arrows,
/// Space; Alt-letter = Tab-letter`). Enter used to press `next`, which
/// Apple's default settings leave unassigned: ignored.
@Suite struct TerminalDefaultsTests {
    static let app = """
        {"screens": {"s": {"size": {"width": 400, "height": 300}, "root": {"children": [
          {"label": "A", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 400, "height": 50}},
          {"label": "B", "traits": ["button"], "frame": {"x": 0, "y": 100, "width": 400, "height": 50}},
          {"label": "C", "traits": ["button"], "frame": {"x": 0, "y": 200, "width": 400, "height": 50}}
        ]}}}}
        """

    /// Each switch key of the map names a switch the default live settings
    /// assign, and pressing it does what the docs say: the highlight moves
    /// to B (next), to C (previous, round from A), or A is selected.
    @Test(arguments: [(" ", "select", "menu shown"), ("\r", "next", "B"), ("\n", "next", "B"), ("n", "next", "B"), ("p", "previous", "C")])
    func aSwitchKeyDoesWhatTheDocsSay(_ key: String, _ name: String, _ outcome: String) throws {
        let id = SwitchID(name)
        #expect(TerminalKeyboardAdapter.actions(for: Array(key.utf8)) == [.input(.switchID(id))])
        let settings = SwitchBox.settings
        #expect(settings.assignment(of: id) != nil, "\(name) is unassigned by default")
        let app = try AppDecoder(file: "three.json").decode(Array(Self.app.utf8))
        var session = try Session(app: app, configuration: SessionConfiguration(technology: .switchControl(settings)))
        _ = session.start(at: .zero)
        var events = session.handle(TimedInput(.switchDown(id), at: .milliseconds(200)))
        events += session.handle(TimedInput(.switchUp(id), at: .milliseconds(200)))
        #expect(!events.contains { if case .inputIgnored = $0.event { return true } else { return false } }, "\(events)")
        switch outcome {
        case "menu shown": #expect(events.contains { if case .menuShown = $0.event { return true } else { return false } })
        default: #expect(session.presentation.highlight == .element(ElementRef(app.screens[0], outcome == "B" ? 2 : 3)))
        }
        // Apple's defaults otherwise: auto scanning, one second a step.
        var apple = SwitchControlSettings()
        apple.switches = settings.switches
        #expect(settings == apple)
    }

    @Test func qAndControlDQuit() {
        #expect(TerminalKeyboardAdapter.actions(for: Array("q".utf8)) == [.quit])
        #expect(TerminalKeyboardAdapter.actions(for: [0x04]) == [.quit])
    }

    /// The keyboard layout's keys are bound by Full Keyboard Access's defaults.
    @Test(arguments: ["\t", "\u{1B}[A", "\u{1B}[B", "\u{1B}[C", "\u{1B}[D", " ", "\u{1B}z"])
    func aKeyboardKeyIsBoundByDefault(_ key: String) throws {
        let actions = TerminalKeyboardAdapter.keyboardActions(for: Array(key.utf8))
        guard case .chord(let chord)? = actions.first, actions.count == 1 else {
            Issue.record("\(key.debugDescription) is not one chord: \(actions)")
            return
        }
        let combo = try KeyCombo.parse(chord.description)
        #expect(KeyboardAccessSettings().commandTable()[combo] != nil, "\(chord) is unbound by default")
    }
}
