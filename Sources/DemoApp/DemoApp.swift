import ScreenModel

/// The built-in demo app, "Corner Café": a product list with combined rows, a
/// product screen with adjustable controls and custom actions, a cart sheet
/// and a receipt. Embedded in the binary, so `switchyard` works with no files.
public enum DemoApp {
    /// The file name shown in messages.
    public static let fileName = "demo-app.json"

    /// The demo app's JSON text.
    public static var json: [UInt8] { PackageResources.demo_app_json }

    /// The decoded demo app.
    public static func load() -> AppModel {
        do {
            return try AppDecoder(file: fileName).decode(json)
        } catch {
            preconditionFailure("the embedded demo app is valid (tested): \(error)")
        }
    }
}

extension DemoApp {
    /// A built-in demo scenario for one technology (its `technology` line names it).
    public struct BuiltInScenario: Sendable {
        /// A one-line description of the set-up.
        public var setup: String
        /// The file name shown in messages.
        public var fileName: String
        /// The scenario text (docs/scenarios.md).
        public var text: String
    }

    /// One scenario per technology, in the order the demo runs them.
    public static var scenarios: [BuiltInScenario] {
        [
            BuiltInScenario(
                setup: "one switch, Auto Scanning (1 s), Group Items on, Tap Behavior Default",
                fileName: "demo-switch-control.swy",
                text: String(decoding: PackageResources.demo_switch_control_swy, as: UTF8.self)),
            BuiltInScenario(
                setup: "the default commands (Tab, arrows, Space, Tab-Z, Tab-F, Tab-B), Auto-Hide 15 s",
                fileName: "demo-keyboard.swy",
                text: String(decoding: PackageResources.demo_keyboard_swy, as: UTF8.self)),
            BuiltInScenario(
                setup: "typed utterances, no overlay until asked, exact name matching",
                fileName: "demo-voice.swy",
                text: String(decoding: PackageResources.demo_voice_swy, as: UTF8.self)),
        ]
    }
}
