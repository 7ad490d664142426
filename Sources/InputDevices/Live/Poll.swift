/// One `poll()` for readability, for callers outside the live loop (the
/// `record` command, tests waiting on umockdev with a bounded timeout).
public enum Poll {
    /// The fds among `fds` that are readable (or in error) within
    /// `timeoutMilliseconds` (< 0: wait forever). Empty on timeout or EINTR.
    /// The corresponding C function is `poll`.
    public static func readable(_ fds: [Int32], timeoutMilliseconds: Int32) throws(Errno) -> Set<Int32> {
        try system_pollReadable(fds, timeoutMilliseconds: timeoutMilliseconds)
    }
}
