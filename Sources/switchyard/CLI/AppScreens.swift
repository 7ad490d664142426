import ScreenModel
import DemoApp

/// The app a command reads (a file, or the built-in demo app) and the
/// screens it asks for: `--screen NAME`, `--all-screens`, or the start screen.
enum AppScreens {
    /// - Parameters:
    ///   - file: the app file; nil for the demo app.
    ///   - options: how the file is imported (`--app-format`, `--density`).
    ///   - screen: `--screen`'s value.
    ///   - all: `--all-screens`.
    /// - Returns: the app and the screens, in the app's order.
    /// - Throws: `ScreenModelError` for an app that cannot be read or a screen it does not have.
    static func load(_ file: String?, options: ImportOptions, screen: String?, all: Bool) throws(ScreenModelError) -> (AppModel, [Screen]) {
        let app = try file.map { f throws(ScreenModelError) in try loadApp(f, options: options) } ?? DemoApp.load()
        if all { return (app, app.screens) }
        let name = screen ?? app.startScreen
        guard let s = app.screen(named: name) else {
            throw .unknownScreen(file: file ?? DemoApp.fileName, at: "--screen", name: name, known: app.screens.map(\.name))
        }
        return (app, [s])
    }

    /// The app file at `path`, imported with `options`: the one place the
    /// tool loads an app file (`AppLoader`), which prints the load's
    /// warnings (a guessed density) on standard error before the command's
    /// output.
    /// - Throws: `ScreenModelError` for an app that cannot be read.
    static func loadApp(_ path: String, options: ImportOptions) throws(ScreenModelError) -> AppModel {
        try loadApp(path, bytes: AppLoader.read(path: path), options: options)
    }

    /// `loadApp` of bytes already read from `path` (a command that also
    /// reads the file's text, such as `audit` for its lines).
    static func loadApp(_ path: String, bytes: [UInt8], options: ImportOptions) throws(ScreenModelError) -> AppModel {
        let loaded = try AppLoader.load(bytes, file: path, options: options)
        Output.report(loaded.notes)
        return loaded.app
    }
}
