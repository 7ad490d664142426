import DesktopApps
import Foundation
import Glibc

/// The AT-SPI snapshot (issue 13): gtk3-widget-factory's first page read
/// into a screen model (`AtspiReader.snapshot`: the cache's `GetItems`, the
/// nodes it leaves out, then extents, actions, values and text of showing
/// elements in one batch, on a peer-to-peer connection to the app), against
/// the naive walk a client does without the cache in the same run, on the
/// same connection: one blocking call per object for its children, role,
/// name and states, and its extents when it shows (the per-element walk of
/// libatspi without its cache). Target ≤ 50 ms.
///
/// Needs a desktop session (DISPLAY, DBUS_SESSION_BUS_ADDRESS) and
/// `gtk3-widget-factory` (Debian `gtk-3-examples`); without them the line says
/// "skipped" and why. `make bench` runs it headless:
/// `xvfb-run -a dbus-run-session -- swift run -c release switchyard-bench atspi-snapshot`.
enum DesktopSnapshotBench {
    static let app = "/usr/bin/gtk3-widget-factory"
    static let runs = 21
    static let targetMilliseconds = 50.0

    static func run() -> [String] {
        let env = ProcessInfo.processInfo.environment
        guard !(env["DISPLAY"] ?? "").isEmpty, !(env["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty else {
            return [skipped("needs a desktop session: xvfb-run -a dbus-run-session -- swift run -c release switchyard-bench atspi-snapshot")]
        }
        guard FileManager.default.isExecutableFile(atPath: app) else { return [skipped("needs \(app) (Debian package gtk-3-examples)")] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: app)
        var childEnvironment = env
        childEnvironment["LD_PRELOAD"] = nil
        childEnvironment["NO_AT_BRIDGE"] = nil
        process.environment = childEnvironment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return [failed("cannot start \(app): \(error)")] }
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        do {
            let reader = try AtspiReader()
            let target = try reader.app(pid: Int(process.processIdentifier), showingWithin: .seconds(20))
            // The first snapshot starts the app's cache (and warms ours).
            let first = try reader.snapshot(target)
            var snapshot: [Double] = []
            var walk: [Double] = []
            // Where a snapshot's time goes: the cache's one reply, then the
            // nodes it leaves out (read level by level), then the rest
            // (details of showing elements, building the screen).
            var getItems: [Double] = []
            var nodes: [Double] = []
            // Our own share: this thread's CPU time over the snapshots (the rest is the app and the bus).
            var cpu = 0.0
            var objects = 0
            // Interleaved, so both see the same machine.
            for _ in 0..<runs {
                let before = LiveBench.cpuSeconds(CLOCK_THREAD_CPUTIME_ID)
                snapshot.append(try milliseconds { _ = try reader.snapshot(target) })
                cpu += LiveBench.cpuSeconds(CLOCK_THREAD_CPUTIME_ID) - before
                walk.append(try milliseconds { objects = try naiveWalk(target, bus: reader.connection(to: target)) })
                getItems.append(try milliseconds { _ = try reader.connection(to: target).call(BusCall(target.bus, AtspiPaths.cache, "org.a11y.atspi.Cache", "GetItems")) })
                nodes.append(try milliseconds { _ = try reader.nodes(of: target) })
            }
            let median = percentile(snapshot, 0.5)
            return ["{\"benchmark\":\"atspi-snapshot\",\"app\":\"gtk3-widget-factory page 1\",\"elements\":\(first.screen.elements.count),"
                + "\"objects\":\(objects),\"runs\":\(runs),"
                + "\"snapshot_ms_median\":\(LiveBench.format(median, 2)),\"snapshot_ms_p90\":\(LiveBench.format(percentile(snapshot, 0.9), 2)),"
                + "\"snapshot_own_cpu_ms_mean\":\(LiveBench.format(cpu * 1000 / Double(runs), 2)),"
                + "\"getitems_call_ms_median\":\(LiveBench.format(percentile(getItems, 0.5), 2)),"
                + "\"nodes_ms_median\":\(LiveBench.format(percentile(nodes, 0.5), 2)),"
                + "\"reference\":\"one blocking call per object and property (children, role, name, states, extents when showing)\","
                + "\"reference_ms_median\":\(LiveBench.format(percentile(walk, 0.5), 2)),"
                + "\"target_ms\":\(Int(targetMilliseconds)),\"met\":\(median <= targetMilliseconds)}"]
        } catch {
            return [failed("\(error)")]
        }
    }

    static func skipped(_ why: String) -> String { "{\"benchmark\":\"atspi-snapshot\",\"skipped\":\(LiveBench.json(why))}" }
    static func failed(_ why: String) -> String { "{\"benchmark\":\"atspi-snapshot\",\"error\":\(LiveBench.json(why))}" }

    static func milliseconds(_ body: () throws -> Void) throws -> Double {
        let start = LiveBench.monotonicNanoseconds()
        try body()
        return Double(LiveBench.monotonicNanoseconds() - start) / 1e6
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count) * p).rounded(.up)) - 1))]
    }

    /// The reference: the whole tree, one object and one property at a
    /// time, each call waiting for its reply.
    /// - Returns: how many objects it read.
    static func naiveWalk(_ app: DesktopApp, bus: AccessibilityBus) throws -> Int {
        var stack = [AtspiPaths.root]
        var seen: Set<String> = []
        while let path = stack.popLast() {
            guard seen.insert(path).inserted else { continue }
            let children = try bus.call(BusCall(app.bus, path, AtspiPaths.accessible, "GetChildren"))
            _ = try bus.call(BusCall(app.bus, path, AtspiPaths.accessible, "GetRoleName"))
            _ = try bus.call(BusCall(app.bus, path, AtspiPaths.properties, "Get", [.string(AtspiPaths.accessible), .string("Name")]))
            let states = AtspiStates(words: try bus.call(BusCall(app.bus, path, AtspiPaths.accessible, "GetState")).first?.items ?? [])
            if states.isShowing, path != AtspiPaths.root {
                _ = try? bus.call(BusCall(app.bus, path, AtspiPaths.component, "GetExtents", [.uint32(0)]))
            }
            for c in (children.first?.items ?? []).reversed() {
                if let p = c.items?.last?.string, !p.isEmpty { stack.append(p) }
            }
        }
        return seen.count
    }
}
