import SwitchyardEngine
import DemoApp
import DesktopApps
import ScreenModel

/// `switchyard inspect [FILE | --atspi NAME|PID [--window TITLE]] [--screen NAME]
/// [--technology switch-control|keyboard|voice] [--format text|json|model] [--app-format NAME] [--density D]`:
/// the screen tree, the numbered navigation order and the counts; or the
/// app itself as screen-model JSON (`model`), a live desktop app's snapshot included.
struct InspectCommand: Command {
    static let name = "inspect"
    static let summary = "show a screen's tree and navigation order (the demo app when no file is given)"
    static let usage = """
        usage: switchyard inspect [FILE] [--screen NAME] [--technology switch-control|keyboard|voice] [--format text|json|model]
                                  [--all-screens] [--app-format NAME] [--density D]
               switchyard inspect --atspi NAME|PID [--window TITLE] [--technology …] [--format text|json|model]
          FILE        screen-model JSON, an Appium (iOS) or UiAutomator (Android) page source, or XCTest's
                      debugDescription, detected by content; the built-in demo app when absent
          --atspi     a running desktop app, by its name or pid (switchyard apps lists them), read over AT-SPI:
                      its showing windows as one screen, a modal dialog last (docs/desktop-apps.md)
          --window    with --atspi: only the window with this title
          --screen    the screen to show (default: the app's start screen)
          --all-screens  show every screen of the app
          --technology   switch-control (default), keyboard or voice
          --format    text (default), json (the report as JSON), or model: the app itself as screen-model JSON,
                      which every command loads (with --atspi, json means model too: a snapshot to run
                      scenarios, benchmarks and audits on headlessly)
        \(Arguments.importUsage(column: 14))
        """

    var file: String?
    var screen: String?
    var allScreens = false
    var technology: Technology = .switchControl
    var format: Format = .text
    /// `--atspi`: a live desktop app's name or pid.
    var atspi: String?
    /// `--window`: its window's title.
    var window: String?
    /// `--app-format`, `--density`.
    var importOptions = ImportOptions()

    init(arguments args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name, options: Arguments.importOptionNames.union(["screen", "technology", "format", "atspi", "window"]),
                              flags: ["all-screens"])
        guard a.positionals.count <= 1 else {
            throw UsageError(command: Self.name, message: "expected at most one FILE, got \(a.positionals.count)")
        }
        file = a.positionals.first
        screen = a.value("screen")
        allScreens = a.flags.contains("all-screens")
        if let t = try a.technology(command: Self.name) { technology = t }
        format = try a.choice("format", command: Self.name, allowed: Format.allCases.map(\.rawValue)).flatMap(Format.init) ?? .text
        importOptions = try a.importOptions(command: Self.name)
        atspi = a.value("atspi")
        window = a.value("window")
        if atspi != nil, format == .json { format = .model }
        if atspi != nil, let other = Self.fileOnly(a) {
            throw UsageError(command: Self.name, message: "\(other) reads an app file; --atspi reads a running app (its showing windows are one screen)")
        }
        if window != nil, atspi == nil {
            throw UsageError(command: Self.name, message: "--window chooses a window of the app --atspi names; add --atspi NAME")
        }
    }

    /// What `inspect` writes.
    enum Format: String, CaseIterable {
        /// The tree, the numbered order and the counts.
        case text
        /// The same report as JSON.
        case json
        /// The app as screen-model JSON (`AppEncoder`).
        case model
    }

    /// The first argument that only goes with an app file, if any.
    static func fileOnly(_ a: Arguments) -> String? {
        if let f = a.positionals.first { return "FILE '\(f)'" }
        for name in ["screen", "all-screens"] + Arguments.importOptionNames.sorted() where a.value(name) != nil || a.flags.contains(name) {
            return "--\(name)"
        }
        return nil
    }

    func validate() throws(UsageError) {
        if allScreens && screen != nil {
            throw UsageError(command: Self.name, message: "use either --screen or --all-screens, not both")
        }
    }

    func run() throws -> ExitStatus {
        let (app, screens) = if let atspi {
            try Self.snapshot(atspi, window: window)
        } else {
            try AppScreens.load(file, options: importOptions, screen: screen, all: allScreens)
        }
        if format == .model {
            AppEncoder().write(app) { Output.out($0) }
            Output.out("\n")
            return .success
        }
        for (k, s) in screens.enumerated() {
            let report = InspectionReport(app: app, screen: s, technology: technology)
            if k > 0 && format == .text { Output.out("\n") }
            if format == .json { report.writeJSON { Output.out($0) } } else { report.writeText { Output.out($0) } }
        }
        return .success
    }

    /// The running app `name`'s snapshot: an app of one screen.
    static func snapshot(_ name: String, window: String?) throws(DesktopAppError) -> (AppModel, [Screen]) {
        let live = try LiveDesktopApp.open(name, window: window)
        return (live.snapshot.appModel, [live.screen])
    }
}
