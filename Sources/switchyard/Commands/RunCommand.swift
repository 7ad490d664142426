import Foundation
import Diagnostics
import ScreenModel
import SwitchyardEngine
import Scripting
import Synchronization
import DemoApp
import DesktopApps
import Transcript

/// `switchyard run SCENARIO... [--transcript out.jsonl] [--junit report.xml] [--quiet] [--app-format NAME] [--density D]`:
/// runs scenarios (Switch Control, Full Keyboard Access, Voice Control, or
/// Voice Control beside one of the others) in simulated time, in parallel,
/// and reports in order. Scenarios that drive a live desktop app (`app
/// atspi`) run after the others, one at a time, in the order given.
struct RunCommand: Command {
    static let name = "run"
    static let summary = "run scenario files in simulated time; JUnit and JSON Lines reports"
    static let usage = """
        usage: switchyard run SCENARIO... [--transcript FILE] [--junit FILE] [--quiet] [--app-format NAME] [--density D]
          SCENARIO      scenario files: switch presses, keys, spoken commands (docs/scenarios.md); --app-format
                        and --density apply to the app file each one names; those that drive a desktop app
                        running now (app atspi "NAME") run one at a time, the app in real time
          --transcript  write every event as JSON Lines (docs/transcript.md)
          --junit       write a JUnit XML report, one test case per scenario
          --quiet       print only failures and the summary
        \(Arguments.importUsage(column: 16))
        exit status: 0 every expectation held, 1 one failed, 2 a scenario could not be used (or its live app not reached)
        """

    var files: [String]
    var transcript: String?
    var junit: String?
    var quiet: Bool
    /// `--app-format`, `--density`: for the app file each scenario names.
    var importOptions = ImportOptions()

    init(arguments args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name, options: Arguments.importOptionNames.union(["transcript", "junit"]), flags: ["quiet"])
        guard !a.positionals.isEmpty else { throw UsageError(command: Self.name, message: "expected at least one SCENARIO file") }
        files = a.positionals
        transcript = a.value("transcript")
        junit = a.value("junit")
        quiet = a.flags.contains("quiet")
        importOptions = try a.importOptions(command: Self.name)
    }

    /// Loads the app a scenario names: the demo, a file beside the
    /// scenario, imported with `options` (its warnings printed, as every
    /// command's: `AppScreens.loadApp`), or a desktop app running now, over
    /// AT-SPI (`AtspiScenarioApp`).
    static func appProvider(_ options: ImportOptions) -> ScenarioRunner.ScenarioAppProvider {
        { source, scenarioFile in
            switch source {
            case .demo: return .model(DemoApp.load())
            case .file(let path): return .model(try AppScreens.loadApp(ScenarioRunner.resolve(path, relativeTo: scenarioFile), options: options))
            case .atspi(let app, let window): return .live(try AtspiScenarioApp.open(app, window: window))
            }
        }
    }

    /// One scenario file's outcome.
    enum Outcome: Sendable {
        /// The result, and its events' text lines when they are shown.
        case ran(ScenarioResult, printed: Data)
        /// What kept the file from running.
        case unusable([Diagnostic])
    }

    /// A scenario file read, before it runs.
    enum Loaded: Sendable {
        /// Its text, whether it drives a live desktop app (`app atspi`),
        /// and the files it names (its app and settings, which no output
        /// may overwrite), as far as the text can be read.
        case text(String, live: Bool, reads: [String])
        /// It could not be read.
        case unusable([Diagnostic])
    }

    /// Reads a scenario file and finds what it names.
    static func load(_ file: String) -> Loaded {
        let read: String?
        do { read = try InputFile.text(file) } catch {
            return .unusable(SetupError.cannotRead(file: file, kind: "scenario file", reason: "\(error)").diagnostics)
        }
        guard let text = read else {
            return .unusable(SetupError.notText(file: file, kind: "scenario file").diagnostics)
        }
        let (named, _) = ScenarioParser(file: file).parsePartially(text)
        var reads: [String] = []
        if case .file(let path) = named.app { reads.append(ScenarioRunner.resolve(path, relativeTo: file)) }
        for line in named.settingsFiles { reads.append(ScenarioRunner.resolve(line.path, relativeTo: file)) }
        return .text(text, live: named.app.isLive, reads: reads)
    }

    /// Checks and runs one scenario's text, handing each event to `each`
    /// as it happens; when `printing`, formats each event's text line as it
    /// happens (the text report prints them in input order, after the run;
    /// the lines, not the events, are kept; without it, memory does not
    /// grow with simulated time).
    static func execute(_ text: String, file: String, printing: Bool, options: ImportOptions, each: (TimedEvent) -> Void = { _ in }) -> Outcome {
        let runner = ScenarioRunner(scenarioApps: appProvider(options))
        do {
            let prepared = try runner.prepare(text: text, file: file)
            // With several technologies, each event's line names the one that caused it.
            let mixed = prepared.scenario.technologies.count > 1
            // Every line goes into one buffer, with no `String` each.
            var printed = TerminalBytes(capacity: printing ? 1 << 16 : 0)
            let result = runner.run(prepared) { e in
                each(e)
                guard printing else { return }
                printed.append("  ")
                TranscriptFormat.appendTextLine(e, showingTechnology: mixed, to: &printed)
                printed.append("\n")
            }
            guard printed.isComplete else {
                return .unusable([Diagnostic(.error, "the events this scenario printed did not fit in memory (\(printed.count) bytes kept); "
                    + "expected a run whose lines fit: run it with --quiet, or write its events to a file with --transcript FILE", at: SourceLocation(file: file))])
            }
            let bytes = printed.take()
            return .ran(result, printed: bytes.baseAddress.map { Data(bytesNoCopy: $0, count: bytes.count, deallocator: .free) } ?? Data())
        } catch {
            return .unusable(error.diagnostics)
        }
    }

    func run() throws(SetupError) -> ExitStatus {
        let outputs = try Outputs([("--transcript", transcript), ("--junit", junit)], inputs: files, command: Self.name)
        // The transcript is written as the scenarios run, in input order.
        let stream = outputs["--transcript"].map { OrderedOutput($0, producers: files.count) }
        // Runs file k's text, its transcript lines to the stream; how long it took.
        let runOne = { @Sendable [files, quiet, importOptions] (k: Int, text: String) -> (Outcome, Double) in
            let start = DispatchTime.now().uptimeNanoseconds
            // Transcript lines are written into one buffer and handed on
            // each 64 KiB: no `String` per line.
            var lines = TranscriptLines(scenario: files[k])
            let o = Self.execute(text, file: files[k], printing: !quiet, options: importOptions) { e in
                guard let stream else { return }
                lines.append(e)
                if lines.count >= BufferedWriter.capacity { lines.hand(failing: stream.output) { stream.write($0, from: k) } }
            }
            if let stream {
                lines.hand(failing: stream.output) { stream.write($0, from: k) }
                stream.finish(k)
            }
            return (o, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        // Every scenario is read first: the apps and settings files they
        // name are inputs too, and no output may be one (compared by device
        // and inode), refused before anything runs or is written.
        let loaded = ParallelMap.map(Array(files.indices)) { [files] k in Self.load(files[k]) }
        do {
            try outputs.check(against: loaded.flatMap { l -> [String] in
                if case .text(_, _, let reads) = l { return reads }
                return []
            })
        } catch {
            outputs.discard()
            throw error
        }
        // Independent scenarios run in parallel; results are kept in input
        // order. Those that drive a live desktop app run after them, one
        // after another in input order (they share the desktop and may drive
        // the same app). Each run: the outcome and its seconds.
        var runs: [(Outcome?, Double)] = ParallelMap.map(Array(files.indices)) { k -> (Outcome?, Double) in
            switch loaded[k] {
            case .unusable(let diagnostics):
                stream?.finish(k)
                return (.unusable(diagnostics), 0)
            case .text(_, live: true, _):
                return (nil, 0)
            case .text(let text, live: false, _):
                return runOne(k, text)
            }
        }
        for k in files.indices {
            guard case .text(let text, live: true, _) = loaded[k] else { continue }
            runs[k] = runOne(k, text)
        }
        let outcomes = runs.map { ($0.0!, $0.1) }
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
            case .ran(let r, let printed):
                if r.stopped != nil { unusable += 1 } else if r.passed { passed += 1 } else { failed += 1 }
                // With several technologies, each event's line names the one that caused it.
                let mixed = r.technologies.count > 1
                if !quiet {
                    Output.out("── \(file)\n")
                    printed.withUnsafeBytes { Output.out($0) }
                }
                // Bounded as every list of one file's diagnostics is (the JUnit report keeps them all).
                for (i, f) in r.failures.enumerated() {
                    guard i < Diagnostic.perFileLimit else {
                        Output.out(Diagnostic.more(errors: r.failures.count - i, warnings: 0, file: f.diagnostic.location?.file).description + "\n")
                        break
                    }
                    Output.out(f.diagnostic.description + "\n")
                    for e in f.context { Output.out("    " + TranscriptFormat.textLine(e, showingTechnology: mixed) + "\n") }
                }
                if let stopped = r.stopped {
                    Output.report(stopped)
                    Output.out("✗ \(file): stopped at line \(stopped.position.line ?? 0) (see errors above)\n")
                } else if !quiet || !r.passed {
                    Output.out("\(r.passed ? "✓" : "✗") \(file): \(r.held)/\(r.expectations) \(Plural.noun(r.expectations, "expectation")) held, \(Plural.count(r.presses, "input")), simulated \(r.endTime)\n")
                }
            }
        }
        let summary = "\(passed) passed, \(failed + unusable) failed" + (unusable > 0 ? " (\(unusable) could not run)" : "")
        Output.out(summary + "\n")
        if let junit = outputs["--junit"] {
            let report = JUnitReport(outcomes: outcomes.enumerated().map { k, pair in
                switch pair.0 {
                case .ran(let r, _):
                    if let stopped = r.stopped { return (.unusable(file: files[k], errors: stopped.diagnostics), pair.1) }
                    return (.ran(r), pair.1)
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
