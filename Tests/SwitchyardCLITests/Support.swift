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
///   - whileRunning: called once the tool has started, with its process.
func switchyard(_ args: [String], in directory: URL = repoRoot, stdin: FileHandle = .nullDevice, stdout: FileHandle? = nil,
                whileRunning: (Process) throws -> Void = { _ in }) throws -> ToolRun {
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

/// Runs `executable ARGS` in `directory` with standard input empty and
/// standard output and error captured through files, until it ends.
func runToEnd(_ executable: URL, _ args: [String], in directory: URL, environment: [String: String]? = nil,
              stdin: FileHandle = .nullDevice, stdout: FileHandle? = nil,
              whileRunning: (Process) throws -> Void = { _ in }) throws -> ToolRun {
    let scratch = try TemporaryDirectory()
    let out = scratch.url.appendingPathComponent("stdout")
    let err = scratch.url.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let p = Process()
    p.executableURL = executable
    p.arguments = args
    if let environment { p.environment = environment }
    p.currentDirectoryURL = directory
    p.standardInput = stdin
    p.standardOutput = try stdout ?? FileHandle(forWritingTo: out)
    p.standardError = try FileHandle(forWritingTo: err)
    let exited = DispatchSemaphore(value: 0)
    p.terminationHandler = { _ in exited.signal() }
    try p.run()
    defer { if p.isRunning { p.terminate() } }
    try whileRunning(p)
    // A tool that hangs fails the test instead of hanging it.
    if exited.wait(timeout: .now() + .seconds(120)) == .timedOut {
        kill(p.processIdentifier, SIGKILL)
        Issue.record("switchyard \(args.joined(separator: " ")) did not end within 120 s; killed")
        p.waitUntilExit()
    }
    return ToolRun(status: p.terminationStatus,
                   stdout: try String(contentsOf: out, encoding: .utf8),
                   stderr: try String(contentsOf: err, encoding: .utf8),
                   signalled: p.terminationReason == .uncaughtSignal)
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

