import Diagnostics
import InputDevices
import SwitchyardEngine

/// A running desktop app as an input of the live loop, beside the evdev
/// reader and the terminal: its accessibility-bus socket is polled with the
/// devices, and when the app changed (its AT-SPI events settled) it is read
/// again and the new screen goes to the session as one input
/// (`Input.screenReplaced`). The session's events go the other way through
/// `perform(_:)` (the live command wires them), as AT-SPI calls.
///
/// Everything runs on the live loop's thread; nothing here blocks except the
/// bus calls of a snapshot (tens of milliseconds).
public final class AtspiAdapter: InputAdapter {
    public static let kind = "atspi"
    public static let summary = "a running desktop app over AT-SPI: its changes as new screens (live --atspi)"
    /// Where its diagnostics point: the command that runs it.
    static let command = SourceLocation(file: "switchyard live")

    public let app: LiveDesktopApp
    private var clock: SessionClock?
    private var lastNow: Instant = .zero
    /// Errors met while reading the app (the live view shows them).
    public private(set) var warnings: [InputDeviceError] = []

    public init(app: LiveDesktopApp) {
        self.app = app
    }

    /// Not made from device options: a running app is opened by name
    /// (`LiveDesktopApp.open`), and `live --atspi` passes it to `init(app:)`.
    /// - Throws: always, saying so (the registry does not list this adapter).
    public static func make(_ options: AdapterOptions) throws(InputDeviceError) -> AtspiAdapter {
        throw .invalidFile([Diagnostic(.error, "the \(kind) adapter drives a running app: open it with 'switchyard live --atspi NAME'",
                                       at: command)])
    }

    public func discover() throws(InputDeviceError) -> [DiscoveredDevice] { [] }

    public func start(clock: SessionClock) throws(InputDeviceError) -> [TimedInput] {
        self.clock = clock
        return []
    }

    public var pollDescriptors: [Int32] {
        let fd = app.reader.bus.fileDescriptor
        return fd >= 0 ? [fd] : []
    }

    public var nextWakeup: Instant? {
        guard let clock else { return nil }
        if app.hasQueuedEvents { return lastNow }
        return app.refreshDue.map { Instant(microseconds: $0 - clock.epochMicroseconds) }
    }

    public func service(readable: Set<Int32>, now: Instant, clock: SessionClock) throws(InputDeviceError) -> [TimedInput] {
        lastNow = now
        let real = now.microseconds + clock.epochMicroseconds
        app.takeEvents(now: real)
        if app.hasQuit { return [] }
        do {
            guard let update = try app.refreshIfDue(now: real) else { return [] }
            return [TimedInput(.screenReplaced(update), at: now)]
        } catch {
            // Kept as a warning, at the command; the app is read again at its next event.
            warnings.append(.invalidFile(error.diagnostics.map { Diagnostic($0.severity, $0.message, at: Self.command) }))
            if warnings.count > 16 { warnings.removeFirst() }
            return []
        }
    }

    /// Finished when the app quit (it left the bus) or the bus went away.
    public var isFinished: Bool { app.hasQuit || !app.reader.bus.isConnected }

    /// The app quitting ends the session, whatever else is plugged in.
    public var finishEndsSession: Bool { true }

    public func stop() {}

    /// Carries the session's events out on the app.
    /// - Returns: an `appActionFailed` event for each call the app did not carry out.
    public func perform(_ events: [TimedEvent]) -> [TimedEvent] {
        app.perform(events)
    }
}
