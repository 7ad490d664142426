import DeviceTestbed
import Foundation
import Glibc
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
///   - environment: variables set on top of this process's environment.
///   - whileRunning: called once the tool has started, with it.
func switchyard(_ args: [String], in directory: URL = repoRoot, stdin: FileHandle? = nil, stdout: FileHandle? = nil,
                environment: [String: String] = [:], whileRunning: (RunningTool) throws -> Void = { _ in }) throws -> ToolRun {
    let binary = try #require(switchyardBinary, "build the switchyard product first: swift build --build-tests")
    return try runToEnd(binary, args, in: directory,
                        environment: environment.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(environment) { _, new in new },
                        stdin: stdin, stdout: stdout, whileRunning: whileRunning)
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

/// Runs `executable ARGS` in `directory` with standard input empty (or
/// `stdin`) and standard output and error captured through files, until it
/// ends (started by `ChildProcess`, `posix_spawn`).
func runToEnd(_ executable: URL, _ args: [String], in directory: URL, environment: [String: String]? = nil,
              stdin: FileHandle? = nil, stdout: FileHandle? = nil,
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
    guard outFD >= 0, errFD >= 0 else { throw SpawnError("cannot create the output files: \(String(cString: strerror(errno)))") }

    let child = try ChildProcess(executable.path, args,
                                 descriptors: [0: stdin.map { .copy($0.fileDescriptor) } ?? .null, 1: .copy(stdout?.fileDescriptor ?? outFD), 2: .copy(errFD)],
                                 directory: directory.path, environment: environment)
    var finished = false
    defer { if !finished { child.send(SIGKILL); _ = child.exit.wait() } }
    try whileRunning(RunningTool(pid: child.pid))
    // A tool that hangs fails the test instead of hanging it.
    var end = child.exit.wait(timeout: 120)
    if end == nil {
        child.send(SIGKILL)
        Issue.record("\(executable.lastPathComponent) \(args.joined(separator: " ")) did not end within 120 s; killed")
        end = child.exit.wait()
    }
    finished = true
    let e = end ?? ChildEnd(reason: .uncaughtSignal, status: SIGKILL)
    return ToolRun(status: e.status,
                   stdout: try String(contentsOf: out, encoding: .utf8),
                   stderr: try String(contentsOf: err, encoding: .utf8),
                   signalled: e.reason == .uncaughtSignal)
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

// MARK: - Files that are not regular files, and folders nobody may read

/// Makes a Unix socket file at `path` (bound, then closed: the file stays).
func makeSocketFile(_ path: String) throws {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw SpawnError("socket: \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw SpawnError("socket path too long: \(path)") }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard bound == 0 else { throw SpawnError("bind \(path): \(String(cString: strerror(errno)))") }
}

/// `setpriv`, which runs the tool as nobody when the tests run as root (a
/// folder with no permissions is readable to root).
let setpriv: URL? = ["/usr/bin/setpriv", "/bin/setpriv"].map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }

/// Whether a folder can be made that the tool cannot read: the tests run
/// as another user than root, or `setpriv` can drop root for the tool.
let canMakeUnreadableFolders = getuid() != 0 || setpriv != nil

/// Runs `switchyard ARGS` in `directory` as a user without privileges:
/// as nobody through `setpriv` when the tests run as root, else as it is.
/// `directory` (a scratch folder, made 0700 by `mkdtemp`) is opened to
/// others first, so that only what the test locks is unreadable.
func switchyardWithoutPrivileges(_ args: [String], in directory: URL) throws -> ToolRun {
    let binary = try #require(switchyardBinary, "build the switchyard product first: swift build --build-tests")
    guard getuid() == 0 else { return try runToEnd(binary, args, in: directory) }
    let tool = try #require(setpriv, "setpriv (util-linux) is needed to drop root")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
    return try runToEnd(tool, ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + args, in: directory)
}
