import ScreenModel
import Diagnostics

/// A technology's settings type as the engine sees it: the entry of the
/// technology list (`Technology`), declared in the technology's folder.
/// Reading a file and `set` lines come from `SettingsFormat` for types that
/// read their values the common way; a type may read its own (Full Keyboard
/// Access's key chords).
protocol TechnologySettingsFormat: Hashable, Sendable {
    /// The technology's name, aliases, title and navigation style.
    static var kind: TechnologyKind { get }
    /// The settings' names as files and `set` lines write them, in documentation order.
    static var names: [String] { get }
    /// The defaults.
    init()
    /// Reads a settings file already parsed as one JSON object of settings by name.
    /// - Throws: `SettingsError` quoting the bad name or value, at its line and column.
    static func load(_ document: SettingsDocument) throws(SettingsError) -> Self
    /// Changes one setting from a `set` line's text; `validate()` checks the result.
    /// - Throws: `SettingsError` quoting the bad name or value (no location).
    mutating func set(_ name: String, _ value: String) throws(SettingsError)
    /// Checks the settings on their own (ranges, contradictions).
    /// - Throws: `SessionError` naming the settings.
    func validate() throws(SessionError)
    /// The value the session drives with these settings.
    func makeTechnology(navigation: NavigationOptions, screen: Screen) -> any AssistiveTechnology
    /// Why `input` names something these settings do not have (a switch no
    /// entry configures), for the checks before a scenario runs; nil when they have it.
    func problem(with input: Input) -> String?
    /// The settings `problem(with:)` reads: after a file or a `set` of one
    /// of them fails, inputs are no longer checked.
    static var inputSettingNames: Set<String> { get }
}

extension TechnologySettingsFormat {
    /// The technology these settings are for.
    static var technology: Technology { Technology(Self.self) }

    func problem(with input: Input) -> String? { nil }

    static var inputSettingNames: Set<String> { [] }

    /// Reads a settings file: one JSON object of settings by kebab-case name.
    /// - Throws: `SettingsError` quoting the bad name or value, at its line and column.
    static func load(json: [UInt8], file: String) throws(SettingsError) -> Self {
        try load(SettingsDocument(json: json, file: file, technology: technology))
    }

    /// Whether `other` holds the same settings.
    func isEqual(to other: any TechnologySettingsFormat) -> Bool {
        (other as? Self) == self
    }
}

/// One technology a session runs, with its settings. What each technology's
/// settings are lives in its folder; this is their one shape for the
/// session, scenarios and the command line (`TechnologySettings.switchControl(_:)`
/// makes one, `.switchControl` reads it back, for each technology).
public struct TechnologySettings: Hashable, Sendable {
    var settings: any TechnologySettingsFormat

    init(_ settings: any TechnologySettingsFormat) {
        self.settings = settings
    }

    public static func == (a: TechnologySettings, b: TechnologySettings) -> Bool {
        a.settings.isEqual(to: b.settings)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(technology)
        settings.hash(into: &hasher)
    }

    /// Which technology these settings are for.
    public var technology: Technology { Technology(type(of: settings)) }

    /// The technology's defaults.
    public static func defaults(for technology: Technology) -> TechnologySettings {
        technology.defaults
    }

    /// Reads `technology`'s settings file with that technology's own reader.
    /// - Parameters:
    ///   - technology: whose settings the file holds.
    ///   - json: the file's bytes.
    ///   - file: the name used in error messages.
    /// - Returns: the settings.
    /// - Throws: `SettingsError` quoting the bad name or value, at its line and column.
    public static func load(_ technology: Technology, json: [UInt8], file: String) throws(SettingsError) -> TechnologySettings {
        try load(technology, SettingsDocument(json: json, file: file, technology: technology))
    }

    /// Reads a parsed settings file with `technology`'s reader.
    static func load(_ technology: Technology, _ document: SettingsDocument) throws(SettingsError) -> TechnologySettings {
        TechnologySettings(try technology.settingsType.load(document))
    }

    /// Checks the settings on their own (ranges, switches, contradictions).
    /// - Throws: `SessionError` naming the setting.
    public func validate() throws(SessionError) {
        try settings.validate()
    }

    /// Changes one setting from a `set` line's text, the technology's own
    /// way; `validate()` checks the result.
    /// - Parameters:
    ///   - name: the setting's name.
    ///   - value: the value as written.
    /// - Throws: `SettingsError` quoting the bad name or value (no location).
    public mutating func set(_ name: String, _ value: String) throws(SettingsError) {
        try settings.set(name, value)
    }

    /// Why `input` names something these settings do not have (Switch
    /// Control: a switch no entry configures, with "did you mean"); nil when
    /// they have it.
    public func problem(with input: Input) -> String? {
        settings.problem(with: input)
    }

    /// The value the session drives.
    func makeTechnology(navigation: NavigationOptions, screen: Screen) -> any AssistiveTechnology {
        settings.makeTechnology(navigation: navigation, screen: screen)
    }
}
