/// One of the assistive technologies Switchyard simulates, by its one name.
///
/// The name (`switch-control`, `keyboard`, `voice`) is the same everywhere:
/// the CLI's `--technology`, a scenario's `technology` line, transcripts,
/// JSON reports and the docs. Older spellings are accepted as aliases.
public enum Technology: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Switch Control: item and point scanning with switches.
    case switchControl = "switch-control"
    /// Full Keyboard Access: Tab, arrows and Space.
    case fullKeyboardAccess = "keyboard"
    /// Voice Control: spoken commands, names, numbers and the grid.
    case voiceControl = "voice"

    /// The one name, as written in commands, scenarios and files.
    public var name: String { rawValue }

    /// Older or longer spellings accepted for each name.
    public static let aliases: [String: Technology] = [
        "switch": .switchControl, "switchcontrol": .switchControl,
        "full-keyboard-access": .fullKeyboardAccess, "fka": .fullKeyboardAccess,
        "voice-control": .voiceControl,
    ]

    /// The technology named `name` (its one name, or an alias).
    public init?(name: String) {
        if let t = Technology(rawValue: name) ?? Technology.aliases[name] { self = t } else { return nil }
    }

    /// The names a user may write, one per technology, for messages.
    public static var names: [String] { allCases.map(\.name) }

    /// `Switch Control`, `Full Keyboard Access`, `Voice Control`.
    public var description: String {
        switch self {
        case .switchControl: return "Switch Control"
        case .fullKeyboardAccess: return "Full Keyboard Access"
        case .voiceControl: return "Voice Control"
        }
    }
}
