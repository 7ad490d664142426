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
    /// What the session was last given (`update()`): the engine's events
    /// name elements of this snapshot, so the app's objects are found here.
    public private(set) var snapshot: AtspiSnapshot
    /// The app as last read; `update()` hands it to the session.
    public private(set) var latest: AtspiSnapshot
    /// Quiet time after the last event before the app is read again.
    public var settle: Interval = .milliseconds(30)
    /// Longest wait for quiet after the first event.
    public var settleLimit: Interval = .milliseconds(250)
    /// This process's claim on the app, while it drives it (`open(_:window:driving:)`).
    public let lock: AppLock?

    /// The element acted on last, and the one that opened the modal showing.
    private var lastActed: AtspiObject?
    private var opener: AtspiObject?
    /// When the first and the latest unread event came (real time, µs).
    private var firstEvent: Int64?
    private var lastEvent: Int64?

    /// Reads `app` (or its window titled `window`, and the dialogs it
    /// opens) for the first time.
    /// - Parameter lock: the claim on the app, when it is to be driven.
    public init(reader: AtspiReader, app: DesktopApp, window: String? = nil, lock: AppLock? = nil) throws(DesktopAppError) {
        self.reader = reader
        self.app = app
        self.window = window
        self.lock = lock
        try reader.listen()
        // The bus daemon says when the app's connection goes away.
        try reader.bus.addMatch(rule: "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
                                + "member='NameOwnerChanged',arg0='\(app.bus)'")
        snapshot = try reader.snapshot(app, window: window)
        latest = snapshot
        _ = reader.bus.signals()
    }

    /// Connects to the session's accessibility bus and reads the app
    /// `name` (its accessible name, or its pid), or its window titled
    /// `window`: what `inspect --atspi`, `live --atspi` and scenarios'
    /// `app atspi` open.
    /// - Parameter driving: whether this process will act on the app
    ///   (`live --atspi`, a scenario): it takes the app's lock (`AppLock`)
    ///   first, so a second driver is refused instead of interleaving.
    /// - Throws: `DesktopAppError`: no session or accessibility bus (what to
    ///   install, which variable is missing), no such app (the apps there
    ///   are), an app registered but not answering, another process driving
    ///   it, no such window (its windows).
    public static func open(_ name: String, window: String? = nil, driving: Bool = false) throws(DesktopAppError) -> LiveDesktopApp {
        let reader = try AtspiReader()
        let app = try reader.app(name)
        let lock = driving ? try AppLock(app, busAddress: reader.bus.address) : nil
        return try LiveDesktopApp(reader: reader, app: app, window: window, lock: lock)
    }

    /// Whether the app left the bus (it quit, or crashed): its bus name lost its owner.
    public private(set) var hasQuit = false

    /// The screen the session has.
    public var screen: Screen { snapshot.screen }

    /// Carries out the engine's events on the app (`AtspiActuator`), on
    /// the objects of the snapshot the session has.
    /// - Returns: an `appActionFailed` event for each call the app did not
    ///   carry out (an error, no reply, or `false`).
    public func perform(_ events: [TimedEvent]) -> [TimedEvent] {
        for e in events {
            if case .activated(let r?, _) = e.event, r.screen == snapshot.screen.name, snapshot.objects.indices.contains(r.index) {
                lastActed = snapshot.objects[r.index]
            }
        }
        return AtspiActuator(bus: reader.connection(to: app)).perform(events, in: snapshot)
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

    /// Reads the app again now, and hands what it shows to the session.
    /// - Returns: the update for the engine, nil when the screen is the same.
    public func refresh() throws(DesktopAppError) -> ScreenUpdate? {
        try read()
        return update()
    }

    /// Reads the app again now, into `latest`; the session is not told
    /// until `update()`.
    public func read() throws(DesktopAppError) {
        firstEvent = nil
        lastEvent = nil
        let new = try reader.snapshot(app, window: window)
        if latest.modal == nil, new.modal != nil { opener = lastActed }
        latest = new
    }

    /// What the session needs to show `latest`: one update from the
    /// snapshot it has, whatever was read in between (each element found
    /// by its AT-SPI object, so it keeps its identity across the reads),
    /// and `latest` becomes the session's snapshot.
    /// - Returns: the update, nil when the app shows the same as the session has.
    public func update() -> ScreenUpdate? {
        guard !latest.showsSame(as: snapshot) else {
            snapshot = latest
            return nil
        }
        let update = latest.update(from: snapshot, opener: opener)
        if latest.modal == nil { opener = nil }
        snapshot = latest
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
