import ScreenModel
import Diagnostics

/// A Full Keyboard Access setting's value as read from a file or a `set`
/// line, before it is applied, with the text the user wrote.
enum KeyboardSettingValue {
    /// `null`, `false`, `off`, `none`: Auto-Hide off, or a command unbound.
    case off
    /// `true`, `on`: Auto-Hide on with its default time.
    case on
    case number(Double, written: String)
    /// Key chords: one string, a comma-separated list, or a JSON array of strings.
    case keys([String])
    /// A value of the wrong kind (an object, an array holding a number), described.
    case other(String)

    var text: String {
        switch self {
        case .off: return "off"
        case .on: return "on"
        case .number(_, let written): return written
        case .keys(let k): return "'" + k.joined(separator: ", ") + "'"
        case .other(let noun): return noun
        }
    }
}

extension Technology {
    /// Full Keyboard Access: Tab, arrows and Space.
    public static var fullKeyboardAccess: Technology { Technology(KeyboardAccessSettings.self) }
}

extension TechnologySettings {
    /// Full Keyboard Access with `settings`.
    public static func keyboard(_ settings: KeyboardAccessSettings) -> TechnologySettings { TechnologySettings(settings) }

    /// The settings when they are Full Keyboard Access's.
    public var keyboard: KeyboardAccessSettings? { settings as? KeyboardAccessSettings }
}

// Full Keyboard Access's entry in the technology list (`Technology.allCases`):
// it reads its values its own way (key chords), not `SettingsFormat`'s.
extension KeyboardAccessSettings: TechnologySettingsFormat {
    static let kind = TechnologyKind(name: "keyboard", aliases: ["full-keyboard-access", "fka"], title: "Full Keyboard Access", navigation: .focusGroups)

    func makeTechnology(navigation: NavigationOptions, screen: Screen) -> any AssistiveTechnology {
        KeyboardAccess(settings: self, navigation: navigation, screen: screen)
    }

    // MARK: - API

    /// Reads a Full Keyboard Access settings file (docs/keyboard-access.md,
    /// "Settings file").
    ///
    /// The file is one JSON object. `auto-hide` is a whole number of seconds
    /// (1 to 60), `true` (15 s) or `false`/`null` (off). Every other key is a
    /// command's name (`activate`, `move-forward`, …) with its keys: a chord
    /// such as `"tab+z"`, an array of chords, or `null` (unbound). A missing
    /// key keeps its default. A key bound to two commands is an error at the
    /// line that made the conflict, naming both commands.
    /// - Parameter settings: the file, parsed.
    /// - Returns: the settings.
    /// - Throws: `SettingsError` quoting the bad name or value, at its line and column.
    static func load(_ settings: SettingsDocument) throws(SettingsError) -> KeyboardAccessSettings {
        var s = KeyboardAccessSettings()
        for (key, node, here) in try settings.members(of: technology) {
            do {
                try s.apply(key, readValue(settings.doc, node))
            } catch {
                throw SettingsError(error.problem, at: here, technology: .fullKeyboardAccess)
            }
        }
        if let c = s.firstConflict {
            let at = settings.locations[c.second.rawValue] ?? settings.locations[c.first.rawValue] ?? SourceLocation(file: settings.file)
            throw SettingsError(.conflict(key: c.key.description, commands: [c.first.rawValue, c.second.rawValue]), at: at, technology: .fullKeyboardAccess)
        }
        return s
    }

    /// Changes one setting from text, as a scenario's `set auto-hide 20` or
    /// `set activate shift+space` does.
    ///
    /// Values: for `auto-hide`, a whole number of seconds, `on` or `off`; for
    /// a command, a chord (`tab+z`), a comma-separated list of chords, or
    /// `none` (unbound). Conflicts are checked by `validate()` (a scenario
    /// checks after each `set`).
    /// - Parameters:
    ///   - name: the setting's name.
    ///   - value: the value as written.
    /// - Throws: `SettingsError` quoting the bad name or value (no
    ///   location: the caller knows where the line stands).
    mutating func set(_ name: String, _ value: String) throws(SettingsError) {
        let lower = value.lowercased()
        let v: KeyboardSettingValue
        if ["off", "false", "none", "null"].contains(lower) {
            v = .off
        } else if lower == "on" || lower == "true" {
            v = .on
        } else if let n = Double(value) {
            v = .number(n, written: value)
        } else {
            v = .keys(value.split(separator: ",").map { String($0).trimmingSpaces })
        }
        try apply(name, v)
    }

    // MARK: - Reading and applying

    static func readValue(_ doc: JSONDocument, _ node: Int) -> KeyboardSettingValue {
        switch doc.kind(node) {
        case .null, .false: return .off
        case .true: return .on
        case .number:
            let n = doc.number(node) ?? .nan
            return .number(n, written: doc.numberText(node) ?? writtenNumber(n))
        case .string: return .keys([doc.string(node) ?? ""])
        case .array:
            var keys: [String] = []
            for item in doc.elements(node) {
                guard let k = doc.string(item) else { return .other("an array holding \(doc.kind(item).noun)") }
                keys.append(k)
            }
            return .keys(keys)
        case .object: return .other("an object")
        }
    }

    mutating func apply(_ name: String, _ value: KeyboardSettingValue) throws(SettingsError) {
        if name == "auto-hide" {
            switch value {
            case .off: autoHide = nil
            case .on: autoHide = Self.defaultAutoHide
            case .number(let n, let written):
                guard n.isFinite, n == n.rounded(), n >= Double(Self.autoHideRange.lowerBound), n <= Double(Self.autoHideRange.upperBound) else {
                    throw Self.error(.invalidValue(name: name, value: written, expected: "a whole number of seconds from 1 to 60, or off"))
                }
                autoHide = .seconds(n)
            case .keys, .other:
                throw Self.error(.invalidValue(name: name, value: value.text, expected: "a whole number of seconds from 1 to 60, or off"))
            }
            return
        }
        guard let command = KeyboardCommand(rawValue: name) else {
            throw Self.error(.unknownSetting(name: name, suggestion: Suggestion.closest(to: name, among: Self.names)))
        }
        switch value {
        case .off:
            bindings[command] = []
        case .keys(let specs):
            var combos: [KeyCombo] = []
            for spec in specs {
                do {
                    let combo = try KeyCombo.parse(spec)
                    if !combos.contains(combo) { combos.append(combo) }
                } catch {
                    throw Self.error(.invalidKeys(name: name, message: error.message))
                }
            }
            guard !combos.isEmpty else {
                throw Self.error(.invalidValue(name: name, value: value.text, expected: "a key chord such as tab+z, a list of them, or null"))
            }
            bindings[command] = combos
        case .on, .number, .other:
            throw Self.error(.invalidValue(name: name, value: value.text, expected: "a key chord such as tab+z, a list of them, or null"))
        }
    }
}

extension KeyboardAccessSettings {
    /// A problem with a Full Keyboard Access setting, without a location.
    static func error(_ problem: SettingsError.Problem) -> SettingsError {
        SettingsError(problem, technology: .fullKeyboardAccess)
    }
}
