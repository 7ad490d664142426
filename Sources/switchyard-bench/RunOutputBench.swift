import CLinuxFile
import Foundation

/// `switchyard run` of a 24-hour scenario (the demo app, loops unlimited,
/// 86,400 auto-scan steps) as whole processes: printing every event, and
/// writing `--transcript`, each against `--quiet` measured in the same run
/// (issue 14: each within 1.5× `--quiet`). The three are run in interleaved
/// rounds, so a shared machine slows all three alike; medians of wall and
/// of CPU time are reported (the CPU time counts the transcript's
/// write-behind thread too), and for the transcript what making the same
/// bytes durable costs this disk on one thread, part by part; and the
/// fastest run of each against the fastest `--quiet`.
/// Needs the release `switchyard` built beside this tool
/// (`swift build -c release --product switchyard`, which `make bench` does).
enum RunOutputBench {
    static let scenario = "app demo\nset loops unlimited\nwait 1440min\n"

    /// The `switchyard` executable next to this one.
    static var tool: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("switchyard").path
    }

    /// One run of the tool: wall milliseconds, and its CPU milliseconds
    /// (user and system, from the children's `rusage`), which another load
    /// on a shared machine disturbs less.
    struct Timing {
        var wall: Double
        var cpu: Double
    }

    /// Runs the tool with `arguments`, standard output to /dev/null. Started
    /// with `posix_spawn` and reaped with `waitpid` (Foundation's `Process`
    /// notices an exit only at its next poll, which rounds short runs up).
    static func time(_ arguments: [String]) throws -> Timing {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([tool] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let cpuBefore = childrenCPU()
        let start = DispatchTime.now().uptimeNanoseconds
        var pid: pid_t = 0
        guard posix_spawn(&pid, tool, &actions, nil, argv, environ) == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        // Exited (low 7 bits 0) with status 0.
        guard status & 0x7f == 0 && (status >> 8) & 0xff == 0 else { throw CocoaError(.executableLoad) }
        return Timing(wall: ms, cpu: childrenCPU() - cpuBefore)
    }

    /// CPU milliseconds of every child waited for so far.
    static func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        return ms(usage.ru_utime) + ms(usage.ru_stime)
    }

    /// What making the transcript's bytes durable costs on this disk with
    /// nothing else to do, measured in-process as the tool does it, but on
    /// one thread: written to a temporary file beside the target in 1 MiB
    /// writes, each one's disk writes started (`sync_file_range`); `fsync`;
    /// renamed over the previous transcript, whose cached pages are dropped
    /// first (the tool drops them on its write-behind queue). Wall
    /// milliseconds of each part. The tool overlaps the writes with the
    /// run, so this is what it hides, not a floor under it.
    struct Durable {
        var write: Double
        var sync: Double
        var replace: Double
        var total: Double { write + sync + replace }
    }

    static func durableWrite(_ bytes: Data, over target: String) -> Durable {
        let old = open(target, O_RDONLY)
        if old >= 0 {
            _ = posix_fadvise(old, 0, 0, POSIX_FADV_DONTNEED)
            close(old)
        }
        func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
        let start = now()
        let temporary = target + ".durable"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return Durable(write: .nan, sync: .nan, replace: .nan) }
        bytes.withUnsafeBytes { b in
            var k = 0
            while k < b.count {
                let n = write(fd, b.baseAddress! + k, min(1 << 20, b.count - k))
                if n <= 0 { break }
                _ = sync_file_range(fd, Int64(k), Int64(n), CLINUXFILE_SYNC_FILE_RANGE_WRITE)
                k += n
            }
        }
        let written = now()
        fsync(fd)
        close(fd)
        let synced = now()
        rename(temporary, target)
        let replaced = now()
        return Durable(write: Double(written - start) / 1e6, sync: Double(synced - written) / 1e6, replace: Double(replaced - synced) / 1e6)
    }

    static let rounds = 15
    static func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
    static func ratio(_ a: Double, _ b: Double) -> String { String(format: "%.2f", a / b) }
    static func format(_ v: Double) -> String { String(format: "%.1f", v) }

    static func run() -> [String] {
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            return ["{\"benchmark\":\"run-output\",\"skipped\":\"no switchyard beside switchyard-bench; swift build -c release --product switchyard\"}"]
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-run-output-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("day.swy").path
        let transcript = folder.appendingPathComponent("day.jsonl").path
        _ = FileManager.default.createFile(atPath: file, contents: Data(scenario.utf8))
        var quiet: [Timing] = [], printing: [Timing] = [], transcribing: [Timing] = [], durable: [Durable] = []
        do {
            _ = try time(["run", file, "--quiet"])  // warm-up
            for _ in 0..<rounds {
                quiet.append(try time(["run", file, "--quiet"]))
                printing.append(try time(["run", file]))
                transcribing.append(try time(["run", file, "--quiet", "--transcript", transcript]))
                if let bytes = FileManager.default.contents(atPath: transcript) { durable.append(durableWrite(bytes, over: transcript)) }
            }
        } catch {
            return ["{\"benchmark\":\"run-output\",\"error\":\"switchyard run failed: \(error)\"}"]
        }
        let q = median(quiet.map(\.wall)), qCPU = median(quiet.map(\.cpu))
        // The fastest runs too: other tenants only ever add time, and on a
        // shared machine `--quiet` alone spreads over nearly 2x.
        let qBest = quiet.map(\.wall).min()!
        func line(_ output: String, _ runs: [Timing], extra: String = "") -> String {
            let wall = median(runs.map(\.wall)), cpu = median(runs.map(\.cpu)), best = runs.map(\.wall).min()!
            return "{\"benchmark\":\"run-output\",\"output\":\"\(output)\",\"simulated_hours\":24,\"rounds\":\(rounds),"
                + "\"median_ms\":\(format(wall)),\"quiet_ms\":\(format(q)),\"ratio\":\(ratio(wall, q)),"
                + "\"best_ms\":\(format(best)),\"quiet_best_ms\":\(format(qBest)),\"best_ratio\":\(ratio(best, qBest)),"
                + "\"cpu_ms\":\(format(cpu)),\"quiet_cpu_ms\":\(format(qCPU)),\"cpu_ratio\":\(ratio(cpu, qCPU)),\(extra)"
                + "\"target_ratio\":1.5,\"met\":\(wall <= 1.5 * q)}"
        }
        // Making 19 MB durable on one thread with nothing else to do, and
        // its parts: the tool writes behind the run and hides most of it.
        return [
            line("printing", printing),
            line("transcript", transcribing, extra: "\"durable_ms\":\(format(median(durable.map(\.total)))),"
                 + "\"durable_write_ms\":\(format(median(durable.map(\.write)))),\"durable_sync_ms\":\(format(median(durable.map(\.sync)))),"
                 + "\"replace_ms\":\(format(median(durable.map(\.replace)))),"),
        ]
    }
}
