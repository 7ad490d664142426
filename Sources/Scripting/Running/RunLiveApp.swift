import Diagnostics
import ScreenModel
import SwitchyardEngine

// The run's waits for a live app (`app atspi`): after each action, and for
// an expectation with a window, in real time, beside the session's
// simulated clock (docs/scenarios.md, "Live desktop apps").

extension Run {
    /// Waits, in real time, for the live app to settle, and gives the
    /// session each new screen at its current simulated instant.
    /// - Parameter quiet: the wait ends when the app has sent no event for
    ///   this long (zero: only what is already pending is read).
    mutating func settleLive(quiet: Interval) {
        guard let live, stopped == nil else { return }
        if settling {
            actedWhileSettling = true
            return
        }
        settling = true
        defer { settling = false }
        var rounds = 0
        repeat {
            actedWhileSettling = false
            rounds += 1
            let update: ScreenUpdate?
            do {
                update = try live.settle(quiet: quiet, limit: prepared.liveWaits.limit)
            } catch {
                stopLive(error)
                return
            }
            if let update { replaceScreen(update) }
        } while actedWhileSettling && rounds < Self.settleRounds
    }

    /// The live app's new screen, to the session at its current instant
    /// (a timer's, during a wait).
    mutating func replaceScreen(_ update: ScreenUpdate) {
        acted.follow(update, replacing: session.currentScreen.name)
        screens[update.screen.name] = update.screen
        take { session, out in session.handle(TimedInput(.screenReplaced(update), at: session.now)) { out.append($0) } }
    }

    /// The live app can no longer be read: the run stops at the line running.
    mutating func stopLive(_ error: any Error) {
        let why = (error as? any DiagnosticError)?.diagnostics.map(\.message).joined(separator: "; ") ?? "\(error)"
        stopped = ScriptError("the live app \(live?.name ?? "") can no longer be read: \(why)", at: position)
    }

    /// Whether `holds` is true now; with a window, waits until it is. For
    /// a live app the wait is in real time (the app's changes delivered as
    /// they come, the simulated clock where it stands); for a screen model
    /// in simulated time (timers fire; the clock stops where it holds).
    mutating func awaitState(_ within: Interval?, _ holds: (Run) -> Bool) -> Bool {
        guard let live else { return advance(within: within, until: holds) }
        if holds(self) { return true }
        guard let within else { return false }
        let end = live.realTime + within
        while stopped == nil {
            let left = end - live.realTime
            guard left > .zero else { return false }
            let update: ScreenUpdate?
            do { update = try live.waitForChange(timeout: left) } catch {
                stopLive(error)
                return false
            }
            guard let update else { continue }
            replaceScreen(update)
            if holds(self) { return true }
        }
        return false
    }

    /// How a failed `within` wait is told: for a live app, how long the run
    /// waited for it in real time.
    func waited(_ within: Interval?) -> String {
        guard let within else { return "" }
        if let live { return " (waited \(within) in real time for the app \(live.name) to change)" }
        return " (at \(cursor))"
    }
}
