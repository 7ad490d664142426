import Glibc
import Synchronization

/// A file the tool writes (`--transcript`, `--junit`, `--record`, `--out`):
/// the one output-file type of the CLI. Nothing the user has is destroyed.
///
/// An output is opened before the command's work starts (a path that
/// cannot be written is reported before anything runs), written as the
/// work goes (buffered, `BufferedWriter`) and committed at the end:
/// - a regular file, or a new one, is written to an unnamed temporary file
///   in its directory, which replaces it atomically at `commit()`, with the
///   replaced file's permissions and owner. Until then the old file is
///   untouched; if the tool stops first, nothing is left behind. As nobody
///   sees these bytes before the commit, they are written behind the work,
///   on a queue of their own (`WriteBehind`), and `commit()` waits for it.
/// - Through a symbolic link, the file it points to is written; the link stays.
/// - Anything else (a device such as `/dev/null` or `/dev/full`, a FIFO, a
///   terminal, standard output or error: `/dev/stdout`, or the file standard
///   output is redirected to) is written directly. `-` is standard output.
/// - A regular file with other hard links, or in a directory where the tool
///   may not create files, is written in place (emptied when the first bytes
///   reach it), so its links stay.
///
/// `Outputs` opens a command's outputs together, refusing a path that is
/// one of the command's inputs or that two outputs share. Any thread may
/// write (one lock per call).
final class OutputFile: Sendable {
    /// The option that named the file (`--transcript`).
    let option: String
    /// The path as the user wrote it.
    let path: String
    /// What the path is, for the checks against inputs and other outputs.
    let identity: Identity
    /// Whether this output is standard output (`-`, `/dev/stdout`, or the
    /// file standard output is redirected to): then nothing else may be
    /// written there (`Outputs`).
    let isStandardOutput: Bool

    /// Which file an output is, compared by device and inode, never by spelling.
    enum Identity: Hashable, Sendable {
        /// An existing regular file.
        case regular(device: UInt64, inode: UInt64)
        /// A file that does not exist yet, by its absolute resolved path.
        case new(String)
        /// A device, FIFO, terminal or standard stream: written as it is.
        case stream
    }

    /// How the bytes reach the file.
    private enum Delivery: Sendable {
        /// Into a temporary file that replaces `target` at commit; `named`
        /// when the file system has no unnamed files (`O_TMPFILE`).
        case replace(target: String, named: String?)
        /// Straight into the file.
        case direct
    }

    private let delivery: Delivery
    /// The open file's descriptor (closed by `commit` or `discard`).
    private let fd: Int32
    private let state: Mutex<State>

    private struct State: ~Copyable {
        var writer: BufferedWriter
        var closed = false
    }

    private init(option: String, path: String, identity: Identity, delivery: Delivery, writer: consuming BufferedWriter, isStandardOutput: Bool = false) {
        self.option = option
        self.path = path
        self.identity = identity
        self.isStandardOutput = isStandardOutput
        self.delivery = delivery
        fd = writer.fd
        state = Mutex(State(writer: writer))
    }

    deinit { discard() }

    // MARK: - API

    /// Opens `path` for writing, without changing it yet.
    /// - Parameters:
    ///   - path: the path as the user wrote it.
    ///   - option: the option that named it (`--transcript`), for messages.
    /// - Throws: the `SystemError` that keeps the file from being written
    ///   (no such directory, a directory, permission denied).
    static func open(_ path: String, option: String) throws(SystemError) -> OutputFile {
        if path == "-" {
            return OutputFile(option: option, path: path, identity: .stream, delivery: .direct,
                              writer: BufferedWriter(fd: try FileSystem.duplicate(STDOUT_FILENO)), isStandardOutput: true)
        }
        let status: FileSystem.Status
        do {
            status = try FileSystem.status(path)
        } catch where error.code == ENOENT {
            return try create(resolvingDanglingLinks(path), as: path, option: option)
        }
        if status.isDirectory || path.hasSuffix("/") { throw .isDirectory }
        for fd in [STDOUT_FILENO, STDERR_FILENO] {
            if let s = try? FileSystem.status(fd: fd), s.isSameFile(as: status) {
                // `/dev/stdout`, or the file standard output goes to: share its offset.
                return OutputFile(option: option, path: path, identity: .stream, delivery: .direct,
                                  writer: BufferedWriter(fd: try FileSystem.duplicate(fd)), isStandardOutput: fd == STDOUT_FILENO)
            }
        }
        guard status.isRegular else {
            return OutputFile(option: option, path: path, identity: .stream, delivery: .direct,
                              writer: BufferedWriter(fd: try FileSystem.open(path, O_WRONLY)))
        }
        let identity = Identity.regular(device: status.device, inode: status.inode)
        let target = try FileSystem.realPath(path)
        try FileSystem.checkWritable(target)
        if status.links > 1 { return try inPlace(target, as: path, option: option, identity: identity) }
        do {
            let (fd, named) = try temporaryFile(beside: target)
            FileSystem.copyOwnerAndPermissions(fd, from: status)
            return OutputFile(option: option, path: path, identity: identity,
                              delivery: .replace(target: target, named: named),
                              writer: BufferedWriter(behind: WriteBehind(fd: fd, replacing: target)))
        } catch where [EACCES, EPERM].contains(error.code) {
            return try inPlace(target, as: path, option: option, identity: identity)
        }
    }

    /// Whether this output is the existing regular file `input` (compared by
    /// device and inode after following links). Inputs that are not regular
    /// files (a terminal, `/dev/stdin`) are never destroyed by writing.
    func isSameFile(as input: String) -> Bool {
        guard case .regular(let device, let inode) = identity,
              let s = try? FileSystem.status(input), s.isRegular else { return false }
        return s.device == device && s.inode == inode
    }

    /// Appends `s` (buffered).
    func write(_ s: String) { state.withLock { $0.writer.write(s) } }

    /// Appends `bytes` (buffered).
    func write(_ bytes: UnsafeRawBufferPointer) { state.withLock { $0.writer.write(bytes) } }

    /// Writes what is buffered (e.g. before the process may be ended).
    func flush() { state.withLock { $0.writer.flush() } }

    /// Records a failure that happened on the way to this file (a spool
    /// that could not be written): the output fails at `commit`.
    func fail(_ error: SystemError) { state.withLock { $0.writer.fail(error) } }

    /// The first failed write so far, if any.
    var failure: SystemError? { state.withLock { $0.writer.failure } }

    /// Writes what is buffered and puts the file in place: renames the
    /// temporary file over the target (after `fsync`), or closes the file
    /// written directly. Does nothing to an output already discarded.
    /// - Throws: the first write, sync, link or rename that failed; the
    ///   target is then left as it was (or, written directly, as far as it got).
    func commit() throws(SystemError) {
        let (open, failure) = state.withLock { state in
            if !state.closed { state.writer.finish() }
            return (!state.closed, state.writer.failure)
        }
        guard open else { return }
        defer { discard() }
        if let failure { throw failure }
        guard case .replace(let target, let named) = delivery else { return }
        try FileSystem.sync(fd)
        if let named {
            try FileSystem.rename(named, to: target)
            return
        }
        let name = try linkUnnamed(beside: target)
        do { try FileSystem.rename(name, to: target) } catch {
            FileSystem.remove(name)
            throw error
        }
    }

    /// Drops the output: the target keeps what it had. Idempotent.
    func discard() {
        let wasOpen = state.withLock { state in
            defer { state.closed = true }
            if !state.closed { state.writer.abandon() }
            return !state.closed
        }
        guard wasOpen else { return }
        try? FileSystem.close(fd)
        if case .replace(_, let named?) = delivery { FileSystem.remove(named) }
    }

    // MARK: - Opening

    /// A new file at `target` (no file there yet).
    private static func create(_ target: String, as path: String, option: String) throws(SystemError) -> OutputFile {
        if path.hasSuffix("/") { throw .isDirectory }
        let (directory, name) = split(target)
        let resolved = (try? FileSystem.realPath(directory)).map { $0 == "/" ? "/" + name : $0 + "/" + name } ?? target
        let (fd, named) = try temporaryFile(beside: target)
        return OutputFile(option: option, path: path, identity: .new(resolved),
                          delivery: .replace(target: target, named: named), writer: BufferedWriter(behind: WriteBehind(fd: fd)))
    }

    /// `target` opened to be written in place.
    private static func inPlace(_ target: String, as path: String, option: String, identity: Identity) throws(SystemError) -> OutputFile {
        OutputFile(option: option, path: path, identity: identity, delivery: .direct,
                   writer: BufferedWriter(fd: try FileSystem.open(target, O_WRONLY), truncatesFirst: true))
    }

    /// An unnamed file in `target`'s directory, or a named one (returned
    /// with its path) where the file system has no unnamed files.
    private static func temporaryFile(beside target: String) throws(SystemError) -> (Int32, String?) {
        let (directory, _) = split(target)
        do {
            return (try FileSystem.openUnnamed(in: directory, mode: 0o666), nil)
        } catch where [EOPNOTSUPP, EISDIR, EINVAL].contains(error.code) {
            var attempt = 0
            while true {
                let name = temporaryName(beside: target, attempt: attempt)
                do {
                    return (try FileSystem.open(name, O_WRONLY | O_CREAT | O_EXCL, mode: 0o666), name)
                } catch where error.code == EEXIST && attempt < 100 {
                    attempt += 1
                }
            }
        }
    }

    /// Gives the unnamed file a temporary name beside `target`; returns it.
    private func linkUnnamed(beside target: String) throws(SystemError) -> String {
        var attempt = 0
        while true {
            let name = Self.temporaryName(beside: target, attempt: attempt)
            do {
                try FileSystem.link(fd, to: name)
                return name
            } catch where error.code == EEXIST && attempt < 100 {
                attempt += 1
            }
        }
    }

    /// `dir/.name.switchyard-PID-N`: hidden, beside the target, on the same file system.
    private static func temporaryName(beside target: String, attempt: Int) -> String {
        let (directory, name) = split(target)
        return directory + "/." + name + ".switchyard-\(FileSystem.processID)-\(attempt)"
    }

    /// Where a path that does not exist leads: the target of a dangling
    /// symbolic link (followed to the end), or the path itself.
    private static func resolvingDanglingLinks(_ path: String) throws(SystemError) -> String {
        var p = path
        for _ in 0..<40 {
            guard let s = try? FileSystem.linkStatus(p), s.isSymbolicLink else { return p }
            let destination = try FileSystem.readLink(p)
            p = destination.hasPrefix("/") ? destination : split(p).directory + "/" + destination
        }
        throw .tooManyLinks
    }

    /// `a/b/c` → (`a/b`, `c`); `c` → (`.`, `c`); `/c` → (`/`, `c`).
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }
}
