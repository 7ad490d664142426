import DesktopApps
import DeviceTestbed
import Diagnostics
import Scripting
import Foundation
import Glibc
import ScreenModel
import SwitchyardEngine
import Testing

/// The headless desktop the tests run in: `make test` runs the whole suite
/// under `xvfb-run` and `dbus-run-session` (docs/desktop-apps.md). Without
/// them the tests that need one are skipped, and the run says so
/// (`.desktopSession`, `Requirement.desktopSession`); with
/// `SWITCHYARD_REQUIRE_ATSPI=1` (set by `.ci/run`) they run instead, and
/// fail at `DesktopSession.require()`, as the umockdev tests do.
enum DesktopSession {
    /// Throws when there is no desktop session: a test runs without one
    /// only when `SWITCHYARD_REQUIRE_ATSPI=1`, and then it must fail.
    static func require() throws {
        guard Requirement.desktopSession.isMet else { throw Missing() }
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "SWITCHYARD_REQUIRE_ATSPI=1 but there is no desktop session (DISPLAY, DBUS_SESSION_BUS_ADDRESS): run under xvfb-run -a dbus-run-session (make test does)"
        }
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
}

/// The suites that use the desktop session's accessibility bus, one test
/// at a time: they share the bus and its registry, and a test that stops
/// an app (SIGSTOP) or holds one's lock would slow or fail another's.
@Suite(.serialized) struct OnTheDesktop {}

extension TestTrait where Self == ConditionTrait {
    /// The test drives a real app on the desktop session's accessibility
    /// bus: skipped without a session (the run reports it skipped, with the
    /// reason), unless `SWITCHYARD_REQUIRE_ATSPI=1` makes it run and fail.
    static var desktopSession: Self {
        .enabled(if: Requirement.desktopSession.runs, Comment(rawValue: Requirement.desktopSession.skipReason))
    }
}

/// A GTK app started for a test, its standard output read line by line with
/// bounded waits. Killed when released.
final class FixtureApp {
    private let child: ChildProcess
    var pid: pid_t { child.pid }
    private let output: Int32
    private var buffer: [UInt8] = []
    /// Every line the app printed so far.
    private(set) var lines: [String] = []
    private var seen = 0

    /// Starts `executable ARGS` without the umockdev preload (its
    /// variables are the test process's own business), its standard
    /// output on a pipe this object reads.
    init(_ executable: String, _ args: [String] = []) throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw Diagnostic(.error, "pipe failed") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer { close(fds[1]) }
        var environment = ProcessInfo.processInfo.environment
        for k in ["LD_PRELOAD", "UMOCKDEV_DIR", "NO_AT_BRIDGE", "GTK_MODULES"] { environment[k] = nil }
        do {
            child = try ChildProcess(executable, args, descriptors: [0: .null, 1: .copy(fds[1]), 2: .copy(2)], environment: environment)
        } catch {
            close(fds[0])
            throw error
        }
        output = fds[0]
    }

    /// The Python GTK3 fixture app (Fixtures/fixture-app.py), ready; with
    /// `extras`, its second window ("Switchyard Extras") instead.
    static func fixture(extras: Bool = false) throws -> FixtureApp {
        try DesktopSession.require()
        let app = try FixtureApp("/usr/bin/python3", [DesktopSession.fixtures.appendingPathComponent("fixture-app.py").path] + (extras ? ["--extras"] : []))
        try #require(app.waitFor("ready", timeout: 20), "the fixture app did not start: \(app.lines)")
        return app
    }

    deinit {
        child.send(SIGKILL)
        _ = child.exit.wait()
        close(output)
    }

    /// Waits until the app prints a line equal to `line` (after those already
    /// waited for), up to `timeout` seconds.
    func waitFor(_ line: String, timeout: Double = 5) -> Bool {
        let end = LiveDesktopApp.monotonicMicroseconds() + Int64(timeout * 1_000_000)
        while true {
            if let k = lines[seen...].firstIndex(of: line) {
                seen = k + 1
                return true
            }
            let left = end - LiveDesktopApp.monotonicMicroseconds()
            guard left > 0 else { return false }
            var fd = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&fd, 1, Int32(left / 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = read(output, &chunk, chunk.count)
            if n <= 0 { return false }
            buffer += chunk[0..<n]
            while let nl = buffer.firstIndex(of: 0x0A) {
                lines.append(String(decoding: buffer[..<nl], as: UTF8.self))
                buffer.removeSubrange(...nl)
            }
        }
    }

    /// The app on the accessibility bus, once it has registered (about 50 ms
    /// after its window shows).
    func registered(on reader: AtspiReader, timeout: Interval = .seconds(10)) throws -> DesktopApp {
        try reader.app(pid: Int(pid), showingWithin: timeout)
    }
}

/// A session of the engine on a live app: inputs at virtual instants, the
/// events carried out on the app, and the app's changes fed back.
final class DrivenApp {
    var session: Session
    let live: LiveDesktopApp
    var now: Instant = .zero
    /// Every event so far.
    var events: [TimedEvent]

    init(_ live: LiveDesktopApp, _ configuration: SessionConfiguration) throws {
        self.live = live
        session = try Session(app: live.snapshot.appModel, configuration: configuration)
        events = session.start(at: .zero)
        events += live.perform(events)
    }

    /// `input` at `now + after`; its events go to the app.
    @discardableResult
    func input(_ input: Input, after: Interval = .milliseconds(100)) -> [TimedEvent] {
        now = now + after
        let new = session.handle(TimedInput(input, at: now))
        events += new
        events += live.perform(new)
        return new
    }

    /// Moves virtual time on; the events go to the app.
    @discardableResult
    func advance(by interval: Interval) -> [TimedEvent] {
        now = now + interval
        let new = session.advance(to: now)
        events += new
        events += live.perform(new)
        return new
    }

    /// Waits (real time) for the app to change, and gives the session its new screen.
    @discardableResult
    func awaitChange(timeout: Interval = .seconds(5)) throws -> [TimedEvent] {
        let update = try #require(try live.waitForChange(timeout: timeout), "the app did not change within \(timeout)")
        return input(.screenReplaced(update), after: .zero)
    }

    /// Switch down and up.
    func press(_ s: SwitchID) {
        input(.switchDown(s))
        input(.switchUp(s), after: .milliseconds(50))
    }

    /// The labels highlighted, in order, among `events`.
    static func highlighted(_ events: [TimedEvent]) -> [String] {
        events.compactMap { e in
            guard case .highlighted(let h) = e.event else { return nil }
            switch h {
            case .element(let r): return r.label ?? "?"
            case .group: return "group"
            case .menuItem(let t): return "menu \(t)"
            default: return "other"
            }
        }
    }
}

extension DrivenApp {
    /// The element of the current screen labelled `label`.
    func element(_ label: String) -> ElementIndex? {
        let s = session.currentScreen
        return s.elements.indices.first { s.label(of: $0) == label }
    }

    /// What the cursor shows now, as `DrivenApp.highlighted` names it.
    var highlight: String? {
        guard let h = session.presentation.highlight else { return nil }
        return Self.highlighted([TimedEvent(.highlighted(h), at: now)]).first
    }

    /// Auto scanning: lets time pass until the cursor is on `label` (an
    /// element or a menu item `menu …`), entering the groups that hold it.
    func scan(to label: String, limit: Interval = .seconds(60)) -> Bool {
        let end = now + limit
        while now < end {
            if highlight == label { return true }
            if session.presentation.highlight == nil {
                // Scanning stopped (its loops were used up): a press starts it again.
                press(.select)
                continue
            }
            if case .group(let frame, _)? = session.presentation.highlight, let k = element(label),
               frame.contains(session.currentScreen.frames[k].center) {
                press(.select)
                continue
            }
            advance(by: .milliseconds(50))
        }
        return false
    }

    /// Auto scanning, Tap Behavior Default: scans to `label`, selects it and
    /// chooses Tap in the scanner menu.
    func tap(_ label: String) -> Bool {
        guard scan(to: label) else { return false }
        press(.select)
        guard scan(to: "menu Tap") else { return false }
        press(.select)
        return true
    }
}

/// Scenario files on a live app, run in process (`ScenarioRunner` with
/// `AtspiScenarioApp`, as `switchyard run` makes them) or by the built tool.
enum LiveScenario {
    /// Gives `app atspi` lines their live app, as `switchyard run` does.
    static let runner = ScenarioRunner(scenarioApps: { source, _ in
        guard case .atspi(let app, let window) = source else { throw Diagnostic(.error, "these tests drive live apps only") }
        return .live(try AtspiScenarioApp.open(app, window: window))
    })

    /// Prepares and runs `text` as the scenario file `t.swy`.
    /// - Returns: the result, its failures as `file:line:column: message`,
    ///   and the events, as text lines and as they are.
    static func run(_ text: String) throws -> (result: ScenarioResult, failures: [String], lines: [String], events: [TimedEvent]) {
        var events: [TimedEvent] = []
        let prepared = try runner.prepare(text: text, file: "t.swy")
        let result = runner.run(prepared) { events.append($0) }
        return (result, result.failures.map { "\($0.position): \($0.message)" }, events.map { TranscriptFormat.textLine($0) }, events)
    }

    /// Scenario files in a new folder, removed when released.
    final class Files {
        let paths: [String]
        private let folder: URL

        /// Writes `texts` as `live.swy`, `live-2.swy`, ….
        init(_ texts: [String]) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-live-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var paths: [String] = []
            for (k, t) in texts.enumerated() {
                let file = folder.appendingPathComponent(k == 0 ? "live.swy" : "live-\(k + 1).swy").path
                try t.write(toFile: file, atomically: true, encoding: .utf8)
                paths.append(file)
            }
            self.paths = paths
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    /// Writes `text` to a scenario file in a new folder, runs `switchyard
    /// run` on it (and on the files of `more`), and gives its exit status and output.
    static func runTool(_ text: String, more: [String] = [], environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String, file: String) {
        let files = try Files([text] + more)
        let tool = try ToolProcess(["run"] + files.paths, environment: environment)
        let (_, status) = tool.wait(timeoutMilliseconds: 60_000)
        return (status, tool.stdout, tool.stderr, files.paths[0])
    }
}
