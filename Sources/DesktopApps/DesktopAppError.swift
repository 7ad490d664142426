import Diagnostics
import SwitchyardEngine

/// Why a desktop app could not be reached, read or driven over AT-SPI.
///
/// Every case says what to do about it: which package or variable is
/// missing, which apps there are. Rendered through the one diagnostic shape
/// (`Diagnostic`) without a location of its own: the command that met it
/// places it (`switchyard inspect: error: …`), and a scenario at its `app`
/// line (`live.swy:1:1: error: …`).
public enum DesktopAppError: DiagnosticError, Equatable, Sendable {
    /// No session bus: the variable is unset or its bus does not answer.
    case noSessionBus(String)
    /// The session bus has no accessibility bus (`org.a11y.Bus`).
    case noAccessibilityBus(String)
    /// No registered app has that name or pid (`known`: those that answered).
    case appNotFound(String, known: [String])
    /// Apps registered on the bus that did not answer within `within` (a
    /// process stopped with SIGSTOP, a main loop that is blocked): `named`
    /// is the name or pid asked for (nil when every app was asked, as
    /// `switchyard apps` does), `silent` the apps that did not answer.
    case notAnswering(named: String?, silent: [DesktopApp], within: Interval)
    /// The app has no window by that title.
    case windowNotFound(app: String, title: String, known: [String])
    /// The app shows no window to read.
    case noWindow(app: String)
    /// A D-Bus call failed: what was called, and the bus's error.
    case call(String, String)
    /// A call got no reply within `within`: the app is stopped or busy.
    case noReply(String, within: Interval)
    /// A reply did not have the shape AT-SPI documents.
    case unexpectedReply(String, expected: String)
    /// The app did not do what was waited for within the time given.
    case timeout(String)
    /// Another process drives the app (it holds the app's lock, `AppLock`).
    case appBusy(app: String, holder: String)
    /// The lock file that keeps two drivers apart cannot be made.
    case lockUnavailable(path: String, reason: String)

    public var diagnostics: [Diagnostic] {
        [Diagnostic(.error, message)]
    }

    /// What went wrong and what to do, without a location.
    public var message: String {
        switch self {
        case .noSessionBus(let why):
            return "no desktop session bus: \(why). "
                + "Run inside a desktop session, or headless: xvfb-run -a dbus-run-session -- switchyard … "
                + "(Debian packages: xvfb, dbus-x11, at-spi2-core)"
        case .noAccessibilityBus(let why):
            return "no accessibility bus: \(why). "
                + "The session bus starts it through org.a11y.Bus (Debian package at-spi2-core); "
                + "apps must not run with NO_AT_BRIDGE=1"
        case .appNotFound(let name, let known):
            let list = known.isEmpty ? "no app is registered on the accessibility bus" : "the apps are: " + known.joined(separator: ", ")
            return "no accessible app named '\(name)' or with that pid; \(list) (switchyard apps)"
        case .notAnswering(let named, let silent, let within):
            let apps = silent.map(\.registration).joined(separator: ", ")
            let why = silent.count == 1 ? "stopped (SIGSTOP) or with its main loop blocked" : "each stopped (SIGSTOP) or with its main loop blocked"
            if let named, let pid = Int(named), silent.count == 1, silent[0].pid == pid {
                return "the app with pid \(pid) (bus \(silent[0].bus)) is registered on the accessibility bus but did not answer within \(within): "
                    + "it is stopped (SIGSTOP; kill -CONT \(pid) continues it) or its main loop is blocked"
            }
            if let named {
                return "no app that answered is named '\(named)' or has that pid; registered but not answering within \(within): \(apps), \(why); it may be the app named"
            }
            return (silent.count == 1 ? "1 app is" : "\(silent.count) apps are") + " registered on the accessibility bus but did not answer within \(within): \(apps), \(why)"
        case .windowNotFound(_, let title, let known):
            return "no window titled '\(title)'; its windows are: "
                + (known.isEmpty ? "none" : known.map { "'\($0)'" }.joined(separator: ", "))
        case .noWindow:
            return "the app shows no window (none has the showing state)"
        case .call(let what, let error):
            return "\(what) failed: \(error)"
        case .noReply(let what, let within):
            return "\(what): no reply within \(within) (the app is stopped or busy)"
        case .unexpectedReply(let what, let expected):
            return "\(what): the reply is not \(expected)"
        case .timeout(let what):
            return what
        case .appBusy(let app, let holder):
            return "the app \(app) is driven by another switchyard process (\(holder)); "
                + "two drivers would interleave their actions: wait for it to end, or run the scenarios in one 'switchyard run'"
        case .lockUnavailable(let path, let reason):
            return "cannot lock '\(path)', which keeps two switchyard processes from driving one app: \(reason)"
        }
    }
}
