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
        var deadline: Instant
        /// Scheduling order, for ties at one instant.
        var sequence: UInt64
    }

    private(set) var entries: [Entry] = []
    private var nextSequence: UInt64 = 0
    /// The timer that fired last and its instant.
    private var lastFired: (timer: TimerID, at: Instant)? = nil

    init() { entries.reserveCapacity(8) }

    /// Schedules `timer` at `deadline`, replacing an earlier schedule of it.
    /// - Returns: false (and schedules nothing) when `timer` just fired at
    ///   `now` and would fire again at that same instant.
    mutating func schedule(_ timer: TimerID, at deadline: Instant, now: Instant) -> Bool {
        if deadline <= now, let last = lastFired, last.at == now, last.timer == timer { return false }
        nextSequence &+= 1
        if let i = entries.firstIndex(where: { $0.timer == timer }) {
            entries[i].deadline = deadline
            entries[i].sequence = nextSequence
        } else {
            entries.append(Entry(timer: timer, deadline: deadline, sequence: nextSequence))
        }
        return true
    }

    /// Removes `timer` if it is scheduled.
    mutating func cancel(_ timer: TimerID) {
        if let i = entries.firstIndex(where: { $0.timer == timer }) { entries.remove(at: i) }
    }

    /// The deadline of `timer`, if scheduled.
    func deadline(of timer: TimerID) -> Instant? {
        entries.first { $0.timer == timer }?.deadline
    }

    /// The earliest deadline; nil when nothing is scheduled.
    var nextDeadline: Instant? {
        earliest.map { entries[$0].deadline }
    }

    /// Removes and returns the earliest timer due at or before `limit`.
    mutating func popDue(upTo limit: Instant) -> (timer: TimerID, deadline: Instant)? {
        guard let i = earliest, entries[i].deadline <= limit else { return nil }
        let e = entries.remove(at: i)
        lastFired = (e.timer, e.deadline)
        return (e.timer, e.deadline)
    }

    /// Every scheduled timer, earliest first (ties in scheduling order).
    var scheduled: [ScheduledTimer] {
        entries.sorted { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
            .map { ScheduledTimer($0.timer, at: $0.deadline) }
    }

    private var earliest: Int? {
        var best: Int? = nil
        for i in entries.indices {
            guard let b = best else { best = i; continue }
            let e = entries[i]
            if e.deadline < entries[b].deadline || (e.deadline == entries[b].deadline && e.sequence < entries[b].sequence) { best = i }
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
