import DeviceTestbed
import Diagnostics
import Foundation
import Glibc
import Synchronization
import InputDevices
import SwitchyardEngine

/// Input latency through the real live path, under umockdev's preload: a
/// testbed switch box, `EvdevAdapter` (udev discovery, libevdev reads, grab),
/// profile mapping (`usb-switch-interface`: KEY_ENTER → `next`), the real
/// `LiveLoop` (blocking `poll()`) and a `SessionSink` running Manual Scanning.
///
/// The loop runs on its own thread; this thread writes each press frame
/// (KEY_ENTER 1 + SYN_REPORT) to the testbed's device fd (`Testbed.inject`,
/// `umockdev_testbed_get_dev_fd`) and waits for the loop. A sample is the wall
/// time (CLOCK_MONOTONIC) from just before the first `write(2)` of the frame
/// to the loop's `onOutput` seeing the `.highlighted` event that press caused,
/// i.e. `Session.handle` has returned for that `switchDown`. Each release is
/// written and seen (`onInput`) before the next press, so presses never queue.
/// `to_input_*` is the part up to the loop's `onInput` for the press (pty
/// transfer, poll wake-up, libevdev read, profile mapping); the rest is
/// `Session.handle`. `preload_read_median_us` is what one `read(2)` of the
/// emulated node costs under umockdev's preload (a socket round trip to the
/// testbed's GLib thread); libevdev makes at least two per frame, so most of
/// the latency is the testbed's, not Switchyard's.
enum InputLatencyBench {
    static let presses = 2_000
    static let warmup = 100
    static let targetP99Microseconds = 1_000.0

    static func run() -> [String] {
        guard Testbed.isPreloaded else { return [#"{"benchmark":"input-latency","skipped":"needs umockdev-wrapper"}"#] }
        do { return [try measure()] } catch {
            return ["{\"benchmark\":\"input-latency\",\"error\":\(LiveBench.json("\(error)"))}"]
        }
    }

    /// Shared between this thread and the loop's thread: the loop's side
    /// stores a time or an outcome, then signals a semaphore; this side waits,
    /// then loads it.
    final class Probe: Sendable {
        let signals: SignalPipe
        let ready = DispatchSemaphore(value: 0)
        let produced = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        /// CLOCK_MONOTONIC nanoseconds at which the loop saw the press, and the highlight.
        let inputAt = Atomic<UInt64>(0)
        let producedAt = Atomic<UInt64>(0)
        /// Why the loop failed, if it did.
        let failure = Mutex<String?>(nil)
        init() throws { signals = try SignalPipe(signals: []) }
        var failed: String? { failure.withLock { $0 } }
    }

    static func measure() throws -> String {
        let testbed = try Testbed()
        try testbed.add(.switchBox)
        let probe = try Probe()
        let clock = SessionClock.startingNow()

        let thread = Thread {
            do {
                let sink = try LiveBench.manualScanningSink()
                let adapter = try EvdevAdapter(options: AdapterOptions(profiles: try TestDevice.shippedProfiles(), devnodes: [TestDevice.switchBox.devnode]))
                let loop = LiveLoop(adapters: [adapter], sink: sink, clock: clock)
                var pressPending = false
                loop.onInput = { input in
                    switch input.input {
                    case .deviceAdded: probe.ready.signal()
                    case .switchDown(let s) where s == .next:
                        probe.inputAt.store(LiveBench.monotonicNanoseconds(), ordering: .sequentiallyConsistent)
                        pressPending = true
                    case .switchUp(let s) where s == .next: probe.released.signal()
                    default: break
                    }
                }
                loop.onOutput = { event in
                    guard pressPending, case .highlighted = event.event else { return }
                    probe.producedAt.store(LiveBench.monotonicNanoseconds(), ordering: .sequentiallyConsistent)
                    pressPending = false
                    probe.produced.signal()
                }
                _ = try loop.run(signals: probe.signals)
            } catch {
                probe.failure.withLock { $0 = "\(error)" }
                probe.ready.signal()
            }
            probe.finished.signal()
        }
        thread.start()

        guard probe.ready.wait(timeout: .now() + 5) == .success, probe.failed == nil else {
            probe.signals.simulate(SIGTERM)
            throw Diagnostic(.error, "live loop did not start: \(probe.failed ?? "no device within 5 s")")
        }
        var samples: [Double] = []
        var toInput: [Double] = []
        samples.reserveCapacity(presses)
        toInput.reserveCapacity(presses)
        var missed = 0
        for i in 0..<(warmup + presses) {
            let t0 = LiveBench.monotonicNanoseconds()
            try testbed.inject(.switchBox, LiveBench.keyFrame("KEY_ENTER", 1, at: t0))
            guard probe.produced.wait(timeout: .now() + 2) == .success else { missed += 1; break }
            if i >= warmup {
                samples.append(Double(probe.producedAt.load(ordering: .sequentiallyConsistent) &- t0) / 1000)
                toInput.append(Double(probe.inputAt.load(ordering: .sequentiallyConsistent) &- t0) / 1000)
            }
            try testbed.inject(.switchBox, LiveBench.keyFrame("KEY_ENTER", 0, at: LiveBench.monotonicNanoseconds()))
            guard probe.released.wait(timeout: .now() + 2) == .success else { missed += 1; break }
        }
        probe.signals.simulate(SIGTERM)
        _ = probe.finished.wait(timeout: .now() + 5)
        if let failure = probe.failed { throw Diagnostic(.error, "live loop failed: \(failure)") }
        guard missed == 0, !samples.isEmpty else {
            throw Diagnostic(.error, "a press produced no highlight within 2 s after \(samples.count) measured presses")
        }

        let readCost = preloadReadMicroseconds(TestDevice.switchBox.devnode)
        samples.sort()
        toInput.sort()
        func percentile(_ a: [Double], _ p: Double) -> Double { a[min(a.count - 1, max(0, Int((Double(a.count) * p).rounded(.up)) - 1))] }
        let median = percentile(samples, 0.5)
        let p99 = percentile(samples, 0.99)
        let f = { (v: Double) in LiveBench.format(v) }
        return "{\"benchmark\":\"input-latency\",\"presses\":\(samples.count),\"warmup\":\(warmup),"
            + "\"driver\":\"LiveLoop on its own thread, onInput/onOutput hooks; EvdevAdapter on a umockdev testbed switch box; Manual Scanning session\","
            + "\"min_us\":\(f(samples[0])),\"median_us\":\(f(median)),\"p99_us\":\(f(p99)),\"max_us\":\(f(samples[samples.count - 1])),"
            + "\"to_input_median_us\":\(f(percentile(toInput, 0.5))),\"to_input_p99_us\":\(f(percentile(toInput, 0.99))),"
            + "\"preload_read_median_us\":\(f(readCost)),"
            + "\"target_p99_us\":\(Int(targetP99Microseconds)),\"met\":\(p99 < targetP99Microseconds)}"
    }

    /// Median cost of one `read(2)` (nothing to read: EAGAIN) on the testbed
    /// node. umockdev's preload forwards every read of an emulated node to the
    /// testbed's GLib thread over a socket before the real read; libevdev reads
    /// at least twice per frame (the frame, then EAGAIN). A real evdev node has
    /// no such hop.
    static func preloadReadMicroseconds(_ devnode: String) -> Double {
        let fd = open(devnode, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return -1 }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 24 * 64)
        var times: [Double] = []
        for _ in 0..<1000 {
            let t0 = LiveBench.monotonicNanoseconds()
            _ = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            times.append(Double(LiveBench.monotonicNanoseconds() - t0) / 1000)
        }
        times.sort()
        return times[times.count / 2]
    }
}
