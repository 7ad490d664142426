import Foundation
import Diagnostics
import ScreenModel
import SwitchyardEngine
import Scripting
import DemoApp

/// `switchyard demo`: the main job on the built-in app. Runs the Corner Café
/// demo app through a built-in scenario per technology — Switch Control,
/// Full Keyboard Access, Voice Control, one section each — and shows the
/// screens, the highlights, focus, overlays and activations with their
/// simulated times, and a summary of each technology's inputs and checks.
struct DemoCommand: Command {
    static let name = "demo"
    static let summary = "run the built-in demo app through a scenario per technology"
    static let usage = """
        usage: switchyard demo [--quiet]
          Runs the built-in demo app through one scenario per technology:
          Switch Control, Full Keyboard Access, Voice Control.
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
        let runner = ScenarioRunner(scenarioApps: RunCommand.appProvider(ImportOptions()))
        for builtIn in DemoApp.scenarios {
            // Each built-in scenario names its technology on its `technology` line.
            let prepared = try runner.prepare(text: builtIn.text, file: builtIn.fileName)
            let technology = prepared.scenario.technology
            say("")
            say("━━ \(technology) (\(technology.name)): \(builtIn.setup)")
            let result = runner.run(prepared) { show($0, app: app, technology: technology) }
            Output.report(result.failures.map(\.diagnostic))
            if let stopped = result.stopped { Output.report(stopped) }
            if !result.passed { status = .failure }
            summary.append("\(technology): \(Self.inputs(of: result)), \(result.endTime) simulated, \(result.held)/\(result.expectations) " + Plural.noun(result.expectations, "check") + " held")
        }
        say("")
        say("Summary")
        for line in summary { say("  " + line) }
        return status
    }

    /// The inputs a run delivered, counted for each technology it ran:
    /// `9 switch presses`, `31 key presses`, `9 spoken commands`.
    static func inputs(of result: ScenarioResult) -> String {
        result.technologies.map(result.inputs(of:)).joined(separator: ", ")
    }

    func say(_ s: String) { Output.out(s + "\n") }

    /// Prints one event as it happens (a new screen with its sketch, in the
    /// navigation order of the section's technology).
    func show(_ e: TimedEvent, app: AppModel, technology: Technology) {
        guard !quiet else { return }
        if case .screenChanged(let name) = e.event, let s = app.screen(named: name) {
            let order = NavigationOrder(screen: s, technology: technology)
            say("")
            say("  screen \"\(s.name)\"\(s.title.map { " (\($0))" } ?? ""): " + Plural.count(order.stops.count, "stop"))
            for line in ScreenSketch(columns: 46, rows: 18).render(s, order: order, highlight: nil) { say("    " + line) }
            return
        }
        say(String(repeating: " ", count: max(0, 10 - e.time.description.count)) + TranscriptFormat.textLine(e))
    }
}
