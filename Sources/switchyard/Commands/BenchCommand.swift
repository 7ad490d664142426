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
                                [--svg FILE] [--html FILE]
          APP            screen-model JSON or Appium XCUITest XML; the built-in demo app when absent (or 'demo')
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

    init(arguments args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name, options: ["screen", "technology", "settings", "user", "weights", "format", "svg", "html"],
                              flags: ["all-screens", "simulate"])
        guard a.positionals.count <= 1 else {
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
    }

    func validate() throws(UsageError) {
        if allScreens && screen != nil {
            throw UsageError(command: Self.name, message: "--screen and --all-screens do not go together; give one")
        }
        if simulate && technology != .switchControl {
            throw UsageError(command: Self.name, message: "--simulate applies to switch-control; keyboard and voice costs always run through the engine")
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
        let (model, screens) = try AppScreens.load(app, screen: screen, all: allScreens)
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
            } catch let e as BenchFileError where e.location == nil {
                throw Diagnostic(.error, e.message, at: (user ?? settings).map { SourceLocation(file: $0) })
            }
            out.append(format.render(report))
            let picture = svg != nil || html != nil ? Self.heatMap(report, s).svg() : nil
            if let file = outputs["--svg"], let picture {
                file.write(picture)
                if format == .table { out.append("wrote \(TerminalText.escaped(file.path, keepNewlines: false))\n") }
            }
            sections.append((report, picture))
        }
        if let file = outputs["--html"] {
            file.write(HTMLReport.render(sections))
            if format == .table { out.append("wrote \(TerminalText.escaped(file.path, keepNewlines: false))\n") }
        }
        if let error = outputs.commit().first { throw error }
        Output.out(out.joined(separator: format == .table ? "\n" : ""))
        return .success
    }

    func makeReport(_ app: AppModel, _ s: Screen, _ user: UserModel, _ weights: TargetWeights?) throws -> BenchReport {
        let bytes = try settings.map { f throws in try Self.read(f, kind: "settings file") }
        switch technology {
        case .switchControl:
            let sc = try bytes.map { b throws in try SwitchControlSettings.load(json: b, file: settings!) } ?? SwitchControlSettings()
            return try Bench.switchControl(app: app, screen: s, settings: sc, user: user, weights: weights, simulate: simulate)
        case .fullKeyboardAccess:
            let k = try bytes.map { b throws in try KeyboardAccessSettings.load(json: b, file: settings!) } ?? KeyboardAccessSettings()
            return try Bench.keyboard(app: app, screen: s, settings: k, user: user, weights: weights)
        case .voiceControl:
            let v = try bytes.map { b throws in try VoiceControlSettings.load(json: b, file: settings!) } ?? VoiceControlSettings()
            return try Bench.voice(app: app, screen: s, settings: v, user: user, weights: weights)
        }
    }

    /// The heat map of `report` over `screen`.
    static func heatMap(_ report: BenchReport, _ screen: Screen) -> HeatMapPicture {
        let cells = report.elements.map { HeatMapPicture.Cell(frame: $0.frame, name: $0.label ?? $0.path, seconds: $0.reachable ? $0.seconds : nil) }
        let s = report.summary
        let n = ReportFormat.number
        let notes = [
            "\(report.technology.name): \(report.method)",
            "computed: \(report.computedBy)",
            "reaction \(n(report.user.reactionTime.seconds)) s, miss \(n(report.user.missProbability))",
            "mean \(n(s.meanSeconds)) s, median \(n(s.medianSeconds)) s",
            "p90 \(n(s.p90Seconds)) s, max \(n(s.maxSeconds)) s",
            "mean \(n(s.meanSteps)) steps, \(n(s.meanPresses)) presses",
            "unreachable: \(s.unreachable) (grey, dashed)",
        ]
        return HeatMapPicture(screen: screen, cells: cells, title: "\(report.app) — \(report.screen)", notes: notes)
    }
}
