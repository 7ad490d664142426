import Foundation
import Diagnostics
import ScreenModel
import SwitchyardEngine
import InputDevices
import DemoApp

/// The options that set up a session, shared by `live` and `replay`:
/// `--app FILE|demo`, `--technology NAME[,NAME…]`, `--settings FILE`
/// (repeated), `--keyboard-bindings FILE`, and `--app-format`, `--density`
/// for the app file.
struct SessionSetup {
    static let options: Set<String> = Arguments.importOptionNames.union(["app", "technology", "settings", "keyboard-bindings"])
    static let usage = """
          --app         an app file (screen-model JSON, a page source, XCTest text: docs/importing.md);
                        'demo' (default) for the built-in app
          --technology  switch-control (default), keyboard (Full Keyboard Access), voice (Voice Control);
                        several with commas or by repeating it: keyboard,voice or switch-control,voice
          --settings    a settings file of one of them, read by that technology (docs/switch-control.md,
                        docs/keyboard-access.md, docs/voice-control.md); repeat it for each technology
          --keyboard-bindings  Full Keyboard Access's settings file (key bindings, Auto-Hide), read as
                        keyboard settings whatever names it holds; needs --technology keyboard
        \(Arguments.importUsage(column: 16))
        """

    var app: String?
    /// The technologies, in the order given (inputs go to the first that handles them).
    var technologies: [Technology]
    /// The settings files, in the order given.
    var settings: [String]
    /// `--keyboard-bindings`: Full Keyboard Access's settings file.
    var keyboardBindings: String?
    /// `--app-format`, `--density`.
    var importOptions: ImportOptions

    init(_ a: Arguments, command: String) throws(UsageError) {
        app = a.value("app")
        importOptions = try a.importOptions(command: command)
        settings = a.options["settings"] ?? []
        technologies = try Self.technologies(a.options["technology"] ?? [], command: command)
        keyboardBindings = a.value("keyboard-bindings")
        if keyboardBindings != nil, !technologies.contains(.fullKeyboardAccess) {
            throw UsageError(command: command, message: "--keyboard-bindings rebinds Full Keyboard Access's keys; add --technology keyboard")
        }
    }

    /// `--technology` values: names and aliases, comma-separated or repeated, each once.
    /// - Returns: the technologies in the order given; Switch Control when none is given.
    static func technologies(_ values: [String], command: String) throws(UsageError) -> [Technology] {
        var out: [Technology] = []
        for value in values {
            for part in value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                guard let t = Technology(name: part) else {
                    throw UsageError(command: command, message: "'--technology \(value)' names '\(part)'; expected "
                        + Technology.names.joined(separator: ", ") + ", or several joined with commas such as keyboard,voice")
                }
                // One rule for scenarios and the command line: `SessionConfiguration.conflict`.
                if let reason = out.lazy.compactMap({ SessionConfiguration.conflict(adding: t, beside: $0) }).first {
                    throw UsageError(command: command, message: "--technology \(value): \(reason)")
                }
                out.append(t)
            }
        }
        return out.isEmpty ? [.switchControl] : out
    }

    /// The files the session reads, which no output may overwrite.
    var inputs: [String?] { [app == "demo" ? nil : app] + settings + [keyboardBindings] }

    /// What `makeSession()` made.
    struct Made {
        var app: AppModel
        var session: Session
        var configuration: SessionConfiguration

        /// Switch Control's settings, when it is active.
        var switchControl: SwitchControlSettings? { configuration.settings(of: .switchControl)?.switchControl }
    }

    /// How a user adds a technology to the session from the command line.
    static let howToAdd: @Sendable (Technology) -> String = { "add --technology \($0.name)" }

    /// Loads the app (unless `given`: a live app's snapshot) and each
    /// settings file (`SettingsFiles`: read by the technology whose settings
    /// it holds, `--keyboard-bindings` by Full Keyboard Access) and makes the session.
    /// - Throws: `ScreenModelError` (the app), `SettingsFileError` (a settings
    ///   file), or a diagnostic at the settings file for settings that
    ///   contradict each other.
    func makeSession(app given: AppModel? = nil) throws -> Made {
        let model = try given ?? appModel()
        var files = SettingsFiles(for: technologies, howToAdd: Self.howToAdd)
        let named = settings.map { (path: $0, technology: nil as Technology?) } + (keyboardBindings.map { [($0, .fullKeyboardAccess)] } ?? [])
        for (path, technology) in named {
            let s = try files.load(path, for: technology)
            do { try s.validate() } catch { throw Diagnostic(.error, error.message, at: SourceLocation(file: path)) }
        }
        // Without a settings file, Switch Control has every switch the terminal and the shipped profiles press (`SwitchBox`).
        let configuration = SessionConfiguration(technologies: files.configuration(base: [.switchControl(SwitchBox.settings)]))
        do {
            return Made(app: model, session: try Session(app: model, configuration: configuration), configuration: configuration)
        } catch {
            // The app names its start screen; the settings were checked above.
            let file: String? = if case .unknownStartScreen = error { app } else { nil }
            throw Diagnostic(.error, error.message, at: file.map { SourceLocation(file: $0) })
        }
    }

    /// The app `--app` names: the demo app when it names none (or `demo`).
    func appModel() throws -> AppModel {
        guard let app, app != "demo" else { return DemoApp.load() }
        return try AppScreens.loadApp(app, options: importOptions)
    }
}
