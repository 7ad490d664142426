import Glibc

/// Reading a file the user named as input (a scenario, an app, a settings
/// file, a profile, a recording, a GameControllerDB): the one place the tool
/// opens its inputs, so every command reads the same kinds of file and gives
/// the same reasons when it cannot.
///
/// Read to the end: regular files, FIFOs, pipes and process substitutions
/// (`<(…)`, `/dev/fd/63`), and `/dev/stdin` (a pipe, a file or a terminal).
/// Refused with "not a regular file": other devices (`/dev/zero` never ends),
/// sockets. A directory is "a directory", never "permission denied".
public enum InputFile {
    /// Why a file could not be read.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The path names nothing. The corresponding C error is `ENOENT`.
        case noSuchFile
        /// Opening or reading was refused. The corresponding C errors are `EACCES` and `EPERM`.
        case permissionDenied
        /// The path is a directory.
        case isDirectory
        /// A device that is not a terminal, or a socket: `kind` says which.
        case notRegular(kind: String)
        /// Any other system error, with its `strerror` text.
        case system(code: Int32, message: String)
        /// More bytes than the caller's limit (the size, or `limit + 1` when
        /// reading a stream stopped there).
        case tooLarge(bytes: Int, limit: Int)

        /// `no such file`, `permission denied`, `it is a directory`,
        /// `not a regular file (a device)`: the reason, to follow "cannot read".
        public var description: String {
            switch self {
            case .noSuchFile: return "no such file"
            case .permissionDenied: return "permission denied"
            case .isDirectory: return "it is a directory"
            case .notRegular(let kind): return "not a regular file (\(kind))"
            case .system(let code, let message): return "\(message) (errno \(code))"
            case .tooLarge(let bytes, let limit): return "it is larger than \(limit) bytes (\(bytes) bytes\(bytes > limit + 1 ? "" : " or more"))"
            }
        }
    }

    // MARK: - API

    /// The whole content of `path`.
    /// - Parameters:
    ///   - path: the file as the user named it.
    ///   - limit: the most bytes accepted; a regular file larger than this is
    ///     refused before it is read, a stream once it passes it.
    /// - Returns: its bytes (empty for an empty file).
    /// - Throws: `Problem` saying why it cannot be read.
    /// The corresponding C functions are `open`, `fstat`, `read` and `close`.
    public static func read(_ path: String, limit: Int = .max) throws(Problem) -> [UInt8] {
        let fd = try retrying { open(path, O_RDONLY | O_CLOEXEC) }
        defer { _ = close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw problem(errno) }
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFIFO: break
        case S_IFDIR: throw .isDirectory
        case S_IFCHR where isatty(fd) == 1: break
        case S_IFCHR, S_IFBLK: throw .notRegular(kind: "a device")
        case S_IFSOCK: throw .notRegular(kind: "a socket")
        default: throw .notRegular(kind: "an unknown kind of file")
        }
        if info.st_mode & S_IFMT == S_IFREG, info.st_size > limit { throw .tooLarge(bytes: Int(info.st_size), limit: limit) }
        var out: [UInt8] = []
        if info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 { out.reserveCapacity(Int(info.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = try retrying { chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
            if out.count > limit { throw .tooLarge(bytes: out.count, limit: limit) }
        }
    }

    /// The content of `path` as UTF-8 text, or nil when it is not UTF-8.
    /// - Throws: `Problem` saying why it cannot be read.
    public static func text(_ path: String) throws(Problem) -> String? {
        let bytes = try read(path)
        return String(validating: bytes, as: UTF8.self)
    }

    // MARK: - Errors

    /// Runs a libc call until it does not fail with `EINTR`; `-1` becomes a `Problem`.
    private static func retrying<I: FixedWidthInteger>(_ call: () -> I) throws(Problem) -> I {
        while true {
            let result = call()
            if result != -1 { return result }
            if errno == EINTR { continue }
            throw problem(errno)
        }
    }

    private static func problem(_ code: Int32) -> Problem {
        switch code {
        case ENOENT, ENOTDIR: return .noSuchFile
        case EACCES, EPERM: return .permissionDenied
        case EISDIR: return .isDirectory
        case ENXIO: return .notRegular(kind: "a socket or a device with nothing behind it")
        default: return .system(code: code, message: String(cString: strerror(code)))
        }
    }
}
