import DeviceTestbed
import Foundation
import Glibc
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

    /// Shared between this thread and the loop's thread; each field is written
    /// by one side before a semaphore signal and read by the other after the wait.
    final class Probe: @unchecked Sendable {
        let signals: SignalPipe
        let ready = DispatchSemaphore(value: 0)
        let produced = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        var producedAt: UInt64 = 0
        var failure: String?
        var exit = ""
        init() throws { signals = try SignalPipe(signals: []) }
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
                    case .switchDown(let s) where s == .next: pressPending = true
                    case .switchUp(let s) where s == .next: probe.released.signal()
                    default: break
                    }
                }
                loop.onOutput = { event in
                    guard pressPending, case .highlighted = event.event else { return }
                    probe.producedAt = LiveBench.monotonicNanoseconds()
                    pressPending = false
                    probe.produced.signal()
                }
                probe.exit = try loop.run(signals: probe.signals).description
            } catch {
                probe.failure = "\(error)"
                probe.ready.signal()
            }
            probe.finished.signal()
        }
        thread.start()

        guard probe.ready.wait(timeout: .now() + 5) == .success, probe.failure == nil else {
            probe.signals.simulate(SIGTERM)
            throw TestbedError("live loop did not start: \(probe.failure ?? "no device within 5 s")")
        }
        var samples: [Double] = []
        samples.reserveCapacity(presses)
        var missed = 0
        for i in 0..<(warmup + presses) {
            let t0 = LiveBench.monotonicNanoseconds()
            try testbed.inject(.switchBox, LiveBench.keyFrame("KEY_ENTER", 1, at: t0))
            guard probe.produced.wait(timeout: .now() + 2) == .success else { missed += 1; break }
            if i >= warmup { samples.append(Double(probe.producedAt &- t0) / 1000) }
            try testbed.inject(.switchBox, LiveBench.keyFrame("KEY_ENTER", 0, at: LiveBench.monotonicNanoseconds()))
            guard probe.released.wait(timeout: .now() + 2) == .success else { missed += 1; break }
        }
        probe.signals.simulate(SIGTERM)
        _ = probe.finished.wait(timeout: .now() + 5)
        if let failure = probe.failure { throw TestbedError("live loop failed: \(failure)") }
        guard missed == 0, !samples.isEmpty else {
            throw TestbedError("a press produced no highlight within 2 s after \(samples.count) measured presses")
        }

        samples.sort()
        let median = samples[samples.count / 2]
        let p99 = samples[min(samples.count - 1, Int((Double(samples.count) * 0.99).rounded(.up)) - 1)]
        let f = { (v: Double) in LiveBench.format(v) }
        return "{\"benchmark\":\"input-latency\",\"presses\":\(samples.count),\"warmup\":\(warmup),"
            + "\"driver\":\"LiveLoop on its own thread, onInput/onOutput hooks; EvdevAdapter on a umockdev testbed switch box; Manual Scanning session\","
            + "\"min_us\":\(f(samples[0])),\"median_us\":\(f(median)),\"p99_us\":\(f(p99)),\"max_us\":\(f(samples[samples.count - 1])),"
            + "\"target_p99_us\":\(Int(targetP99Microseconds)),\"met\":\(p99 < targetP99Microseconds)}"
    }
}
