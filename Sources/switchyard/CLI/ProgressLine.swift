import Glibc

/// A line on standard error that says how far a long computation has got
/// (`bench --simulate`: `simulating home: 1200 of 8000 trials`), rewritten
/// in place at most ten times a second and erased when the work ends.
///
/// Only a terminal shows it: when standard error is a file or a pipe
/// (`2> log`, CI), `make` returns nil and nothing is written, so logs and
/// the diagnostics there stay as they were.
final class ProgressLine {
    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant? = nil
    private var shown = false

    private init() {}

    /// A progress line on standard error, or nil when standard error is not a terminal.
    static func make() -> ProgressLine? {
        FileSystem.isTerminal(STDERR_FILENO) ? ProgressLine() : nil
    }

    /// Shows `text` in place of what the line showed, unless it showed
    /// something less than a tenth of a second ago (and `text` is not the last).
    /// - Parameters:
    ///   - text: one line, terminal-safe.
    ///   - final: whether this is the work's last report (always shown).
    func show(_ text: String, final: Bool = false) {
        let now = clock.now
        if !final, let last, now - last < .milliseconds(100) { return }
        last = now
        write("\r\u{1B}[K" + text)
        shown = true
    }

    /// Erases the line (before the results are printed).
    func finish() {
        guard shown else { return }
        write("\r\u{1B}[K")
        shown = false
    }

    private func write(_ s: String) {
        Output.flush()
        var text = s
        text.withUTF8 { try? FileSystem.writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
    }

    deinit { finish() }
}
