/// Where a diagnostic points: a file, and inside it a line and column (text
/// formats: JSON, XML, scenarios, evemu) or a path (an element path such as
/// `root/children[2]`, or a JSON path such as `switches[1]`), when known.
///
/// Every error the tool prints carries one of these; `Diagnostic` renders it
/// the one way the compiler does: `file:line:col: error: …`.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file as the user named it (or a stand-in such as `<command line>`).
    public var file: String?
    /// 1-based line, when the format has lines.
    public var line: Int?
    /// 1-based column (in characters), when known.
    public var column: Int?
    /// A path inside the document: an element path or a JSON path.
    public var path: String?

    /// - Parameters:
    ///   - file: the file as the user named it.
    ///   - line: 1-based line.
    ///   - column: 1-based column.
    ///   - path: an element or JSON path inside the file.
    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, path: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
    }

    /// `file:12:5`, `file: root/children[2]`, `file`, or `root/children[2]`.
    public var description: String {
        var head = ""
        if let file {
            head = file
            if let line {
                head += ":\(line)"
                if let column { head += ":\(column)" }
            }
        }
        guard let path else { return head }
        return head.isEmpty ? path : head + ": " + path
    }

    /// File order: by file, then line, then column (missing parts first).
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        ((a.file ?? ""), (a.line ?? 0), (a.column ?? 0), (a.path ?? "")) < ((b.file ?? ""), (b.line ?? 0), (b.column ?? 0), (b.path ?? ""))
    }
}

/// How serious a diagnostic is.
public enum Severity: String, Hashable, Sendable, CaseIterable {
    /// The input cannot be used; the command exits non-zero.
    case error
    /// The input is used, but probably not as meant.
    case warning
    /// More about the diagnostic before it.
    case note
}

/// One message for the user, in the project's one shape: a severity, where
/// (when known), and what is wrong and what was expected.
///
/// Rendered like a compiler diagnostic, which editors and CI logs pick up:
///
///     checkout.swy:12:5: error: unknown command 'prss'; did you mean 'press'?
///     app.json: root/children[2]: error: missing field 'label'
///     switchyard record: error: no input devices found; plug in a switch interface …
///
/// The text is made safe for a terminal: control characters and bidi
/// overrides that came from someone's file are shown escaped (`TerminalText`).
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public var severity: Severity
    public var location: SourceLocation?
    /// What is wrong and what was expected, without location or severity.
    public var message: String

    /// - Parameters:
    ///   - severity: error (default), warning or note.
    ///   - message: what is wrong and what was expected.
    ///   - location: where, when known.
    public init(_ severity: Severity = .error, _ message: String, at location: SourceLocation? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// The one rendering of every diagnostic the tool prints.
    public var description: String {
        let place = location.map(\.description) ?? ""
        let head = place.isEmpty ? "" : place + ": "
        return TerminalText.escaped(head + severity.rawValue + ": " + message)
    }
}

/// An error the tool can show the user: typed, with a location, rendered by
/// `Diagnostic` (never by hand, never parsed back from text).
///
/// Conforming types give `diagnostics` (one, or several when a file's errors
/// are reported together); `description` comes from them.
public protocol DiagnosticError: Error, CustomStringConvertible {
    /// The diagnostics, in the order they are printed.
    var diagnostics: [Diagnostic] { get }
}

extension DiagnosticError {
    /// Each diagnostic's rendering, one per line, at most
    /// `Diagnostic.perFileLimit` errors and warnings of a file (`Diagnostic.bounded`).
    public var description: String { Diagnostic.bounded(diagnostics).map(\.description).joined(separator: "\n") }
}

extension Diagnostic: DiagnosticError {
    public var diagnostics: [Diagnostic] { [self] }
}

// MARK: - Bounded lists

extension Diagnostic {
    /// The most errors and warnings shown for one file: a file with
    /// hundreds of bad lines shows the first twenty, then how many more.
    public static let perFileLimit = 20

    /// `diagnostics` as the tool prints them: at most `limit` errors and
    /// warnings of each file, in order; the rest of that file's, and the
    /// notes that follow them, become one note where the first was left
    /// out: `many.swy: note: and 10 more errors (only the first 20 of a file are shown)`.
    /// Diagnostics with no file count as one file.
    /// - Parameters:
    ///   - diagnostics: the list, in the order it is printed.
    ///   - limit: errors and warnings shown per file.
    /// - Returns: the list, bounded.
    public static func bounded(_ diagnostics: [Diagnostic], perFile limit: Int = perFileLimit) -> [Diagnostic] {
        var shown: [String?: Int] = [:]
        var left: [String?: (errors: Int, warnings: Int, at: Int)] = [:]
        var out: [Diagnostic] = []
        var dropping = false
        for d in diagnostics {
            let file = d.location?.file
            if d.severity == .note {
                if !dropping { out.append(d) }
                continue
            }
            let n = shown[file, default: 0]
            guard n >= limit else {
                shown[file] = n + 1
                dropping = false
                out.append(d)
                continue
            }
            dropping = true
            var l = left[file] ?? (0, 0, out.count)
            if l.errors + l.warnings == 0 { out.append(d) }   // the note's place, filled below
            if d.severity == .error { l.errors += 1 } else { l.warnings += 1 }
            left[file] = l
        }
        for (file, l) in left {
            out[l.at] = more(errors: l.errors, warnings: l.warnings, file: file, limit: limit)
        }
        return out
    }

    /// The note that stands for what a bounded list leaves out of a file:
    /// `many.swy: note: and 10 more errors (only the first 20 of a file are shown)`.
    /// - Parameters:
    ///   - errors: errors left out.
    ///   - warnings: warnings left out.
    ///   - file: their file.
    ///   - limit: how many were shown.
    public static func more(errors: Int, warnings: Int, file: String?, limit: Int = perFileLimit) -> Diagnostic {
        let what: String
        switch (errors, warnings) {
        case (_, 0): what = errors == 1 ? "error" : "errors"
        case (0, _): what = warnings == 1 ? "warning" : "warnings"
        default: what = "errors and warnings"
        }
        return Diagnostic(.note, "and \(errors + warnings) more \(what) (only the first \(limit) of a file are shown)",
                          at: file.map { SourceLocation(file: $0) })
    }
}
