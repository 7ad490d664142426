import ScreenModel
import DemoApp

/// The app a command reads (a file, or the built-in demo app) and the
/// screens it asks for: `--screen NAME`, `--all-screens`, or the start screen.
enum AppScreens {
    /// - Parameters:
    ///   - file: the app file; nil for the demo app.
    ///   - screen: `--screen`'s value.
    ///   - all: `--all-screens`.
    /// - Returns: the app and the screens, in the app's order.
    /// - Throws: `ScreenModelError` for an app that cannot be read or a screen it does not have.
    static func load(_ file: String?, screen: String?, all: Bool) throws(ScreenModelError) -> (AppModel, [Screen]) {
        let app = try file.map { f throws(ScreenModelError) in try AppLoader.load(path: f) } ?? DemoApp.load()
        if all { return (app, app.screens) }
        let name = screen ?? app.startScreen
        guard let s = app.screen(named: name) else {
            throw .unknownScreen(file: file ?? DemoApp.fileName, at: "--screen", name: name, known: app.screens.map(\.name))
        }
        return (app, [s])
    }
}
