import Foundation
import Glibc

/// The built `switchyard` tool run as a child process, for end-to-end tests
/// of what only a whole process shows: exit statuses after signals, the
/// terminal restored after a crash, a umockdev testbed seen through the
/// inherited `UMOCKDEV_DIR`.
///
/// Standard input comes from a given descriptor (a pseudo-terminal's slave,
/// `/dev/null`); standard output and error are pipes, read with bounded
/// waits (`poll`), never with sleeps.
public final class ToolProcess {
    /// The `switchyard` binary next to the test bundle: in the directory of
    /// `CommandLine.arguments[0]` or of `Bundle.main.bundleURL` (or its parent).
    public static let binary: URL? = {
        let fm = FileManager.default
        var dirs: [URL] = []
        if let first = CommandLine.arguments.first { dirs.append(URL(fileURLWithPath: first).deletingLastPathComponent()) }
        dirs.append(Bundle.main.bundleURL)
        dirs.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for d in dirs {
            let candidate = d.appendingPathComponent("switchyard")
            var isDir: ObjCBool = false
            if fm.fileExists(atPath: candidate.path, isDirectory: &isDir), !isDir.boolValue, fm.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }()

    public let process = Process()
    private let out = Pipe()
    private let err = Pipe()
    private var outOpen = true
    private var errOpen = true
    /// What the tool wrote so far.
    public private(set) var stdout = ""
    public private(set) var stderr = ""

    /// Starts `switchyard ARGUMENTS`.
    /// - Parameters:
    ///   - arguments: the command line after `switchyard`.
    ///   - stdin: the descriptor standard input reads (nil: `/dev/null`).
    ///   - directory: the working directory (default: the repository root).
    ///   - environment: variables to set on top of this process's environment.
    public init(_ arguments: [String], stdin: Int32? = nil, directory: URL? = nil, environment: [String: String] = [:]) throws {
        guard let binary = Self.binary else { throw TestbedError("no 'switchyard' binary next to the test bundle; run 'swift build --build-tests' first") }
        process.executableURL = binary
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? URL(fileURLWithPath: TestDevice.repositoryRoot)
        process.standardInput = stdin.map { FileHandle(fileDescriptor: $0, closeOnDealloc: false) } ?? FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
    }

    /// Reads standard output until it contains `text`.
    /// - Returns: false when `timeoutMilliseconds` pass with no new output, or the tool ended first.
    public func waitForOutput(containing text: String, timeoutMilliseconds: Int32 = 10_000) -> Bool {
        waitForOutput(timeoutMilliseconds: timeoutMilliseconds) { $0.contains(text) }
    }

    /// Reads standard output until `done` holds for all of it so far.
    /// - Returns: false when `timeoutMilliseconds` pass with no new output, or the tool ended first.
    public func waitForOutput(timeoutMilliseconds: Int32 = 10_000, until done: (String) -> Bool) -> Bool {
        while !done(stdout) {
            guard outOpen, readSome(timeoutMilliseconds: timeoutMilliseconds) else { return done(stdout) }
        }
        return true
    }

    /// Sends `signal` to the tool. The corresponding C function is `kill`.
    public func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Writes `bytes` to `fd` (a pseudo-terminal's master: what the user types).
    public static func type(_ bytes: [UInt8], to fd: Int32) {
        var b = bytes
        _ = write(fd, &b, b.count)
    }

    /// Reads both pipes to their end and waits for the tool to exit; kills
    /// it (SIGKILL) if it keeps its output open `timeoutMilliseconds` without writing.
    /// - Returns: how it ended and its status (the signal, when it died of one).
    public func wait(timeoutMilliseconds: Int32 = 10_000) -> (reason: Process.TerminationReason, status: Int32) {
        while outOpen || errOpen {
            if !readSome(timeoutMilliseconds: timeoutMilliseconds) {
                send(SIGKILL)
                break
            }
        }
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus)
    }

    /// One `poll` over the open pipes, then what they have.
    /// - Returns: false on timeout.
    private func readSome(timeoutMilliseconds: Int32) -> Bool {
        let fds = [(out.fileHandleForReading.fileDescriptor, true), (err.fileHandleForReading.fileDescriptor, false)]
            .filter { $0.1 ? outOpen : errOpen }
        var pfds = fds.map { pollfd(fd: $0.0, events: Int16(POLLIN), revents: 0) }
        let rc = pfds.withUnsafeMutableBufferPointer { poll($0.baseAddress!, nfds_t($0.count), timeoutMilliseconds) }
        if rc == 0 { return false }
        if rc < 0 { return errno == EINTR }
        for (k, p) in pfds.enumerated() where p.revents != 0 {
            var buf = [UInt8](repeating: 0, count: 65_536)
            let n = buf.withUnsafeMutableBytes { read(p.fd, $0.baseAddress, $0.count) }
            let isOut = fds[k].1
            if n <= 0 {
                if isOut { outOpen = false } else { errOpen = false }
                continue
            }
            let text = String(decoding: buf[0..<n], as: UTF8.self)
            if isOut { stdout += text } else { stderr += text }
        }
        return true
    }
}
