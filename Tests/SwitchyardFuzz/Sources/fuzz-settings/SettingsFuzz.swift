import DemoApp
import FuzzSupport
import ScreenModel
import SwitchyardEngine

/// The built-in demo app, decoded once.
let demoApp = DemoApp.load()

/// The technologies whose default settings have driven a session already.
nonisolated(unsafe) var defaultsRun: Set<Technology> = []

/// Every technology's settings, both ways in: the input as a settings file
/// (JSON), and as `NAME VALUE` lines applied one after another with `set`,
/// as a scenario's `set` lines are — for Switch Control, Full Keyboard
/// Access or Voice Control (the input's length picks one). Settings that validate must make a session on
/// the demo app that starts, takes that technology's inputs and runs 30
/// simulated seconds keeping the engine invariants (the defaults once).
func fuzzSettings(_ bytes: [UInt8]) {
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line -> (String, String)? in
        // `set NAME VALUE`: the name is the first word, the value the rest.
        let parts = line.split(separator: " ", maxSplits: 1)
        guard let name = parts.first else { return nil }
        return (String(name), parts.count > 1 ? String(parts[1]) : "")
    }

    // One technology per input, chosen by the input's length (so every
    // seed and its mutations reach all three): a third of the work per
    // input, three times the inputs.
    let technology = [Technology.switchControl, .fullKeyboardAccess, .voiceControl][bytes.count % 3]
    do { try run(TechnologySettings.load(technology, json: bytes, file: "fuzz.json")) } catch { render(error) }
    var settings = technology.defaults
    for (name, value) in lines {
        do { try settings.set(name, value) } catch { render(error) }
    }
    run(settings)
}

/// Validates `settings`; valid ones drive the demo app for 30 s with that
/// technology's inputs: two switch presses, key strokes (Tab, arrows,
/// Space, Tab-Z, Escape), or utterances (numbers, a tap, the grid).
func run(_ settings: TechnologySettings) {
    // The defaults drive the same session every time: run them once.
    if settings == TechnologySettings.defaults(for: settings.technology) {
        guard defaultsRun.insert(settings.technology).inserted else { return }
    }
    do {
        try settings.validate()
    } catch {
        render(error)
        return
    }
    var session: Session
    do {
        session = try Session(app: demoApp, configuration: SessionConfiguration(technology: settings))
    } catch {
        invariant(false, "valid settings make no session: \(error)")
        return
    }
    var events = session.start(at: .zero)
    var inputs: [TimedInput] = []
    if let s = settings.switchControl, let first = s.switches.first?.switchID {
        inputs = [
            TimedInput(.switchDown(first), at: .milliseconds(2_500)), TimedInput(.switchUp(first), at: .milliseconds(2_700)),
            TimedInput(.switchDown(first), at: .milliseconds(9_000)), TimedInput(.switchUp(first), at: .milliseconds(9_050)),
        ]
    } else if settings.keyboard != nil {
        var t = Instant.milliseconds(1_000)
        for spec in ["tab", "tab", "right", "down", "space", "tab+z", "down", "escape", "shift+tab", "tab+b", "tab+h", "escape"] {
            for stroke in (try? KeyChord.parse(spec).strokes) ?? [] {
                inputs.append(TimedInput(.key(stroke), at: t))
                t = t + .milliseconds(50)
            }
            t = t + .milliseconds(900)
        }
    } else if settings.voiceControl != nil {
        let phrases = ["show numbers", "tap 2", "show names", "show grid", "3", "tap 1", "hide grid", "go back", "show me what to say"]
        inputs = phrases.enumerated().map { TimedInput(.utterance($0.element), at: .milliseconds(1_000 + 2_000 * Int64($0.offset))) }
    }
    for input in inputs { events += session.handle(input) }
    events += session.advance(to: .milliseconds(30_000))
    checkTimeline(events, from: .zero, to: session.now)
}
