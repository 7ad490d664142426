import ScreenModel
import Diagnostics

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

    /// Puts `settings` in place of the settings of their technology, when it
    /// is active (a scenario's `set` line); nothing changes when it is not.
    public mutating func replace(_ settings: TechnologySettings) {
        if let i = technologies.firstIndex(where: { $0.technology == settings.technology }) { technologies[i] = settings }
    }
}

/// Why a session cannot be made, or its settings cannot change. What is
/// wrong with one technology's settings is said in its own words (its
/// `validate()`); this type knows no technology.
public enum SessionError: DiagnosticError, Hashable, Sendable {
    /// The app's start screen does not exist.
    case unknownStartScreen(String, known: [String])
    /// Settings that cannot work together (Hold Duration not shorter than the
    /// Auto Tap time, Manual Scanning with one switch, a key bound twice, …):
    /// the message, and the settings it is about.
    case contradictorySettings(String, settings: [String])
    /// A setting outside its range.
    case invalidSetting(SettingsError.Problem)
    /// No technology, or two of one kind.
    case invalidTechnologies(String)

    /// The message without location or severity.
    public var message: String {
        switch self {
        case .unknownStartScreen(let s, let known):
            return "the start screen '\(s)' is not in the app; screens: \(known.joined(separator: ", "))"
        case .contradictorySettings(let message, _), .invalidTechnologies(let message):
            return message
        case .invalidSetting(let problem):
            return SettingsError(problem).message
        }
    }

    /// The settings the error is about (for callers that point at the line
    /// that set one).
    public var settingNames: [String] {
        switch self {
        case .invalidSetting(let p): return p.settingName.map { [$0] } ?? []
        case .contradictorySettings(_, let names): return names
        case .unknownStartScreen, .invalidTechnologies: return []
        }
    }

    /// A session error has no place in a file of its own; the caller that
    /// knows which file or line made the configuration adds it.
    public var diagnostics: [Diagnostic] { [Diagnostic(.error, message)] }
}
