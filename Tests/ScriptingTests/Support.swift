import Foundation
import Testing
import ScreenModel
import SwitchyardEngine
import DemoApp
@testable import Scripting

/// A small app with literal frames: three buttons on "main" (A announces and has the custom action Favorite,
/// B goes to "next", C is a toggle), two elements labelled "Same", and a
/// "next" screen whose "Done" goes back.
let threeButtonsJSON = """
    {
      "name": "Three Buttons",
      "screens": {
        "main": {
          "title": "Main",
          "size": {"width": 400, "height": 800},
          "root": {"children": [
            {"identifier": "a", "label": "A", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 400, "height": 50},
             "onActivate": [{"effect": "announce", "message": "A tapped"}],
             "customActions": [{"name": "Favorite", "effects": [{"effect": "announce", "message": "Favorited"}]}]},
            {"identifier": "b", "label": "B", "traits": ["button"], "frame": {"x": 0, "y": 100, "width": 400, "height": 50},
             "onActivate": [{"effect": "goTo", "screen": "next"}]},
            {"identifier": "c", "label": "C", "value": "0", "traits": ["button", "toggle"], "frame": {"x": 0, "y": 200, "width": 400, "height": 50},
             "onActivate": [{"effect": "toggleValue"}]},
            {"identifier": "same1", "label": "Same", "traits": ["staticText"], "frame": {"x": 0, "y": 300, "width": 400, "height": 50}},
            {"identifier": "same2", "label": "Same", "traits": ["staticText"], "frame": {"x": 0, "y": 400, "width": 400, "height": 50}}
          ]}
        },
        "next": {
          "title": "Next Screen",
          "size": {"width": 400, "height": 800},
          "root": {"children": [
            {"identifier": "done", "label": "Done", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 400, "height": 50},
             "onActivate": [{"effect": "back"}]}
          ]}
        }
      }
    }
    """

/// A Voice Control panel with literal frames, one screen "panel": two
/// buttons named "Edit" (a duplicate name), "⭐️" (no speakable name),
/// "Compose new message" with the input labels Compose and New message, and
/// a key named "3"; each announces what it is.
let panelJSON = """
    {
      "name": "Panel",
      "screens": {
        "panel": {
          "size": {"width": 400, "height": 800},
          "root": {"children": [
            {"identifier": "edit-left", "label": "Edit", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 200, "height": 50},
             "onActivate": [{"effect": "announce", "message": "Left edit"}]},
            {"identifier": "edit-right", "label": "Edit", "traits": ["button"], "frame": {"x": 200, "y": 0, "width": 200, "height": 50},
             "onActivate": [{"effect": "announce", "message": "Right edit"}]},
            {"identifier": "star", "label": "⭐️", "traits": ["button"], "frame": {"x": 0, "y": 100, "width": 400, "height": 50},
             "onActivate": [{"effect": "announce", "message": "Starred"}]},
            {"identifier": "compose", "label": "Compose new message", "inputLabels": ["Compose", "New message"], "traits": ["button"],
             "frame": {"x": 0, "y": 200, "width": 400, "height": 50}, "onActivate": [{"effect": "announce", "message": "Composing"}]},
            {"identifier": "three", "label": "3", "traits": ["button"], "frame": {"x": 0, "y": 300, "width": 400, "height": 50},
             "onActivate": [{"effect": "announce", "message": "Three"}]}
          ]}
        }
      }
    }
    """

/// Loads `threeButtonsJSON` for any `app` line except `app demo` (the demo
/// app) and `app panel.json` (`panelJSON`).
let inMemoryRunner = ScenarioRunner(appProvider: { source, _ in
    switch source {
    case .demo: return try AppDecoder(file: "demo").decode(Array(threeButtonsJSON.utf8))
    case .file("panel.json"): return try AppDecoder(file: "panel.json").decode(Array(panelJSON.utf8))
    case .file(let path):
        guard path == "three.json" else { throw ScreenModelError.unreadable(file: path, reason: "no such file") }
        return try AppDecoder(file: path).decode(Array(threeButtonsJSON.utf8))
    case .atspi(let name, _):
        throw ScreenModelError.unreadable(file: name, reason: "no live apps in these tests")
    }
})

/// The repository root, found from this file's path.
let repoRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A scenario file name inside the repository, so that settings paths resolve
/// against `Tests/ScriptingTests/`.
let scenarioPath = repoRoot.appendingPathComponent("Tests/ScriptingTests/t.swy").path

/// Parses `text` as `file`, returning the error text or nil.
func parseErrors(_ text: String, file: String = "t.swy") -> String? {
    do {
        _ = try ScenarioParser(file: file).parse(text)
        return nil
    } catch {
        return error.description
    }
}

/// Parses and prepares `text`, returning the errors or nil.
func prepareFailure(_ text: String, file: String = "t.swy") -> ScriptErrors? {
    do {
        _ = try inMemoryRunner.prepare(text: text, file: file)
        return nil
    } catch {
        return error
    }
}

/// Parses and prepares `text`, returning the error text or nil.
func prepareErrors(_ text: String, file: String = "t.swy") -> String? {
    prepareFailure(text, file: file)?.description
}

/// A run's result and every event the runner handed to its `each` hook.
@dynamicMemberLookup
struct Ran {
    var result: ScenarioResult
    var events: [TimedEvent]
    subscript<T>(dynamicMember key: KeyPath<ScenarioResult, T>) -> T { result[keyPath: key] }
}

/// Parses, prepares and runs `text` against the in-memory app.
func run(_ text: String, file: String = "t.swy") throws -> Ran {
    var events: [TimedEvent] = []
    let result = inMemoryRunner.run(try inMemoryRunner.prepare(text: text, file: file)) { events.append($0) }
    return Ran(result: result, events: events)
}

/// The events of a run as transcript text lines.
func lines(_ r: Ran) -> [String] { r.events.map(TranscriptFormat.textLine) }

/// The failures of a run as `file:line:column: message`.
func failureLines(_ r: Ran) -> [String] { r.failures.map { "\($0.position): \($0.message)" } }

/// Loads the apps of the repository (`app ../apps/mail.json` from
/// `Examples/scenarios/`) and the built-in demo app, as `switchyard run` does.
let repositoryRunner = ScenarioRunner(appProvider: { source, scenarioFile in
    switch source {
    case .demo: return DemoApp.load()
    case .file(let path): return try AppLoader.load(path: ScenarioRunner.resolve(path, relativeTo: scenarioFile))
    case .atspi(let name, _): throw ScreenModelError.unreadable(file: name, reason: "no live apps in these tests")
    }
})

/// A scenario file name in `Examples/scenarios/`, so that `app ../apps/…` resolves.
let examplesScenarioPath = repoRoot.appendingPathComponent("Examples/scenarios/t.swy").path

/// Parses, prepares and runs `text` as if it were a file in `Examples/scenarios/`.
func runInExamples(_ text: String) throws -> Ran {
    var events: [TimedEvent] = []
    let result = repositoryRunner.run(try repositoryRunner.prepare(text: text, file: examplesScenarioPath)) { events.append($0) }
    return Ran(result: result, events: events)
}

/// Runs `body` with a new empty directory, removed afterwards (for settings files a scenario names).
func withScratchDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-scripting-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    return try body(dir)
}
