import Foundation
import Diagnostics
import ScreenModel
import SwitchyardEngine
import Scripting
import Synchronization
import DemoApp

/// `switchyard run SCENARIO... [--transcript out.jsonl] [--junit report.xml] [--quiet]`:
/// runs scenarios in simulated time, in parallel, and reports in order.
struct RunCommand: Command {
    static let name = "run"
    static let summary = "run scenario files in simulated time; JUnit and JSON Lines reports"
    static let usage = """
        usage: switchyard run SCENARIO... [--transcript FILE] [--junit FILE] [--quiet]
          SCENARIO      scenario files (docs/scenarios.md)
          --transcript  write every event as JSON Lines (docs/transcript.md)
          --junit       write a JUnit XML report, one test case per scenario
          --quiet       print only failures and the summary
        exit status: 0 every expectation held, 1 one failed, 2 a scenario could not be used
        """

    var files: [String]
    var transcript: String?
    var junit: String?
    var quiet: Bool

    init(arguments args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name, options: ["transcript", "junit"], flags: ["quiet"])
        guard !a.positionals.isEmpty else { throw UsageError(command: Self.name, message: "expected at least one SCENARIO file") }
        files = a.positionals
        transcript = a.value("transcript")
        junit = a.value("junit")
        quiet = a.flags.contains("quiet")
    }

    /// Loads the app a scenario names: the demo, or a file beside the scenario.
    static let appProvider: ScenarioRunner.AppProvider = { source, scenarioFile in
        switch source {
        case .demo: return DemoApp.load()
        case .file(let path): return try AppLoader.load(path: ScenarioRunner.resolve(path, relativeTo: scenarioFile))
        }
    }

    /// One scenario file's outcome.
    enum Outcome: Sendable {
        case ran(ScenarioResult)
        /// What kept the file from running.
        case unusable([Diagnostic])
    }

    /// Runs `file`, giving its events to `onEvents` as they come.
    /// - Returns: the outcome, and the files the scenario named (its app and
    ///   settings, which no output may overwrite).
    static func execute(_ file: String, onEvents: @escaping ([TimedEvent]) -> Void = { _ in }) -> (Outcome, reads: [String]) {
        guard let data = FileManager.default.contents(atPath: file) else {
            return (.unusable(SetupError.cannotRead(file: file, kind: "scenario file").diagnostics), [])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return (.unusable(SetupError.notText(file: file, kind: "scenario file").diagnostics), [])
        }
        let runner = ScenarioRunner(appProvider: appProvider)
        var reads: [String] = []
        do {
            let scenario = try ScenarioParser(file: file).parse(text)
            if case .file(let path) = scenario.app { reads.append(ScenarioRunner.resolve(path, relativeTo: file)) }
            if let path = scenario.settingsFile { reads.append(ScenarioRunner.resolve(path, relativeTo: file)) }
            let prepared = try runner.prepare(scenario)
            return (.ran(runner.run(prepared, onEvents: onEvents)), reads)
        } catch {
            return (.unusable(error.diagnostics), reads)
        }
    }

    func run() throws(SetupError) -> ExitStatus {
        let outputs = try Outputs([("--transcript", transcript), ("--junit", junit)], inputs: files, command: Self.name)
        // The transcript is written as the scenarios run, in input order.
        let stream = outputs["--transcript"].map { OrderedOutput($0, producers: files.count) }
        // Independent scenarios run in parallel; results are kept in input order.
        let runs = ParallelMap.map(Array(files.indices)) { [files] k -> (Outcome, Double, [String]) in
            let start = DispatchTime.now().uptimeNanoseconds
            let quoted = JSONWriter.quote(files[k])
            let (o, reads) = Self.execute(files[k]) { events in
                guard let stream else { return }
                var lines = ""
                for e in events { lines += "{\"scenario\":\(quoted)," + TranscriptFormat.jsonLine(e).dropFirst() + "\n" }
                stream.write(lines, from: k)
            }
            stream?.finish(k)
            return (o, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, reads)
        }
        let outcomes = runs.map { ($0.0, $0.1) }
        var passed = 0
        var failed = 0
        var unusable = 0
        for (name, (outcome, _)) in zip(files, outcomes) {
            // A file name is someone's text too: shown terminal-safe.
            let file = TerminalText.escaped(name, keepNewlines: false)
            switch outcome {
            case .unusable(let diagnostics):
                unusable += 1
                Output.report(diagnostics)
                Output.out("✗ \(file): could not run (see errors above)\n")
            case .ran(let r):
                if r.passed { passed += 1 } else { failed += 1 }
                if !quiet {
                    Output.out("── \(file)\n")
                    for e in r.events { Output.out("  " + TranscriptFormat.textLine(e) + "\n") }
                }
                for f in r.failures {
                    Output.out(f.diagnostic.description + "\n")
                    for e in f.context { Output.out("    " + TranscriptFormat.textLine(e) + "\n") }
                }
                if !quiet || !r.passed {
                    Output.out("\(r.passed ? "✓" : "✗") \(file): \(r.expectations - r.failures.count)/\(r.expectations) expectations held, \(r.presses) inputs, simulated \(r.endTime)\n")
                }
            }
        }
        let summary = "\(passed) passed, \(failed + unusable) failed" + (unusable > 0 ? " (\(unusable) could not run)" : "")
        Output.out(summary + "\n")
        // The apps and settings files the scenarios named are inputs too.
        do { try outputs.check(against: runs.flatMap(\.2)) } catch {
            outputs.discard()
            throw error
        }
        if let junit = outputs["--junit"] {
            let report = JUnitReport(outcomes: outcomes.enumerated().map { k, pair in
                switch pair.0 {
                case .ran(let r): return (.ran(r), pair.1)
                case .unusable(let diagnostics): return (.unusable(file: files[k], errors: diagnostics), pair.1)
                }
            })
            junit.write(report.xml())
        }
        let errors = outputs.commit()
        errors.forEach { Output.report($0) }
        if unusable > 0 || !errors.isEmpty { return .unusableInput }
        return failed > 0 ? .failure : .success
    }
}

/// Maps over an array on all cores, keeping the order of the input.
enum ParallelMap {
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ body: @Sendable @escaping (T) -> R) -> [R] {
        let box = ResultSlots<R>(items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { k in
            box.set(k, body(items[k]))
        }
        return box.results.map { $0! }
    }
}

/// Result slots filled by concurrent workers, behind one lock.
final class ResultSlots<R: Sendable>: Sendable {
    private let slots: Mutex<[R?]>
    init(_ n: Int) { slots = Mutex(Array(repeating: nil, count: n)) }
    /// Stores slot `k` (from any thread).
    func set(_ k: Int, _ r: R) { slots.withLock { $0[k] = r } }
    /// Every slot, in order.
    var results: [R?] { slots.withLock { $0 } }
}
