import Foundation
import ScreenModel
@testable import SwitchyardEngine

/// A timed event at `t` milliseconds, caused by Voice Control.
func spoken(_ t: Int64, _ e: Event) -> TimedEvent { TimedEvent(e, at: .milliseconds(t), by: .voiceControl) }

/// An utterance at `t` milliseconds.
func utterance(_ text: String, _ t: Int64) -> TimedInput { TimedInput(.utterance(text), at: .milliseconds(t)) }

/// A session on `app` running Voice Control alone, its settings changed by `configure`.
func voiceSession(_ app: AppModel, _ configure: (inout VoiceControlSettings) -> Void = { _ in }) throws -> Session {
    try session(app, VoiceControlSettings(), TechnologySettings.voiceControl, configure)
}

extension Session {
    /// Says `text` at `t` milliseconds: the text lines of what happened
    /// (`TranscriptFormat.textLine`), which every Voice Control event has.
    mutating func say(_ text: String, at t: Int64) -> [String] {
        handle(utterance(text, t)).map(\.description)
    }

    /// The badge texts of the overlay showing now.
    var badges: [String] { presentation.voiceOverlay?.badges.map(\.text) ?? [] }
}

/// A Voice Control panel, 400×800, one screen `main` of stops in a column
/// (indices 1…8; the header at 9 is not a stop) and a `draft` screen:
///
///   1 Edit (left half) 2 Edit (right half), y 0  — a duplicate name
///   3 ⭐️, y 100                                   — no speakable name
///   4 "Compose new message", input labels Compose / New message, y 200 → draft
///   5 Volume, adjustable 50 % in steps of 10, y 300
///   6 Wi-Fi, y 400
///   7 "3", y 500                                  — a keypad key named by a number
///   8 Archive (notEnabled), y 600                 — not a stop
let panel: AppModel = {
    let main = [
        #"{"label": "Edit", "identifier": "edit-left", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 200, "height": 50}}"#,
        #"{"label": "Edit", "identifier": "edit-right", "traits": ["button"], "frame": {"x": 200, "y": 0, "width": 200, "height": 50}}"#,
        #"{"label": "⭐️", "identifier": "star", "traits": ["button"], "frame": {"x": 0, "y": 100, "width": 400, "height": 50}}"#,
        #"{"label": "Compose new message", "identifier": "compose", "inputLabels": ["Compose", "New message"], "traits": ["button"], "frame": {"x": 0, "y": 200, "width": 400, "height": 50}, "onActivate": [{"effect": "goTo", "screen": "draft"}]}"#,
        #"{"label": "Volume", "identifier": "volume", "value": "50%", "traits": ["adjustable"], "range": {"minimum": 0, "maximum": 100, "step": 10, "format": "{value}%"}, "frame": {"x": 0, "y": 300, "width": 400, "height": 50}}"#,
        #"{"label": "Wi-Fi", "identifier": "wifi", "traits": ["button"], "frame": {"x": 0, "y": 400, "width": 400, "height": 50}}"#,
        #"{"label": "3", "identifier": "three", "traits": ["button"], "frame": {"x": 0, "y": 500, "width": 400, "height": 50}}"#,
        #"{"label": "Archive", "identifier": "archive", "traits": ["button", "notEnabled"], "frame": {"x": 0, "y": 600, "width": 400, "height": 50}}"#,
        #"{"label": "Panel", "traits": ["header"], "frame": {"x": 0, "y": 700, "width": 400, "height": 50}}"#,
    ]
    let draft = [
        #"{"label": "Cancel", "identifier": "cancel", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 100, "height": 50}, "onActivate": [{"effect": "back"}]}"#,
        #"{"label": "Send", "identifier": "send", "traits": ["button"], "frame": {"x": 300, "y": 0, "width": 100, "height": 50}}"#,
    ]
    return makeApp([("main", main), ("draft", draft)])
}()

/// A Switchyard source file's repository path, for the example apps and the Appium captures.
func repositoryPath(_ relative: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(relative).path
}

/// An app from the repository (screen-model JSON or Appium XML).
func repositoryApp(_ relative: String) throws -> AppModel {
    try AppLoader.load(path: repositoryPath(relative))
}
