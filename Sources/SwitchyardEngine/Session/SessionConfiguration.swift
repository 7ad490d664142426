import ScreenModel
import Diagnostics

/// One technology a session runs, with its settings: the one list of
/// technologies the engine knows (adding one is a case here and in
/// `makeTechnology`; docs/ARCHITECTURE.md, "Adding a technology").
public enum TechnologySettings: Hashable, Sendable {
    /// Switch Control (item and point scanning).
    case switchControl(SwitchControlSettings)
    /// Voice Control (names, numbers, the grid and spoken commands).
    case voiceControl(VoiceControlSettings)
    /// Full Keyboard Access (Tab, arrows, Space and the Tab commands).
    case keyboard(KeyboardAccessSettings)

    /// Which technology these settings are for.
    public var technology: Technology {
        switch self {
        case .switchControl: return .switchControl
        case .voiceControl: return .voiceControl
        case .keyboard: return .fullKeyboardAccess
        }
    }

    /// The technology's defaults.
    public static func defaults(for technology: Technology) -> TechnologySettings? {
        switch technology {
        case .switchControl: return .switchControl(SwitchControlSettings())
        case .voiceControl: return .voiceControl(VoiceControlSettings())
        case .fullKeyboardAccess: return .keyboard(KeyboardAccessSettings())
        }
    }

    /// Checks the settings on their own (ranges, switches, contradictions).
    /// - Throws: `SessionError` naming the setting.
    public func validate() throws(SessionError) {
        switch self {
        case .switchControl(let s): try s.validate()
        case .voiceControl(let s): try s.validate()
        case .keyboard(let s): try s.validate()
        }
    }

    /// The technology value the session drives.
    func makeTechnology(navigation: NavigationOptions, screen: Screen) -> any AssistiveTechnology {
        switch self {
        case .switchControl(let s): return SwitchControl(settings: s, navigation: navigation, screen: screen)
        case .voiceControl(let s): return VoiceControl(settings: s, navigation: navigation, screen: screen)
        case .keyboard(let s): return KeyboardAccess(settings: s, navigation: navigation, screen: screen)
        }
    }

    /// The names of `technology`'s settings, as files and `set` lines write them.
    public static func settingNames(of technology: Technology) -> [String] {
        switch technology {
        case .switchControl: return SwitchControlSettings.names
        case .voiceControl: return VoiceControlSettings.names
        case .fullKeyboardAccess: return KeyboardAccessSettings.names
        }
    }

    /// Reads `technology`'s settings file with that technology's own reader
    /// (`SwitchControlSettings.load`, `KeyboardAccessSettings.load`,
    /// `VoiceControlSettings.load`).
    /// - Parameters:
    ///   - technology: whose settings the file holds.
    ///   - json: the file's bytes.
    ///   - file: the name used in error messages.
    /// - Returns: the settings.
    /// - Throws: `SettingsError` quoting the bad name or value, at its line and column.
    public static func load(_ technology: Technology, json: [UInt8], file: String) throws(SettingsError) -> TechnologySettings {
        switch technology {
        case .switchControl: return .switchControl(try SwitchControlSettings.load(json: json, file: file))
        case .voiceControl: return .voiceControl(try VoiceControlSettings.load(json: json, file: file))
        case .fullKeyboardAccess: return .keyboard(try KeyboardAccessSettings.load(json: json, file: file))
        }
    }

    /// Changes one setting from a `set` line's text, the technology's own
    /// way (`SwitchControlSettings.set`, `KeyboardAccessSettings.set`,
    /// `VoiceControlSettings.set`); `validate()` checks the result.
    /// - Parameters:
    ///   - name: the setting's name.
    ///   - value: the value as written.
    /// - Throws: `SettingsError` quoting the bad name or value (no location).
    public mutating func set(_ name: String, _ value: String) throws(SettingsError) {
        switch self {
        case .switchControl(var s): try s.set(name, value); self = .switchControl(s)
        case .voiceControl(var s): try s.set(name, value); self = .voiceControl(s)
        case .keyboard(var s): try s.set(name, value); self = .keyboard(s)
        }
    }

    /// The technology that has a setting called `name`, of all the
    /// technologies (`settingNames(of:)`); nil when none has.
    public static func owner(ofSetting name: String) -> Technology? {
        Technology.allCases.first { settingNames(of: $0).contains(name) }
    }
}

extension SessionConfiguration {
    /// Why `technology` cannot run beside `other` in one session as a person
    /// uses them, or nil when it can.
    ///
    /// Voice Control runs beside Switch Control or Full Keyboard Access (as
    /// on iOS: it hears only speech). Switch Control and Full Keyboard Access
    /// together are refused [model choice]: each moves its own cursor over
    /// the same elements, and a keyboard's keys are Switch Control switches
    /// on iOS, so every key would have two owners; the spec and the issue
    /// describe Voice Control beside either, never the two together. The
    /// `Session` itself runs any set of distinct technologies (its tests
    /// route inputs through such pairs); scenarios and the command line ask
    /// this first.
    /// - Parameters:
    ///   - technology: the technology being added.
    ///   - other: one already chosen.
    /// - Returns: the reason, for an error message; nil when they can run together.
    public static func conflict(adding technology: Technology, beside other: Technology) -> String? {
        if technology == other { return "'\(technology.name)' is named twice; give each technology once" }
        let pair: Set<Technology> = [technology, other]
        if pair == [.switchControl, .fullKeyboardAccess] {
            return "Switch Control and Full Keyboard Access cannot run together (both move a cursor over the same elements, and a keyboard's keys are Switch Control switches); run Voice Control beside either: switch-control and voice, or keyboard and voice"
        }
        return nil
    }
}

/// What a session needs besides the app.
public struct SessionConfiguration: Hashable, Sendable {
    /// The active technologies and their settings, at most one of each
    /// kind; an input goes to the first that handles it.
    public var technologies: [TechnologySettings]
    /// Navigation-order options shared by every technology. Switch Control
    /// overrides Group Items, the group size and the row overlap from its
    /// own settings (`SwitchControlSettings.navigation(_:)`).
    public var navigation: NavigationOptions

    /// - Parameters:
    ///   - technologies: the technologies and their settings.
    ///   - navigation: navigation-order options.
    public init(technologies: [TechnologySettings], navigation: NavigationOptions = NavigationOptions()) {
        self.technologies = technologies
        self.navigation = navigation
    }

    /// One technology; default Switch Control with Apple's defaults.
    public init(technology: TechnologySettings = .switchControl(SwitchControlSettings()), navigation: NavigationOptions = NavigationOptions()) {
        self.init(technologies: [technology], navigation: navigation)
    }

    /// The settings of `technology`, when it is active.
    public func settings(of technology: Technology) -> TechnologySettings? {
        technologies.first { $0.technology == technology }
    }
}

/// Why a session cannot be made, or its settings cannot change.
public enum SessionError: DiagnosticError, Hashable, Sendable {
    /// The app's start screen does not exist.
    case unknownStartScreen(String, known: [String])
    /// Manual Scanning with fewer than the two switches it needs.
    case manualScanningNeedsTwoSwitches(configured: [SwitchID])
    /// Single Switch Step Scanning with no switch that moves.
    case stepScanningNeedsAMoveSwitch(configured: [SwitchID])
    /// Settings that contradict each other (Hold Duration not shorter than the Auto Tap time, …).
    case contradictorySettings(String, settings: [String])
    /// Two switches share a name, or there are none.
    case invalidSwitches(String)
    /// A setting outside its range.
    case invalidSetting(SettingsError.Problem)
    /// No technology, or two of one kind.
    case invalidTechnologies(String)

    /// The message without location or severity.
    public var message: String {
        switch self {
        case .unknownStartScreen(let s, let known):
            return "the start screen '\(s)' is not in the app; screens: \(known.joined(separator: ", "))"
        case .manualScanningNeedsTwoSwitches(let ids):
            return "Manual Scanning needs at least two switches, one that moves (move-to-next-item or move-to-previous-item) and one that selects (select-item or tap); configured: \(ids.map(\.name).joined(separator: ", ")). Add a switch, e.g. {\"switch\": \"next\", \"action\": \"move-to-next-item\"}, or use auto-scanning."
        case .stepScanningNeedsAMoveSwitch(let ids):
            return "Single Switch Step Scanning needs a switch that moves (select-item or move-to-next-item); configured: \(ids.map(\.name).joined(separator: ", "))"
        case .contradictorySettings(let message, _), .invalidSwitches(let message), .invalidTechnologies(let message):
            return message
        case .invalidSetting(let problem):
            return SettingsError(problem).message
        }
    }

    /// The setting the error is about, when it is one setting (for callers
    /// that point at the line that set it).
    public var settingNames: [String] {
        switch self {
        case .invalidSetting(let p): return p.settingName.map { [$0] } ?? []
        case .manualScanningNeedsTwoSwitches, .stepScanningNeedsAMoveSwitch, .invalidSwitches: return ["switches", "scanning-style"]
        case .contradictorySettings(_, let names): return names
        case .unknownStartScreen, .invalidTechnologies: return []
        }
    }

    /// A session error has no place in a file of its own; the caller that
    /// knows which file or line made the configuration adds it.
    public var diagnostics: [Diagnostic] { [Diagnostic(.error, message)] }
}
