import ScreenModel

/// One simulated session: an app, one virtual clock, one timer queue, and the
/// active technologies.
///
/// Time is an argument: inputs carry their instants, and `advance(to:)` fires
/// due timers at their exact instants, in order. Nothing reads a real clock.
///
/// The session owns what the technologies share — the clock, the timer
/// queue, the app state — and the focus rules that are no technology's own:
/// after a sheet is dismissed, focus returns to the element that presented
/// it (`focusRestored`); after a screen change every technology begins again
/// on the new screen. It routes each input to the first technology that
/// handles it and each timer to the technology that scheduled it, and never
/// asks which technology it is talking to (docs/ARCHITECTURE.md).
public struct Session: Sendable {
    var core: SessionCore
    var technologies: [any AssistiveTechnology]
    /// Which technology each entry of `technologies` is (read on every timer fire).
    let kinds: [Technology]
    let navigation: NavigationOptions
    var started = false
    /// The most timers of one technology fired in one dispatch (`fireRun`):
    /// it bounds the events buffered before they reach the caller. 1 fires
    /// every timer on its own, for tests that compare the two.
    var longestRun = 256
    /// The room the event buffer starts with (and starts again with after
    /// `drain()`): more than one timer fire's events.
    static let eventRoom = 64

    // MARK: - API

    /// Makes a session, checking the settings.
    /// - Parameters:
    ///   - app: the app model.
    ///   - configuration: technologies, settings and navigation options.
    /// - Throws: `SessionError` for an unusable configuration (e.g. Manual Scanning with one switch).
    public init(app: AppModel, configuration: SessionConfiguration = SessionConfiguration()) throws(SessionError) {
        let state = try AppState(app: app)
        guard !configuration.technologies.isEmpty else { throw .invalidTechnologies("no technology is active; choose \(Technology.names.dropLast().joined(separator: ", ")) or \(Technology.names.last ?? "")") }
        var seen: Set<Technology> = []
        for t in configuration.technologies {
            guard seen.insert(t.technology).inserted else {
                throw .invalidTechnologies("\(t.technology.name) is listed twice; give each technology once")
            }
            try t.validate()
        }
        core = SessionCore(app: state)
        navigation = configuration.navigation
        technologies = configuration.technologies.map { $0.makeTechnology(navigation: configuration.navigation, screen: state.screen) }
        kinds = configuration.technologies.map(\.technology)
        core.log.events.reserveCapacity(Self.eventRoom)
    }

    /// Shows the start screen and begins every technology (scanning starts).
    /// - Parameter time: the start instant.
    /// - Returns: the events at `time`.
    public mutating func start(at time: Instant) -> [TimedEvent] {
        core.log.now = time
        guard !started else {
            core.emit(.bug("start(at:) called twice"))
            return drain()
        }
        begin()
        return drain()
    }

    /// Fires the timers due up to `input.time`, then handles the input.
    /// - Parameter input: the input and its instant (not before `now`).
    /// - Returns: the events, in time order.
    public mutating func handle(_ input: TimedInput) -> [TimedEvent] {
        fireDue(upTo: max(input.time, core.now)) { _ in }
        apply(input)
        return drain()
    }

    /// `handle(_:)` delivering each event to `each` instead of collecting them.
    public mutating func handle(_ input: TimedInput, each: (TimedEvent) -> Void) {
        advance(to: max(input.time, core.now), each: each)
        apply(input)
        flush(each)
    }

    /// Handles `input` at the session's now (its due timers fired).
    private mutating func apply(_ input: TimedInput) {
        if input.time < core.now {
            core.emit(.bug("input at \(input.time) is before the session's now \(core.now); handled at \(core.now)"))
        }
        if !started {
            core.emit(.bug("input before start(at:); starting now"))
            begin()
        }
        switch input.input {
        case .deviceAdded(let name):
            core.emit(.deviceAdded(name))
        case .deviceRemoved(let name):
            core.emit(.deviceRemoved(name))
        case .screenReplaced(let update):
            core.replace(update)
            settle()
        case .switchDown, .switchUp, .key, .utterance:
            route(input.input)
        }
    }

    /// Fires due timers at their exact instants, in order, and moves the clock to `time`.
    /// - Parameter time: the new now (not before the current one).
    /// - Returns: the events, in time order.
    public mutating func advance(to time: Instant) -> [TimedEvent] {
        fireDue(upTo: time) { _ in }
        return drain()
    }

    /// `advance(to:)` delivering each event to `each`; allocates nothing per timer fire.
    public mutating func advance(to time: Instant, each: (TimedEvent) -> Void) {
        fireDue(upTo: time) { $0.flush(each) }
        flush(each)
    }

    /// Fires the timers due up to `time`, calling `afterEach` after each
    /// (to hand on its events, or to keep them all for `drain()`), and
    /// moves the clock to `time`.
    private mutating func fireDue(upTo time: Instant, _ afterEach: (inout Session) -> Void) {
        guard started else { core.log.now = max(core.now, time); return }
        while let due = core.timers.popDue(upTo: time) {
            if due.deadline > core.now { core.log.now = due.deadline }
            fire(due.timer, upTo: time)
            afterEach(&self)
        }
        core.log.now = max(core.now, time)
    }

    /// Changes a technology's settings at `time` (a scenario's `set` line):
    /// due timers fire first, then the new settings apply from that instant.
    /// - Parameters:
    ///   - settings: the new settings of an active technology.
    ///   - time: the instant they take effect.
    /// - Returns: the events up to and at `time`.
    /// - Throws: `SessionError` when the settings are unusable or the technology is not active.
    public mutating func reconfigure(_ settings: TechnologySettings, at time: Instant) throws(SessionError) -> [TimedEvent] {
        try settings.validate()
        guard let i = kinds.firstIndex(of: settings.technology) else {
            throw .invalidTechnologies("\(settings.technology.name) is not active in this session")
        }
        var out = advance(to: time)
        core.log.source = kinds[i]
        technologies[i].reconfigure(settings, &core)
        core.log.source = nil
        settle()
        flush { out.append($0) }
        return out
    }

    /// The virtual now: the latest instant the session has reached.
    public var now: Instant { core.now }

    /// The next timer deadline, for a live loop's poll timeout; nil when no timer is pending.
    public var nextDeadline: Instant? { started ? core.timers.nextDeadline : nil }

    /// The screen showing, with its current values, traits and scroll offsets.
    public var currentScreen: Screen { core.app.screen }

    /// The names of the screens on the stack, bottom first.
    public var screenStack: [String] { core.app.stack.map(\.screen) }

    /// The current value of element `element` of the current screen.
    public func value(of element: ElementIndex) -> String? { core.app.screen.value(of: element) }

    /// The current traits of element `element` of the current screen.
    public func traits(of element: ElementIndex) -> TraitSet { core.app.screen.traits(of: element) }

    /// What the active technologies show now (cursor, scanner menu, …).
    public var presentation: Presentation {
        var p = Presentation()
        for t in technologies { t.present(into: &p) }
        return p
    }

    /// What Switch Control's cursor shows now; nil when nothing is highlighted.
    public var highlighted: Highlight? { presentation.highlight }

    /// The technologies running, in routing order.
    public var activeTechnologies: [Technology] { kinds }

    /// Turns the transition trace on (style rule 2: every transition as
    /// `time state → stimulus → state`); it starts empty.
    public mutating func traceTransitions() { core.trace = [] }

    /// The transitions traced since `traceTransitions()`.
    public var transitions: [String] { core.trace ?? [] }

    /// Scheduled timers, earliest first, for tests that assert nothing else is scheduled.
    public var pendingTimers: [ScheduledTimer] { core.timers.scheduled }

    // MARK: - Routing

    mutating func begin() {
        started = true
        core.emit(.screenChanged(screen: core.app.screen.name))
        for i in technologies.indices {
            core.log.source = kinds[i]
            technologies[i].start(&core)
            core.log.source = nil
            settle()
        }
    }

    /// Offers `input` to each technology in turn until one handles it.
    mutating func route(_ input: Input) {
        for i in technologies.indices {
            core.log.source = kinds[i]
            let handled = technologies[i].handle(input, &core)
            core.log.source = nil
            if handled {
                settle()
                return
            }
        }
        core.emit(.inputIgnored(input, reason: .notHandledByTechnology))
    }

    /// Hands a due timer to the technology that scheduled it, then the
    /// timers due after it while they are that technology's own (`fireRun`).
    mutating func fire(_ timer: TimerID, upTo limit: Instant) {
        let owner = timer.owner
        for i in kinds.indices where kinds[i] == owner {
            core.log.source = owner
            Self.fireRun(&technologies[i], from: timer, upTo: limit, atMost: longestRun, &core)
            core.log.source = nil
            settle()
            return
        }
        core.emit(.bug("timer \(timer) fired, but \(owner.name) is not active"))
    }

    /// Fires `timer`, then the queue's next due timers, each at its instant,
    /// while they are `technology`'s, at or before `limit`, at most `n` in
    /// all, and the app has not changed (the session settles a change
    /// before anything else fires). Every timer goes through the
    /// technology's one `fire`, so the order, instants, events and traced
    /// transitions are those of handing the timers over one by one; a run
    /// opens the technology once (the array's uniqueness check, the
    /// existential's box) instead of once a timer, which is what makes a
    /// long unattended auto scan fast.
    static func fireRun<T: AssistiveTechnology>(_ technology: inout T, from timer: TimerID, upTo limit: Instant, atMost n: Int, _ core: inout SessionCore) {
        let owner = timer.owner
        technology.fire(timer, &core)
        var fired = 1
        while fired < n, core.pendingChange == nil, let due = core.timers.popDue(upTo: limit, ownedBy: owner) {
            if due.deadline > core.now { core.log.now = due.deadline }
            technology.fire(due.timer, &core)
            fired += 1
        }
    }

    /// Tells every technology what the last action changed, applying the
    /// session's own focus rule first (focus returns to a dismissed sheet's
    /// presenter). Repeats while technologies' reactions change the app again.
    @inline(__always)
    mutating func settle() {
        if core.pendingChange != nil { announceChanges() }
    }

    mutating func announceChanges() {
        var rounds = 0
        while let change = core.pendingChange {
            core.pendingChange = nil
            rounds += 1
            guard rounds <= 16 else {
                core.emit(.bug("the app kept changing after \(rounds - 1) reactions; stopped"))
                return
            }
            if case .sheetDismissed(let focus?) = change {
                core.emit(.focusRestored(ElementRef(core.app.screen, focus)))
            }
            for i in technologies.indices {
                core.log.source = kinds[i]
                technologies[i].appDidChange(change, &core)
                core.log.source = nil
            }
        }
    }

    /// Hands the buffered events to `each` and empties the buffer (keeping its capacity).
    mutating func flush(_ each: (TimedEvent) -> Void) {
        guard !core.log.events.isEmpty else { return }
        // Each event is swapped out of the buffer into `held` and handed on
        // from there: an element read in place would be copied (retained,
        // and released after) around each call of `each`, a caller's closure
        // the optimizer cannot see into (every caller is in another module).
        // A swap moves; the buffer keeps the event before it, released by
        // `clear()` as it would have been.
        var held = TimedEvent(time: .zero, event: .menuHidden)
        do {
            var events = core.log.events.mutableSpan
            for i in events.indices {
                swap(&events[i], &held)
                each(held)
            }
        }
        core.log.clear()
    }

    /// Drains the event buffer: the events, in order, as they are (no copy
    /// of each); the buffer starts again at the room it starts with, not
    /// at the size of a long `advance(to:)`'s events.
    mutating func drain() -> [TimedEvent] {
        guard !core.log.events.isEmpty else { return [] }
        var out: [TimedEvent] = []
        swap(&out, &core.log.events)
        core.log.events.reserveCapacity(Self.eventRoom)
        return out
    }
}
