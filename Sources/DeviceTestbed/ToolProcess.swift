import Diagnostics
import Foundation
import Glibc

/// The built `switchyard` tool run as a child process, for end-to-end tests
/// of what only a whole process shows: exit statuses after signals, the
/// terminal restored after a crash, a umockdev testbed seen through the
/// inherited `UMOCKDEV_DIR`.
///
/// Standard input comes from a given descriptor (a pseudo-terminal's slave,
/// `/dev/null`); standard output and error are pipes, read with bounded
/// waits (`poll`), never with sleeps. The tool is started by `ChildProcess`
/// (`posix_spawn`) and killed if it is still running when this is released.
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

    /// The tool's process.
    public let child: ChildProcess
    /// Our ends of the tool's standard output and error.
    private let out: Int32
    private let err: Int32
    private var outOpen = true
    private var errOpen = true
    /// What the tool wrote so far.
    public private(set) var stdout = ""
    public private(set) var stderr = ""

    /// Starts `switchyard ARGUMENTS` (with `ChildProcess`: `posix_spawn`).
    /// - Parameters:
    ///   - arguments: the command line after `switchyard`.
    ///   - stdin: the descriptor standard input reads (nil: `/dev/null`).
    ///   - directory: the working directory (default: the repository root).
    ///   - environment: variables to set on top of this process's environment.
    public init(_ arguments: [String], stdin: Int32? = nil, directory: URL? = nil, environment: [String: String] = [:]) throws {
        guard let binary = Self.binary else { throw Diagnostic(.error, "no 'switchyard' binary next to the test bundle; run 'swift build --build-tests' first") }
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0 else { throw Diagnostic(.error, "pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&errPipe) == 0 else {
            outPipe.forEach { close($0) }
            throw Diagnostic(.error, "pipe: \(String(cString: strerror(errno)))")
        }
        // Not inherited by children other tests start meanwhile (ours gets the copies it is given).
        for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer {
            close(outPipe[1])
            close(errPipe[1])
        }
        do {
            child = try ChildProcess(binary.path, arguments,
                                     descriptors: [0: stdin.map(ChildProcess.Descriptor.copy) ?? .null, 1: .copy(outPipe[1]), 2: .copy(errPipe[1])],
                                     directory: (directory ?? URL(fileURLWithPath: TestDevice.repositoryRoot)).path,
                                     environment: environment.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(environment) { _, new in new })
        } catch {
            close(outPipe[0])
            close(errPipe[0])
            throw error
        }
        out = outPipe[0]
        err = errPipe[0]
    }

    deinit {
        if child.exit.wait(timeout: 0) == nil {
            child.send(SIGKILL)
            _ = child.exit.wait()
        }
        close(out)
        close(err)
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
    public func send(_ signal: Int32) { child.send(signal) }

    /// Writes `bytes` to `fd` (a pseudo-terminal's master: what the user types).
    public static func type(_ bytes: [UInt8], to fd: Int32) {
        var b = bytes
        _ = write(fd, &b, b.count)
    }

    /// Reads both pipes to their end and waits for the tool to exit; kills
    /// it (SIGKILL) if it keeps its output open `timeoutMilliseconds` without
    /// writing, or has not exited that long after closing it.
    /// - Returns: how it ended and its status (the signal, when it died of one).
    @discardableResult
    public func wait(timeoutMilliseconds: Int32 = 10_000) -> (reason: ChildEnd.Reason, status: Int32) {
        while outOpen || errOpen {
            if !readSome(timeoutMilliseconds: timeoutMilliseconds) {
                send(SIGKILL)
                break
            }
        }
        var end = child.exit.wait(timeout: Double(timeoutMilliseconds) / 1000)
        if end == nil {
            send(SIGKILL)
            end = child.exit.wait()
        }
        let e = end ?? ChildEnd(reason: .uncaughtSignal, status: SIGKILL)
        return (e.reason, e.status)
    }

    /// One `poll` over the open pipes, then what they have.
    /// - Returns: false on timeout.
    private func readSome(timeoutMilliseconds: Int32) -> Bool {
        let fds = [(out, true), (err, false)].filter { $0.1 ? outOpen : errOpen }
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
