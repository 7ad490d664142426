import Glibc
import Diagnostics
import Synchronization

/// Standard output and error, and the one way the tool shows an error.
///
/// Standard output is buffered (one `write(2)` per 64 KiB, `BufferedWriter`;
/// on a terminal, one per call) and flushed before anything goes to
/// standard error and when the tool ends (`finish`). A failed write never
/// traps: the first failure is kept, later output is dropped, and `finish`
/// turns it into the exit status: a closed pipe (`switchyard inspect | head
/// -1`) ends quietly with status 141, as if `SIGPIPE` had ended the tool
/// (the signal itself is ignored); any other failure (disk full, `>
/// /dev/full`) prints one line on standard error and exits with status 2.
enum Output {
    private static let standardOutput = Mutex(BufferedWriter(fd: STDOUT_FILENO, flushesEachWrite: FileSystem.isTerminal(STDOUT_FILENO)))

    /// Appends `s` to standard output (buffered). Text from other people's
    /// files must be made terminal-safe (`TerminalText`) by whoever formats it.
    static func out(_ s: String) {
        standardOutput.withLock { $0.write(s) }
    }

    /// Appends `bytes` (UTF-8) to standard output; a large piece goes out
    /// without a copy.
    static func out(_ bytes: UnsafeRawBufferPointer) {
        standardOutput.withLock { $0.write(bytes) }
    }

    /// Writes what standard output has buffered.
    static func flush() {
        standardOutput.withLock { $0.flush() }
    }

    /// The first failed write to standard output, if any.
    static var standardOutputFailure: SystemError? {
        standardOutput.withLock { $0.failure }
    }

    /// Writes `s` (and a newline if it has none) on standard error at once,
    /// after what standard output has buffered. A failed write to standard
    /// error is ignored: there is nowhere left to report it.
    static func err(_ s: String) {
        flush()
        var text = s.hasSuffix("\n") ? s : s + "\n"
        text.withUTF8 { try? FileSystem.writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
    }

    /// Flushes standard output and gives the tool's exit status: `status`,
    /// or, when standard output could not be written, 141 for a closed pipe
    /// (quietly) and 2 for anything else (with one line on standard error).
    /// - Parameters:
    ///   - status: what the command returned.
    ///   - command: the command's name, for the message.
    static func finish(_ status: ExitStatus, command: String?) -> ExitStatus {
        flush()
        guard let failure = standardOutputFailure else { return status }
        if failure == .brokenPipe { return .brokenPipe }
        report(SetupError.cannotWriteStandardOutput(command: command, reason: failure.description))
        return .unusableInput
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

    /// Prints `diagnostics` on standard error, one per line, at most
    /// `Diagnostic.perFileLimit` errors and warnings of each file, then how
    /// many more (`Diagnostic.bounded`, the one rule).
    static func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        err(Diagnostic.bounded(diagnostics).map(\.description).joined(separator: "\n"))
    }
}
