import DeviceTestbed
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Debian's Chromium, headless, driven over the DevTools protocol on
/// `--remote-debugging-pipe` (shared/spec/linux-desktop-and-browser.md,
/// section 2): Chromium reads commands from its fd 3 and writes replies and
/// events to its fd 4, each a JSON object ended by a NUL byte.
///
/// Chromium runs in a process group of its own, which is killed when the
/// browser is closed or the test ends, so a browser process never outlives
/// the test (`--dump-dom` under the test runner did: its helpers kept the
/// output pipe open). Every read has a deadline; nothing waits forever.
final class HeadlessChromium {
    /// What a page said while it loaded: console calls, uncaught
    /// exceptions, and the browser's log entries (failed loads, CSP
    /// violations, security messages).
    struct Message: CustomStringConvertible {
        var source: String
        var level: String
        var text: String
        var description: String { "\(source) \(level): \(text)" }
    }

    enum Failure: Error, CustomStringConvertible {
        case spawn(String)
        case timeout(String)
        case protocolError(String)
        var description: String {
            switch self {
            case .spawn(let s): "cannot start Chromium: \(s)"
            case .timeout(let s): "Chromium did not answer in time: \(s)"
            case .protocolError(let s): "DevTools protocol: \(s)"
            }
        }
    }

    /// The browser's executable, or nil when none is installed.
    static var executable: String? { Requirement.program(named: ["chromium", "chromium-browser"]) }

    private let pid: pid_t
    private let exit: ChildExit
    private let commands: Int32   // our end of Chromium's fd 3
    private let replies: Int32    // our end of Chromium's fd 4
    private let profileDirectory: TemporaryDirectory
    private var buffer: [UInt8] = []
    private var nextID = 1
    private var events: [[String: Any]] = []
    private var closed = false
    let timeout: Double

    init(executable: String, timeout: Double = 60) throws {
        self.timeout = timeout
        profileDirectory = try TemporaryDirectory(prefix: "switchyard-chromium")

        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else {
            throw Failure.spawn("pipe: \(String(cString: strerror(errno)))")
        }
        let arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--remote-debugging-pipe",
            "--user-data-dir=\(profileDirectory.url.path)", "about:blank",
        ]
        // Chromium keeps fds 0-4 and nothing else of the test process's.
        let child: ChildProcess
        do {
            child = try ChildProcess(executable, arguments, descriptors: [0: .null, 1: .null, 2: .null, 3: .copy(toBrowser[0]), 4: .copy(fromBrowser[1])],
                                     processGroup: true)
        } catch {
            (toBrowser + fromBrowser).forEach { close($0) }
            throw Failure.spawn(error.description)
        }
        close(toBrowser[0])
        close(fromBrowser[1])
        pid = child.pid
        exit = child.exit
        commands = toBrowser[1]
        replies = fromBrowser[0]
    }

    deinit { shutDown() }

    /// Runs `body` with a fresh browser, and once more with another when
    /// Chromium does not answer in time (on a machine loaded by the other
    /// test suites a browser can stall while starting); other errors end it.
    static func withBrowser<T>(timeout: Double = 90, _ body: (HeadlessChromium) throws -> T) throws -> T {
        let path = try #require(executable, "no chromium on PATH")
        var attempt = 1
        while true {
            let browser = try HeadlessChromium(executable: path, timeout: timeout)
            defer { browser.shutDown() }
            do {
                return try body(browser)
            } catch let failure as Failure {
                guard case .timeout = failure, attempt < 2 else { throw failure }
                attempt += 1
            }
        }
    }

    /// Sends one command and waits for its reply; events that arrive in
    /// between are kept for `messages` and `waitForEvent`.
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:], session: String? = nil) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var command: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { command["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: command))
        bytes.append(0)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure.protocolError("\(method): write: \(String(cString: strerror(errno)))")
            }
            offset += n
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let message = try readMessage(until: deadline, waitingFor: method)
            if message["id"] as? Int == id {
                if let error = message["error"] as? [String: Any] {
                    throw Failure.protocolError("\(method): \(error["message"] ?? error)")
                }
                return message["result"] as? [String: Any] ?? [:]
            }
            events.append(message)
        }
    }

    /// Waits for an event of `method` (already received or still to come).
    func waitForEvent(_ method: String, session: String) throws -> [String: Any] {
        if let index = events.firstIndex(where: { $0["method"] as? String == method && $0["sessionId"] as? String == session }) {
            return events.remove(at: index)
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let message = try readMessage(until: deadline, waitingFor: method)
            if message["method"] as? String == method, message["sessionId"] as? String == session {
                return message
            }
            events.append(message)
        }
    }

    /// Every console call, uncaught exception and log entry received so far.
    var messages: [Message] {
        events.compactMap { event in
            let params = event["params"] as? [String: Any] ?? [:]
            switch event["method"] as? String {
            case "Runtime.consoleAPICalled":
                let args = (params["args"] as? [[String: Any]] ?? []).map { "\($0["value"] ?? $0["description"] ?? "")" }
                return Message(source: "console", level: params["type"] as? String ?? "?", text: args.joined(separator: " "))
            case "Runtime.exceptionThrown":
                let details = params["exceptionDetails"] as? [String: Any] ?? [:]
                let exception = details["exception"] as? [String: Any] ?? [:]
                return Message(source: "exception", level: "error",
                               text: "\(exception["description"] ?? details["text"] ?? "")")
            case "Log.entryAdded":
                let entry = params["entry"] as? [String: Any] ?? [:]
                return Message(source: entry["source"] as? String ?? "log", level: entry["level"] as? String ?? "?",
                               text: "\(entry["text"] ?? "") \(entry["url"] ?? "")")
            default:
                return nil
            }
        }
    }

    /// Opens `url` in a new tab with the console, the runtime and the log
    /// watched, and waits for its load event. Returns the tab's session.
    func open(_ url: URL, width: Int = 1280, height: Int = 900) throws -> String {
        let target = try send("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"] as? String else {
            throw Failure.protocolError("Target.createTarget: no targetId in \(target)")
        }
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else {
            throw Failure.protocolError("Target.attachToTarget: no sessionId in \(attached)")
        }
        try send("Runtime.enable", session: session)
        try send("Log.enable", session: session)
        try send("Page.enable", session: session)
        try send("Emulation.setDeviceMetricsOverride",
                 ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false], session: session)
        try send("Page.navigate", ["url": url.absoluteString], session: session)
        _ = try waitForEvent("Page.loadEventFired", session: session)
        return session
    }

    /// Evaluates `expression` in the page and returns its value (JSON-able).
    func evaluate(_ expression: String, session: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true], session: session)
        if let details = result["exceptionDetails"] {
            throw Failure.protocolError("Runtime.evaluate(\(expression)): \(details)")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// A PNG of the viewport.
    func screenshot(session: String) throws -> Data {
        let result = try send("Page.captureScreenshot", ["format": "png"], session: session)
        guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw Failure.protocolError("Page.captureScreenshot: no data")
        }
        return data
    }

    /// Asks the browser to close, then makes sure its whole process group is gone.
    func shutDown() {
        guard !closed else { return }
        closed = true
        let id = nextID
        var bytes = [UInt8]("{\"id\":\(id),\"method\":\"Browser.close\"}".utf8)
        bytes.append(0)
        // Only to a browser still running: a write to a pipe nobody reads would raise SIGPIPE.
        if exit.wait(timeout: 0) == nil { _ = bytes.withUnsafeBytes { write(commands, $0.baseAddress, $0.count) } }
        close(commands)
        if exit.wait(timeout: 5) == nil {
            kill(-pid, SIGKILL)
            _ = exit.wait()
        }
        // Helpers (zygote, renderers) are in the same group.
        kill(-pid, SIGKILL)
        close(replies)
    }

    private func readMessage(until deadline: Date, waitingFor method: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                    throw Failure.protocolError("not a JSON object: \(String(decoding: data, as: UTF8.self))")
                }
                return object
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Failure.timeout(method) }
            var descriptor = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining, 1) * 1000) + 1)
            if ready < 0 {
                if errno == EINTR { continue }
                throw Failure.protocolError("poll: \(String(cString: strerror(errno)))")
            }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure.protocolError("read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { throw Failure.protocolError("Chromium closed the pipe while waiting for \(method)") }
            buffer.append(contentsOf: chunk[..<n])
        }
    }
}
