import DeviceTestbed
import Foundation
import Glibc
import Testing

/// `ToolProcess` starts the tool in a test process that holds more than
/// 1,024 descriptors (as the whole suite under umockdev can), where
/// Foundation's `Process` wrote past its `select` set and crashed.
@Suite struct ToolProcessTests {
    /// The descriptors the test holds: more than `FD_SETSIZE` (1,024).
    static let held = 1_100
    static let stress = "SWITCHYARD_DESCRIPTOR_STRESS"

    /// Run as it is, this test runs itself again in a process of its own
    /// with `SWITCHYARD_DESCRIPTOR_STRESS=1`, so that the descriptors it
    /// holds there are seen by no other test; there, it holds them and
    /// starts the tool.
    @Test(.enabled(if: Self.descriptorLimit() > rlim_t(Self.held + 64), "the descriptor limit (ulimit -n) is below 1,164"))
    func startsTheToolWhileHoldingMoreThan1024Descriptors() throws {
        if ProcessInfo.processInfo.environment[Self.stress] == "1" {
            try holdDescriptorsAndRunTheTool()
        } else {
            try runInAProcessOfItsOwn()
        }
    }

    /// The test bundle again, with this test alone.
    func runInAProcessOfItsOwn() throws {
        let bundle = CommandLine.arguments[0]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.stress] = "1"
        let output = try TemporaryDirectory()
        let log = open(output.path("log"), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(log >= 0)
        defer { close(log) }
        let child = try ChildProcess(bundle, ["--testing-library", "swift-testing", "--filter", "startsTheToolWhileHoldingMoreThan1024Descriptors"],
                                     descriptors: [0: .null, 1: .copy(log), 2: .copy(log)], environment: environment)
        let end = try #require(child.exit.wait(timeout: 120), "the test process did not end within 120 s")
        let text = try output.read("log")
        #expect(end == ChildEnd(reason: .exit, status: 0), "\(text)")
        #expect(text.contains("Test run with 1 test"), "\(text)")
    }

    /// Holds `held` descriptors (the lowest free numbers, so that the
    /// tool's pipes get numbers above 1,024) and runs `switchyard inspect` (the demo app).
    func holdDescriptorsAndRunTheTool() throws {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        var held = ends
        while held.count < Self.held {
            let fd = dup(ends[0])
            try #require(fd >= 0, "dup: \(String(cString: strerror(errno)))")
            held.append(fd)
        }
        defer { held.forEach { close($0) } }
        try #require(held.max()! > 1_024)
        let tool = try ToolProcess(["inspect"])
        let end = tool.wait()
        #expect(end.reason == .exit)
        #expect(end.status == 0)
        #expect(tool.stdout.hasPrefix("Corner Café — screen \"home\""))
    }

    static func descriptorLimit() -> rlim_t {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        return limit.rlim_max
    }
}
