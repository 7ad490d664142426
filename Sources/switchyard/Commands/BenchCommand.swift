import Diagnostics
import ScreenModel
import SwitchyardEngine
import ScanBench
import DemoApp
import Pictures

/// `switchyard bench [APP] [--screen S|--all-screens] [--technology T] [--settings F] [--user F] [--weights F]
/// [--format table|csv|json] [--simulate] [--svg F]`: what reaching and activating
/// each element of a screen costs a switch, keyboard or voice user
/// (docs/scan-bench.md).
struct BenchCommand: Command {
    static let name = "bench"
    static let summary = "scan-time benchmark: steps, presses and seconds to reach each element of a screen"
    static let usage = """
        usage: switchyard bench [APP] [--screen NAME | --all-screens] [--technology switch-control|keyboard|voice]
                                [--settings FILE] [--user FILE] [--weights FILE] [--format table|csv|json] [--simulate]
                                [--svg FILE] [--html FILE] [--app-format NAME] [--density D]
               switchyard bench APP --compare SETTINGS SETTINGS... [--screen NAME] [--technology T] [--user FILE] [--weights FILE]
          APP            an app file (screen-model JSON, a page source, XCTest text: docs/importing.md);
                         the built-in demo app when absent (or 'demo')
          --screen       the screen to cost (default: the app's start screen)
          --all-screens  every screen of the app, one report each
          --technology   switch-control (default), keyboard or voice
          --settings     the technology's settings file (docs/switch-control.md, keyboard-access.md, voice-control.md)
          --user         a user-model file: reaction-time, press-length, miss-probability, key-time, command-time, trials, seed
          --weights      a weights file: element name (label, #identifier, path) to target probability weight
          --format       table (default), csv or json
          --simulate     Switch Control: drive a real session instead of the analytic model (Monte Carlo with misses on)
          --svg FILE     write a heat map: each element coloured by its time to activate, with a legend and a histogram
          --html FILE    write an HTML report (heat maps, tables, settings and user model; no scripts, reads offline)
          --compare      the screen under each settings file given after APP, side by side, with the ratio to the first
        \(Arguments.importUsage(column: 17))
        """

    var app: String?
    var screen: String?
    var allScreens = false
    var technology: Technology = .switchControl
    var settings: String?
    var user: String?
    var weights: String?
    var format: ReportFormat = .table
    var simulate = false
    var svg: String?
    var html: String?
    /// `--compare`: the settings files to compare.
    var compare: [String]? = nil
    /// `--app-format`, `--density`.
    var importOptions = ImportOptions()

    init(arguments args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name, options: Arguments.importOptionNames.union(["screen", "technology", "settings", "user", "weights", "format", "svg", "html"]),
                              flags: ["all-screens", "simulate", "compare"])
        if a.flags.contains("compare") {
            guard a.positionals.count >= 3 else {
                throw UsageError(command: Self.name, message: "--compare needs APP ('demo' for the demo app) and at least two settings files")
            }
            compare = Array(a.positionals.dropFirst())
        } else if a.positionals.count > 1 {
            throw UsageError(command: Self.name, message: "expected at most one APP, got \(a.positionals.count)")
        }
        app = a.positionals.first.flatMap { $0 == "demo" ? nil : $0 }
        screen = a.value("screen")
        allScreens = a.flags.contains("all-screens")
        technology = try a.technology(command: Self.name) ?? .switchControl
        settings = a.value("settings")
        user = a.value("user")
        weights = a.value("weights")
        if let f = try a.choice("format", command: Self.name, allowed: ReportFormat.allCases.map(\.rawValue)) { format = ReportFormat(rawValue: f)! }
        simulate = a.flags.contains("simulate")
        svg = a.value("svg")
        html = a.value("html")
        importOptions = try a.importOptions(command: Self.name)
    }

    /// A benchmark of `technology` under `settings` (the defaults when nil),
    /// everything else as without options: `scan-report`'s, for each file.
    init(app: String?, technology: Technology, settings: String?) {
        self.app = app
        self.technology = technology
        self.settings = settings
    }

    func validate() throws(UsageError) {
        guard Bench.technologies.contains(technology) else { throw Self.noCostModel(technology) }
        if allScreens && screen != nil {
            throw UsageError(command: Self.name, message: "--screen and --all-screens do not go together; give one")
        }
        if simulate && technology != .switchControl {
            throw UsageError(command: Self.name, message: "--simulate applies to switch-control; keyboard and voice costs always run through the engine")
        }
        if compare != nil && (settings != nil || allScreens || svg != nil || html != nil || format != .table) {
            throw UsageError(command: Self.name, message: "--compare takes its settings files after APP and prints a table; leave out --settings, --all-screens, --svg, --html and --format")
        }
        if allScreens && svg != nil {
            throw UsageError(command: Self.name, message: "--svg draws one screen; use --screen NAME with it, not --all-screens")
        }
        if allScreens && format == .json {
            throw UsageError(command: Self.name, message: "--all-screens writes one report per screen; use --format table or csv, or --screen NAME with json")
        }
    }

    /// The bytes of a file named on the command line.
    static func read(_ path: String, kind: String) throws(SetupError) -> [UInt8] {
        do { return try InputFile.read(path) } catch { throw SetupError.cannotRead(file: path, kind: kind, reason: "\(error)") }
    }

    func run() throws -> ExitStatus {
        let outputs = try Outputs([("--svg", svg), ("--html", html)], inputs: [app, settings, user, weights], command: Self.name)
        defer { outputs.discard() }
        let (model, screens) = try AppScreens.load(app, options: importOptions, screen: screen, all: allScreens)
        if let compare { return try runComparison(model, screens[0], compare) }
        let person = try user.map { f throws in try UserModel.load(json: Self.read(f, kind: "user-model file"), file: f) } ?? UserModel()
        let targets = try weights.map { f throws in try TargetWeights.load(json: Self.read(f, kind: "weights file"), file: f) }
        var out: [String] = []
        var sections: [(report: BenchReport, svg: String?)] = []
        for s in screens {
            let report: BenchReport
            do {
                report = try makeReport(model, s, person, targets)
            } catch let e as SessionError {
                // A session error names no file: the settings file made the configuration.
                throw Diagnostic(.error, e.message, at: settings.map { SourceLocation(file: $0) })
            } catch let e as Diagnostic where e.location == nil {
                throw Diagnostic(.error, e.message, at: (user ?? settings).map { SourceLocation(file: $0) })
            }
            out.append(format.render(report))
            let picture = svg != nil || html != nil ? Self.heatMap(report, s).svg() : nil
            if let file = outputs["--svg"], let picture {
                file.write(picture)
                if format == .table && !file.isStandardOutput { out.append("wrote \(TerminalText.escaped(file.path, keepNewlines: false))\n") }
            }
            sections.append((report, picture))
        }
        if let file = outputs["--html"] {
            file.write(HTMLReport.render(sections))
            if format == .table && !file.isStandardOutput { out.append("wrote \(TerminalText.escaped(file.path, keepNewlines: false))\n") }
        }
        if let error = outputs.commit().first { throw error }
        Output.out(out.joined(separator: format == .table ? "\n" : ""))
        return .success
    }

    /// `--compare`: one report per settings file, side by side.
    func runComparison(_ app: AppModel, _ s: Screen, _ files: [String]) throws -> ExitStatus {
        let person = try user.map { f throws in try UserModel.load(json: Self.read(f, kind: "user-model file"), file: f) } ?? UserModel()
        let targets = try weights.map { f throws in try TargetWeights.load(json: Self.read(f, kind: "weights file"), file: f) }
        var reports: [BenchReport] = []
        for f in files {
            var one = self
            one.settings = f
            do {
                reports.append(try one.makeReport(app, s, person, targets))
            } catch let e as SessionError {
                throw Diagnostic(.error, e.message, at: SourceLocation(file: f))
            }
        }
        let n = ReportFormat.number
        func cell(_ v: Double?, _ first: Double?) -> String {
            guard let v else { return "—" }
            guard let f = first, f > 0, reports.count > 1 else { return n(v) }
            return "\(n(v)) (×\(n(v / f)))"
        }
        var rows: [[String]] = [["element"] + files.map { TerminalText.escaped($0, keepNewlines: false) }]
        for (i, c) in reports[0].elements.enumerated() {
            let values = reports.map { $0.elements[i].reachable ? $0.elements[i].seconds : nil }
            rows.append([TerminalText.escaped(c.label ?? c.path, keepNewlines: false)] + values.enumerated().map { cell($1, $0 == 0 ? nil : values[0]) })
        }
        let means = reports.map(\.summary.meanSeconds)
        rows.append(["mean seconds"] + means.enumerated().map { cell($1, $0 == 0 ? nil : means[0]) })
        let p90 = reports.map(\.summary.p90Seconds)
        rows.append(["p90 seconds"] + p90.enumerated().map { cell($1, $0 == 0 ? nil : p90[0]) })
        let lines = [TerminalText.escaped("\(app.name) — \(s.name): \(reports[0].technology.name), seconds to activate under each settings file (× the first)", keepNewlines: false), ""]
            + TextTable.lines(rows, leftAligned: [0])
        Output.out(lines.joined(separator: "\n") + "\n")
        return .success
    }

    /// The report of `technology` on `s` under the settings file (its defaults without one).
    func makeReport(_ app: AppModel, _ s: Screen, _ user: UserModel, _ weights: TargetWeights?) throws -> BenchReport {
        var files = SettingsFiles(for: [technology], howToAdd: SessionSetup.howToAdd)
        let chosen = try settings.map { f throws(SettingsFileError) in try files.load(f, for: technology) } ?? technology.defaults
        // A simulation can take minutes (many trials, misses near 1):
        // on a terminal, standard error says how far it has got.
        let line = simulate ? ProgressLine.make() : nil
        defer { line?.finish() }
        let screen = TerminalText.escaped(s.name, keepNewlines: false)
        let report = try Bench.report(app: app, screen: s, settings: chosen, user: user, weights: weights, simulate: simulate,
                                      progress: line.map { line in { done, total in
                                          line.show("simulating \(screen): \(done) of \(total) trials", final: done == total)
                                      } })
        guard let report else { throw Self.noCostModel(technology) }
        return report
    }

    /// The usage error for a technology the benchmark has no cost model of.
    static func noCostModel(_ technology: Technology) -> UsageError {
        UsageError(command: name, message: "'--technology \(technology.name)' has no scan-time model; expected one of: \(Bench.technologies.map(\.name).joined(separator: ", "))")
    }

    /// The heat map of `report` over `screen`.
    static func heatMap(_ report: BenchReport, _ screen: Screen) -> HeatMapPicture {
        let cells = report.elements.map { HeatMapPicture.Cell(frame: $0.frame, name: $0.label ?? $0.path, seconds: $0.reachable ? $0.seconds : nil) }
        let s = report.summary
        let n = ReportFormat.statistic
        let b = s.lowerBound ? "≥ " : ""
        let notes = [
            "\(report.technology.name): \(report.method)",
            "computed: \(report.computedBy)",
            "reaction \(n(report.user.reactionTime.seconds)) s, miss \(n(report.user.missProbability))",
        ] + (s.noMean.map { ["no mean: \($0)"] } ?? [
            "mean \(b)\(n(s.meanSeconds)) s, median \(b)\(n(s.medianSeconds)) s",
            "p90 \(b)\(n(s.p90Seconds)) s, max \(b)\(n(s.maxSeconds)) s",
            "mean \(b)\(n(s.meanSteps)) steps, \(b)\(n(s.meanPresses)) presses",
        ]) + [
            "unreachable: \(s.unreachable) (grey, dashed)",
        ]
        return HeatMapPicture(screen: screen, cells: cells, title: "\(report.app) — \(report.screen)", notes: notes)
    }
}
