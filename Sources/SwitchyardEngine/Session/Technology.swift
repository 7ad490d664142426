import ScreenModel

/// One of the assistive technologies Switchyard simulates: an entry of the
/// one list, `Technology.allCases`.
///
/// A technology is its settings type (`TechnologySettingsFormat`, in the
/// technology's folder): its one name and aliases, its title, the navigation
/// order it uses, its setting names, how its settings file is read, how a
/// `set` line changes it, how it is validated, its defaults and the value the
/// session drives all come from there. The name (`switch-control`,
/// `keyboard`, `voice`) is the same everywhere: the CLI's `--technology`, a
/// scenario's `technology` line, transcripts, JSON reports and the docs.
/// Older spellings are accepted as aliases. Adding a technology is its
/// folder and one line in `allCases` (docs/ARCHITECTURE.md, "Adding a technology").
public struct Technology: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The technology's settings type, from which everything else follows.
    let settingsType: any TechnologySettingsFormat.Type

    init(_ settingsType: any TechnologySettingsFormat.Type) {
        self.settingsType = settingsType
    }

    /// Every technology the engine simulates, in documentation order: the one list.
    public static let allCases: [Technology] = [.switchControl, .fullKeyboardAccess, .voiceControl]

    public static func == (a: Technology, b: Technology) -> Bool {
        ObjectIdentifier(a.settingsType) == ObjectIdentifier(b.settingsType)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(settingsType))
    }

    var kind: TechnologyKind { settingsType.kind }

    /// The one name, as written in commands, scenarios and files.
    public var name: String { kind.name }

    /// Older or longer spellings accepted for the name.
    public var aliases: [String] { kind.aliases }

    /// `Switch Control`, `Full Keyboard Access`, `Voice Control`.
    public var description: String { kind.title }

    /// How the technology's navigation order groups the stops (`NavigationOrder`).
    public var navigationStyle: NavigationStyle { kind.navigation }

    /// The names of its settings, as files and `set` lines write them, in documentation order.
    public var settingNames: [String] { settingsType.names }

    /// The settings its input checks read (`TechnologySettings.problem(with:)`:
    /// Switch Control's `switches`); empty when it checks none.
    public var inputSettingNames: Set<String> { settingsType.inputSettingNames }

    /// Its settings as they are before a file or a `set` line changes them.
    public var defaults: TechnologySettings { TechnologySettings(settingsType.init()) }

    /// The technology named `name` (its one name, or an alias).
    public init?(name: String) {
        guard let t = Technology.allCases.first(where: { $0.name == name || $0.aliases.contains(name) }) else { return nil }
        self = t
    }

    /// The names a user may write, one per technology, for messages.
    public static var names: [String] { allCases.map(\.name) }

    /// The technology that has a setting called `name`, of all the
    /// technologies; nil when none has.
    public static func owner(ofSetting name: String) -> Technology? {
        allCases.first { $0.settingNames.contains(name) }
    }
}

/// What names a technology and how its screens are ordered: each settings
/// type's `kind`, declared in the technology's folder.
struct TechnologyKind: Sendable {
    /// The one name (`switch-control`).
    let name: String
    /// Older or longer spellings (`switch`, `switchcontrol`).
    let aliases: [String]
    /// The title in messages and reports (`Switch Control`).
    let title: String
    /// How its navigation order groups the stops.
    let navigation: NavigationStyle
}

extension NavigationOrder {
    /// The order of `screen` as `technology` navigates it (its `navigationStyle`).
    public init(screen: Screen, technology: Technology, options: NavigationOptions = .init()) {
        self.init(screen: screen, style: technology.navigationStyle, options: options)
    }
}

extension InspectionReport {
    /// The `inspect` report of `screen` under `technology`.
    public init(app: AppModel, screen: Screen, technology: Technology, options: NavigationOptions = .init()) {
        self.init(app: app, screen: screen, style: technology.navigationStyle, technologyName: technology.name,
                  technologyTitle: technology.description, options: options)
    }
}
