import DemoApp
import FuzzSupport
import ScreenModel
import SwitchyardEngine

/// The built-in demo app, decoded once.
let demoApp = DemoApp.load()

/// Switch Control settings, both ways in: the input as a settings file
/// (JSON), and as `NAME VALUE` lines applied one after another with `set`,
/// as a scenario's `set` lines are. Settings that validate must make a
/// session on the demo app that starts and runs 30 simulated seconds
/// keeping the engine invariants.
func fuzzSettings(_ bytes: [UInt8]) {
    do {
        try run(SwitchControlSettings.load(json: bytes, file: "fuzz.json"))
    } catch {
        render(error)
    }
    var settings = SwitchControlSettings()
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
        // `set NAME VALUE`: the name is the first word, the value the rest.
        let parts = line.split(separator: " ", maxSplits: 1)
        guard let name = parts.first else { continue }
        do {
            try settings.set(String(name), parts.count > 1 ? String(parts[1]) : "")
        } catch {
            render(error)
        }
    }
    run(settings)
}

/// Validates `settings`; valid ones drive the demo app for 30 s with two presses.
func run(_ settings: SwitchControlSettings) {
    do {
        try settings.validate()
    } catch {
        render(error)
        return
    }
    var session: Session
    do {
        session = try Session(app: demoApp, configuration: SessionConfiguration(technology: .switchControl(settings)))
    } catch {
        invariant(false, "valid settings make no session: \(error)")
        return
    }
    var events = session.start(at: .zero)
    let first = settings.switches[0].switchID
    events += session.handle(TimedInput(.switchDown(first), at: .milliseconds(2_500)))
    events += session.handle(TimedInput(.switchUp(first), at: .milliseconds(2_700)))
    events += session.handle(TimedInput(.switchDown(first), at: .milliseconds(9_000)))
    events += session.handle(TimedInput(.switchUp(first), at: .milliseconds(9_050)))
    events += session.advance(to: .milliseconds(30_000))
    checkTimeline(events, from: .zero, to: session.now)
}
