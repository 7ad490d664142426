import Foundation
import Diagnostics

/// Writing to standard output and error without buffering surprises, and
/// the one way the tool shows an error.
enum Output {
    static func out(_ s: String) {
        FileHandle.standardOutput.write(Data(s.utf8))
    }
    static func err(_ s: String) {
        FileHandle.standardError.write(Data((s.hasSuffix("\n") ? s : s + "\n").utf8))
    }

    // MARK: - Diagnostics

    /// Prints `error` on standard error in the one diagnostic shape
    /// (`file:line:col: error: …`).
    /// - Parameters:
    ///   - error: a `DiagnosticError`, or (until every module's errors are
    ///     diagnostics) any error, shown as `error: <its description>`.
    ///   - severity: shown instead of the error's own (e.g. `.warning` for
    ///     a device problem the command goes on after).
    static func report(_ error: any Error, as severity: Severity? = nil) {
        var diagnostics = (error as? any DiagnosticError)?.diagnostics ?? [Diagnostic(.error, "\(error)")]
        if let severity {
            diagnostics = diagnostics.map { $0.severity == .error ? Diagnostic(severity, $0.message, at: $0.location) : $0 }
        }
        report(diagnostics)
    }

    /// Prints `diagnostics` on standard error, one per line.
    static func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        err(diagnostics.map(\.description).joined(separator: "\n"))
    }
}
