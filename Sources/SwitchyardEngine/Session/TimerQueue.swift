import ScreenModel

/// The session's one timer queue: typed timers at virtual instants.
///
/// A technology has a handful of timers at most (a scan step, a switch's
/// hold), so the queue is a short array searched linearly; it allocates
/// nothing once warm, which keeps auto scanning free of per-step allocation.
///
/// The timer that fired last is kept apart from the array (`last…`): it is
/// the one scheduled most, again as it fires (auto scanning's step), and
/// while nothing else is due before it, firing and scheduling it again
/// neither search nor write the array.
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
    /// fires or is cancelled so that rescheduling it allocates nothing. The
    /// deadline and sequence of entry `lastIndex` are `lastDeadline` and
    /// `lastSequence`, not the array's.
    private var entries: [Entry] = []
    private var nextSequence: UInt64 = 0
    /// The entry of the timer that fired last (-1 before any fired), the
    /// timer and its owner (copies of the entry's, read without the array),
    /// when it is scheduled again, in what order, and the instant it fired.
    private var lastIndex = -1
    private var lastTimer: TimerID = .switchControl(.autoScanStep)
    private var lastOwner: Technology = .switchControl
    private var lastDeadline: Instant = .distantFuture
    private var lastSequence: UInt64 = 0
    private var lastFiredAt: Instant = .distantFuture
    /// At most the earliest deadline of the timers other than the one that
    /// fired last: that timer, scheduled again before it, is the next due
    /// without a search. Scheduling another timer lowers it; cancelling one
    /// leaves it lower than need be, which costs no more than a search.
    private var others: Instant = .distantFuture

    init() { entries.reserveCapacity(8) }

    /// Schedules `timer` at `deadline`, replacing an earlier schedule of it.
    /// - Returns: false (and schedules nothing) when `timer` just fired at
    ///   `now` and would fire again at that same instant.
    @inline(__always)
    mutating func schedule(_ timer: TimerID, at deadline: Instant, now: Instant) -> Bool {
        guard lastIndex >= 0, lastTimer == timer else {
            scheduleInEntries(timer, at: deadline)
            return true
        }
        if deadline <= now, lastFiredAt == now { return false }
        lastDeadline = deadline
        // Before every other timer it needs no new place in the order: a
        // timer scheduled after it gets a later one.
        if deadline >= others {
            nextSequence &+= 1
            lastSequence = nextSequence
        }
        return true
    }

    /// `schedule` of a timer other than the one that fired last.
    private mutating func scheduleInEntries(_ timer: TimerID, at deadline: Instant) {
        nextSequence &+= 1
        others = min(others, deadline)
        for i in entries.indices where entries[i].timer == timer {
            entries[i].deadline = deadline
            entries[i].sequence = nextSequence
            return
        }
        entries.append(Entry(timer: timer, deadline: deadline, sequence: nextSequence))
    }

    /// Unschedules `timer` if it is scheduled.
    mutating func cancel(_ timer: TimerID) {
        let i = index(of: timer)
        if i == lastIndex {
            lastDeadline = .distantFuture
        } else if i < entries.count {
            entries[i].deadline = .distantFuture
        }
    }

    /// The deadline of `timer`, if scheduled.
    func deadline(of timer: TimerID) -> Instant? {
        let i = index(of: timer)
        guard i < entries.count else { return nil }
        let deadline = entry(i).deadline
        return deadline == .distantFuture ? nil : deadline
    }

    /// The earliest deadline; nil when nothing is scheduled.
    var nextDeadline: Instant? {
        let i = earliest().index
        return i < 0 ? nil : entry(i).deadline
    }

    /// Unschedules and returns the earliest timer due at or before `limit`.
    mutating func popDue(upTo limit: Instant) -> (timer: TimerID, deadline: Instant)? {
        popDue(upTo: limit, ownedBy: nil)
    }

    /// Unschedules and returns the earliest timer due at or before `limit`
    /// when it is `owner`'s (any technology's for nil); nil, and nothing
    /// unscheduled, when it is another technology's.
    @inline(__always)
    mutating func popDue(upTo limit: Instant, ownedBy owner: Technology?) -> (timer: TimerID, deadline: Instant)? {
        guard lastIndex >= 0, lastDeadline < others else {
            return popEarliest(upTo: limit, ownedBy: owner)
        }
        return popLast(upTo: limit, ownedBy: owner)
    }

    /// `popDue` when the timer that fired last is the earliest.
    @inline(__always)
    private mutating func popLast(upTo limit: Instant, ownedBy owner: Technology?) -> (timer: TimerID, deadline: Instant)? {
        let deadline = lastDeadline
        guard deadline <= limit, owner == nil || lastOwner == owner else { return nil }
        lastDeadline = .distantFuture
        lastFiredAt = deadline
        return (lastTimer, deadline)
    }

    /// `popDue` by a search: the earliest timer becomes the one kept apart.
    private mutating func popEarliest(upTo limit: Instant, ownedBy owner: Technology?) -> (timer: TimerID, deadline: Instant)? {
        let found = earliest()
        guard found.index >= 0 else { return nil }
        let i = found.index
        if i != lastIndex {
            guard entries[i].deadline <= limit, owner == nil || entries[i].timer.owner == owner else { return nil }
            if lastIndex >= 0 {
                entries[lastIndex].deadline = lastDeadline
                entries[lastIndex].sequence = lastSequence
            }
            lastIndex = i
            lastTimer = entries[i].timer
            lastOwner = lastTimer.owner
            lastDeadline = entries[i].deadline
            lastSequence = entries[i].sequence
        }
        others = found.others
        return popLast(upTo: limit, ownedBy: owner)
    }

    /// Entry `i` as it stands.
    @inline(__always)
    private func entry(_ i: Int) -> Entry {
        guard i == lastIndex else { return entries[i] }
        return Entry(timer: entries[i].timer, deadline: lastDeadline, sequence: lastSequence)
    }

    /// The entry of `timer`; `entries.count` when it has none yet. The timer
    /// that fired last is looked at first: a technology schedules it again
    /// as it fires.
    @inline(__always)
    private func index(of timer: TimerID) -> Int {
        if lastIndex >= 0, lastTimer == timer { return lastIndex }
        for i in entries.indices where entries[i].timer == timer { return i }
        return entries.count
    }

    /// The earliest scheduled entry (ties: scheduled first; -1 when none),
    /// and the earliest deadline of the others.
    private func earliest() -> (index: Int, others: Instant) {
        var best = -1
        var bestDeadline = Instant.distantFuture
        var bestSequence = UInt64.max
        var second = Instant.distantFuture
        for i in entries.indices {
            let e = entry(i)
            if e.deadline < bestDeadline || (e.deadline == bestDeadline && e.deadline != .distantFuture && e.sequence < bestSequence) {
                second = bestDeadline
                best = i
                bestDeadline = e.deadline
                bestSequence = e.sequence
            } else if e.deadline < second {
                second = e.deadline
            }
        }
        return (best, second)
    }

    /// Every scheduled timer, earliest first (ties in scheduling order).
    var scheduled: [ScheduledTimer] {
        entries.indices.map(entry).filter { $0.deadline != .distantFuture }
            .sorted { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
            .map { ScheduledTimer($0.timer, at: $0.deadline) }
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
