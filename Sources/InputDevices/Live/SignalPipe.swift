import Glibc
import Synchronization

/// Write end of the self-pipe, read by the signal handler (-1: none). A
/// global because a C signal handler cannot capture context; an atomic
/// because the handler may run on any thread. Set before the handlers are
/// installed and reset after they are removed.
private let signalPipeWriteFD = Atomic<Int32>(-1)

/// Turns SIGINT/SIGTERM/SIGHUP (terminal closed) into a readable fd (the self-pipe trick), so the live
/// loop's single `poll()` wakes, the loop exits normally and every `defer`
/// (ungrab, terminal restore) runs.
///
/// One per live loop. `uninstall()` restores the previous handlers and
/// closes the pipe; `deinit` does it too. `simulate(_:)` may be called from
/// any thread (it is one `write(2)` to the pipe, as a signal handler does);
/// `drain()` belongs to the loop's thread.
public final class SignalPipe: Sendable {
    /// Poll this for `POLLIN`.
    public let readFD: Int32
    private let writeFD: Int32
    /// The handlers to restore, and whether the pipe is closed: `simulate`
    /// from another thread must not write to a descriptor `uninstall` closed.
    private let state: Mutex<(saved: [SavedSignal], closed: Bool)>

    /// Creates the pipe and installs handlers for `signals`.
    /// The corresponding C functions are `pipe`, `fcntl` and `sigaction`.
    public init(signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) throws(Errno) {
        var fds: [Int32] = [-1, -1]
        _ = try valueOrErrno { system_pipe_nonblocking(&fds) }
        readFD = fds[0]
        writeFD = fds[1]
        // Only a pipe that catches signals owns the global; one with no
        // signals (tests, injected shutdown) leaves another's handler alone.
        if !signals.isEmpty { signalPipeWriteFD.store(writeFD, ordering: .sequentiallyConsistent) }
        var saved: [SavedSignal] = []
        for s in signals {
            saved.append(system_signal_install(s) { sig in
                var byte = UInt8(truncatingIfNeeded: sig)
                _ = system_write(signalPipeWriteFD.load(ordering: .sequentiallyConsistent), &byte, 1)
            })
        }
        // Started with these signals blocked (the mask is inherited), the
        // process would never see them: this thread, the loop's, takes them.
        system_signal_unblock(signals)
        state = Mutex((saved, false))
    }

    deinit { uninstall() }

    /// Signal numbers received since the last call (drains the pipe).
    public func drain() -> [Int32] {
        var out: [Int32] = []
        var buf = [UInt8](repeating: 0, count: 16)
        while true {
            let n = buf.withUnsafeMutableBytes { system_read(readFD, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            out += buf[0..<n].map(Int32.init)
        }
        return out
    }

    /// Sends `signal` to this process's pipe as if it had arrived (for tests
    /// and shutdown requests, from any thread). Does nothing once uninstalled.
    public func simulate(_ signal: Int32) {
        state.withLock { state in
            guard !state.closed else { return }
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = system_write(writeFD, &byte, 1)
        }
    }

    /// Restores previous handlers and closes the pipe. Idempotent.
    public func uninstall() {
        state.withLock { state in
            guard !state.closed else { return }
            state.closed = true
            for s in state.saved.reversed() { system_signal_restore(s) }
            state.saved.removeAll()
            _ = signalPipeWriteFD.compareExchange(expected: writeFD, desired: -1, ordering: .sequentiallyConsistent)
            _ = system_close(writeFD)
            _ = system_close(readFD)
        }
    }
}
