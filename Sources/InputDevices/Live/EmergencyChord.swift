import SwitchyardEngine

/// The way out when switches are grabbed and the screen is unusable: hold the
/// first switch for 10 s, or press Escape (`KEY_ESC`) 5 times within 2 s. Either releases
/// all grabs and ends the live loop.
///
/// ```
/// idle ──switchDown(first)@t──▶ holding(since: t) ──advance(≥ t+10s)──▶ TRIGGER
///   ▲                                │
///   └──────── switchUp(first) ───────┘
/// Escape down ×5 with last − first ≤ 2s ─────────────────────────────▶ TRIGGER
/// ```
/// Not handled: holding two switches (only the first one counts); Escape
/// auto-repeat (the mapper drops autorepeat before it gets here).
public struct EmergencyChord: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        case idle
        case holding(since: Instant)
        case triggered(Trigger)
    }
    /// Which chord fired.
    public enum Trigger: Hashable, Sendable, CustomStringConvertible {
        case heldSwitch(SwitchID, Interval)
        case escapePresses(Int, within: Interval)
        public var description: String {
            switch self {
            case .heldSwitch(let s, let d): return "emergency exit: '\(s)' held for \(d)"
            case .escapePresses(let n, let w): return "emergency exit: Escape pressed \(n) times within \(w)"
            }
        }
    }

    /// The switch to hold (the first switch; Select by convention).
    public var holdSwitch: SwitchID
    /// How long to hold it (10 s).
    public var holdDuration: Interval
    /// How many Escape presses (5)…
    public var escapeCount: Int
    /// …within this window (2 s).
    public var escapeWindow: Interval
    public private(set) var phase: Phase = .idle
    private var escapes: [Instant] = []

    public init(holdSwitch: SwitchID = .select, holdDuration: Interval = .seconds(10), escapeCount: Int = 5,
                escapeWindow: Interval = .seconds(2)) {
        self.holdSwitch = holdSwitch
        self.holdDuration = holdDuration
        self.escapeCount = escapeCount
        self.escapeWindow = escapeWindow
    }

    /// When the hold fires if nothing changes; nil when not holding.
    public var deadline: Instant? {
        if case .holding(let since) = phase { return since + holdDuration }
        return nil
    }

    /// Feeds one input; returns the trigger if this input completed a chord.
    public mutating func handle(_ input: TimedInput) -> Trigger? {
        if let t = advance(to: input.time) { return t }
        switch (phase, input.input) {
        case (.triggered, _):
            return nil
        case (.idle, .switchDown(let s)) where s == holdSwitch:
            phase = .holding(since: input.time)
        case (.holding, .switchUp(let s)) where s == holdSwitch:
            phase = .idle
        case (_, .key(let k)) where k.key == .escape && k.phase == .down:
            escapes.append(input.time)
            if escapes.count > escapeCount { escapes.removeFirst(escapes.count - escapeCount) }
            if escapes.count == escapeCount, let first = escapes.first, input.time - first <= escapeWindow {
                return fire(.escapePresses(escapeCount, within: escapeWindow))
            }
        case (.idle, _), (.holding, _):
            break
        }
        return nil
    }

    /// Moves time on; returns the trigger if the hold deadline passed.
    public mutating func advance(to now: Instant) -> Trigger? {
        guard case .holding(let since) = phase, now - since >= holdDuration else { return nil }
        return fire(.heldSwitch(holdSwitch, holdDuration))
    }

    private mutating func fire(_ t: Trigger) -> Trigger {
        phase = .triggered(t)
        return t
    }
}
