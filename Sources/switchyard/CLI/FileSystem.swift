import CLinuxFile
import Glibc

/// A failed system call's error number, shown as `strerror` gives it
/// ("No space left on device").
struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The C `errno` value.
    let code: Int32

    /// The reader closed the pipe. The corresponding C error is `EPIPE`.
    static let brokenPipe = SystemError(code: EPIPE)
    /// Is a directory. The corresponding C error is `EISDIR`.
    static let isDirectory = SystemError(code: EISDIR)
    /// Too many symbolic links. The corresponding C error is `ELOOP`.
    static let tooManyLinks = SystemError(code: ELOOP)

    /// The message `strerror` gives. The corresponding C function is `strerror`.
    var description: String { String(cString: strerror(code)) }
}

/// The C library calls the CLI makes for its output files and standard
/// streams, in one place: each wrapper turns `-1`/`errno` into a
/// `SystemError` and retries on `EINTR` (`valueOrError`).
enum FileSystem {
    /// What `stat` says about a file.
    struct Status: Hashable, Sendable {
        /// The file's identity: device and inode.
        var device: UInt64
        var inode: UInt64
        /// Type and permission bits (`st_mode`).
        var mode: UInt32
        var links: UInt64
        var owner: UInt32
        var group: UInt32

        init(_ s: stat) {
            device = UInt64(s.st_dev)
            inode = UInt64(s.st_ino)
            mode = UInt32(s.st_mode)
            links = UInt64(s.st_nlink)
            owner = UInt32(s.st_uid)
            group = UInt32(s.st_gid)
        }

        var isRegular: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }
        var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
        var isSymbolicLink: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFLNK) }
        /// What a file that is neither a regular file, a directory nor a
        /// link is (`a FIFO`, `a socket`, `a character device`, `a block
        /// device`), for messages; nil for those three.
        var specialKind: String? {
            switch mode & UInt32(S_IFMT) {
            case UInt32(S_IFREG), UInt32(S_IFDIR), UInt32(S_IFLNK): return nil
            case UInt32(S_IFIFO): return "a FIFO"
            case UInt32(S_IFSOCK): return "a socket"
            case UInt32(S_IFCHR): return "a character device"
            case UInt32(S_IFBLK): return "a block device"
            default: return "an unknown kind of file"
            }
        }
        /// The permission bits (`st_mode & 07777`).
        var permissions: mode_t { mode_t(mode & 0o7777) }
        /// Whether `other` is the same file (device and inode).
        func isSameFile(as other: Status) -> Bool { device == other.device && inode == other.inode }
    }

    /// Runs `call` until it does not fail with `EINTR`; `-1` becomes the
    /// thread's `errno`. This is the one place that rule is written.
    @inline(__always)
    static func valueOrError<I: FixedWidthInteger>(_ call: () -> I) throws(SystemError) -> I {
        while true {
            let result = call()
            if result != -1 { return result }
            if errno == EINTR { continue }
            throw SystemError(code: errno)
        }
    }

    /// The file at `path`, following symbolic links. The corresponding C function is `stat`.
    static func status(_ path: String) throws(SystemError) -> Status {
        var s = stat()
        _ = try valueOrError { stat(path, &s) }
        return Status(s)
    }

    /// `path` itself, not following a final symbolic link. The corresponding C function is `lstat`.
    static func linkStatus(_ path: String) throws(SystemError) -> Status {
        var s = stat()
        _ = try valueOrError { lstat(path, &s) }
        return Status(s)
    }

    /// The file open at `fd`. The corresponding C function is `fstat`.
    static func status(fd: Int32) throws(SystemError) -> Status {
        var s = stat()
        _ = try valueOrError { fstat(fd, &s) }
        return Status(s)
    }

    /// Throws unless this process may write the file at `path` (a read-only
    /// file is not replaced behind its owner's back). The corresponding C
    /// function is `access`.
    static func checkWritable(_ path: String) throws(SystemError) {
        _ = try valueOrError { access(path, W_OK) }
    }

    /// The text of the symbolic link at `path`. The corresponding C function is `readlink`.
    static func readLink(_ path: String) throws(SystemError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = try valueOrError { readlink(path, &buffer, buffer.count - 1) }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The absolute path of the existing `path`, with every link resolved.
    /// The corresponding C function is `realpath`.
    static func realPath(_ path: String) throws(SystemError) -> String {
        guard let p = realpath(path, nil) else { throw SystemError(code: errno) }
        defer { free(p) }
        return String(cString: p)
    }

    /// The names in the folder `path`, without `.` and `..`, in the order
    /// the file system gives them. The corresponding C functions are
    /// `opendir`, `readdir` and `closedir`.
    static func folderEntries(_ path: String) throws(SystemError) -> [String] {
        guard let folder = opendir(path) else { throw SystemError(code: errno) }
        defer { closedir(folder) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(folder) else {
                if errno != 0 { throw SystemError(code: errno) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
    }

    /// Makes the folder `path` (its parent must exist); a folder already
    /// there is fine. The corresponding C function is `mkdir`.
    static func makeFolder(_ path: String) throws(SystemError) {
        if mkdir(path, 0o777) == 0 { return }
        let code = errno
        if code == EEXIST, let s = try? status(path), s.isDirectory { return }
        throw SystemError(code: code)
    }

    /// Opens `path`. The corresponding C function is `open`.
    static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o666) throws(SystemError) -> Int32 {
        try valueOrError { Glibc.open(path, flags | O_CLOEXEC, mode) }
    }

    /// An unnamed regular file in `directory`, which `link(_:to:)` gives a
    /// name later; it vanishes if the process ends first. The corresponding
    /// C function is `open` with `O_TMPFILE`.
    static func openUnnamed(in directory: String, mode: mode_t, readable: Bool = false) throws(SystemError) -> Int32 {
        // O_TMPFILE is `__O_TMPFILE | O_DIRECTORY`; Swift does not import the macro.
        let unnamedFile: Int32 = 0o20000000 | O_DIRECTORY
        return try open(directory, (readable ? O_RDWR : O_WRONLY) | unnamedFile, mode: mode)
    }

    /// Gives the unnamed file open at `fd` the name `path`. The
    /// corresponding C function is `linkat` (through `/proc/self/fd`).
    static func link(_ fd: Int32, to path: String) throws(SystemError) {
        _ = try valueOrError { linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) }
    }

    /// A second descriptor for `fd`'s open file. The corresponding C function is `fcntl(F_DUPFD_CLOEXEC)`.
    static func duplicate(_ fd: Int32) throws(SystemError) -> Int32 {
        try valueOrError { fcntl(fd, F_DUPFD_CLOEXEC, 3) }
    }

    /// Writes all of `bytes`, however many calls it takes. The corresponding C function is `write`.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            offset += try valueOrError { write(fd, bytes.baseAddress! + offset, bytes.count - offset) }
        }
    }

    /// Writes all of `bytes`. The corresponding C function is `write`.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(SystemError) {
        try bytes.withUnsafeBytes { b in Result { () throws(SystemError) in try writeAll(fd, b) } }.get()
    }

    /// Reads up to `buffer.count` bytes at `offset`. The corresponding C function is `pread`.
    static func read(_ fd: Int32, into buffer: inout [UInt8], at offset: Int) throws(SystemError) -> Int {
        try buffer.withUnsafeMutableBytes { b in
            Result { () throws(SystemError) in try valueOrError { pread(fd, b.baseAddress, b.count, off_t(offset)) } }
        }.get()
    }

    /// Cuts the file open at `fd` to `length` bytes. The corresponding C function is `ftruncate`.
    static func truncate(_ fd: Int32, to length: Int = 0) throws(SystemError) {
        _ = try valueOrError { ftruncate(fd, off_t(length)) }
    }

    /// Asks the kernel to start writing `count` bytes of the file from
    /// `offset` to disk now, without waiting for them: a later `sync` then
    /// has less left to wait for. A hint: a file system that cannot do it
    /// just does it later, so nothing is reported. The corresponding C
    /// function is `sync_file_range` (`SYNC_FILE_RANGE_WRITE`).
    static func startWriteback(_ fd: Int32, offset: Int, count: Int) {
        _ = sync_file_range(fd, Int64(offset), Int64(count), CLINUXFILE_SYNC_FILE_RANGE_WRITE)
    }

    /// Drops the file's pages from the page cache where they are clean
    /// (written to disk): a hint, which changes nothing in the file; a
    /// file that cannot be opened is left alone. The corresponding C
    /// function is `posix_fadvise` (`POSIX_FADV_DONTNEED`).
    static func dropCachedPages(_ path: String) {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return }
        _ = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED)
        _ = Glibc.close(fd)
    }

    /// Waits until the file's data is on disk. The corresponding C function is `fsync`.
    static func sync(_ fd: Int32) throws(SystemError) {
        _ = try valueOrError { fsync(fd) }
    }

    /// Sets the permission bits and, when allowed, the owner of the file at
    /// `fd` (a replacement keeps the replaced file's). Owner changes that are
    /// not permitted are skipped. The corresponding C functions are `fchown` and `fchmod`.
    static func copyOwnerAndPermissions(_ fd: Int32, from s: Status) {
        _ = fchown(fd, uid_t(s.owner), gid_t(s.group))
        _ = fchmod(fd, s.permissions)
    }

    /// Renames `from` to `to`, replacing `to`. The corresponding C function is `rename`.
    static func rename(_ from: String, to: String) throws(SystemError) {
        _ = try valueOrError { Glibc.rename(from, to) }
    }

    /// Removes the name `path`. The corresponding C function is `unlink`.
    static func remove(_ path: String) {
        _ = unlink(path)
    }

    /// Closes `fd`; `close` is never retried (Linux frees the descriptor
    /// even when it fails). The corresponding C function is `close`.
    static func close(_ fd: Int32) throws(SystemError) {
        if Glibc.close(fd) == -1 && errno != EINTR { throw SystemError(code: errno) }
    }

    /// Whether `fd` is a terminal. The corresponding C function is `isatty`.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// This process's id, for temporary names. The corresponding C function is `getpid`.
    static var processID: Int32 { getpid() }

    /// Sets the signals up the way the tool expects, whatever the parent
    /// left: `SIGPIPE` ignored, so a write to a closed pipe fails with
    /// `EPIPE` (handled where it happens) instead of ending the process; and
    /// no signal blocked. A blocked mask is inherited: a parent that starts
    /// the tool from a thread blocking `SIGTERM` (Foundation's `Process` on
    /// a dispatch thread does) would keep `kill` and Ctrl-C from ever
    /// reaching `live`'s and `record`'s handlers, which write the files.
    /// The corresponding C functions are `signal` and `sigprocmask`.
    static func prepareSignals() {
        _ = signal(SIGPIPE, SIG_IGN)
        var none = sigset_t()
        sigemptyset(&none)
        _ = sigprocmask(SIG_SETMASK, &none, nil)
    }
}
