import Diagnostics

/// Why a desktop app could not be reached, read or driven over AT-SPI.
///
/// Every case says what to do about it: which package or variable is
/// missing, which apps there are. Rendered through the one diagnostic shape
/// (`Diagnostic`), located at the app (its name) or at `AT-SPI` for the bus.
public enum DesktopAppError: DiagnosticError, Equatable, Sendable {
    /// No session bus: the variable is unset or its bus does not answer.
    case noSessionBus(String)
    /// The session bus has no accessibility bus (`org.a11y.Bus`).
    case noAccessibilityBus(String)
    /// No registered app has that name or pid.
    case appNotFound(String, known: [String])
    /// The app has no window by that title.
    case windowNotFound(app: String, title: String, known: [String])
    /// The app shows no window to read.
    case noWindow(app: String)
    /// A D-Bus call failed: what was called, and the bus's error.
    case call(String, String)
    /// A reply did not have the shape AT-SPI documents.
    case unexpectedReply(String, expected: String)
    /// The app did not do what was waited for within the time given.
    case timeout(String)

    public var diagnostics: [Diagnostic] {
        let bus = SourceLocation(file: "AT-SPI")
        switch self {
        case .noSessionBus(let why):
            return [Diagnostic(.error, "no desktop session bus: \(why). "
                + "Run inside a desktop session, or headless: xvfb-run -a dbus-run-session -- switchyard … "
                + "(Debian packages: xvfb, dbus-x11, at-spi2-core)", at: bus)]
        case .noAccessibilityBus(let why):
            return [Diagnostic(.error, "no accessibility bus: \(why). "
                + "The session bus starts it through org.a11y.Bus (Debian package at-spi2-core); "
                + "apps must not run with NO_AT_BRIDGE=1", at: bus)]
        case .appNotFound(let name, let known):
            let list = known.isEmpty ? "no app is registered on the accessibility bus" : "the apps are: " + known.joined(separator: ", ")
            return [Diagnostic(.error, "no accessible app named '\(name)' or with that pid; \(list) (switchyard apps)", at: bus)]
        case .windowNotFound(let app, let title, let known):
            return [Diagnostic(.error, "no window titled '\(title)'; its windows are: "
                + (known.isEmpty ? "none" : known.map { "'\($0)'" }.joined(separator: ", ")), at: SourceLocation(file: app))]
        case .noWindow(let app):
            return [Diagnostic(.error, "the app shows no window (none has the showing state)", at: SourceLocation(file: app))]
        case .call(let what, let error):
            return [Diagnostic(.error, "\(what) failed: \(error)", at: bus)]
        case .unexpectedReply(let what, let expected):
            return [Diagnostic(.error, "\(what): the reply is not \(expected)", at: bus)]
        case .timeout(let what):
            return [Diagnostic(.error, what, at: bus)]
        }
    }
}
