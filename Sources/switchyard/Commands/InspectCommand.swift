import ScreenModel
import DemoApp

/// `switchyard inspect [FILE] [--screen NAME] [--technology switch-control|keyboard|voice] [--format text|json]
/// [--app-format NAME] [--density D]`:
/// the screen tree, the numbered navigation order and the counts.
struct InspectCommand: Command {
    static let name = "inspect"
    static let summary = "show a screen's tree and navigation order (the demo app when no file is given)"
    static let usage = """
        usage: switchyard inspect [FILE] [--screen NAME] [--technology switch-control|keyboard|voice] [--format text|json] [--all-screens]
                                  [--app-format NAME] [--density D]
          FILE        screen-model JSON, an Appium (iOS) or UiAutomator (Android) page source, or XCTest's
                      debugDescription, detected by content; the built-in demo app when absent
          --screen    the screen to show (default: the app's start screen)
          --all-screens  show every screen of the app
          --technology   switch-control (default), keyboard or voice
          --format    text (default) or json
        \(Arguments.importUsage(column: 14))
        """

    var file: String?
    var screen: String?
    var allScreens = false
    var technology: Technology = .switchControl
    var json = false
    /// `--app-format`, `--density`.
    var importOptions = ImportOptions()

    init(arguments args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name, options: Arguments.importOptionNames.union(["screen", "technology", "format"]), flags: ["all-screens"])
        guard a.positionals.count <= 1 else {
            throw UsageError(command: Self.name, message: "expected at most one FILE, got \(a.positionals.count)")
        }
        file = a.positionals.first
        screen = a.value("screen")
        allScreens = a.flags.contains("all-screens")
        if let t = try a.technology(command: Self.name) { technology = t }
        json = try a.choice("format", command: Self.name, allowed: ["text", "json"]) == "json"
        importOptions = try a.importOptions(command: Self.name)
    }

    func validate() throws(UsageError) {
        if allScreens && screen != nil {
            throw UsageError(command: Self.name, message: "use either --screen or --all-screens, not both")
        }
    }

    func run() throws(ScreenModelError) -> ExitStatus {
        let (app, screens) = try AppScreens.load(file, options: importOptions, screen: screen, all: allScreens)
        for (k, s) in screens.enumerated() {
            let report = InspectionReport(app: app, screen: s, technology: technology)
            if k > 0 && !json { Output.out("\n") }
            if json { report.writeJSON { Output.out($0) } } else { Output.out(report.text()) }
        }
        return .success
    }
}
