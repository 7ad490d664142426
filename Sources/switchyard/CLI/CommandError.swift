import Diagnostics

/// A module's error that has no place of its own (a desktop app's, the
/// accessibility bus's), placed at the command that met it, in the one
/// diagnostic shape: `switchyard inspect: error: no accessible app named …`.
/// Diagnostics that have a place (a file, a line) keep it.
struct CommandError: DiagnosticError {
    /// The command's name (`inspect`).
    let command: String
    /// The module's error.
    let cause: any DiagnosticError

    init(command: String, _ cause: any DiagnosticError) {
        self.command = command
        self.cause = cause
    }

    var diagnostics: [Diagnostic] {
        cause.diagnostics.map { d in
            d.location == nil ? Diagnostic(d.severity, d.message, at: SourceLocation(file: "switchyard \(command)")) : d
        }
    }
}
