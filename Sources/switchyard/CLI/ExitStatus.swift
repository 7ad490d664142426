import Glibc

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
    /// `live` ended by the emergency chord (the first switch held 10 s, or
    /// Escape 5 times in 2 s): the way out when the screen is unusable.
    case emergencyExit = 3
    /// `live` ended by SIGHUP (the terminal closed): 128 + 1.
    case hangup = 129
    /// `live` ended by SIGINT (Ctrl-C): 128 + 2, as shells report it.
    case interrupted = 130
    /// `live` ended by SIGTERM: 128 + 15.
    case terminated = 143

    /// The conventional status after signal `s` (128 + s) among those `live` catches.
    static func after(signal s: Int32) -> ExitStatus {
        switch s {
        case SIGHUP: return .hangup
        case SIGINT: return .interrupted
        case SIGPIPE: return .brokenPipe
        default: return .terminated
        }
    }
}
