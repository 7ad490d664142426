import ScreenModel

/// The session's one timer queue: typed timers at virtual instants.
///
/// A technology has a handful of timers at most (a scan step, a switch's
/// hold), so the queue is a short array searched linearly; it allocates
/// nothing once warm, which keeps auto scanning free of per-step allocation.
///
/// Invariant: no timer fires twice at one instant. A timer that, when it
/// fires, schedules itself again at the same instant (a duration that rounds
/// to zero) would re-fire forever without time moving; `schedule` refuses it
/// and the session logs a bug. Settings validation keeps such durations out.
struct TimerQueue: Sendable {
    struct Entry: Hashable, Sendable {
        var timer: TimerID
        /// `Instant.distantFuture` while the timer is not scheduled.
        var deadline: Instant
        /// Scheduling order, for ties at one instant.
        var sequence: UInt64
    }

    /// One entry per timer ever scheduled (a handful), kept when the timer
    /// fires or is cancelled so that rescheduling it allocates nothing.
    private(set) var entries: [Entry] = []
    private var nextSequence: UInt64 = 0
    /// The timer that fired last and its instant.
    private var lastFired: TimerID? = nil
    private var lastFiredAt: Instant = .distantFuture

    init() { entries.reserveCapacity(8) }

    /// Schedules `timer` at `deadline`, replacing an earlier schedule of it.
    /// - Returns: false (and schedules nothing) when `timer` just fired at
    ///   `now` and would fire again at that same instant.
    mutating func schedule(_ timer: TimerID, at deadline: Instant, now: Instant) -> Bool {
        if deadline <= now, lastFiredAt == now, lastFired == timer { return false }
        nextSequence &+= 1
        for i in entries.indices where entries[i].timer == timer {
            entries[i].deadline = deadline
            entries[i].sequence = nextSequence
            return true
        }
        entries.append(Entry(timer: timer, deadline: deadline, sequence: nextSequence))
        return true
    }

    /// Unschedules `timer` if it is scheduled.
    mutating func cancel(_ timer: TimerID) {
        for i in entries.indices where entries[i].timer == timer {
            entries[i].deadline = .distantFuture
            return
        }
    }

    /// The deadline of `timer`, if scheduled.
    func deadline(of timer: TimerID) -> Instant? {
        for e in entries where e.timer == timer && e.deadline != .distantFuture { return e.deadline }
        return nil
    }

    /// The earliest deadline; nil when nothing is scheduled.
    var nextDeadline: Instant? {
        earliest.map { entries[$0].deadline }
    }

    /// Unschedules and returns the earliest timer due at or before `limit`.
    mutating func popDue(upTo limit: Instant) -> (timer: TimerID, deadline: Instant)? {
        guard let i = earliest, entries[i].deadline <= limit else { return nil }
        return pop(i)
    }

    /// `popDue(upTo:)` when the earliest timer is `owner`'s; nil (and nothing
    /// unscheduled) when it is another technology's.
    mutating func popDue(upTo limit: Instant, ownedBy owner: Technology) -> (timer: TimerID, deadline: Instant)? {
        guard let i = earliest, entries[i].deadline <= limit, entries[i].timer.owner == owner else { return nil }
        return pop(i)
    }

    @inline(__always)
    private mutating func pop(_ i: Int) -> (timer: TimerID, deadline: Instant) {
        let deadline = entries[i].deadline
        entries[i].deadline = .distantFuture
        let timer = entries[i].timer
        lastFired = timer
        lastFiredAt = deadline
        return (timer, deadline)
    }

    /// The earliest deadline of the scheduled timers other than `timer`;
    /// `distantFuture` when there is none. A timer rescheduled at a deadline
    /// before it fires again before any of them (`fireAhead`).
    func earliestDeadline(otherThan timer: TimerID) -> Instant {
        var best = Instant.distantFuture
        for i in entries.indices where entries[i].deadline < best && entries[i].timer != timer {
            best = entries[i].deadline
        }
        return best
    }

    /// Records that `timer` fired at `instant` without being popped (the last
    /// of a run that nothing else came between) and schedules it again at
    /// `next`, later than `instant`: the queue ends as `popDue` and
    /// `schedule` would have left it.
    mutating func refire(_ timer: TimerID, at instant: Instant, next: Instant) {
        lastFired = timer
        lastFiredAt = instant
        _ = schedule(timer, at: next, now: instant)
    }

    /// Every scheduled timer, earliest first (ties in scheduling order).
    var scheduled: [ScheduledTimer] {
        entries.filter { $0.deadline != .distantFuture }
            .sorted { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
            .map { ScheduledTimer($0.timer, at: $0.deadline) }
    }

    /// The index of the earliest scheduled entry (ties: scheduled first).
    private var earliest: Int? {
        var best: Int? = nil
        var bestDeadline = Instant.distantFuture
        var bestSequence = UInt64.max
        for i in entries.indices {
            let d = entries[i].deadline
            if d < bestDeadline || (d == bestDeadline && d != .distantFuture && entries[i].sequence < bestSequence) {
                best = i
                bestDeadline = d
                bestSequence = entries[i].sequence
            }
        }
        return best
    }
}

/// A scheduled timer, as tests and live loops see it.
public struct ScheduledTimer: Hashable, Sendable, CustomStringConvertible {
    public var timer: TimerID
    public var deadline: Instant
    public init(_ timer: TimerID, at deadline: Instant) {
        self.timer = timer
        self.deadline = deadline
    }
    /// `autoScanStep@1s`.
    public var description: String { "\(timer)@\(deadline)" }
}
