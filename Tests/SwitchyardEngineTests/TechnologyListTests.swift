import Foundation
import Testing
import Diagnostics
import DemoApp
import ScreenModel
@testable import SwitchyardEngine

/// The one technology list (`Technology.allCases`): every entry is whole —
/// its names, its settings (read, `set`, validated, defaults), the value the
/// session drives, its navigation style — with nothing to look up elsewhere.
@Suite struct TechnologyListTests {
    @Test func theListIsTheDocumentedOne() {
        #expect(Technology.names == ["switch-control", "keyboard", "voice"])
        #expect(Technology.allCases.map(\.description) == ["Switch Control", "Full Keyboard Access", "Voice Control"])
        #expect(Technology.allCases.map(\.navigationStyle) == [.scanning, .focusGroups, .flat])
    }

    @Test(arguments: Technology.allCases)
    func everyEntryIsWhole(_ technology: Technology) throws {
        #expect(Technology(name: technology.name) == technology)
        for alias in technology.aliases { #expect(Technology(name: alias) == technology) }
        let defaults = technology.defaults
        #expect(defaults.technology == technology)
        #expect(TechnologySettings.defaults(for: technology) == defaults)
        try defaults.validate()
        // An empty file keeps every default; the reader is the technology's own.
        #expect(try TechnologySettings.load(technology, json: Array("{}".utf8), file: "empty.json") == defaults)
        // The factory: a session runs on the defaults and says which technology it runs.
        let session = try Session(app: DemoApp.load(), configuration: SessionConfiguration(technologies: [defaults]))
        #expect(session.activeTechnologies == [technology])
        #expect(!technology.settingNames.isEmpty)
        for name in technology.settingNames { #expect(Technology.owner(ofSetting: name) == technology) }
    }

    /// A name (one name, alias or setting) means one technology.
    @Test func everyNameBelongsToOneTechnology() {
        var owner: [String: Technology] = [:]
        for t in Technology.allCases {
            for name in [t.name] + t.aliases {
                #expect(owner.updateValue(t, forKey: "technology " + name) == nil, "\(name)")
            }
            for name in t.settingNames {
                #expect(owner.updateValue(t, forKey: "setting " + name) == nil, "\(name)")
            }
        }
        #expect(Technology(name: "braille") == nil)
    }

    /// What a technology's settings are checked for comes from its own type:
    /// Switch Control's switch rules are contradictions of its settings, not
    /// cases of the session's error.
    @Test func switchRulesAreSwitchControlsOwnWords() {
        var settings = SwitchControlSettings()
        settings.switches = []
        #expect(throws: SessionError.contradictorySettings("no switches are configured; add one, e.g. {\"switch\": \"select\", \"action\": \"select-item\"}",
                                                           settings: ["switches", "scanning-style"])) {
            try TechnologySettings.switchControl(settings).validate()
        }
        settings.switches = [SwitchAssignment("m", .scannerMenu)]
        settings.scanningStyle = .singleSwitchStepScanning
        #expect(throws: SessionError.contradictorySettings("Single Switch Step Scanning needs a switch that moves (select-item or move-to-next-item); configured: m",
                                                           settings: ["switches", "scanning-style"])) {
            try TechnologySettings.switchControl(settings).validate()
        }
    }

    /// The check before a scenario runs asks the technology's settings
    /// whether an input names something they have (Scripting knows no switch).
    @Test func inputsAreCheckedByTheirTechnologysSettings() {
        let switchControl = Technology.switchControl.defaults
        #expect(switchControl.problem(with: .switchDown("select")) == nil)
        #expect(switchControl.problem(with: .switchUp("selcet")) == "unknown switch 'selcet'; did you mean 'select'?")
        #expect(switchControl.problem(with: .switchDown("zzz")) == "unknown switch 'zzz'; the configured switches are: select")
        #expect(Technology.switchControl.inputSettingNames == ["switches"])
        for t in [Technology.fullKeyboardAccess, .voiceControl] {
            #expect(t.defaults.problem(with: .utterance("tap Cart")) == nil)
            #expect(t.inputSettingNames.isEmpty)
        }
    }
}

/// `SettingsFiles`: the one reader of settings files for the command line,
/// scenarios, bench and tune.
@Suite struct SettingsFilesTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("settings-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static let howToAdd: @Sendable (Technology) -> String = { "add --technology \($0.name)" }

    @Test func eachFileIsReadByTheTechnologyWhoseNamesItHolds() throws {
        var files = SettingsFiles(for: [.fullKeyboardAccess, .voiceControl], howToAdd: Self.howToAdd)
        let voice = try files.load(try file("v.json", #"{"overlay": "names"}"#))
        #expect(voice.voiceControl?.overlay == .names)
        let keyboard = try files.load(try file("k.json", #"{"auto-hide": 20}"#))
        #expect(keyboard.keyboard?.autoHide == .seconds(20))
        #expect(files.configuration() == [keyboard, voice])
        // A file naming no setting of any technology is the first technology's.
        var other = SettingsFiles(for: [.voiceControl, .fullKeyboardAccess], howToAdd: Self.howToAdd)
        #expect(try other.load(try file("empty.json", "{}")).technology == .voiceControl)
        #expect(other.configuration() == [Technology.voiceControl.defaults, Technology.fullKeyboardAccess.defaults])
    }

    @Test func aFileForATechnologyIsReadByIt() throws {
        var files = SettingsFiles(for: [.fullKeyboardAccess], howToAdd: Self.howToAdd)
        let path = try file("typo.json", #"{"auto-scanning-time": 2}"#)
        #expect(throws: SettingsFileError.invalid(SettingsError(.unknownSetting(name: "auto-scanning-time", suggestion: nil),
                                                                at: SourceLocation(file: path, line: 1, column: 24), technology: .fullKeyboardAccess))) {
            try files.load(path, for: .fullKeyboardAccess)
        }
    }

    /// One wording for every caller: the file's own diagnostic.
    @Test func aSecondFileIsRefusedUnread() throws {
        var files = SettingsFiles(for: [.voiceControl], howToAdd: Self.howToAdd)
        let first = try file("a.json", #"{"overlay": "names"}"#)
        try files.load(first, for: .voiceControl)
        let missing = folder.appendingPathComponent("missing.json").path
        let error = #expect(throws: SettingsFileError.self) { try files.load(missing, for: .voiceControl) }
        #expect(error?.description == "\(missing): error: a second Voice Control settings file (the first is '\(first)'); give one settings file per technology")
    }

    @Test func aFileThatCannotBeReadSaysWhy() throws {
        var files = SettingsFiles(for: [.switchControl], howToAdd: Self.howToAdd)
        let error = #expect(throws: SettingsFileError.self) { try files.load(folder.path) }
        #expect(error?.description == "\(folder.path): error: cannot read the settings file: it is a directory")
    }

    @Test func settingsOfAnotherTechnologyAreRefusedAtTheirName() throws {
        var files = SettingsFiles(for: [.switchControl], howToAdd: Self.howToAdd)
        let path = try file("kb.json", "{\n  \"auto-hide\": 20\n}")
        let error = #expect(throws: SettingsFileError.self) { try files.load(path) }
        #expect(error?.description == "\(path):2:3: error: 'auto-hide' is a Full Keyboard Access setting, but the session runs Switch Control; add --technology keyboard, or give this file to a session that runs it")
        var both = SettingsFiles(for: [.fullKeyboardAccess, .voiceControl], howToAdd: Self.howToAdd)
        let mixed = try file("mixed.json", "{\"overlay\": \"names\",\n \"auto-hide\": 20}")
        let second = #expect(throws: SettingsFileError.self) { try both.load(mixed) }
        #expect(second?.description == "\(mixed):2:2: error: 'auto-hide' is a Full Keyboard Access setting, but 'overlay' (line 1) is a Voice Control one; give each technology its own settings file")
    }

    @Test func theCallerGivesTheSettingsOfTechnologiesWithoutAFile() throws {
        var box = SwitchControlSettings()
        box.switches = [SwitchAssignment("select", .selectItem), SwitchAssignment("next", .moveToNextItem)]
        let files = SettingsFiles(for: [.switchControl, .voiceControl], howToAdd: Self.howToAdd)
        #expect(files.configuration(base: [.switchControl(box)]) == [.switchControl(box), Technology.voiceControl.defaults])
    }
}
