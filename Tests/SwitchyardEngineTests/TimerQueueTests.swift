import ScreenModel
import Testing
@testable import SwitchyardEngine

/// The timer queue against the plain list it must behave as, whatever it
/// keeps apart to make a self-rescheduling timer cheap (`TimerQueue.last…`).
@Suite struct TimerQueueTests {
    /// The queue's rules spelled as plainly as possible: one entry per timer,
    /// the earliest (deadline, then scheduling order) fires first, and the
    /// timer that fired last may not be scheduled again at its own instant.
    struct PlainQueue {
        var entries: [(timer: TimerID, deadline: Instant, sequence: Int)] = []
        var sequence = 0
        var lastFired: TimerID? = nil
        var lastFiredAt = Instant.distantFuture

        mutating func schedule(_ timer: TimerID, at deadline: Instant, now: Instant) -> Bool {
            if deadline <= now, lastFiredAt == now, lastFired == timer { return false }
            sequence += 1
            if let i = entries.firstIndex(where: { $0.timer == timer }) {
                entries[i].deadline = deadline
                entries[i].sequence = sequence
            } else {
                entries.append((timer, deadline, sequence))
            }
            return true
        }

        mutating func cancel(_ timer: TimerID) {
            if let i = entries.firstIndex(where: { $0.timer == timer }) { entries[i].deadline = .distantFuture }
        }

        var scheduled: [ScheduledTimer] {
            entries.filter { $0.deadline != .distantFuture }
                .sorted { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
                .map { ScheduledTimer($0.timer, at: $0.deadline) }
        }

        mutating func popDue(upTo limit: Instant, ownedBy owner: Technology?) -> ScheduledTimer? {
            guard let first = scheduled.first, first.deadline <= limit, owner == nil || first.timer.owner == owner else { return nil }
            cancel(first.timer)
            lastFired = first.timer
            lastFiredAt = first.deadline
            return first
        }
    }

    static let timers: [TimerID] = [
        .switchControl(.autoScanStep), .switchControl(.dwell), .switchControl(.hold(switch: 0)),
        .switchControl(.hold(switch: 1)), .keyboard(.autoHide),
    ]

    /// Random schedules, cancels and pops, most pops followed by the fired
    /// timer scheduling itself again as auto scanning's step does: every
    /// answer, and the queue after every operation, as the plain list's.
    @Test(arguments: 1...20)
    func theQueueBehavesAsThePlainList(seed: Int) {
        var numbers = TimerRunTests.Numbers(state: UInt64(seed))
        var queue = TimerQueue()
        var plain = PlainQueue()
        var now = Instant.zero
        for step in 0..<600 {
            let timer = Self.timers[Int(numbers.next(0...Int64(Self.timers.count - 1)))]
            switch numbers.next(0...9) {
            case 0...2:
                let deadline = now + .milliseconds(numbers.next(0...6))
                #expect(queue.schedule(timer, at: deadline, now: now) == plain.schedule(timer, at: deadline, now: now), "\(step): schedule \(timer)@\(deadline)")
            case 3:
                queue.cancel(timer)
                plain.cancel(timer)
            default:
                let limit = now + .milliseconds(numbers.next(0...4))
                let owner: Technology? = [nil, .switchControl, .fullKeyboardAccess][Int(numbers.next(0...2))]
                let popped = queue.popDue(upTo: limit, ownedBy: owner)
                #expect(popped.map { ScheduledTimer($0.timer, at: $0.deadline) } == plain.popDue(upTo: limit, ownedBy: owner), "\(step): pop up to \(limit)")
                if let popped {
                    now = max(now, popped.deadline)
                    if numbers.next(0...9) < 8 {
                        let next = now + .milliseconds(numbers.next(0...3))
                        #expect(queue.schedule(popped.timer, at: next, now: now) == plain.schedule(popped.timer, at: next, now: now), "\(step): again at \(next)")
                    }
                } else {
                    now = limit
                }
            }
            #expect(queue.scheduled == plain.scheduled, "\(step)")
            #expect(queue.nextDeadline == plain.scheduled.first?.deadline, "\(step)")
            for t in Self.timers {
                #expect(queue.deadline(of: t) == plain.scheduled.first { $0.timer == t }?.deadline, "\(step): \(t)")
            }
        }
    }
}
