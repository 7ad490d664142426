/// The tool's exit statuses. A command's `run()` returns one; every error
/// becomes one in `Tool.status(after:)`.
enum ExitStatus: Int32 {
    /// Everything ran and every expectation held.
    case success = 0
    /// Something ran and an expectation failed.
    case failure = 1
    /// The input could not be used (bad arguments, files, scripts, profiles),
    /// or an output could not be written.
    case unusableInput = 2
    /// Standard output is a pipe its reader closed (`switchyard inspect |
    /// head -1`): 128 + `SIGPIPE`, the status a shell shows for a program the
    /// signal ended. Nothing is printed.
    case brokenPipe = 141
}
