import Diagnostics

/// A settings file or `set` command that cannot be used: what is wrong, and
/// where (file, line and column for a file; none for a `set` command, whose
/// caller knows where the command stands and adds it). One type for every
/// technology's settings; `technology` names whose they are.
public struct SettingsError: DiagnosticError, Hashable, Sendable {
    /// What is wrong.
    public enum Problem: Hashable, Sendable {
        /// The file is not JSON, or not one object.
        case syntax(String)
        /// A name no setting has.
        case unknownSetting(name: String, suggestion: String?)
        /// A value of the wrong kind or out of range.
        case invalidValue(name: String, value: String, expected: String)
        /// A setting given twice in one file.
        case duplicateSetting(name: String, firstLine: Int)
        /// Full Keyboard Access: a binding that is not a usable key chord (`KeyChordError`'s message).
        case invalidKeys(name: String, message: String)
        /// Full Keyboard Access: one key bound to two commands.
        case conflict(key: String, commands: [String])
    }

    public var problem: Problem
    public var location: SourceLocation?
    /// Whose settings: named in "unknown … setting" (default Switch Control).
    public var technology: Technology

    public init(_ problem: Problem, at location: SourceLocation? = nil, technology: Technology = .switchControl) {
        self.problem = problem
        self.location = location
        self.technology = technology
    }

    /// The message without location or severity.
    public var message: String {
        switch problem {
        case .syntax(let message):
            return message
        case .unknownSetting(let name, let suggestion):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? "; known settings: \(technology.settingNames.joined(separator: ", "))"
            return "unknown \(technology) setting '\(name)'\(hint)"
        case .invalidValue(let name, let value, let expected):
            return "setting '\(name)' cannot be \(value); expected \(expected)"
        case .duplicateSetting(let name, let firstLine):
            return "setting '\(name)' is given twice (first on line \(firstLine)); give each setting once"
        case .invalidKeys(let name, let message):
            return "setting '\(name)': \(message)"
        case .conflict(let key, let commands):
            return KeyboardAccessSettings.conflictMessage(key, commands.first ?? "", commands.last ?? "")
        }
    }

    public var diagnostics: [Diagnostic] { [Diagnostic(.error, message, at: location)] }
}

extension SettingsError.Problem {
    /// The setting the problem is about, when it names one.
    var settingName: String? {
        switch self {
        case .syntax: return nil
        case .unknownSetting(let name, _), .invalidValue(let name, _, _), .duplicateSetting(let name, _), .invalidKeys(let name, _): return name
        case .conflict(_, let commands): return commands.last
        }
    }
}
