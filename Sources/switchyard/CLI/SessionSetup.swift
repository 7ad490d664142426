import Foundation
import ScreenModel
import SwitchyardEngine
import DemoApp

/// The options that set up a session, shared by `live` and `replay`:
/// `--app FILE|demo`, `--technology`, `--settings FILE`.
struct SessionSetup {
    static let options: Set<String> = ["app", "technology", "settings"]
    static let usage = """
          --app         screen-model JSON or Appium XML; 'demo' (default) for the built-in app
          --technology  switch (default); keyboard and voice are not available yet
          --settings    a Switch Control settings file (docs/switch-control.md)
        """

    var app: String?
    var settings: String?

    init(_ a: Arguments, command: String) throws(UsageError) {
        app = a.value("app")
        settings = a.value("settings")
        if let t = try a.choice("technology", command: command, allowed: Technology.allCases.map(\.rawValue)), t != Technology.switchControl.rawValue {
            throw UsageError(command: command, message: "technology '\(t)' is not available yet in this version of Switchyard; only 'switch' runs")
        }
    }

    /// Loads the app and settings and makes the session.
    func makeSession() throws(SetupError) -> (AppModel, Session) {
        let model: AppModel
        do {
            model = try (app == nil || app == "demo") ? DemoApp.load() : AppLoader.load(path: app!)
        } catch {
            throw SetupError(message: "\(error)")
        }
        var sc = SwitchControlSettings()
        if let path = settings {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw SetupError(message: "\(path): error: cannot read the settings file")
            }
            do { sc = try SwitchControlSettings.load(json: [UInt8](data), file: path) } catch { throw SetupError(message: "\(error)") }
        }
        do {
            return (model, try Session(app: model, configuration: SessionConfiguration(technology: .switchControl(sc))))
        } catch {
            throw SetupError(message: "\(error)")
        }
    }
}

/// A file or setting that keeps a command from starting (exit status 2).
struct SetupError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
