import Foundation
import ScreenModel
@testable import SwitchyardEngine

// Fixtures for the Full Keyboard Access tests.

/// A timed event at `t` milliseconds, caused by Full Keyboard Access.
func fka(_ t: Int64, _ e: Event) -> TimedEvent { TimedEvent(e, at: .milliseconds(t), by: .fullKeyboardAccess) }

/// A session on `app` running Full Keyboard Access, its settings changed by `configure`.
func keyboardSession(_ app: AppModel, _ configure: (inout KeyboardAccessSettings) -> Void = { _ in }) throws -> Session {
    var s = KeyboardAccessSettings()
    configure(&s)
    return try Session(app: app, configuration: SessionConfiguration(technology: .keyboard(s)))
}

/// A key transition as an input.
func stroke(_ key: Key, _ phase: KeyPhase, _ modifiers: KeyModifiers = []) -> Input {
    .key(KeyStroke(key: key, modifiers: modifiers, phase: phase))
}

extension Session {
    /// Every transition of the chord `spec` (`tab+z`) at `t` milliseconds; the events of all.
    mutating func key(_ spec: String, at t: Int64) -> [TimedEvent] {
        let chord: KeyChord
        do { chord = try KeyChord.parse(spec) } catch { fatalError("bad chord in a test: \(error)") }
        return chord.strokes.flatMap { handle(TimedInput(.key($0), at: .milliseconds(t))) }
    }

    /// Types `text` at `t` milliseconds, one chord per character.
    mutating func type(_ text: String, at t: Int64) -> [TimedEvent] {
        text.flatMap { ch -> [TimedEvent] in
            guard let k = Key.typing(ch) else { fatalError("no key types '\(ch)'") }
            return key((k.shifted ? "shift+" : "") + k.key.name, at: t)
        }
    }
}

/// The directory of the example apps.
let examplesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples")

/// An app from `Examples/apps` or the Appium fixtures, by path from the package root.
func loadApp(_ path: String) throws -> AppModel {
    let url = examplesDirectory.deletingLastPathComponent().appendingPathComponent(path)
    return try AppLoader.load(Array(try Data(contentsOf: url)), file: path)
}

// MARK: - Tab order: a loose button, a list of three rows, a loose button

/// `Back` (1) at the top, a list `rows` (2) of R1, R2, R3 (3, 4, 5), `Done` (6) at the bottom.
let tabApp = makeApp([("main", [
    button("Back", y: 0, width: 100),
    "{\"identifier\": \"rows\", \"containerType\": \"list\", \"children\": [\(button("R1", y: 100)), \(button("R2", y: 160)), \(button("R3", y: 220))]}",
    button("Done", y: 700),
])])

let back = ref("Back", 1, y: 0, width: 100)
let r1 = ref("R1", 3, y: 100)
let r2 = ref("R2", 4, y: 160)
let r3 = ref("R3", 5, y: 220)
let done = ref("Done", 6, y: 700)

// MARK: - A calculator keypad, 4 rows of 3 keys

/// The labels of the keypad, row by row.
let keypadLabels = ["7", "8", "9", "4", "5", "6", "1", "2", "3", "0", ".", "="]

/// A keypad in a `contain` container (element 1): keys 80×80 every 100 points from (20, 300), elements 2…13.
let keypadApp: AppModel = {
    let keys = keypadLabels.enumerated().map { i, label in
        "{\"label\": \"\(label)\", \"traits\": [\"button\", \"keyboardKey\"], \"frame\": {\"x\": \(20 + (i % 3) * 100), \"y\": \(300 + (i / 3) * 100), \"width\": 80, \"height\": 80}}"
    }
    return makeApp([("calc", ["{\"identifier\": \"keys\", \"childBehavior\": \"contain\", \"children\": [\(keys.joined(separator: ","))]}"])])
}()

/// The keypad key labelled `label`.
func keypadKey(_ label: String) -> ElementRef {
    let i = keypadLabels.firstIndex(of: label)!
    return ElementRef(screen: "calc", index: 2 + i, label: label, identifier: nil,
                      frame: Rect(x: Double(20 + (i % 3) * 100), y: Double(300 + (i / 3) * 100), width: 80, height: 80))
}

// MARK: - Interaction: actions, an adjustable, a search field, a sheet, a pushed screen

/// `main`: Mail (1, custom actions Archive and Flag), Volume (2, adjustable 50%), Search (3, a search field),
/// Open (4, presents `sheet`), Settings (5, goes to `settings`, input labels prefs and gear).
/// `sheet`: a modal with Close (2, dismisses) and OK (3). `settings`: Back (1, back), Wi-Fi (2).
let interactionApp = makeApp([
    ("main", [
        button("Mail", y: 0, "\"customActions\": [{\"name\": \"Archive\", \"effects\": [{\"effect\": \"announce\", \"message\": \"Archived\"}]}, {\"name\": \"Flag\", \"effects\": []}]"),
        "{\"label\": \"Volume\", \"identifier\": \"volume\", \"value\": \"50%\", \"traits\": [\"adjustable\"], \"range\": {\"minimum\": 0, \"maximum\": 100, \"step\": 10, \"format\": \"{value}%\"}, \"frame\": {\"x\": 0, \"y\": 100, \"width\": 400, \"height\": 50}}",
        "{\"label\": \"Search\", \"identifier\": \"search\", \"traits\": [\"searchField\"], \"frame\": {\"x\": 0, \"y\": 200, \"width\": 400, \"height\": 50}}",
        button("Open", y: 300, "\"onActivate\": [{\"effect\": \"present\", \"screen\": \"sheet\"}]"),
        button("Settings", y: 400, "\"inputLabels\": [\"prefs\", \"gear\"], \"onActivate\": [{\"effect\": \"goTo\", \"screen\": \"settings\"}]"),
    ]),
    ("sheet", [
        "{\"traits\": [\"isModal\"], \"children\": [\(button("Close", y: 500, "\"onActivate\": [{\"effect\": \"dismiss\"}]")), \(button("OK", y: 600))]}",
    ]),
    ("settings", [
        button("Back", y: 0, width: 100, "\"onActivate\": [{\"effect\": \"back\"}]"),
        button("Wi-Fi", y: 100),
    ]),
])

let mail = ref("Mail", 1, y: 0)
let volumeSlider = ref("Volume", 2, y: 100)
let search = ref("Search", 3, y: 200)
let openButton = ref("Open", 4, y: 300)
let settingsButton = ref("Settings", 5, y: 400)
let closeButton = ref("Close", 2, y: 500, screen: "sheet")
let okButton = ref("OK", 3, y: 600, screen: "sheet")
let settingsBack = ref("Back", 1, y: 0, width: 100, screen: "settings")
let wifi = ref("Wi-Fi", 2, y: 100, screen: "settings")

/// The labels of the elements that `events` focus, in order.
func focusedLabels(_ events: [TimedEvent]) -> [String?] {
    events.compactMap { if case .focused(let r) = $0.event { return .some(r.label) } else { return nil } }
}
