import Dispatch
import Glibc
import Synchronization

/// A child process started with `posix_spawn`: the one way the tests, the
/// hardware benchmarks and `ToolProcess` start another program.
///
/// Not Foundation's `Process`: on Linux it watches each child through a
/// socket in a `select` loop, which writes past its `fd_set` and crashes in
/// a test process holding more than 1,024 descriptors (the suites run in
/// parallel, and umockdev keeps sockets of its own, docs/hardware.md).
///
/// The child gets the descriptors it is given and nothing else this process
/// holds (a pipe of another test kept open by a child would never end).
public struct ChildProcess: Sendable {
    /// What one of the child's descriptors is.
    public enum Descriptor: Sendable {
        /// `/dev/null`, opened in the child (for reading and writing).
        case null
        /// A copy of this process's descriptor.
        case copy(Int32)
    }

    /// The child's process id.
    public let pid: pid_t
    /// Its end, waited for on a thread of its own.
    public let exit: ChildExit

    /// Starts `executable` with `arguments` (without the program name).
    /// - Parameters:
    ///   - descriptors: the child's descriptors, by number (0, 1, 2, and any
    ///     above); every other one is closed in the child.
    ///   - directory: the working directory (default: this process's).
    ///   - environment: the whole environment (default: this process's).
    ///   - processGroup: whether the child leads a process group of its own
    ///     (so that `kill(-pid, …)` reaches what it starts).
    /// - Throws: `SpawnError` when the C library lacks the file actions
    ///   needed, or `posix_spawn` fails.
    /// The corresponding C function is `posix_spawn`.
    public init(_ executable: String, _ arguments: [String], descriptors: [Int32: Descriptor],
                directory: String? = nil, environment: [String: String]? = nil, processGroup: Bool = false) throws(SpawnError) {
        guard let addChdir = SpawnActions.addChdir, let addCloseFrom = SpawnActions.addCloseFrom else {
            throw SpawnError("posix_spawn_file_actions_addchdir_np or _addclosefrom_np is missing from the C library (glibc 2.34 or later has both)")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, source) in descriptors.sorted(by: { $0.key < $1.key }) {
            switch source {
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDWR, 0)
            case .copy(let fd): posix_spawn_file_actions_adddup2(&actions, fd, target)
            }
        }
        _ = addCloseFrom(&actions, (descriptors.keys.max() ?? 2) + 1)
        if let directory { _ = directory.withCString { addChdir(&actions, $0) } }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if processGroup {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }

        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var env: [UnsafeMutablePointer<CChar>?] = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] } ?? []
        defer { env.forEach { free($0) } }
        var child: pid_t = 0
        let status = environment == nil
            ? posix_spawn(&child, executable, &actions, &attributes, &argv, environ)
            : posix_spawn(&child, executable, &actions, &attributes, &argv, &env)
        guard status == 0 else { throw SpawnError("cannot start \(executable): \(String(cString: strerror(status)))") }
        pid = child
        exit = ChildExit(pid: child)
    }

    /// Sends `signal` to the child. The corresponding C function is `kill`.
    public func send(_ signal: Int32) { kill(pid, signal) }
}

/// How a child ended, read from its wait status.
public struct ChildEnd: Hashable, Sendable {
    /// Why it ended.
    public enum Reason: Hashable, Sendable {
        /// It exited (`status` is its exit status).
        case exit
        /// A signal ended it (`status` is the signal's number).
        case uncaughtSignal
    }
    public var reason: Reason
    /// The exit status, or the signal's number.
    public var status: Int32

    /// The end a `waitpid` status describes (glibc's `WIFSIGNALED`,
    /// `WTERMSIG` and `WEXITSTATUS`, spelled out: the low 7 bits are the
    /// signal, the next 8 the exit status).
    public init(waitStatus s: Int32) {
        let signal = s & 0x7f
        if signal != 0 && signal != 0x7f {
            self.init(reason: .uncaughtSignal, status: signal)
        } else {
            self.init(reason: .exit, status: (s >> 8) & 0xff)
        }
    }

    public init(reason: Reason, status: Int32) {
        self.reason = reason
        self.status = status
    }
}

/// A child process's end, waited for by a blocking `waitpid` on a thread of
/// its own: a test waits for it with a deadline, woken the moment it
/// exits, and never polls.
public final class ChildExit: Sendable {
    private let status = Mutex<Int32?>(nil)
    private let ended = DispatchSemaphore(value: 0)

    init(pid: pid_t) {
        DispatchQueue.global().async { [self] in
            var s: Int32 = 0
            while waitpid(pid, &s, 0) < 0 && errno == EINTR {}
            status.withLock { $0 = s }
            ended.signal()
        }
    }

    /// How the child ended; nil when `timeout` seconds pass first.
    public func wait(timeout: Double? = nil) -> ChildEnd? {
        if let s = status.withLock({ $0 }) { return ChildEnd(waitStatus: s) }
        if let timeout {
            guard ended.wait(timeout: .now() + timeout) == .success else { return nil }
        } else {
            ended.wait()
        }
        ended.signal()   // later waits return at once too
        return status.withLock { $0 }.map(ChildEnd.init(waitStatus:))
    }
}

/// A child that could not be started.
public struct SpawnError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// `posix_spawn_file_actions_addchdir_np` (glibc 2.29) and
/// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34), which Swift's
/// Glibc module does not show: looked up once.
public enum SpawnActions {
    public static let addChdir: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
    }()
    public static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()
}
