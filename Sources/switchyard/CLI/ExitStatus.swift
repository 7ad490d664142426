/// The tool's exit statuses, set in one place.
enum ExitStatus: Int32 {
    /// Everything ran and every expectation held.
    case success = 0
    /// Something ran and an expectation failed.
    case failure = 1
    /// The input could not be used: bad arguments, files, scripts, profiles.
    case unusableInput = 2
}
