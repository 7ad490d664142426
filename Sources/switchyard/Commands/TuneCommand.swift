import Diagnostics
import ScreenModel
import SwitchyardEngine
import ScanBench
import DemoApp

/// `switchyard tune [APP] --reaction-time S --miss-rate Q [...]`: the Switch
/// Control settings that minimise one user's expected time per selection on
/// an app, by the scan-time model (docs/scan-bench.md, "Tuning").
struct TuneCommand: Command {
    static let name = "tune"
    static let summary = "recommend Switch Control scanning settings for a user's reaction time and miss rate"
    static let usage = """
        usage: switchyard tune [APP] [--reaction-time S] [--miss-rate Q] [--press-length S] [--screen NAME]
                               [--technology switch-control] [--settings FILE] [--user FILE] [--weights FILE]
                               [--app-format NAME] [--density D]
          APP              an app file (screen-model JSON, a page source, XCTest text: docs/importing.md);
                           the built-in demo app when absent (or 'demo')
          --reaction-time  the user's reaction time in seconds (default: the user model's, 0.5)
          --miss-rate      the probability of letting a highlight pass, from 0 up to 1 (default 0)
          --press-length   how long the user holds a press, seconds (default 0.15)
          --screen         tune for one screen (default: every screen of the app, equally)
          --technology     switch-control (the only one tuned)
          --settings       the current Switch Control settings (default: Apple's defaults)
          --user           a user-model file (docs/scan-bench.md); the options above override it
          --weights        a weights file: element name to target probability weight
        \(Arguments.importUsage(column: 19))
        exit status: 0 a recommendation; 1 no settings searched reach any element; 2 bad input
        """

    var app: String?
    var screen: String?
    var settings: String?
    var user: String?
    var weights: String?
    var reactionTime: Interval?
    var missRate: Double?
    var pressLength: Interval?
    /// `--app-format`, `--density`.
    var importOptions = ImportOptions()

    init(arguments args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name, options: Arguments.importOptionNames.union(["screen", "technology", "settings", "user", "weights", "reaction-time", "miss-rate", "press-length"]), flags: [])
        guard a.positionals.count <= 1 else {
            throw UsageError(command: Self.name, message: "expected at most one APP, got \(a.positionals.count)")
        }
        app = a.positionals.first.flatMap { $0 == "demo" ? nil : $0 }
        screen = a.value("screen")
        settings = a.value("settings")
        user = a.value("user")
        weights = a.value("weights")
        importOptions = try a.importOptions(command: Self.name)
        if let t = try a.technology(command: Self.name), t != .switchControl {
            throw UsageError(command: Self.name, message: "tune recommends Switch Control's scanning settings; '--technology \(t.name)' has no scan timing to tune")
        }
        func seconds(_ name: String, _ range: ClosedRange<Double>) throws(UsageError) -> Interval? {
            guard let v = a.value(name) else { return nil }
            guard let d = DecimalNumber.parse(v), range.contains(d), let i = Interval(seconds: d) else {
                throw UsageError(command: Self.name, message: "'--\(name) \(v)' is not valid; expected seconds from \(Point.format(range.lowerBound)) to \(Point.format(range.upperBound))")
            }
            return i
        }
        reactionTime = try seconds("reaction-time", 0...3600)
        pressLength = try seconds("press-length", 0.001...3600)
        if let v = a.value("miss-rate") {
            guard let q = DecimalNumber.parse(v), q >= 0, q < 1 else {
                throw UsageError(command: Self.name, message: "'--miss-rate \(v)' is not valid; expected a probability from 0 up to (not including) 1")
            }
            missRate = q
        }
    }

    func run() throws -> ExitStatus {
        let (model, screens) = try AppScreens.load(app, options: importOptions, screen: screen, all: screen == nil)
        var person = try user.map { f throws in try UserModel.load(json: BenchCommand.read(f, kind: "user-model file"), file: f) } ?? UserModel()
        if let r = reactionTime { person.reactionTime = r }
        if let q = missRate { person.missProbability = q }
        if let p = pressLength { person.pressLength = p }
        let targets = try weights.map { f throws in try TargetWeights.load(json: BenchCommand.read(f, kind: "weights file"), file: f) }
        var files = SettingsFiles(for: [.switchControl], howToAdd: SessionSetup.howToAdd)
        let current = try settings.map { f throws(SettingsFileError) in try files.load(f, for: .switchControl) }?.switchControl ?? SwitchControlSettings()
        let result: Tuner.Result
        do {
            result = try Tuner.tune(screens: screens, settings: current, user: person, weights: targets)
        } catch let e as SessionError {
            throw Diagnostic(.error, e.message, at: settings.map { SourceLocation(file: $0) })
        }
        let n = ReportFormat.number
        let m = ReportFormat.statistic
        func t(_ i: Interval?) -> String { i.map { n($0.seconds) + " s" } ?? "off" }
        func row(_ name: String, _ a: String, _ b: String) -> String {
            name.padding(28) + a.padding(14) + b
        }
        let heading = TerminalText.escaped("Switch Control tuned for \(model.name) (\(screens.count == 1 ? "screen \(screens[0].name)" : "\(screens.count) screens")): reaction \(n(person.reactionTime.seconds)) s, miss rate \(n(person.missProbability)), press \(n(person.pressLength.seconds)) s; \(result.evaluated) settings evaluated", keepNewlines: false)
        guard result.bestReached > 0 || result.stops == 0 else {
            // Nothing in the grid reaches anything: no recommendation (exit 1).
            Output.out(heading + "\n")
            Output.report(Diagnostic(.error, "no settings searched let this user reach any of the \(result.stops) elements (\(Self.grid)); "
                                     + "manual or single-switch step scanning, which wait for the user's press, may suit them: try one in a settings file (--settings)",
                                     at: SourceLocation(file: "switchyard \(Self.name)")))
            return .failure
        }
        var lines = [
            heading,
            "",
            row("", "current", "recommended"),
            row("auto-scanning-time", t(result.current.autoScanningTime), t(result.best.autoScanningTime)),
            row("pause-on-first-item", t(result.current.pauseOnFirstItem), t(result.best.pauseOnFirstItem)),
            row("loops", result.current.loops.map(String.init) ?? "unlimited", result.best.loops.map(String.init) ?? "unlimited"),
            row("group-items", result.current.groupItems ? "on" : "off", result.best.groupItems ? "on" : "off"),
        ]
        if !result.currentReachesAll {
            lines.append(row("elements reachable", "\(result.currentReached) of \(result.stops)", "\(result.bestReached) of \(result.stops)"))
        }
        lines += [
            row("seconds per selection", m(result.currentSeconds), m(result.bestSeconds)),
            "",
        ]
        if !result.currentReachesAll {
            let now = result.currentReached == 0 ? "current: unusable (0 of \(result.stops) reachable)" : "current: \(result.currentReached) of \(result.stops) reachable"
            let best = result.bestReached == result.currentReached
                ? "no settings searched reach more (\(Self.grid))"
                : "recommended: \(result.bestReached) of \(result.stops) reachable" + (result.bestSeconds.map { ", \(n($0)) s per selection" } ?? "")
            lines.append(now + "; " + best)
        } else if result.gain > 0, let best = result.bestSeconds, let now = result.currentSeconds {
            lines.append("predicted gain: \(Point.format((result.gain * 1000).rounded() / 10))% more selections per minute (\(n(best)) s instead of \(n(now)) s per selection)")
        } else {
            lines.append("the current settings are already the best the model finds")
        }
        Output.out(lines.joined(separator: "\n") + "\n")
        return .success
    }

    /// The settings tune searches, in words.
    static let grid = "Auto Scanning Time \(Point.format(Tuner.scanTimes.first ?? 0)) to \(Point.format(Tuner.scanTimes.last ?? 0)) s, "
        + "Pause on First Item off or up to \(Point.format(Tuner.pauses.compactMap { $0 }.max() ?? 0)) s, Loops 1 to 4 or unlimited, Group Items on or off"
}

extension String {
    /// The string padded with spaces to `width` characters (at least one space after it).
    func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(1, width - count))
    }
}
