import Foundation
import ScreenModel
import SwitchyardEngine
import Scripting
import DemoApp

/// `switchyard demo`: the main job on the built-in app. Runs the Corner Café
/// demo app through a built-in scenario per technology and shows the screens,
/// the highlights and activations with their simulated times, and a summary.
struct DemoCommand: Command {
    static let name = "demo"
    static let summary = "run the built-in demo app through a scenario per technology"
    static let usage = """
        usage: switchyard demo [--quiet]
          Runs the built-in demo app through one scenario per technology.
          --quiet   print only the summary
        """

    var quiet: Bool

    init(arguments args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name, options: [], flags: ["quiet"])
        guard a.positionals.isEmpty else { throw UsageError(command: Self.name, message: "takes no files; use 'switchyard run' for your own scenarios") }
        quiet = a.flags.contains("quiet")
    }

    func run() throws(ScriptErrors) -> ExitStatus {
        let app = DemoApp.load()
        say("Switchyard demo — \(app.name), the built-in app: \(app.screens.map { $0.title ?? $0.name }.joined(separator: ", "))")
        var summary: [String] = []
        var status = ExitStatus.success
        let runner = ScenarioRunner(appProvider: RunCommand.appProvider)
        for builtIn in DemoApp.scenarios {
            say("")
            say("━━ \(builtIn.technology): \(builtIn.setup)")
            let prepared = try runner.prepare(text: builtIn.text, file: builtIn.fileName)
            let result = runner.run(prepared) { show($0, app: app) }
            Output.report(result.failures.map(\.diagnostic))
            if let stopped = result.stopped { Output.report(stopped) }
            if !result.passed { status = .failure }
            summary.append("\(builtIn.technology): \(result.presses) switch presses, \(result.endTime) simulated, \(result.held)/\(result.expectations) checks held")
        }
        say("")
        say("Summary")
        for line in summary { say("  " + line) }
        say("  Full Keyboard Access and Voice Control: not available yet in this version")
        return status
    }

    func say(_ s: String) { Output.out(s + "\n") }

    /// Prints one event as it happens (a new screen with its sketch).
    func show(_ e: TimedEvent, app: AppModel) {
        guard !quiet else { return }
        if case .screenChanged(let name) = e.event, let s = app.screen(named: name) {
            let order = NavigationOrder(screen: s, technology: .switchControl)
            say("")
            say("  screen \"\(s.name)\"\(s.title.map { " (\($0))" } ?? ""): \(order.stops.count) stops")
            for line in ScreenSketch(columns: 46, rows: 18).render(s, order: order, highlight: nil) { say("    " + line) }
            return
        }
        say(String(repeating: " ", count: max(0, 10 - e.time.description.count)) + TranscriptFormat.textLine(e))
    }
}
