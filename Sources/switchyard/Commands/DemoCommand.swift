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
            let scenario = try ScenarioParser(file: builtIn.fileName).parse(builtIn.text)
            let result = runner.run(try runner.prepare(scenario))
            show(result, app: app)
            Output.report(result.failures.map(\.diagnostic))
            if !result.passed { status = .failure }
            summary.append("\(builtIn.technology): \(result.presses) switch presses, \(result.endTime) simulated, \(result.expectations - result.failures.count)/\(result.expectations) checks held")
        }
        say("")
        say("Summary")
        for line in summary { say("  " + line) }
        say("  Full Keyboard Access and Voice Control: not available yet in this version")
        return status
    }

    func say(_ s: String) { Output.out(s + "\n") }

    func show(_ result: ScenarioResult, app: AppModel) {
        guard !quiet else { return }
        for e in result.events {
            if case .screenChanged(let name) = e.event, let s = app.screen(named: name) {
                let order = NavigationOrder(screen: s, technology: .switchControl)
                say("")
                say("  screen \"\(s.name)\"\(s.title.map { " (\($0))" } ?? ""): \(order.stops.count) stops")
                for line in ScreenSketch(columns: 46, rows: 18).render(s, order: order, highlight: nil) { say("    " + line) }
                continue
            }
            say(String(repeating: " ", count: max(0, 10 - e.time.description.count)) + TranscriptFormat.textLine(e))
        }
    }
}
