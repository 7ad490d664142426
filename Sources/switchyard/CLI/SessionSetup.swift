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
        var switchControl: SwitchControlSettings? {
            if case .switchControl(let s)? = configuration.settings(of: .switchControl) { return s }
            return nil
        }
    }

    /// Loads the app (unless `given`: a live app's snapshot) and each
    /// settings file (with the reader of the technology whose settings it
    /// holds) and makes the session.
    /// - Throws: `ScreenModelError` (the app), `SetupError` or `SettingsError`
    ///   (a settings file), or a diagnostic at the settings file for settings
    ///   that contradict each other or belong to a technology not in use.
    func makeSession(app given: AppModel? = nil) throws -> Made {
        let model = try given ?? ((app == nil || app == "demo") ? DemoApp.load() : AppScreens.loadApp(app!, options: importOptions))
        var loaded: [Technology: (settings: TechnologySettings, file: String)] = [:]
        let files = settings.map { (path: $0, technology: nil as Technology?) } + (keyboardBindings.map { [($0, .fullKeyboardAccess)] } ?? [])
        for (path, given) in files {
            let bytes: [UInt8]
            do { bytes = try InputFile.read(path) } catch { throw SetupError.cannotRead(file: path, kind: "settings file", reason: "\(error)") }
            let t = try given ?? technology(ofSettings: bytes, file: path)
            if let first = loaded[t] {
                throw Diagnostic(.error, "a second \(t) settings file (the first is '\(first.file)'); give one settings file per technology",
                                 at: SourceLocation(file: path))
            }
            let s = try TechnologySettings.load(t, json: bytes, file: path)
            do { try s.validate() } catch { throw Diagnostic(.error, error.message, at: SourceLocation(file: path)) }
            loaded[t] = (s, path)
        }
        // Without a settings file, Switch Control has every switch the terminal and the shipped profiles press (`SwitchBox`).
        let configuration = SessionConfiguration(technologies: technologies.map {
            loaded[$0]?.settings ?? ($0 == .switchControl ? .switchControl(SwitchBox.settings) : TechnologySettings.defaults(for: $0)!)
        })
        do {
            return Made(app: model, session: try Session(app: model, configuration: configuration), configuration: configuration)
        } catch {
            // The app names its start screen; the settings were checked above.
            let file: String? = if case .unknownStartScreen = error { app } else { nil }
            throw Diagnostic(.error, error.message, at: file.map { SourceLocation(file: $0) })
        }
    }

    /// The technology whose settings file `json` is, told by its setting
    /// names (`TechnologySettings.settingNames(of:)`): the active technology
    /// that has them. A file that is not a JSON object, or names no setting
    /// any technology has, is the first technology's (its reader says what
    /// is wrong).
    /// - Throws: a diagnostic at the first name of a technology not in use,
    ///   or at a name of a second technology in one file.
    func technology(ofSettings json: [UInt8], file: String) throws -> Technology {
        guard let doc = try? JSONDocument(bytes: json), doc.kind(doc.root) == .object else { return technologies[0] }
        var owner: (technology: Technology, name: String, line: Int)?
        for (name, value) in doc.members(doc.root) {
            guard let t = TechnologySettings.owner(ofSetting: name) else { continue }
            // An object's children alternate key and value on the tape: the key is just before its value.
            let (line, column) = doc.position(of: value - 1)
            let here = SourceLocation(file: file, line: line, column: column)
            guard technologies.contains(t) else {
                throw Diagnostic(.error, "'\(name)' is a \(t) setting, but the session runs " + technologies.map(\.description).joined(separator: " and ")
                                 + "; add --technology \(t.name), or give this file to a session that runs it", at: here)
            }
            if let owner, owner.technology != t {
                throw Diagnostic(.error, "'\(name)' is a \(t) setting, but '\(owner.name)' (line \(owner.line)) is a \(owner.technology) one; "
                                 + "give each technology its own settings file", at: here)
            }
            owner = owner ?? (t, name, line)
        }
        return owner?.technology ?? technologies[0]
    }
}
