import Glibc

/// One process's claim on a running app it drives (`switchyard run` on an
/// `app atspi` scenario, `switchyard live --atspi`): two drivers on one app
/// would interleave their taps and each read the other's changes as its own.
///
/// An advisory lock (`flock`) on a file named after the app's pid (or, when
/// the bus does not know it, its bus name and the bus's address), in
/// `$XDG_RUNTIME_DIR/switchyard/`, else `/tmp/switchyard-UID/` (made 0700,
/// and refused when it is a link or another user's). The kernel lets the
/// lock go when its descriptor closes: when this value is released, and on
/// every way a process ends (an error, a signal, SIGKILL). The file holds
/// the holder's pid, for the message of the process it refuses; it is left
/// in place (removing a lock file races with a process opening it).
/// Reading an app (`inspect --atspi`, `apps`) takes no lock.
public final class AppLock {
    /// The lock file.
    public let path: String
    private let fd: Int32

    /// Takes the lock on `app`, or says who holds it.
    /// - Parameters:
    ///   - app: the app to drive.
    ///   - busAddress: the accessibility bus's address (for an app without a pid).
    ///   - environment: where `XDG_RUNTIME_DIR` is read (the process's by default).
    /// - Throws: `DesktopAppError.appBusy` when another process holds it;
    ///   `.lockUnavailable` when the folder or file cannot be made.
    public init(_ app: DesktopApp, busAddress: String, environment: [String: String]? = nil) throws(DesktopAppError) {
        let folder = try Self.folder(environment ?? Self.processEnvironment())
        path = folder + "/" + Self.fileName(app, busAddress: busAddress)
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw .lockUnavailable(path: path, reason: Self.errnoText()) }
        var taken: Int32
        repeat { taken = flock(fd, LOCK_EX | LOCK_NB) } while taken != 0 && errno == EINTR
        guard taken == 0 else {
            let reason = errno
            let holder = Self.holder(fd)
            close(fd)
            if reason == EWOULDBLOCK {
                let name = (app.name.isEmpty ? "" : "'\(app.name)' ") + "(" + (app.pid.map { "pid \($0)" } ?? "bus \(app.bus)") + ")"
                throw .appBusy(app: name, holder: holder.map { "pid \($0)" } ?? "its pid is not known")
            }
            throw .lockUnavailable(path: path, reason: String(cString: strerror(reason)))
        }
        self.fd = fd
        // Who holds it, for the message of a process it refuses.
        let text = Array("\(getpid())\n".utf8)
        if ftruncate(fd, 0) == 0 {
            _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        }
    }

    deinit {
        close(fd)  // the kernel lets the lock go
    }

    /// The pid written in the lock file, when it reads as one.
    static func holder(_ fd: Int32) -> Int? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        let text = String(decoding: buffer[..<n], as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        guard let pid = Int(text), pid > 0 else { return nil }
        return pid
    }

    /// `app-4242.lock`; without a pid, `app-1.7-<hash of the bus address>.lock`.
    static func fileName(_ app: DesktopApp, busAddress: String) -> String {
        if let pid = app.pid { return "app-\(pid).lock" }
        let bus = app.bus.filter { $0.isLetter || $0.isNumber || $0 == "." }
        // FNV-1a of the address: the same app name on another bus is another app.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in busAddress.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "app-\(bus)-\(String(hash, radix: 16)).lock"
    }

    /// The folder of lock files, made when missing.
    static func folder(_ environment: [String: String]) throws(DesktopAppError) -> String {
        let uid = getuid()
        let path: String
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), Self.isDirectory(runtime) {
            path = (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/switchyard"
        } else {
            path = "/tmp/switchyard-\(uid)"
        }
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw .lockUnavailable(path: path, reason: errnoText())
        }
        // In a shared folder such as /tmp, someone else could have made it first.
        var s = stat()
        guard lstat(path, &s) == 0 else { throw .lockUnavailable(path: path, reason: errnoText()) }
        guard s.st_mode & S_IFMT == S_IFDIR else { throw .lockUnavailable(path: path, reason: "it is not a folder (a link or a file)") }
        guard s.st_uid == uid else { throw .lockUnavailable(path: path, reason: "it belongs to user \(s.st_uid), not to this user (\(uid))") }
        return path
    }

    static func isDirectory(_ path: String) -> Bool {
        var s = stat()
        return stat(path, &s) == 0 && s.st_mode & S_IFMT == S_IFDIR
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }

    static func processEnvironment() -> [String: String] {
        getenv("XDG_RUNTIME_DIR").map { ["XDG_RUNTIME_DIR": String(cString: $0)] } ?? [:]
    }
}
