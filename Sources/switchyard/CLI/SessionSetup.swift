import Foundation
import Diagnostics
import ScreenModel
import SwitchyardEngine
import DemoApp

/// The options that set up a session, shared by `live` and `replay`:
/// `--app FILE|demo`, `--technology`, `--settings FILE`.
struct SessionSetup {
    static let options: Set<String> = ["app", "technology", "settings"]
    static let usage = """
          --app         screen-model JSON or Appium XML; 'demo' (default) for the built-in app
          --technology  switch-control (default); keyboard and voice are not available yet
          --settings    a Switch Control settings file (docs/switch-control.md)
        """

    var app: String?
    var settings: String?

    init(_ a: Arguments, command: String) throws(UsageError) {
        app = a.value("app")
        settings = a.value("settings")
        if let t = try a.technology(command: command), t != .switchControl {
            throw UsageError(command: command, message: "technology '\(t.name)' (\(t)) is not available yet in this version of Switchyard; only 'switch-control' runs")
        }
    }

    /// The files the session reads, which no output may overwrite.
    var inputs: [String?] { [app == "demo" ? nil : app, settings] }

    /// Loads the app and settings and makes the session; also gives the
    /// Switch Control settings it runs with.
    /// - Throws: `ScreenModelError` (the app), `SetupError` or `SettingsError`
    ///   (the settings file), or a diagnostic at the settings file for
    ///   settings that contradict each other.
    func makeSession() throws -> (AppModel, Session, SwitchControlSettings) {
        let model = try (app == nil || app == "demo") ? DemoApp.load() : AppLoader.load(path: app!)
        var sc = SwitchControlSettings()
        if let path = settings {
            let bytes: [UInt8]
            do { bytes = try InputFile.read(path) } catch { throw SetupError.cannotRead(file: path, kind: "settings file", reason: "\(error)") }
            sc = try SwitchControlSettings.load(json: bytes, file: path)
        }
        do {
            return (model, try Session(app: model, configuration: SessionConfiguration(technology: .switchControl(sc))), sc)
        } catch {
            // A session error names no file: the settings file made the
            // configuration (the app names its start screen).
            let file: String? = if case .unknownStartScreen = error { app } else { settings }
            throw Diagnostic(.error, error.message, at: file.map { SourceLocation(file: $0) })
        }
    }
}
