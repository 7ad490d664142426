import Diagnostics
import ScreenModel

/// The technology a session runs, with its settings.
public enum TechnologySettings: Hashable, Sendable {
    /// Switch Control (item and point scanning).
    case switchControl(SwitchControlSettings)
    // Full Keyboard Access and Voice Control come in a later issue.
}

/// What a session needs besides the app.
public struct SessionConfiguration: Hashable, Sendable {
    /// The active technology and its settings.
    public var technology: TechnologySettings
    /// Navigation-order options. For Switch Control, `groupItems` is taken from
    /// the Switch Control settings (the settings file is the one place it is set).
    public var navigation: NavigationOptions

    /// - Parameters:
    ///   - technology: the technology and its settings; default Switch Control with Apple's defaults.
    ///   - navigation: navigation-order options.
    public init(technology: TechnologySettings = .switchControl(SwitchControlSettings()), navigation: NavigationOptions = NavigationOptions()) {
        self.technology = technology
        self.navigation = navigation
    }
}

/// Why a session cannot be made.
public enum SessionError: DiagnosticError, Hashable, Sendable {
    /// The app's start screen does not exist.
    case unknownStartScreen(String, known: [String])
    /// Manual Scanning with fewer than the two switches it needs.
    case manualScanningNeedsTwoSwitches(configured: [SwitchID])
    /// Single Switch Step Scanning with no switch that moves.
    case stepScanningNeedsAMoveSwitch(configured: [SwitchID])
    /// Settings that contradict each other (Hold Duration not shorter than the Auto Tap time, …).
    case contradictorySettings(String)
    /// Two switches share a name, or there are none.
    case invalidSwitches(String)

    /// The message without location or severity.
    public var message: String {
        switch self {
        case .unknownStartScreen(let s, let known):
            return "the start screen '\(s)' is not in the app; screens: \(known.joined(separator: ", "))"
        case .manualScanningNeedsTwoSwitches(let ids):
            return "Manual Scanning needs at least two switches, one that moves (move-to-next-item or move-to-previous-item) and one that selects (select-item or tap); configured: \(ids.map(\.name).joined(separator: ", ")). Add a switch, e.g. {\"switch\": \"next\", \"action\": \"move-to-next-item\"}, or use auto-scanning."
        case .stepScanningNeedsAMoveSwitch(let ids):
            return "Single Switch Step Scanning needs a switch that moves (select-item or move-to-next-item); configured: \(ids.map(\.name).joined(separator: ", "))"
        case .contradictorySettings(let message), .invalidSwitches(let message):
            return message
        }
    }

    /// A session error has no place in a file of its own; the caller that
    /// knows which file or line made the configuration adds it.
    public var diagnostics: [Diagnostic] { [Diagnostic(.error, message)] }
}

/// One simulated session: an app, one virtual clock, one timer queue and the
/// active technology.
///
/// Time is an argument: inputs carry their instants, and `advance(to:)` fires
/// due timers at their exact instants, in order. Nothing reads a real clock.
public struct Session {
    var app: AppState
    var log = EventLog()
    var switchControl: SwitchControl?
    var started = false

    // MARK: - API

    /// Makes a session, checking the settings.
    /// - Parameters:
    ///   - app: the app model.
    ///   - configuration: technology, settings and navigation options.
    /// - Throws: `SessionError` for an unusable configuration (e.g. Manual Scanning with one switch).
    public init(app: AppModel, configuration: SessionConfiguration = SessionConfiguration()) throws(SessionError) {
        self.app = try AppState(app: app)
        switch configuration.technology {
        case .switchControl(let settings):
            try SwitchControl.validate(settings)
            switchControl = SwitchControl(settings: settings, navigation: configuration.navigation, screen: self.app.screen)
        }
        log.events.reserveCapacity(64)
    }

    /// Shows the start screen and begins the technology (scanning starts).
    /// - Parameter time: the start instant.
    /// - Returns: the events at `time`.
    public mutating func start(at time: Instant) -> [TimedEvent] {
        log.now = time
        guard !started else {
            log.emit(.bug("start(at:) called twice"))
            return drain()
        }
        started = true
        log.emit(.screenChanged(screen: app.screen.name))
        switchControl!.start(&app, &log)
        return drain()
    }

    /// Fires the timers due up to `input.time`, then handles the input.
    /// - Parameter input: the input and its instant (not before `now`).
    /// - Returns: the events, in time order.
    public mutating func handle(_ input: TimedInput) -> [TimedEvent] {
        var out: [TimedEvent] = []
        handle(input) { out.append($0) }
        return out
    }

    /// `handle(_:)` delivering each event to `each` instead of collecting them.
    public mutating func handle(_ input: TimedInput, each: (TimedEvent) -> Void) {
        advance(to: max(input.time, log.now), each: each)
        if input.time < log.now {
            log.emit(.bug("input at \(input.time) is before the session's now \(log.now); handled at \(log.now)"))
        }
        if !started {
            log.emit(.bug("input before start(at:); starting now"))
            started = true
            log.emit(.screenChanged(screen: app.screen.name))
            switchControl!.start(&app, &log)
        }
        switch input.input {
        case .switchDown, .switchUp:
            switchControl!.handleSwitch(input.input, &app, &log)
        case .key, .utterance:
            log.emit(.inputIgnored(input.input, reason: .notHandledByTechnology))
        case .deviceAdded(let name):
            log.emit(.deviceAdded(name))
        case .deviceRemoved(let name):
            log.emit(.deviceRemoved(name))
        }
        for e in log.events { each(e) }
        log.events.removeAll(keepingCapacity: true)
    }

    /// Fires due timers at their exact instants, in order, and moves the clock to `time`.
    /// - Parameter time: the new now (not before the current one).
    /// - Returns: the events, in time order.
    public mutating func advance(to time: Instant) -> [TimedEvent] {
        var out: [TimedEvent] = []
        advance(to: time) { out.append($0) }
        return out
    }

    /// `advance(to:)` delivering each event to `each`; allocates nothing per timer fire.
    public mutating func advance(to time: Instant, each: (TimedEvent) -> Void) {
        guard started else { log.now = max(log.now, time); return }
        while switchControl!.fireNext(upTo: time, &app, &log) {
            for e in log.events { each(e) }
            log.events.removeAll(keepingCapacity: true)
        }
        log.now = max(log.now, time)
        for e in log.events { each(e) }
        log.events.removeAll(keepingCapacity: true)
    }

    /// The virtual now: the latest instant the session has reached.
    public var now: Instant { log.now }

    /// The next timer deadline, for a live loop's poll timeout; nil when no timer is pending.
    public var nextDeadline: Instant? { started ? switchControl?.nextDeadline : nil }

    /// The screen showing, with its current values and traits.
    public var currentScreen: Screen { app.screen }

    /// The names of the screens on the stack, bottom first.
    public var screenStack: [String] { app.stack.map(\.screen) }

    /// The current value of element `element` of the current screen.
    public func value(of element: ElementIndex) -> String? { app.screen.value(of: element) }

    /// The current traits of element `element` of the current screen.
    public func traits(of element: ElementIndex) -> TraitSet { app.screen.traits(of: element) }

    /// What the cursor shows now; nil when scanning has stopped or nothing is highlighted.
    public var highlighted: Highlight? { switchControl?.currentHighlight }

    /// Turns the transition trace on (style rule 2: every transition as
    /// `time phase → stimulus → phase`); it starts empty.
    public mutating func traceTransitions() { switchControl?.trace = [] }

    /// The transitions traced since `traceTransitions()`.
    public var transitions: [String] { switchControl?.trace ?? [] }

    /// Pending timers, for tests that assert nothing else is scheduled.
    public var pendingTimers: [PendingTimer] { switchControl?.pendingTimers ?? [] }

    /// Drains the event buffer.
    mutating func drain() -> [TimedEvent] {
        let out = log.events
        log.events.removeAll(keepingCapacity: true)
        return out
    }
}

/// A scheduled timer, as tests see it.
public struct PendingTimer: Hashable, Sendable, CustomStringConvertible {
    /// `autoScanStep`, `dwell`, `autoTap`, `sweepEnd`, `hold(select)`, `longPress(select)`, `moveRepeat(next)`.
    public var name: String
    public var deadline: Instant
    public init(_ name: String, at deadline: Instant) {
        self.name = name
        self.deadline = deadline
    }
    public var description: String { "\(name)@\(deadline)" }
}
