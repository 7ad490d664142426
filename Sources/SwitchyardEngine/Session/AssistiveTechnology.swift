import ScreenModel

// The seam between the session and the technologies (libinput's dispatch
// interface, TCA's parent of features; docs/ARCHITECTURE.md, "Adding a
// technology"). The session owns what every technology shares — the clock,
// one timer queue, the app state and the focus rules that are nobody's in
// particular — and routes inputs and timer fires to the technologies behind
// this interface. It never asks which technology it is talking to, and it
// knows none of their settings, menus or phases.

/// One assistive technology as the session drives it: Switch Control (and,
/// beside it, Full Keyboard Access and Voice Control).
///
/// A technology is a value. It reacts to the inputs it handles and to the
/// timers it scheduled, changes the app only through `SessionCore`, and says
/// what it shows now through `present(into:)`. It never touches devices,
/// files or a clock.
protocol AssistiveTechnology: Sendable {
    /// Which technology this is (also the owner of its timers).
    var technology: Technology { get }

    /// Begins on the current screen (Switch Control starts scanning).
    mutating func start(_ core: inout SessionCore)

    /// Handles `input` if it is of a kind this technology reads.
    /// - Returns: false when the input is not for this technology; the
    ///   session then offers it to the next one.
    mutating func handle(_ input: Input, _ core: inout SessionCore) -> Bool

    /// A timer this technology scheduled is due; `core.now` is its deadline.
    mutating func fire(_ timer: TimerID, _ core: inout SessionCore)

    /// The app changed under it: a technology acted, a sheet closed, the
    /// screen changed or scrolled. Called on every active technology after
    /// the action that caused it, in order.
    mutating func appDidChange(_ change: AppChange, _ core: inout SessionCore)

    /// New settings take effect now, mid-session (a scenario's `set` line).
    /// The settings are of this technology's kind and already validated.
    mutating func reconfigure(_ settings: TechnologySettings, _ core: inout SessionCore)

    /// Adds what the technology shows now (cursor, menu, focus, overlay).
    func present(into presentation: inout Presentation)
}

/// A timer in the session's one queue, typed by the technology that owns it.
///
/// At one instant, timers fire in the order they were scheduled.
public enum TimerID: Hashable, Sendable, CustomStringConvertible {
    /// A Switch Control timer.
    case switchControl(SwitchControlTimer)
    /// A Full Keyboard Access timer.
    case keyboard(KeyboardAccessTimer)

    /// The technology that scheduled it (and handles it when it fires).
    public var owner: Technology {
        switch self {
        case .switchControl: return .switchControl
        case .keyboard: return .fullKeyboardAccess
        }
    }

    /// `autoScanStep`, `hold(select)`.
    public var description: String {
        switch self {
        case .switchControl(let t): return t.description
        case .keyboard(let t): return t.description
        }
    }
}

/// What changed in the app after an action, as every technology hears it.
public enum AppChange: Hashable, Sendable {
    /// The same screen shows. `acted` is the element acted on (nil for a
    /// point that hit nothing), `by` the technology that acted, and
    /// `orderChanged` whether traits changed so the navigation order may differ.
    case sameScreen(acted: ElementIndex?, by: Technology, orderChanged: Bool)
    /// Another screen shows (go to, back, present): technologies begin again on it.
    case screenChanged
    /// A sheet was dismissed. `focus` is the element that presented it, on
    /// the screen now showing, when it is still there: focus returns to it.
    case sheetDismissed(focus: ElementIndex?)
    /// A scroll container moved its content by `by`: the stops inside changed.
    case scrolled(container: ElementIndex, by: Technology)
    /// The same screen was read again from a live app (`ScreenUpdate`):
    /// `moved[k]` is where element `k` is now (nil: gone); `focus`, when a
    /// modal closed, the element that opened it.
    case replaced(moved: [ElementIndex?], focus: ElementIndex?)
}

/// What the technologies act on: the app state, the event log (whose `now`
/// is the session's clock) and the one timer queue. The session passes it to
/// each technology call; technologies keep no reference to it.
struct SessionCore: Sendable {
    var app: AppState
    var log = EventLog()
    var timers = TimerQueue()
    /// What the last action changed, for the session to announce to every
    /// technology once the acting one returns.
    var pendingChange: AppChange? = nil
    /// When tracing, every transition as `time state → stimulus → state`.
    var trace: [String]? = nil

    /// The virtual now.
    var now: Instant { log.now }

    /// Emits `event` at now. (Consuming: the event moves into the buffer;
    /// borrowed, a highlight's `ElementRef` was retained and released once
    /// more on every step.)
    mutating func emit(_ event: consuming Event) { log.emit(event) }

    /// Schedules `timer` at `deadline`, replacing an earlier schedule of the same timer.
    @inline(__always)
    mutating func schedule(_ timer: TimerID, at deadline: Instant) {
        if !timers.schedule(timer, at: deadline, now: now) {
            emit(.bug("timer \(timer) would fire twice at \(deadline); not scheduled"))
        }
    }

    /// Cancels `timer` if it is scheduled.
    mutating func cancel(_ timer: TimerID) { timers.cancel(timer) }

    /// Activates element `k` of the current screen at its activation point
    /// (a tap, Space, "tap …"), carries out its effects and records the change.
    mutating func activate(_ k: ElementIndex, by technology: Technology) {
        let screen = app.screen
        emit(.activated(ElementRef(screen, k), at: screen.activationPoint(of: k)))
        perform(screen.activationEffects(of: k), source: k, by: technology)
    }

    /// Carries out `effects` of element `source` and records what changed.
    mutating func perform(_ effects: [Effect], source: ElementIndex, by technology: Technology) {
        let outcome = app.perform(effects, source: source, into: &log)
        switch outcome {
        case .sameScreen(let traitsChanged):
            pendingChange = .sameScreen(acted: source, by: technology, orderChanged: traitsChanged)
        case .screenChanged:
            pendingChange = .screenChanged
        case .dismissed(let presenter):
            pendingChange = .sheetDismissed(focus: presenter.map(\.index))
        }
    }

    /// Shows `update`'s screen in place of the current one and records the
    /// change: the same screen read again (`replaced`), or another screen
    /// (`screenChanged`; `sheetDismissed` when focus returns to an opener).
    mutating func replace(_ update: ScreenUpdate) {
        if app.replace(update.screen, &log) {
            pendingChange = .replaced(moved: update.moved, focus: update.focus)
        } else if let f = update.focus {
            pendingChange = .sheetDismissed(focus: f)
        } else {
            pendingChange = .screenChanged
        }
    }

    /// Scrolls `container` one page towards `direction` and records the change.
    mutating func scroll(_ container: ElementIndex, _ direction: ScrollDirection, by technology: Technology) {
        if app.scroll(container, direction, &log) {
            pendingChange = .scrolled(container: container, by: technology)
        } else {
            emit(.bug("\(ElementRef(app.screen, container)) cannot scroll \(direction.rawValue)"))
        }
    }

    /// The element a gesture at `p` lands on: the topmost element that
    /// responds to user interaction and whose frame contains `p`, inside
    /// `modal` when a modal element traps navigation (`Screen.hitTest`).
    func target(at p: Point, inside modal: ElementIndex?) -> ElementIndex? {
        app.screen.tapTarget(at: p, inside: modal)
    }

    /// A tap at point `p` (point scanning, a grid cell): the element there
    /// (`target(at:inside:)`) is activated and its effects run; a tap on
    /// nothing is recorded as one.
    mutating func tap(at p: Point, inside modal: ElementIndex?, by technology: Technology) {
        guard let k = target(at: p, inside: modal) else {
            emit(.activated(nil, at: p))
            tappedNothing(by: technology)
            return
        }
        let screen = app.screen
        emit(.activated(ElementRef(screen, k), at: p))
        perform(screen.activationEffects(of: k), source: k, by: technology)
    }

    /// Records that a tap at a point hit nothing (the app did not change, but
    /// the technology that tapped moves on as after any tap).
    mutating func tappedNothing(by technology: Technology) {
        pendingChange = .sameScreen(acted: nil, by: technology, orderChanged: false)
    }

    /// Appends `before → stimulus → after` to the trace when tracing.
    mutating func record(_ before: String, _ stimulus: String, _ after: String) {
        guard trace != nil else { return }
        let line = "\(now) \(before) → \(stimulus) → \(after)"
        trace?.append(line)
    }
}

extension Screen {
    /// The element a gesture at `p` lands on: the topmost element that
    /// responds to user interaction and whose frame contains `p`, inside
    /// `modal` when a modal element traps navigation (`hitTest`). The one
    /// rule for point scanning's and the grid's taps, read by ScanBench too.
    public func tapTarget(at p: Point, inside modal: ElementIndex?) -> ElementIndex? {
        hitTest(p) { k in
            respondsToUserInteraction(k) && (modal.map { isDescendant(k, of: $0) } ?? true)
        }
    }
}
