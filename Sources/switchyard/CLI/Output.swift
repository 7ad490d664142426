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
///
/// When one of the command's output files is standard output (`--svg -`,
/// `--transcript /dev/stdout`), that file is the only thing written there:
/// `Outputs` moves the command's text to standard error
/// (`moveTextToStandardError`).
enum Output {
    private static let standardOutput = Mutex(BufferedWriter(fd: STDOUT_FILENO, flushesEachWrite: FileSystem.isTerminal(STDOUT_FILENO)))
    /// Where the text goes: standard output, or standard error once an
    /// output file is standard output.
    private static let textDescriptor = Mutex(STDOUT_FILENO)
    /// A closed pipe met by an output file that is standard output: the
    /// tool ends as a closed standard output ends it (status 141).
    private static let outputFilePipeClosed = Mutex(false)

    /// Sends the text `out` writes from now on to standard error, after
    /// what it has buffered: an output file (`--png /dev/stdout`) is
    /// standard output's only content. Idempotent.
    static func moveTextToStandardError() {
        standardOutput.withLock { writer in
            guard writer.fd == STDOUT_FILENO else { return }
            writer.flush()
            writer = BufferedWriter(fd: STDERR_FILENO, flushesEachWrite: FileSystem.isTerminal(STDERR_FILENO))
        }
        textDescriptor.withLock { $0 = STDERR_FILENO }
    }

    /// The descriptor the text goes to (to ask whether it is a terminal).
    static var textFileDescriptor: Int32 { textDescriptor.withLock { $0 } }

    /// Records that an output file that is standard output met a closed
    /// pipe: the tool ends quietly with status 141 (`finish`).
    static func outputFileMetClosedPipe() {
        outputFilePipeClosed.withLock { $0 = true }
    }

    /// Appends `s` to the text (standard output, buffered). Text from other people's
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
        if outputFilePipeClosed.withLock({ $0 }) { return .brokenPipe }
        guard let failure = standardOutputFailure else { return status }
        if failure == .brokenPipe { return .brokenPipe }
        report(SetupError.cannotWriteStandardOutput(command: command, reason: failure.description))
        return .unusableInput
    }

    // MARK: - Diagnostics

    /// The command running, set once by `Tool` when it has found it: the
    /// place of a diagnostic that has none of its own.
    private static let runningCommand = Mutex<String?>(nil)

    /// Names the command that is running (`Tool.dispatch`).
    static func commandStarted(_ name: String) {
        runningCommand.withLock { $0 = name }
    }

    /// Prints `error` on standard error in the one diagnostic shape
    /// (`file:line:col: error: …`).
    /// - Parameters:
    ///   - error: a `DiagnosticError`, or (until every module's errors are
    ///     diagnostics) any error, shown as `switchyard CMD: error: <its description>`.
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
    /// many more (`Diagnostic.bounded`, the one rule); one without a place
    /// of its own (`no input devices found`) is the command's:
    /// `switchyard CMD: error: …` (`placed`).
    static func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        let command = runningCommand.withLock { $0 }
        err(Diagnostic.bounded(diagnostics).map { placed($0, command: command).description }.joined(separator: "\n"))
    }

    /// `diagnostic`, at `switchyard COMMAND` (or `switchyard` before a
    /// command is found) when it names no place.
    static func placed(_ diagnostic: Diagnostic, command: String?) -> Diagnostic {
        guard (diagnostic.location?.description ?? "").isEmpty else { return diagnostic }
        var d = diagnostic
        d.location = SourceLocation(file: "switchyard" + (command.map { " " + $0 } ?? ""))
        return d
    }
}
