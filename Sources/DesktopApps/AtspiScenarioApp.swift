import ScreenModel
import Scripting
import SwitchyardEngine

/// A running desktop app as a scenario's app (`app atspi "NAME"`): the
/// `LiveScenarioApp` the runner drives, over a `LiveDesktopApp`.
///
/// The waits are in real time, on the accessibility bus's socket (`poll`):
/// after an action, `settle(quiet:limit:)` reads the app again each time
/// its events settle (`LiveDesktopApp.settle`, 30 ms without events) and
/// ends once no event has come for `quiet`, handing the session what the
/// app shows then; `waitForChange(timeout:)` ends at the first change
/// (`LiveDesktopApp.waitForChange`). Nothing here runs on another thread:
/// a scenario's run uses it from the thread that runs the scenario (hence
/// `@unchecked Sendable`: it is handed over, never shared).
public final class AtspiScenarioApp: LiveScenarioApp, @unchecked Sendable {
    /// The app, its latest snapshot and its pending events.
    public let live: LiveDesktopApp

    /// Drives `live`.
    public init(_ live: LiveDesktopApp) {
        self.live = live
    }

    /// Connects to the accessibility bus, takes the app's lock (`AppLock`:
    /// one driver at a time) and reads the app named `app` (its accessible
    /// name, exactly or ignoring case, or its pid).
    /// - Parameters:
    ///   - app: the name or pid, as the `app atspi` line gives it.
    ///   - window: the title of the window to read (with the dialogs the app shows beside it), if given.
    /// - Throws: `DesktopAppError`: no session or accessibility bus (what to
    ///   install, which variable), no such app (the apps there are), an app
    ///   that does not answer, another process driving it, no such window.
    public static func open(_ app: String, window: String? = nil) throws(DesktopAppError) -> AtspiScenarioApp {
        AtspiScenarioApp(try LiveDesktopApp.open(app, window: window, driving: true))
    }

    // MARK: - LiveScenarioApp

    public var appModel: AppModel { live.snapshot.appModel }

    public var name: String { "'\(live.app.name)'" }

    public func perform(_ events: [TimedEvent]) -> LiveAppResponse {
        let asks = events.contains { !AtspiActuator.calls(for: $0.event, in: live.snapshot).isEmpty }
        guard asks else { return LiveAppResponse(asked: false) }
        return LiveAppResponse(asked: true, failed: live.perform(events))
    }

    public func settle(quiet: Interval, limit: Interval) throws -> ScreenUpdate? {
        let start = LiveDesktopApp.monotonicMicroseconds()
        let end = start + limit.microseconds
        var lastEvent = start
        while true {
            let now = LiveDesktopApp.monotonicMicroseconds()
            if live.takeEvents(now: now) { lastEvent = now }
            if let due = live.refreshDue, now >= due { try live.read() }
            if live.refreshDue == nil, now - lastEvent >= quiet.microseconds { return live.update() }
            if now >= end {
                // Still busy after the longest wait: what it shows now.
                if live.refreshDue != nil { try live.read() }
                return live.update()
            }
            if live.hasQueuedEvents { continue }
            let wake = min(end, live.refreshDue ?? (lastEvent + quiet.microseconds))
            live.pollBus(until: wake, now: now)
        }
    }

    public func waitForChange(timeout: Interval) throws -> ScreenUpdate? {
        try live.waitForChange(timeout: timeout)
    }

    public var realTime: Instant { Instant(microseconds: LiveDesktopApp.monotonicMicroseconds()) }
}
