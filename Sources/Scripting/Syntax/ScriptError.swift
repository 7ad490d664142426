import Diagnostics

/// A place in a scenario file: file, 1-based line and column (`checkout.swy:12:5`).
/// The project's one location type; a scenario position always has all three.
public typealias SourcePosition = SourceLocation

/// A scenario that cannot run, with where and what was expected. Printed as
/// `checkout.swy:12:5: error: unknown command 'prss'; did you mean 'press'?`.
///
/// An error in a file the scenario names (its settings file, its app) is that
/// file's own diagnostic, at the file's line and column, followed by a note
/// at the scenario line that named the file:
///
///     typo.json:1:23: error: unknown Switch Control setting 'auto-scaning-time'; …
///     b.swy:2:1: note: settings file named here
public struct ScriptError: DiagnosticError, Hashable, Sendable {
    /// The scenario line the error belongs to; a file's errors are reported in this order.
    public var position: SourcePosition
    /// The error, and any notes after it.
    public var diagnostics: [Diagnostic]

    // MARK: - API

    /// An error at a place in the scenario.
    /// - Parameters:
    ///   - message: what is wrong and what was expected.
    ///   - position: where in the scenario.
    public init(_ message: String, at position: SourcePosition) {
        self.position = position
        self.diagnostics = [Diagnostic(.error, message, at: position)]
    }

    /// An error in another file that the scenario names at `position`: the
    /// file's own diagnostics, then `note` at `position`. Diagnostics without
    /// a location (and errors that are not diagnostics) are placed at
    /// `position` instead, with no note.
    /// - Parameters:
    ///   - cause: the other file's error.
    ///   - position: the scenario line that names the file.
    ///   - note: what that line did, e.g. "settings file named here".
    public init(_ cause: any Error, namedAt position: SourcePosition, note: String) {
        self.position = position
        let own = (cause as? any DiagnosticError)?.diagnostics ?? [Diagnostic(.error, "\(cause)")]
        if own.contains(where: { $0.location != nil }) {
            diagnostics = own + [Diagnostic(.note, note, at: position)]
        } else {
            diagnostics = own.map { Diagnostic($0.severity, $0.message, at: position) }
        }
    }

    /// An error of something the scenario names that has no file of its
    /// own (a live app, the accessibility bus): its messages, at `position`.
    /// - Parameters:
    ///   - cause: the error (its diagnostics' locations are dropped).
    ///   - position: the scenario line that names it.
    public init(relocating cause: any Error, to position: SourcePosition) {
        self.position = position
        let own = (cause as? any DiagnosticError)?.diagnostics ?? [Diagnostic(.error, "\(cause)")]
        diagnostics = own.map { Diagnostic($0.severity, $0.message, at: position) }
    }
}

/// Several errors in one scenario, reported together (nothing runs until the
/// whole file is clean).
public struct ScriptErrors: DiagnosticError, Sendable {
    /// The errors, in scenario order.
    public var errors: [ScriptError]

    /// - Parameter errors: the errors, in the order they are printed.
    public init(errors: [ScriptError]) { self.errors = errors }

    public var diagnostics: [Diagnostic] { errors.flatMap(\.diagnostics) }
}
