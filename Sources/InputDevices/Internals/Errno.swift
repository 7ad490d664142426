import Glibc

/// A POSIX error number returned by libc, libevdev (as `-errno`) or libudev.
///
/// Constants carry Swift names; each notes its C name.
public struct Errno: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Operation not permitted. The corresponding C error is `EPERM`.
    public static let notPermitted = Errno(rawValue: EPERM)
    /// No such file or directory. The corresponding C error is `ENOENT`.
    public static let noSuchFile = Errno(rawValue: ENOENT)
    /// Interrupted system call. The corresponding C error is `EINTR`.
    public static let interrupted = Errno(rawValue: EINTR)
    /// Try again: nothing to read yet. The corresponding C error is `EAGAIN`.
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    /// Permission denied. The corresponding C error is `EACCES`.
    public static let permissionDenied = Errno(rawValue: EACCES)
    /// Device or resource busy (another process holds the grab). The corresponding C error is `EBUSY`.
    public static let busy = Errno(rawValue: EBUSY)
    /// No such device (unplugged). The corresponding C error is `ENODEV`.
    public static let noDevice = Errno(rawValue: ENODEV)
    /// Invalid argument. The corresponding C error is `EINVAL`.
    public static let invalidArgument = Errno(rawValue: EINVAL)
    /// Not a typewriter: the descriptor is not a terminal. The corresponding C error is `ENOTTY`.
    public static let notATerminal = Errno(rawValue: ENOTTY)

    /// The message `strerror` gives. The corresponding C function is `strerror`.
    public var description: String { "\(system_strerror(rawValue)) (errno \(rawValue))" }

    /// The current thread's `errno`.
    static var current: Errno { Errno(rawValue: system_errno()) }
}

/// Turns a libc-style result (`-1` and `errno`) into a value or a typed error,
/// retrying on `EINTR` when `retryOnInterrupt` is set. This is the one place
/// that rule is written.
@inline(__always)
func valueOrErrno<I: FixedWidthInteger>(retryOnInterrupt: Bool = true, _ call: () -> I) throws(Errno) -> I {
    while true {
        let result = call()
        if result != -1 { return result }
        let error = Errno.current
        if retryOnInterrupt && error == .interrupted { continue }
        throw error
    }
}

/// Turns a libevdev/libudev-style result (`>= 0` or `-errno`) into a value or a typed error.
@inline(__always)
func valueOrNegatedErrno(_ result: Int32) throws(Errno) -> Int32 {
    if result < 0 { throw Errno(rawValue: -result) }
    return result
}
