import ScreenModel
import Diagnostics

// The one reader of technology settings files and `set` lines. Each
// technology's settings type says which names it has and how a value applies
// (`SettingsFormat`); reading the JSON, reporting a bad value at its line and
// column, refusing a setting given twice and checking the ranges once the
// whole file is read happen here, the same way for every technology.

/// A setting's value as read from a file or a `set` command, before it is
/// checked, with the text the user wrote (errors quote it as written).
enum SettingValue {
    case null
    case bool(Bool)
    case number(Double, written: String)
    case string(String)
    case switches([SwitchAssignment])

    /// The value as the user wrote it, for error messages.
    var text: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return String(b)
        case .number(_, let written): return written
        case .string(let s): return "'\(s)'"
        case .switches(let s): return Plural.count(s.count, "switch", "switches")
        }
    }

    /// A `set` line's text as a value: `on`/`true`, `off`/`false`,
    /// `null`/`unlimited`, a number, or else a string.
    init(text value: String) {
        let lower = value.lowercased()
        if lower == "on" || lower == "true" {
            self = .bool(true)
        } else if lower == "off" || lower == "false" {
            self = .bool(false)
        } else if lower == "null" || lower == "unlimited" {
            self = .null
        } else if let n = Double(value) {
            self = .number(n, written: value)
        } else {
            self = .string(value)
        }
    }
}

/// A technology's settings as a file format: its names, how one value
/// applies, and its ranges. Reading a file (`load`) and a `set` line (`set`)
/// are shared: every conforming type gets them from here.
protocol SettingsFormat: TechnologySettingsFormat {
    /// Reads a JSON array or object given for setting `name`; by default it is refused.
    static func readStructured(_ doc: JSONDocument, _ node: Int, name: String) throws(SettingsError) -> SettingValue
    /// Reads a `set` line's text for a setting whose value is structured;
    /// nil when `name` takes a plain value.
    static func parseStructured(name: String, text: String) throws(SettingsError) -> SettingValue?
    /// Sets `name` to `value`, checking its kind.
    mutating func apply(_ name: String, _ value: SettingValue) throws(SettingsError)
    /// Every setting outside its range, in documentation order.
    func rangeProblems() -> [SettingsError.Problem]
}

extension SettingsFormat {
    static func readStructured(_ doc: JSONDocument, _ node: Int, name: String) throws(SettingsError) -> SettingValue {
        throw SettingsError(.invalidValue(name: name, value: doc.kind(node).noun, expected: "a number, a string or a boolean"), technology: technology)
    }

    static func parseStructured(name: String, text: String) throws(SettingsError) -> SettingValue? { nil }

    /// Reads a settings file: one JSON object of settings by kebab-case name,
    /// every key optional (a missing one keeps its default); `$schema` and
    /// `comment` are skipped. Ranges are checked after the whole file is read.
    /// - Throws: `SettingsError` quoting the bad name or value, at its line and column.
    static func load(_ settings: SettingsDocument) throws(SettingsError) -> Self {
        var s = Self()
        for (key, node, here) in try settings.members(of: technology) {
            do {
                let value = try readValue(settings.doc, node, name: key)
                try s.apply(key, value)
            } catch {
                var location = error.location ?? here
                location.file = settings.file
                throw SettingsError(error.problem, at: location, technology: technology)
            }
        }
        if let problem = s.rangeProblems().first {
            throw SettingsError(problem, at: problem.settingName.flatMap { settings.locations[$0] } ?? SourceLocation(file: settings.file), technology: technology)
        }
        return s
    }

    /// Changes one setting from a `set` line's text.
    /// - Throws: `SettingsError` quoting the bad name or value (no location).
    mutating func set(_ name: String, _ value: String) throws(SettingsError) {
        let v = try Self.parseStructured(name: name, text: value) ?? SettingValue(text: value)
        do {
            try apply(name, v)
        } catch {
            throw SettingsError(error.problem, at: error.location, technology: Self.technology)
        }
    }

    /// One JSON value: a scalar, or what `readStructured` makes of an array or object.
    static func readValue(_ doc: JSONDocument, _ node: Int, name: String) throws(SettingsError) -> SettingValue {
        switch doc.kind(node) {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number:
            let n = doc.number(node) ?? .nan
            return .number(n, written: doc.numberText(node) ?? writtenNumber(n))
        case .string: return .string(doc.string(node) ?? "")
        case .object, .array: return try readStructured(doc, node, name: name)
        }
    }
}

/// A JSON number as the user most likely wrote it: `2`, `0.7`, `1e-07`.
func writtenNumber(_ n: Double) -> String {
    if n.isFinite, n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
    return String(n)
}

/// The checks every setting's value goes through, by kind; `bad` is the
/// error for a value of the wrong kind or out of range.
struct SettingReader {
    let name: String
    let value: SettingValue
    let technology: Technology

    func bad(_ expected: String) -> SettingsError {
        SettingsError(.invalidValue(name: name, value: value.text, expected: expected), technology: technology)
    }

    /// `true` or `false` (`on`/`off` on a `set` line).
    func flag() throws(SettingsError) -> Bool {
        guard case .bool(let b) = value else { throw bad("true or false") }
        return b
    }

    /// A whole number within `range`.
    func whole(_ range: ClosedRange<Double>) throws(SettingsError) -> Int {
        guard case .number(let n, _) = value, n.isFinite, n == n.rounded(), range.contains(n) else {
            throw bad("a whole number from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
        }
        return Int(n)
    }

    /// One of an enumeration's kebab-case raw values (or an alias).
    func choice<E: RawRepresentable & CaseIterable>(_ type: E.Type, aliases: [String: E] = [:]) throws(SettingsError) -> E where E.RawValue == String {
        guard case .string(let s) = value, let e = E(rawValue: s) ?? aliases[s] else {
            throw bad("one of: \(E.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return e
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
