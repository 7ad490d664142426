import Foundation
import Testing
import ScreenModel
@testable import SwitchyardEngine

/// Every settings file in Examples/settings loads and makes a valid session.
@Suite struct ExampleSettingsTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/settings")

    static let files = ["default.json", "android-switch-access.json", "manual-two-switches.json", "single-switch-step.json", "gliding-cursor.json",
                        "manual-select-next.json", "tremor.json"]

    /// Full Keyboard Access settings files (KeyboardAccessSettingsTests reads them).
    static let keyboardFiles = ["keyboard-default-bindings.json"]

    @Test func theDirectoryHoldsExactlyTheListedFiles() throws {
        let found = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(found == (Self.files + Self.keyboardFiles).sorted())
    }

    @Test(arguments: files)
    func loadsAndMakesASession(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name)))
        let settings = try SwitchControlSettings.load(json: bytes, file: name)
        _ = try Session(app: threeButtons, configuration: SessionConfiguration(technology: .switchControl(settings)))
    }

    @Test func defaultFileEqualsTheDefaults() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent("default.json")))
        #expect(try SwitchControlSettings.load(json: bytes, file: "default.json") == SwitchControlSettings())
    }
}
