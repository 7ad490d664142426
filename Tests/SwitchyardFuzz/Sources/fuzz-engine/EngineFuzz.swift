import DemoApp
import FuzzSupport
import ScreenModel
import Scripting
import SwitchyardEngine
import Transcript

/// The built-in demo app, decoded once.
let demoApp = DemoApp.load()

/// Structure-aware: the input chooses a scenario for the demo app (the
/// technologies — Switch Control, Full Keyboard Access, Voice Control or
/// Voice Control beside either —, settings, presses, holds, key chords,
/// typed text, utterances, waits, `at` times, expectations, `set` lines;
/// see `ScenarioBuilder`), which goes through the real parser, `prepare` and
/// `ScenarioRunner` into a `Session`. Invariants: the generated text parses;
/// a prepared scenario runs to its end with no `bug` event, time never goes
/// backwards, no event comes after the end, a second run gives the same
/// events (the engine reads no clock), and the events streamed as a
/// transcript (`TranscriptLines`, which copies what recurs) read exactly as
/// the lines written one by one.
func fuzzEngine(_ bytes: [UInt8]) {
    var builder = ScenarioBuilder(bytes)
    let text = builder.build()
    let scenario: Scenario
    do {
        scenario = try ScenarioParser(file: FuzzFiles.scenarioFile).parse(text)
    } catch {
        invariant(false, "a generated scenario does not parse: \(error)\n\(text)")
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
    let prepared: PreparedScenario
    do {
        prepared = try runner.prepare(scenario)
    } catch {
        render(error)
        return
    }
    var events: [TimedEvent] = []
    let result = runner.run(prepared) { events.append($0) }
    // docs/scenarios.md: started on a screen normally reached by navigation,
    // `back` and `dismiss` have nothing to go back to: an `appModelError`
    // event, never a `bug` one.
    checkTimeline(events, from: .zero, to: result.endTime)
    var again: [TimedEvent] = []
    let second = runner.run(prepared) { again.append($0) }
    invariant(again == events && second.failures == result.failures,
              "a second run of the same scenario differs:\n\(text)")
    var lines = TranscriptLines(scenario: FuzzFiles.scenarioFile)
    for e in events { lines.append(e) }
    var streamed: [UInt8] = []
    lines.drain { streamed += $0 }
    let oneByOne = events.map { TranscriptFormat.jsonLine($0, scenario: FuzzFiles.scenarioFile) + "\n" }.joined()
    invariant(String(decoding: streamed, as: UTF8.self) == oneByOne,
              "the streamed transcript differs from its lines written one by one:\n\(text)")
}
