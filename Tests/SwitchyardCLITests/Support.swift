import DeviceTestbed
import Foundation
import Glibc
import Synchronization
import Testing

/// The repository root, found from this file's path.
let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The `switchyard` binary built next to the test bundle (`ToolProcess.binary`).
let switchyardBinary: URL? = {
    if ToolProcess.binary == nil { print("SwitchyardCLITests: no 'switchyard' binary next to the test bundle; run 'swift build --build-tests' first") }
    return ToolProcess.binary
}()

/// What one run of the tool did.
struct ToolRun {
    /// The exit status, or the signal's number when a signal ended the tool.
    var status: Int32
    var stdout: String
    var stderr: String
    /// Whether a signal ended the tool (a crash, or `SIGPIPE` left at its default).
    var signalled = false
}

/// Runs `switchyard ARGS` in `directory` (the repository root by default),
/// with standard output and error captured through files.
/// - Parameters:
///   - stdin: standard input (default: `/dev/null`).
///   - stdout: standard output instead of a captured file (`stdout` of the
///     result is then empty).
///   - whileRunning: called once the tool has started, with it.
func switchyard(_ args: [String], in directory: URL = repoRoot, stdin: FileHandle = .nullDevice, stdout: FileHandle? = nil,
                whileRunning: (RunningTool) throws -> Void = { _ in }) throws -> ToolRun {
    let binary = try #require(switchyardBinary, "build the switchyard product first: swift build --build-tests")
    return try runToEnd(binary, args, in: directory, stdin: stdin, stdout: stdout, whileRunning: whileRunning)
}

/// Runs `command` with bash in `directory` (the repository root by
/// default), with the built `switchyard` first on `PATH`: for examples that
/// need a shell (globs, `<(…)`, pipes).
func shell(_ command: String, in directory: URL = repoRoot) throws -> ToolRun {
    let binary = try #require(switchyardBinary, "build the switchyard product first: swift build --build-tests")
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    return try runToEnd(URL(fileURLWithPath: "/bin/bash"), ["-c", command], in: directory, environment: environment)
}

/// A child process `runToEnd` started.
struct RunningTool {
    let pid: pid_t
    /// Sends SIGTERM.
    func terminate() { kill(pid, SIGTERM) }
}

/// A child process's end, waited for by a blocking `waitpid` on a thread of
/// its own: a test waits for it with a deadline, woken the moment it
/// exits, and never polls.
final class ChildExit: Sendable {
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

    /// The wait status once the child has ended; nil when `timeout` seconds pass first.
    func wait(timeout: Double? = nil) -> Int32? {
        if let s = status.withLock({ $0 }) { return s }
        if let timeout {
            guard ended.wait(timeout: .now() + timeout) == .success else { return nil }
        } else {
            ended.wait()
        }
        ended.signal()   // later waits return at once too
        return status.withLock { $0 }
    }
}

/// Why a child could not be started.
struct SpawnError: Error, CustomStringConvertible {
    var description: String
}

/// Runs `executable ARGS` in `directory` with standard input empty and
/// standard output and error captured through files, until it ends.
///
/// It spawns the child with `posix_spawn`, not Foundation's `Process`:
/// `Process` on Linux watches each child through a socket in a `select`
/// loop, and in a test process holding more than 1,024 descriptors (the
/// suites run in parallel) that loop writes past its `fd_set` and crashes.
func runToEnd(_ executable: URL, _ args: [String], in directory: URL, environment: [String: String]? = nil,
              stdin: FileHandle = .nullDevice, stdout: FileHandle? = nil,
              whileRunning: (RunningTool) throws -> Void = { _ in }) throws -> ToolRun {
    let scratch = try TemporaryDirectory()
    let out = scratch.url.appendingPathComponent("stdout")
    let err = scratch.url.appendingPathComponent("stderr")
    let outFD = open(out.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    let errFD = open(err.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    defer {
        if outFD >= 0 { close(outFD) }
        if errFD >= 0 { close(errFD) }
    }
    guard outFD >= 0, errFD >= 0 else { throw SpawnError(description: "cannot create the output files: \(String(cString: strerror(errno)))") }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdin.fileDescriptor, 0)
    posix_spawn_file_actions_adddup2(&actions, stdout?.fileDescriptor ?? outFD, 1)
    posix_spawn_file_actions_adddup2(&actions, errFD, 2)
    guard let addChdir = SpawnActions.addChdir, let addCloseFrom = SpawnActions.addCloseFrom else { throw SpawnError(description: "posix_spawn_file_actions_addchdir_np or _addclosefrom_np is missing from the C library (glibc 2.34 or later has both)") }
    _ = directory.path.withCString { addChdir(&actions, $0) }
    // The child gets its three standard streams and nothing else the test
    // process holds (another test's pipe kept open would never end).
    _ = addCloseFrom(&actions, 3)

    var argv = ([executable.path] + args).map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var env: [UnsafeMutablePointer<CChar>?] = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] } ?? []
    defer { env.forEach { free($0) } }
    var pid: pid_t = 0
    let status = environment == nil
        ? posix_spawn(&pid, executable.path, &actions, nil, &argv, environ)
        : posix_spawn(&pid, executable.path, &actions, nil, &argv, &env)
    guard status == 0 else { throw SpawnError(description: "cannot start \(executable.path): \(String(cString: strerror(status)))") }

    let exit = ChildExit(pid: pid)
    var finished = false
    defer { if !finished { kill(pid, SIGKILL); _ = exit.wait() } }
    try whileRunning(RunningTool(pid: pid))
    // A tool that hangs fails the test instead of hanging it.
    var waitStatus = exit.wait(timeout: 120)
    if waitStatus == nil {
        kill(pid, SIGKILL)
        Issue.record("\(executable.lastPathComponent) \(args.joined(separator: " ")) did not end within 120 s; killed")
        waitStatus = exit.wait()
    }
    finished = true
    let s = waitStatus ?? 0
    // Glibc's macros, spelled out: the low 7 bits are the signal, the next 8 the exit status.
    let signal = s & 0x7f
    let signalled = signal != 0 && signal != 0x7f
    return ToolRun(status: signalled ? signal : (s >> 8) & 0xff,
                   stdout: try String(contentsOf: out, encoding: .utf8),
                   stderr: try String(contentsOf: err, encoding: .utf8),
                   signalled: signalled)
}

/// A fresh directory under the system's temporary directory, removed when released.
final class TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    /// Writes `text` to `name` inside the directory and returns its URL.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        let f = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: f)
        return f
    }
    deinit { try? FileManager.default.removeItem(at: url) }
}

/// `time="…"` attributes set to `time="T"`, so a JUnit report can be compared as text.
func normalisingTimes(_ xml: String) -> String {
    var out = ""
    var rest = Substring(xml)
    while let r = rest.range(of: "time=\"") {
        out += rest[..<r.upperBound]
        rest = rest[r.upperBound...]
        if let end = rest.firstIndex(of: "\"") {
            out += "T"
            rest = rest[end...]
        }
    }
    return out + rest
}

/// The scenario files in Examples/scenarios, relative to the repository root, sorted.
let exampleScenarios: [String] = {
    let dir = repoRoot.appendingPathComponent("Examples/scenarios")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.filter { $0.hasSuffix(".swy") }.sorted().map { "Examples/scenarios/\($0)" }
}()

/// The apps in Examples/apps, relative to the repository root, sorted.
let exampleApps: [String] = {
    let dir = repoRoot.appendingPathComponent("Examples/apps")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".xml") }.sorted().map { "Examples/apps/\($0)" }
}()

/// Whether this build's Appium importer is still the placeholder that
/// rejects every capture (until the importer branch lands).
func appiumImporterIsPlaceholder(_ r: ToolRun) -> Bool {
    r.status == 2 && r.stderr.contains("Appium import is not available yet")
}


// MARK: - Files that are not regular files, and folders nobody may read

/// Makes a Unix socket file at `path` (bound, then closed: the file stays).
func makeSocketFile(_ path: String) throws {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw SpawnError(description: "socket: \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw SpawnError(description: "socket path too long: \(path)") }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard bound == 0 else { throw SpawnError(description: "bind \(path): \(String(cString: strerror(errno)))") }
}

/// `setpriv`, which runs the tool as nobody when the tests run as root (a
/// folder with no permissions is readable to root).
let setpriv: URL? = ["/usr/bin/setpriv", "/bin/setpriv"].map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }

/// Whether a folder can be made that the tool cannot read: the tests run
/// as another user than root, or `setpriv` can drop root for the tool.
let canMakeUnreadableFolders = getuid() != 0 || setpriv != nil

/// Runs `switchyard ARGS` in `directory` as a user without privileges:
/// as nobody through `setpriv` when the tests run as root, else as it is.
func switchyardWithoutPrivileges(_ args: [String], in directory: URL) throws -> ToolRun {
    let binary = try #require(switchyardBinary, "build the switchyard product first: swift build --build-tests")
    guard getuid() == 0 else { return try runToEnd(binary, args, in: directory) }
    let tool = try #require(setpriv, "setpriv (util-linux) is needed to drop root")
    return try runToEnd(tool, ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + args, in: directory)
}
