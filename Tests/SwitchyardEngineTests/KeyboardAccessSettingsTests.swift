import Foundation
import Testing
import Diagnostics
import ScreenModel
@testable import SwitchyardEngine

/// Full Keyboard Access bindings as data: the defaults, the shipped file,
/// rebinding from a file and from `set`, conflicts, Auto-Hide's range
/// (docs/keyboard-access.md, "Settings file").
@Suite struct KeyboardAccessSettingsTests {
    @Test func theDefaultsAreTheCommandsPageOfSettings() {
        let d = KeyboardAccessSettings()
        #expect(KeyboardCommand.allCases.map { "\($0)=" + d.keys(of: $0).map(\.description).joined(separator: ",") } == [
            "help=tab+h", "move-forward=tab", "move-backward=shift+tab", "move-up=up", "move-down=down", "move-left=left",
            "move-right=right", "move-to-beginning=tab+left", "move-to-end=tab+right", "move-to-next-item=ctrl+tab",
            "move-to-previous-item=ctrl+shift+tab", "find=tab+f", "activate=space", "go-back=tab+b", "actions=tab+z",
        ])
        #expect(d.autoHide == .seconds(15))
        #expect(d.firstConflict == nil)
    }

    @Test func theShippedDefaultFileEqualsTheDefaults() throws {
        let bytes = try [UInt8](Data(contentsOf: examplesDirectory.appendingPathComponent("settings/keyboard-default-bindings.json")))
        #expect(try KeyboardAccessSettings.load(json: bytes, file: "keyboard-default-bindings.json") == KeyboardAccessSettings())
    }

    @Test func aFileRebindsACommandAndAnotherKeyTakesOverItsOldKey() throws {
        let json = """
        {
          "activate": ["shift+space", "enter"],
          "auto-hide": 20,
          "find": null
        }
        """
        let s = try KeyboardAccessSettings.load(json: Array(json.utf8), file: "keyboard.json")
        #expect(s.keys(of: .activate) == [KeyCombo(.space, modifiers: .shift), KeyCombo(.enter)])
        #expect(s.keys(of: .find) == [])
        #expect(s.autoHide == .seconds(20))

        var session = try keyboardSession(tabApp) { $0 = s }
        _ = session.start(at: .zero)
        _ = session.key("tab", at: 1000)
        #expect(session.key("space", at: 2000) == [fka(2000, .inputIgnored(stroke(.space, .down), reason: .unboundKey))])
        #expect(session.key("shift+space", at: 3000) == [fka(3000, .activated(back, at: Point(x: 50, y: 25)))])
        #expect(session.key("enter", at: 4000) == [fka(4000, .activated(back, at: Point(x: 50, y: 25)))])
        #expect(session.key("tab+f", at: 5000) == [fka(5000, .inputIgnored(stroke("KEY_F", .down), reason: .unboundKey))])
    }

    @Test func aKeyBoundToTwoCommandsInAFileIsAnErrorNamingBoth() {
        let json = """
        {
          "find": "tab+z"
        }
        """
        #expect(throws: SettingsError(.conflict(key: "tab+z", commands: ["find", "actions"]), at: SourceLocation(file: "keyboard.json", line: 2, column: 11), technology: .fullKeyboardAccess)) {
            try KeyboardAccessSettings.load(json: Array(json.utf8), file: "keyboard.json")
        }
        let error = SettingsError(.conflict(key: "tab+z", commands: ["find", "actions"]), at: SourceLocation(file: "keyboard.json", line: 2, column: 11), technology: .fullKeyboardAccess)
        #expect(error.description == "keyboard.json:2:11: error: tab+z is bound to both 'find' and 'actions'; give each key to one command (bind the other elsewhere, or unbind it with null)")
    }

    @Test func setRebindsAndValidateRejectsAConflictNamingBothCommands() throws {
        var s = KeyboardAccessSettings()
        try s.set("activate", "shift+space")
        #expect(s.keys(of: .activate) == [KeyCombo(.space, modifiers: .shift)])
        try s.set("activate", "space, ctrl+space")
        #expect(s.keys(of: .activate) == [KeyCombo(.space), KeyCombo(.space, modifiers: .control)])
        try s.validate()
        try s.set("find", "tab+z")
        #expect(throws: SessionError.contradictorySettings(
            "tab+z is bound to both 'find' and 'actions'; give each key to one command (bind the other elsewhere, or unbind it with null)",
            settings: ["find", "actions"])) { try s.validate() }
        try s.set("actions", "none")
        try s.validate()
        #expect(s.commandTable()[KeyCombo(Key("KEY_Z"), tab: true)] == .find)
    }

    @Test func setChangesAutoHide() throws {
        var s = KeyboardAccessSettings()
        try s.set("auto-hide", "off")
        #expect(s.autoHide == nil)
        try s.set("auto-hide", "on")
        #expect(s.autoHide == .seconds(15))
        try s.set("auto-hide", "60")
        #expect(s.autoHide == .seconds(60))
        #expect(throws: SettingsError(.invalidValue(name: "auto-hide", value: "0.5", expected: "a whole number of seconds from 1 to 60, or off"), technology: .fullKeyboardAccess)) {
            try s.set("auto-hide", "0.5")
        }
    }

    @Test(arguments: [
        ("{\"activte\": \"space\"}", "keyboard.json:1:13: error: unknown Full Keyboard Access setting 'activte'; did you mean 'activate'?"),
        ("{\"find\": \"tab+\"}", "keyboard.json:1:10: error: setting 'find': 'tab+' has an empty key; write keys joined with '+', e.g. tab+z or shift+tab"),
        ("{\"find\": \"shift\"}", "keyboard.json:1:10: error: setting 'find': 'shift' ends with a modifier key; a binding ends with the key that acts, e.g. shift+tab"),
        ("{\"find\": \"a+f\"}", "keyboard.json:1:10: error: setting 'find': 'a+f' holds a; only modifiers (shift, ctrl, alt, cmd, fn) and tab can be held in a binding"),
        // A Linux name the kernel does not define, as in scenarios and profiles.
        ("{\"find\": \"tab+KEY_TABB\"}", "keyboard.json:1:10: error: setting 'find': unknown key 'KEY_TABB' in 'tab+KEY_TABB': the kernel defines no such key (linux/input-event-codes.h); did you mean 'KEY_TAB'?"),
        ("{\"find\": 3}", "keyboard.json:1:10: error: setting 'find' cannot be 3; expected a key chord such as tab+z, a list of them, or null"),
        ("{\"auto-hide\": 61}", "keyboard.json:1:15: error: setting 'auto-hide' cannot be 61; expected a whole number of seconds from 1 to 60, or off"),
        ("{\"find\": \"tab+f\", \"find\": \"tab+g\"}", "keyboard.json:1:27: error: setting 'find' is given twice (first on line 1); give each setting once"),
        ("[]", "keyboard.json:1:1: error: a settings file is one JSON object of settings by name"),
    ])
    func aBadFileIsAnErrorAtItsLineAndColumn(_ json: String, _ message: String) {
        do {
            _ = try KeyboardAccessSettings.load(json: Array(json.utf8), file: "keyboard.json")
            Issue.record("expected an error for \(json)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func autoHideOutOfRangeIsASessionError() {
        var s = KeyboardAccessSettings()
        s.autoHide = .milliseconds(1500)
        #expect(throws: SessionError.invalidSetting(.invalidValue(name: "auto-hide", value: "1.5s", expected: "a whole number of seconds from 1 to 60, or off"))) {
            try Session(app: tabApp, configuration: SessionConfiguration(technology: .keyboard(s)))
        }
    }

    @Test func technologySettingsKnowKeyboardAccess() {
        #expect(TechnologySettings.defaults(for: .fullKeyboardAccess) == .keyboard(KeyboardAccessSettings()))
        #expect(TechnologySettings.keyboard(KeyboardAccessSettings()).technology == .fullKeyboardAccess)
        #expect(TimerID.keyboard(.autoHide).owner == .fullKeyboardAccess)
        #expect(TimerID.keyboard(.autoHide).description == "autoHide")
    }

    @Test func theDocsListEveryCommandAndSetting() throws {
        let doc = try String(contentsOf: examplesDirectory.deletingLastPathComponent().appendingPathComponent("docs/keyboard-access.md"), encoding: .utf8)
        for name in KeyboardAccessSettings.names {
            #expect(doc.contains("`\(name)`"), "docs/keyboard-access.md does not name \(name)")
        }
    }
}
