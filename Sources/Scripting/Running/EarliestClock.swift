import SwitchyardEngine

/// The earliest the clock can be at each line, known before the run: presses
/// (their length), `wait`, `at` and `expect no activation for` move it by a
/// known amount; a `within` wait by anything from nothing to its window, so
/// after one this is a lower bound. An `at` earlier than it can never run.
struct EarliestClock {
    var now = Instant.zero
    /// The length of a `press` without `for` (zero when a line that did not parse may have changed it).
    var pressLength: Interval
    /// The `at` that set `now`, when nothing moved the clock since.
    var lastAt: Instant? = nil
    /// The line that last moved the clock.
    var movedOn: Int? = nil

    /// Moves the clock over `step`; the problem when `step` is an `at` that would go back.
    mutating func take(_ step: ScenarioStep, at position: SourcePosition) -> String? {
        var by = Interval.zero
        switch step {
        case .press(_, let length): by = length ?? pressLength
        case .wait(let d): by = d
        case .expect(.noActivation(for: let d)): by = d
        case .at(let t):
            defer {
                if t >= now { now = t; lastAt = t; movedOn = position.line }
            }
            guard t < now else { return nil }
            if let lastAt { return "time goes backwards: 'at \(t)' comes after 'at \(lastAt)'" }
            return "time goes backwards: 'at \(t)' but the clock is already at \(now) here (after line \(movedOn ?? 1))"
        case .down, .up, .key, .type, .say, .expect, .set, .pressLength: return nil
        }
        if by > .zero {
            now = now + by
            lastAt = nil
            movedOn = position.line
        }
        return nil
    }
}
