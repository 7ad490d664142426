import DeviceTestbed
import Foundation
import Glibc
import InputDevices
import ScreenModel
import SwitchyardEngine

/// What the live benchmarks (`input-latency`, `idle-cpu`) share: a 3-stop app,
/// a Manual Scanning session (no engine timer is ever pending), clocks and the
/// CPU counters. Only this target reads clocks; the engine never does.
enum LiveBench {
    /// Three buttons in a row.
    static let threeStopApp = """
        {"name": "Three", "screens": {"main": {"size": {"width": 390, "height": 844}, "root": {"children": [
          {"label": "Back", "traits": ["button"], "frame": {"x": 0, "y": 50, "width": 100, "height": 44}},
          {"label": "Pay", "traits": ["button"], "frame": {"x": 120, "y": 50, "width": 100, "height": 44}},
          {"label": "Help", "traits": ["button"], "frame": {"x": 240, "y": 50, "width": 100, "height": 44}}
        ]}}}}
        """

    /// Manual Scanning over the 3-stop app: `next` (the switch box's KEY_ENTER)
    /// moves the highlight, `select` (KEY_SPACE) selects; no timer is ever pending.
    static func manualScanningSink() throws -> SessionSink {
        let app = try AppDecoder(file: "three.json").decode(Array(threeStopApp.utf8))
        var settings = SwitchControlSettings()
        settings.scanningStyle = .manualScanning
        settings.switches = [SwitchAssignment(.select, .selectItem), SwitchAssignment(.next, .moveToNextItem)]
        let session = try Session(app: app, configuration: SessionConfiguration(technology: .switchControl(settings)))
        return SessionSink(session: session)
    }

    /// CLOCK_MONOTONIC in nanoseconds (the clock of kernel input timestamps).
    static func monotonicNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// CPU time of `clock` (`CLOCK_PROCESS_CPUTIME_ID`: every thread, umockdev's
    /// GLib thread included; `CLOCK_THREAD_CPUTIME_ID`: the calling thread), in seconds.
    static func cpuSeconds(_ clock: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// A key frame as the kernel writes it: the key event and SYN_REPORT, stamped `nanoseconds` (CLOCK_MONOTONIC).
    static func keyFrame(_ code: String, _ value: Int32, at nanoseconds: UInt64) -> [RawEvent] {
        let us = Int64(nanoseconds / 1000)
        let s = us / 1_000_000, u = us % 1_000_000
        return [
            RawEvent(seconds: s, microseconds: u, type: EventType.key, code: EventCodes.code(named: code, type: EventType.key)!, value: value),
            RawEvent(seconds: s, microseconds: u, type: EventType.syn, code: 0, value: 0),
        ]
    }

    /// `s` as a JSON string literal (the project's one rule: `JSONWriter.quote`).
    static func json(_ s: String) -> String { JSONWriter.quote(s) }

    static func format(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }
}

/// Wraps an adapter and counts `service` calls: one per `poll()` return of the
/// live loop (the loop services every adapter after each poll, except the
/// final wake by the signal pipe).
final class CountingAdapter: InputAdapter {
    static let kind = "counting"
    static let summary = "counts the live loop's wakeups (benchmarks)"
    static func make(_ options: AdapterOptions) throws(InputDeviceError) -> CountingAdapter { throw .noDevicesFound }

    let inner: any InputAdapter
    var services = 0
    init(_ inner: any InputAdapter) { self.inner = inner }

    func discover() throws(InputDeviceError) -> [DiscoveredDevice] { try inner.discover() }
    func start(clock: SessionClock) throws(InputDeviceError) -> [TimedInput] { try inner.start(clock: clock) }
    var pollDescriptors: [Int32] { inner.pollDescriptors }
    var nextWakeup: Instant? { inner.nextWakeup }
    func service(readable: Set<Int32>, now: Instant, clock: SessionClock) throws(InputDeviceError) -> [TimedInput] {
        services += 1
        return try inner.service(readable: readable, now: now, clock: clock)
    }
    var isFinished: Bool { inner.isFinished }
    func stop() { inner.stop() }
}
