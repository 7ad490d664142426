import SwitchyardEngine
import ScreenModel
import Diagnostics

/// A command line split into positional arguments, `--option value` pairs and
/// `--flag`s, checked against what the command accepts.
///
/// Every word that starts with a dash is an option, short ones too: `-q`
/// is an unknown option, not a file named `-q` (the tool has no short
/// options but `-h`, which `Tool` reads first). A file whose name starts
/// with a dash is given after `--`, or as `./-q`; `-` alone is a positional.
struct Arguments {
    var positionals: [String] = []
    var options: [String: [String]] = [:]
    var flags: Set<String> = []

    /// Parses `args` for a command that takes `options` (with a value) and `flags`.
    /// - Throws: `UsageError` naming the unknown or incomplete option.
    init(_ args: [String], command: String, options: Set<String>, flags: Set<String>) throws(UsageError) {
        var k = 0
        var onlyPositionals = false
        while k < args.count {
            let a = args[k]
            k += 1
            if onlyPositionals || !a.hasPrefix("-") || a == "-" {
                positionals.append(a)
                continue
            }
            if a == "--" { onlyPositionals = true; continue }
            guard a.hasPrefix("--") else { throw Self.unknownShortOption(a, command: command, known: options.union(flags)) }
            var name = String(a.dropFirst(2))
            var inlineValue: String? = nil
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if flags.contains(name) {
                guard inlineValue == nil else { throw UsageError(command: command, message: "'--\(name)' takes no value") }
                self.flags.insert(name)
            } else if options.contains(name) {
                let value: String
                if let v = inlineValue {
                    value = v
                } else {
                    guard k < args.count else { throw UsageError(command: command, message: "'--\(name)' needs a value") }
                    value = args[k]
                    k += 1
                }
                self.options[name, default: []].append(value)
            } else {
                let known = (options.union(flags)).sorted().map { "--\($0)" }
                throw UsageError(command: command, message: "unknown option '\(a)'" + (known.isEmpty ? "" : "; expected one of: \(known.joined(separator: ", "))"))
            }
        }
    }

    /// `-q`: the tool's options are long ones; the one that starts with the
    /// same letter is suggested when there is one, else all are listed.
    static func unknownShortOption(_ a: String, command: String, known: Set<String>) -> UsageError {
        let alike = known.filter { $0.hasPrefix(a.dropFirst().prefix(1)) }.sorted()
        let hint = alike.count == 1 ? "did you mean '--\(alike[0])'?"
            : "expected one of: " + known.sorted().map { "--\($0)" }.joined(separator: ", ")
        return UsageError(command: command, message: "unknown option '\(a)'" + (known.isEmpty ? "" : "; " + hint)
                          + " (a file named '\(a)' goes after '--')")
    }

    /// The last value given for `name`.
    func value(_ name: String) -> String? { options[name]?.last }

    /// The value of `name`, which must be one of `allowed`.
    func choice(_ name: String, command: String, allowed: [String]) throws(UsageError) -> String? {
        guard let v = value(name) else { return nil }
        guard allowed.contains(v) else {
            throw UsageError(command: command, message: "'--\(name) \(v)' is not valid; expected one of: \(allowed.joined(separator: ", "))")
        }
        return v
    }

    /// The options of every command that loads an app file (docs/importing.md),
    /// read by `importOptions(command:)`: `--app-format NAME` (the format,
    /// instead of detection by content; not `--format`, which names the
    /// output's format on `inspect`, `bench` and `replay`) and `--density D`
    /// (an Android capture's density).
    static let importOptionNames: Set<String> = ["app-format", "density"]

    /// `--app-format` and `--density` as the `ImportOptions` every app load takes.
    /// - Throws: `UsageError` quoting a format that is not one of
    ///   `AppFormat.names`, or a density that is neither pixels per dp nor
    ///   dpi within `AndroidDensity.range`.
    func importOptions(command: String) throws(UsageError) -> ImportOptions {
        var options = ImportOptions()
        if let f = try choice("app-format", command: command, allowed: AppFormat.names) { options.format = AppFormat(rawValue: f) }
        if let v = value("density") {
            guard let d = AndroidDensity(parsing: v) else {
                let r = AndroidDensity.range
                throw UsageError(command: command, message: "'--density \(v)' is not valid; expected pixels per dp from \(Point.format(r.lowerBound)) to "
                    + "\(Point.format(r.upperBound)) (such as 2.625), or dots per inch from \(Point.format(r.lowerBound * 160)) to \(Point.format(r.upperBound * 160)) (such as 420 or 420dpi)")
            }
            options.density = d
        }
        return options
    }

    /// The usage lines of `--app-format` and `--density`, their descriptions
    /// starting at `column` (as the command's other options do).
    static func importUsage(column: Int) -> String {
        func option(_ name: String, _ lines: [String]) -> String {
            let head = "  " + name
            let pad = String(repeating: " ", count: max(2, column - head.count))
            return head + pad + lines.joined(separator: "\n" + String(repeating: " ", count: column))
        }
        return option("--app-format", [AppFormat.names.dropLast().joined(separator: ", ") + " or " + AppFormat.names.last! + ": the app file's format",
                                       "(default: detected by content)"]) + "\n"
            + option("--density", ["an Android capture's density: pixels per dp (2.625) or dpi (420, as adb shell wm density",
                                   "prints it); guessed from the screen's size when absent, with a warning"])
    }

    /// `--technology NAME`: one of the technologies' one names
    /// (`switch-control`, `keyboard`, `voice`) or an alias (`switch`).
    func technology(command: String) throws(UsageError) -> Technology? {
        guard let v = value("technology") else { return nil }
        guard let t = Technology(name: v) else {
            throw UsageError(command: command, message: "'--technology \(v)' is not valid; expected one of: \(Technology.names.joined(separator: ", "))")
        }
        return t
    }
}

/// A command line the tool cannot use; printed with the usage of the
/// command it is about (exit status 2):
/// `switchyard run: error: unknown option '--bogus'; expected one of: …`.
struct UsageError: DiagnosticError, Equatable {
    /// The command's name, or nil for the tool itself (an unknown command).
    var command: String?
    /// What is wrong and what was expected.
    var message: String

    /// The command line is the place: `switchyard run`, or `switchyard`.
    var diagnostics: [Diagnostic] {
        [Diagnostic(.error, message, at: SourceLocation(file: "switchyard" + (command.map { " " + $0 } ?? "")))]
    }
}
