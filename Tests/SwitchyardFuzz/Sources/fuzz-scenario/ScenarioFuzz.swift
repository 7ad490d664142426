import DemoApp
import FuzzSupport
import ScreenModel
import Scripting

/// The built-in demo app, decoded once.
let demoApp = DemoApp.load()

/// The scenario language: parse; for a scenario that parses, `prepare` it:
/// load its app (the demo, or an example app named relative to
/// `Examples/scenarios/`) and settings, and check every element name,
/// switch, setting and time against them.
func fuzzScenario(_ bytes: [UInt8]) {
    let file = FuzzFiles.scenarioFile
    let scenario: Scenario
    do throws(ScriptErrors) {
        scenario = try ScenarioParser(file: file).parse(String(decoding: bytes, as: UTF8.self))
    } catch {
        invariant(!error.errors.isEmpty, "a scenario was rejected without an error")
        render(error)
        return
    }
    let runner = ScenarioRunner(appProvider: { source, scenarioFile in
        switch source {
        case .demo: return demoApp
        case .file(let path): return try cachedApp(at: ScenarioRunner.resolve(path, relativeTo: scenarioFile))
        // No desktop here: a live app is an error at the `app` line.
        case .atspi(let app, _): throw ScreenModelError.unreadable(file: app, reason: "the fuzz targets drive no live apps")
        }
    })
    do throws(ScriptErrors) {
        _ = try runner.prepare(scenario)
    } catch {
        invariant(!error.errors.isEmpty, "a scenario was refused without an error")
        render(error)
    }
}
