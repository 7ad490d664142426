import ScreenModel
import SwitchyardEngine

/// An app that runs outside the session, in real time, as a scenario's app
/// (`app atspi "NAME"`): a desktop app reached over AT-SPI. The runner does
/// not know how it is reached; the command line makes it (from
/// `DesktopApps`), so this module links no accessibility library.
///
/// The session keeps its simulated clock for its own timers. Each time the
/// session's events ask something of the app, the runner hands them to
/// `perform(_:)` and then waits, in real time, for the app to settle
/// (`settle(quiet:limit:)`); the screen it shows then goes to the session
/// as `Input.screenReplaced` at the same simulated instant, before the next
/// line runs (docs/scenarios.md, "Live desktop apps"). A call the app did
/// not carry out is an `appActionFailed` event and fails the run.
///
/// A live app is used by one run at a time, from one thread.
public protocol LiveScenarioApp: AnyObject, Sendable {
    /// The app as it shows when the scenario starts: one screen, named by
    /// its window's title (a modal dialog's title while one shows).
    var appModel: AppModel { get }
    /// What the scenario calls the app in messages (`'gedit' (pid 4242)`).
    var name: String { get }
    /// Carries the session's events out on the app (taps, custom actions,
    /// values, typed text, keyboard focus).
    /// - Parameter events: the events of one session call, in order.
    /// - Returns: whether any of them asked something of the app (only then
    ///   can the app change because of them), and what the app did not
    ///   carry out, as `appActionFailed` events.
    func perform(_ events: [TimedEvent]) -> LiveAppResponse
    /// Waits, in real time, until the app is quiet: every change it makes
    /// is read once its events settle, and the wait ends when no event has
    /// come for `quiet` (at once, when an action changed nothing), or after
    /// `limit` however busy the app is.
    /// - Returns: the app's screen as it shows at the end, relative to the
    ///   one the session has (each element found by the app's own identity
    ///   of it); nil when it shows the same.
    /// - Throws: when the app can no longer be read (it quit, the bus went away).
    func settle(quiet: Interval, limit: Interval) throws -> ScreenUpdate?
    /// Waits, in real time, for the app's next change, at most about
    /// `timeout` (a change whose events are still settling is finished).
    /// - Returns: the new screen, or nil when the app did not change in time.
    /// - Throws: when the app can no longer be read.
    func waitForChange(timeout: Interval) throws -> ScreenUpdate?
    /// Real time, for bounding the runner's waits (the runner reads no clock
    /// of its own).
    var realTime: Instant { get }
}

/// What a live app did with the events of one session call.
public struct LiveAppResponse: Sendable, Hashable {
    /// Whether any event asked something of the app.
    public var asked: Bool
    /// The calls the app did not carry out (an error, no reply in time, or
    /// a refusal): `Event.appActionFailed`, at the instant of the event
    /// that asked, in order.
    public var failed: [TimedEvent]

    public init(asked: Bool, failed: [TimedEvent] = []) {
        self.asked = asked
        self.failed = failed
    }
}

/// The app a scenario's `app` line gives the runner: a screen model that
/// runs in the session's simulated time, or a live app.
public enum ScenarioApp: Sendable {
    /// A screen model (a file, a capture, the demo).
    case model(AppModel)
    /// An app running now (`app atspi`).
    case live(any LiveScenarioApp)

    /// The model the session starts from: the live app's first snapshot.
    public var model: AppModel {
        switch self {
        case .model(let m): return m
        case .live(let app): return app.appModel
        }
    }

    /// The live app, if the app is one.
    public var live: (any LiveScenarioApp)? {
        switch self {
        case .model: return nil
        case .live(let app): return app
        }
    }
}

/// How long the runner waits for a live app (docs/scenarios.md, "Live desktop apps").
public struct LiveWaits: Sendable, Hashable {
    /// After an action, the wait ends when the app has sent no event for
    /// this long: an action that changes nothing costs this much real time.
    public var quiet: Interval
    /// The longest wait for the app to settle after one action.
    public var limit: Interval

    public init(quiet: Interval = .milliseconds(500), limit: Interval = .seconds(5)) {
        self.quiet = quiet
        self.limit = limit
    }
}
