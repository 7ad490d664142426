import DeviceTestbed
import Foundation
import Glibc
import SwitchyardEngine
import Testing
@testable import InputDevices

/// The Unix stream sockets this process holds, by kind.
struct UnixSockets {
    /// Listening sockets, by the path they are bound to.
    var listening: [String] = []
    /// Connected sockets, by their own path or their peer's (empty when unnamed).
    var connected: [String] = []
    /// Neither listening nor connected: what umockdev's preload leaves after
    /// a `/dev` node opened while no testbed exists (docs/hardware.md).
    var unconnected = 0

    /// The census of `/proc/self/fd`. The corresponding C functions are
    /// `getsockname`, `getpeername` and `getsockopt` (`SO_TYPE`, `SO_ACCEPTCONN`).
    static func held() -> UnixSockets {
        var census = UnixSockets()
        let fds = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
        for fd in fds {
            var type: Int32 = 0
            var listening: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &size) == 0, type == Int32(SOCK_STREAM.rawValue) else { continue }
            guard let own = address(fd, getsockname) else { continue }
            size = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size)
            if listening != 0 {
                census.listening.append(own)
            } else if let peer = address(fd, getpeername) {
                census.connected.append(own.isEmpty ? peer : own)
            } else {
                census.unconnected += 1
            }
        }
        return census
    }

    /// The Unix path of one end of `fd` ("" when unnamed); nil when it has
    /// none (no peer) or is no Unix socket.
    private static func address(_ fd: Int32, _ get: (Int32, UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> Int32) -> String? {
        var address = sockaddr_un()
        var size = socklen_t(MemoryLayout<sockaddr_un>.size)
        let ok = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { get(fd, $0, &size) } }
        guard ok == 0, address.sun_family == sa_family_t(AF_UNIX) else { return nil }
        return withUnsafeBytes(of: &address.sun_path) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}

extension UmockdevTests {
    /// What the hardware tests leave open. umockdev's preload leaves a
    /// socket for every `/dev` node opened by path while no testbed exists,
    /// and a released testbed leaves the two listening sockets of its ioctl
    /// server; the test support opens no node it does not need, and a
    /// released testbed leaves nothing else. Other suites run meanwhile, so
    /// what they leave is allowed for (a few).
    @Suite struct Descriptors {
        static let rounds = 40

        /// A pseudo-terminal's slave is opened from its master, and a
        /// scratch directory is named by `mkdtemp` (Foundation's `UUID`
        /// reads `/dev/urandom`): neither opens a `/dev` node by path.
        @Test func pseudoTerminalsAndScratchDirectoriesLeaveNoSocket() throws {
            let before = UnixSockets.held()
            for _ in 0..<Self.rounds {
                let pty = try PseudoTerminal()
                let scratch = try TemporaryDirectory()
                try scratch.write("x", "")
                withExtendedLifetime((pty, scratch)) {}
            }
            let after = UnixSockets.held()
            #expect(after.unconnected - before.unconnected < Self.rounds / 4, "\(after.unconnected - before.unconnected) sockets left")
        }

        /// Testbeds whose device was opened, read and closed: each leaves
        /// umockdev's two listening sockets (its default ioctl handler's and
        /// the device's, which no libumockdev call closes), and no
        /// connection to a testbed that is gone.
        @Test func aReleasedTestbedLeavesOnlyUmockdevsListeners() throws {
            let testbeds = 10
            let before = UnixSockets.held()
            for _ in 0..<testbeds {
                let testbed = try Testbed()
                try testbed.add(.switchBox)
                let adapter = try evdevAdapter([.switchBox])
                _ = try adapter.start(clock: testClock)
                try testbed.inject(.switchBox, [ev(100.25, "EV_KEY", "KEY_SPACE", 1), syn(100.25)])
                #expect(try collect(adapter, count: 1) == [TimedInput(.switchDown(.select), at: .milliseconds(250))])
                adapter.stop()
                withExtendedLifetime(testbed) {}
            }
            let after = UnixSockets.held()
            let listening = after.listening.count - before.listening.count
            #expect(listening == 2 * testbeds)
            let orphans = after.connected.filter { $0.contains("/umockdev.") && !FileManager.default.fileExists(atPath: $0) }
            #expect(orphans == [])
            #expect(after.unconnected - before.unconnected < testbeds / 2)
        }
    }
}
