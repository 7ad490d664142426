import DeviceTestbed
import Diagnostics
import Foundation
import Glibc
import InputDevices
import SwitchyardEngine

/// CPU used by an idle live session: the real `LiveLoop` with no input and a
/// `SessionSink` whose session never has a pending timer (Manual Scanning), so
/// the loop should sleep in `poll()` for the whole window. Ended after
/// `seconds` wall seconds by `SignalPipe.simulate` from a timer thread.
///
/// Two lines: the loop on an `EvdevAdapter` with a umockdev testbed switch box
/// (needs the preload; the process then also holds umockdev's GLib thread),
/// and, as the baseline without any testbed, on a `TerminalKeyboardAdapter`
/// reading a pseudo-terminal. `cpu_percent` is the whole process
/// (`CLOCK_PROCESS_CPUTIME_ID`) over the window, as a share of one core;
/// `loop_thread_cpu_percent` is the loop's thread alone
/// (`CLOCK_THREAD_CPUTIME_ID`); `wakeups` counts the loop's `poll()` returns
/// (adapter `service` calls) plus the final wake by the signal pipe.
enum IdleCPUBench {
    static let seconds = 5.0
    static let targetPercent = 1.0

    static func run() -> [String] {
        var lines: [String] = []
        if Testbed.isPreloaded {
            lines.append(line("evdev-umockdev-testbed") { () throws -> (any InputAdapter, AnyObject) in
                let testbed = try Testbed()
                try testbed.add(.switchBox)
                return (try EvdevAdapter(options: AdapterOptions(profiles: try TestDevice.shippedProfiles(), devnodes: [TestDevice.switchBox.devnode])),
                        testbed)
            })
        } else {
            lines.append(#"{"benchmark":"live-idle-cpu","adapter":"evdev-umockdev-testbed","skipped":"needs umockdev-wrapper"}"#)
        }
        lines.append(line("terminal-pty (no testbed)") { () throws -> (any InputAdapter, AnyObject) in
            let pty = try PseudoTerminal()
            return (TerminalKeyboardAdapter(fd: pty.slave), pty)
        })
        return lines
    }

    /// One window on the adapter `make` returns; the object it returns with
    /// it (the testbed, the pty) stays alive until the window has ended.
    private static func line(_ name: String, _ make: () throws -> (any InputAdapter, AnyObject)) -> String {
        do {
            let (adapter, owner) = try make()
            let r = try withExtendedLifetime(owner) { try window(adapter: CountingAdapter(adapter)) }
            let process = r.processCPU / r.wall * 100
            return "{\"benchmark\":\"live-idle-cpu\",\"adapter\":\(LiveBench.json(name)),\"session\":\"manual-scanning, no pending timers\","
                + "\"seconds\":\(Int(seconds)),\"wall_seconds\":\(LiveBench.format(r.wall, 3)),"
                + "\"cpu_percent\":\(LiveBench.format(process, 3)),\"loop_thread_cpu_percent\":\(LiveBench.format(r.loopCPU / r.wall * 100, 3)),"
                + "\"wakeups\":\(r.wakeups),\"exit\":\(LiveBench.json(r.exit)),"
                + "\"target_percent\":\(Int(targetPercent)),\"met\":\(process < targetPercent)}"
        } catch {
            return "{\"benchmark\":\"live-idle-cpu\",\"adapter\":\(LiveBench.json(name)),\"error\":\(LiveBench.json("\(error)"))}"
        }
    }

    /// Ends the window from another thread after `seconds`: a Dispatch timer,
    /// so nothing wakes in between to disturb the measurement.
    static func stop(_ signals: SignalPipe, after seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { signals.simulate(SIGTERM) }
    }

    private static func window(adapter: CountingAdapter) throws -> (wall: Double, processCPU: Double, loopCPU: Double, wakeups: Int, exit: String) {
        let sink = try LiveBench.manualScanningSink()
        let signals = try SignalPipe(signals: [])
        let loop = LiveLoop(adapters: [adapter], sink: sink, clock: SessionClock.startingNow())
        var start: (wall: UInt64, process: Double, thread: Double)?
        var timersPending = false
        loop.onInput = { input in
            guard case .deviceAdded = input.input, start == nil else { return }
            // The window opens once the device is open and the loop is about to poll.
            timersPending = sink.nextDeadline != nil
            adapter.services = 0
            start = (LiveBench.monotonicNanoseconds(), LiveBench.cpuSeconds(CLOCK_PROCESS_CPUTIME_ID), LiveBench.cpuSeconds(CLOCK_THREAD_CPUTIME_ID))
            stop(signals, after: seconds)
        }
        let exit = try loop.run(signals: signals)
        let endWall = LiveBench.monotonicNanoseconds()
        let endProcess = LiveBench.cpuSeconds(CLOCK_PROCESS_CPUTIME_ID)
        let endThread = LiveBench.cpuSeconds(CLOCK_THREAD_CPUTIME_ID)
        guard let start else { throw Diagnostic(.error, "the adapter reported no device") }
        guard !timersPending else { throw Diagnostic(.error, "the session had a pending timer") }
        return (Double(endWall - start.wall) / 1e9, endProcess - start.process, endThread - start.thread,
                adapter.services + 1, exit.description)
    }
}

