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

extension KeyboardAccessSettings {
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
    /// - Parameters:
    ///   - json: the file's bytes.
    ///   - file: the name used in error messages.
    /// - Returns: the settings.
    /// - Throws: `KeyboardSettingsError` quoting the bad name or value, at its line and column.
    public static func load(json: [UInt8], file: String) throws(KeyboardSettingsError) -> KeyboardAccessSettings {
        let doc: JSONDocument
        do {
            doc = try JSONDocument(bytes: json)
        } catch {
            throw KeyboardSettingsError(.syntax(error.message), at: SourceLocation(file: file, line: error.line, column: error.column))
        }
        guard doc.kind(doc.root) == .object else {
            throw KeyboardSettingsError(.syntax("a settings file is one JSON object of settings by name"), at: SourceLocation(file: file, line: 1, column: 1))
        }
        var s = KeyboardAccessSettings()
        var seen: [String: SourceLocation] = [:]
        for (key, node) in doc.members(doc.root) {
            let (line, column) = doc.position(of: node)
            let here = SourceLocation(file: file, line: line, column: column)
            if let first = seen[key] { throw KeyboardSettingsError(.duplicateSetting(name: key, firstLine: first.line ?? 0), at: here) }
            seen[key] = here
            if key == "$schema" || key == "comment" { continue }
            do {
                try s.apply(key, readValue(doc, node))
            } catch {
                throw KeyboardSettingsError(error.problem, at: here)
            }
        }
        if let c = s.firstConflict {
            let at = seen[c.second.rawValue] ?? seen[c.first.rawValue] ?? SourceLocation(file: file)
            throw KeyboardSettingsError(.conflict(key: c.key.description, commands: [c.first.rawValue, c.second.rawValue]), at: at)
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
    /// - Throws: `KeyboardSettingsError` quoting the bad name or value (no
    ///   location: the caller knows where the line stands).
    public mutating func set(_ name: String, _ value: String) throws(KeyboardSettingsError) {
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
            return .number(n, written: SwitchControlSettings.written(n))
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

    mutating func apply(_ name: String, _ value: KeyboardSettingValue) throws(KeyboardSettingsError) {
        if name == "auto-hide" {
            switch value {
            case .off: autoHide = nil
            case .on: autoHide = Self.defaultAutoHide
            case .number(let n, let written):
                guard n.isFinite, n == n.rounded(), n >= Double(Self.autoHideRange.lowerBound), n <= Double(Self.autoHideRange.upperBound) else {
                    throw KeyboardSettingsError(.invalidValue(name: name, value: written, expected: "a whole number of seconds from 1 to 60, or off"))
                }
                autoHide = .seconds(n)
            case .keys, .other:
                throw KeyboardSettingsError(.invalidValue(name: name, value: value.text, expected: "a whole number of seconds from 1 to 60, or off"))
            }
            return
        }
        guard let command = KeyboardCommand(rawValue: name) else {
            throw KeyboardSettingsError(.unknownSetting(name: name, suggestion: Suggestion.closest(to: name, among: Self.names)))
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
                    throw KeyboardSettingsError(.invalidKeys(name: name, message: error.message))
                }
            }
            guard !combos.isEmpty else {
                throw KeyboardSettingsError(.invalidValue(name: name, value: value.text, expected: "a key chord such as tab+z, a list of them, or null"))
            }
            bindings[command] = combos
        case .on, .number, .other:
            throw KeyboardSettingsError(.invalidValue(name: name, value: value.text, expected: "a key chord such as tab+z, a list of them, or null"))
        }
    }
}

/// A Full Keyboard Access settings file or `set` line that cannot be used:
/// what is wrong, and where (file, line and column for a file; none for a
/// `set` line, whose caller knows where it stands and adds it).
public struct KeyboardSettingsError: DiagnosticError, Hashable, Sendable {
    /// What is wrong.
    public enum Problem: Hashable, Sendable {
        /// The file is not JSON, or not one object.
        case syntax(String)
        /// A name no setting or command has.
        case unknownSetting(name: String, suggestion: String?)
        /// A value of the wrong kind or out of range.
        case invalidValue(name: String, value: String, expected: String)
        /// A binding that is not a usable key chord (`KeyChordError`'s message).
        case invalidKeys(name: String, message: String)
        /// A setting given twice in one file.
        case duplicateSetting(name: String, firstLine: Int)
        /// One key bound to two commands.
        case conflict(key: String, commands: [String])
    }

    public var problem: Problem
    public var location: SourceLocation?

    public init(_ problem: Problem, at location: SourceLocation? = nil) {
        self.problem = problem
        self.location = location
    }

    /// The message without location or severity.
    public var message: String {
        switch problem {
        case .syntax(let message):
            return message
        case .unknownSetting(let name, let suggestion):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? "; known settings: \(KeyboardAccessSettings.names.joined(separator: ", "))"
            return "unknown Full Keyboard Access setting '\(name)'\(hint)"
        case .invalidValue(let name, let value, let expected):
            return "setting '\(name)' cannot be \(value); expected \(expected)"
        case .invalidKeys(let name, let message):
            return "setting '\(name)': \(message)"
        case .duplicateSetting(let name, let firstLine):
            return "setting '\(name)' is given twice (first on line \(firstLine)); give each setting once"
        case .conflict(let key, let commands):
            return KeyboardAccessSettings.conflictMessage(key, commands.first ?? "", commands.last ?? "")
        }
    }

    public var diagnostics: [Diagnostic] { [Diagnostic(.error, message, at: location)] }
}
