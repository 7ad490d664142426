import Glibc
import ScreenModel
import SwitchyardEngine

/// A running desktop app as the engine's screen: its latest snapshot, the
/// engine's actions carried out on it, and its changes read back as
/// `ScreenUpdate`s once its events settle.
///
/// The app's events (any AT-SPI event from its bus name) mark it changed;
/// it is read again when no event has come for `settle` (GTK sends a burst
/// of events for one click: 7 within 500 ms on the widget factory), or at
/// the latest `settleLimit` after the first. A modal dialog that opens
/// after an action remembers the element acted on, and focus returns to it
/// when the dialog closes (`ScreenUpdate.focus`).
public final class LiveDesktopApp {
    public let reader: AtspiReader
    public let app: DesktopApp
    public let window: String?
    public private(set) var snapshot: AtspiSnapshot
    /// Quiet time after the last event before the app is read again.
    public var settle: Interval = .milliseconds(30)
    /// Longest wait for quiet after the first event.
    public var settleLimit: Interval = .milliseconds(250)
    /// Calls that failed, most recent last (the live view shows them).
    public private(set) var failures: [DesktopAppError] = []

    /// The element acted on last, and the one that opened the modal showing.
    private var lastActed: AtspiObject?
    private var opener: AtspiObject?
    /// When the first and the latest unread event came (real time, µs).
    private var firstEvent: Int64?
    private var lastEvent: Int64?

    /// Reads `app` (or its window titled `window`) for the first time.
    public init(reader: AtspiReader, app: DesktopApp, window: String? = nil) throws(DesktopAppError) {
        self.reader = reader
        self.app = app
        self.window = window
        try reader.listen()
        // The bus daemon says when the app's connection goes away.
        try reader.bus.addMatch(rule: "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
                                + "member='NameOwnerChanged',arg0='\(app.bus)'")
        snapshot = try reader.snapshot(app, window: window)
        _ = reader.bus.signals()
    }

    /// Connects to the session's accessibility bus and reads the app
    /// `name` (its accessible name, or its pid), or its window titled
    /// `window`: what `inspect --atspi`, `live --atspi` and scenarios'
    /// `app atspi` open.
    /// - Throws: `DesktopAppError`: no session or accessibility bus (what to
    ///   install, which variable is missing), no such app (the apps there
    ///   are), no such window (its windows).
    public static func open(_ name: String, window: String? = nil) throws(DesktopAppError) -> LiveDesktopApp {
        let reader = try AtspiReader()
        return try LiveDesktopApp(reader: reader, app: try reader.app(name), window: window)
    }

    /// Whether the app left the bus (it quit, or crashed): its bus name lost its owner.
    public private(set) var hasQuit = false

    /// The screen showing now.
    public var screen: Screen { snapshot.screen }

    /// Carries out the engine's events on the app (`AtspiActuator`).
    public func perform(_ events: [TimedEvent]) {
        for e in events {
            if case .activated(let r?, _) = e.event, snapshot.objects.indices.contains(r.index) { lastActed = snapshot.objects[r.index] }
        }
        let failed = AtspiActuator(bus: reader.connection(to: app)).perform(events, in: snapshot)
        failures += failed
        if failures.count > 16 { failures.removeFirst(failures.count - 16) }
    }

    /// Takes the bus's signals; true when one came from this app. Notes
    /// when the app left the bus (`hasQuit`).
    /// - Parameter now: the real time, in microseconds (`CLOCK_MONOTONIC`).
    @discardableResult
    public func takeEvents(now: Int64) -> Bool {
        let signals = reader.bus.signals()
        if signals.contains(where: { $0.member == "NameOwnerChanged" && $0.arguments.first?.string == app.bus && $0.arguments.last?.string == "" }) {
            hasQuit = true
        }
        let mine = signals.contains { $0.sender == app.bus }
        if mine {
            if firstEvent == nil { firstEvent = now }
            lastEvent = now
        }
        return mine
    }

    /// When the app should be read again (µs, `CLOCK_MONOTONIC`), if it changed.
    public var refreshDue: Int64? {
        guard let first = firstEvent, let last = lastEvent else { return nil }
        return min(last + settle.microseconds, first + settleLimit.microseconds)
    }

    /// Whether the bus holds messages already read from the socket.
    public var hasQueuedEvents: Bool { reader.bus.hasQueuedMessages }

    /// Reads the app again if it changed and its events have settled.
    /// - Returns: the update for the engine, nil when nothing changed.
    public func refreshIfDue(now: Int64) throws(DesktopAppError) -> ScreenUpdate? {
        guard let due = refreshDue, now >= due else { return nil }
        return try refresh()
    }

    /// Reads the app again now.
    /// - Returns: the update for the engine, nil when the screen is the same.
    public func refresh() throws(DesktopAppError) -> ScreenUpdate? {
        firstEvent = nil
        lastEvent = nil
        let new = try reader.snapshot(app, window: window)
        if snapshot.modal == nil, new.modal != nil { opener = lastActed }
        defer { snapshot = new }
        guard !new.showsSame(as: snapshot) else { return nil }
        let update = new.update(from: snapshot, opener: opener)
        if new.modal == nil { opener = nil }
        return update
    }

    /// Waits, in real time, until the app changes and its events settle.
    /// - Parameter timeout: the longest wait for a change to begin; one
    ///   still settling then is finished, at most `settleLimit` later.
    /// - Returns: the update, or nil when nothing changed in time.
    public func waitForChange(timeout: Interval) throws(DesktopAppError) -> ScreenUpdate? {
        let end = Self.monotonicMicroseconds() + timeout.microseconds
        let hardEnd = end + settleLimit.microseconds
        while true {
            let now = Self.monotonicMicroseconds()
            takeEvents(now: now)
            if let due = refreshDue, now >= due, let update = try refresh() { return update }
            if now >= hardEnd || (now >= end && refreshDue == nil) { return nil }
            if hasQueuedEvents { continue }
            pollBus(until: min(hardEnd, refreshDue ?? end), now: now)
        }
    }

    /// Sleeps on the accessibility bus's socket (where the app's events
    /// come) until `wake` or a message (µs, `CLOCK_MONOTONIC`).
    func pollBus(until wake: Int64, now: Int64) {
        var fd = pollfd(fd: reader.bus.fileDescriptor, events: Int16(POLLIN), revents: 0)
        let ms = Int32(clamping: max(0, (wake - now + 999) / 1000))
        _ = poll(&fd, 1, ms)
    }

    /// The real time, `CLOCK_MONOTONIC`, in microseconds.
    public static func monotonicMicroseconds() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Int64(t.tv_sec) * 1_000_000 + Int64(t.tv_nsec) / 1_000
    }
}
