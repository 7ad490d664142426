import SwitchyardEngine

extension Scenario {
    /// The first step after which the scenario's clock could stand past
    /// `Interval.maximum` (1,000 years), or nil when none can. Every
    /// duration is at most that long already (`DurationSyntax`); this bounds
    /// their sum, so the runner's clock never nears `Instant`'s saturation.
    ///
    /// The bound is generous: `at` moves the clock to its time (or leaves it
    /// later), and a press, a `wait`, a `within` window and `expect no
    /// activation for` each add their whole length.
    /// - Parameter pressLength: the length of a `press` without `for` at the
    ///   first step (`set press-length` steps change it from there).
    func firstStepPastTimeLimit(pressLength: Interval) -> SourcePosition? {
        var bound = Instant.zero
        var pressLength = pressLength
        let limit = Instant.zero + Interval.maximum
        for line in steps {
            switch line.step {
            case .press(_, let length): bound = bound + (length ?? pressLength)
            case .wait(let d): bound = bound + d
            case .at(let t): bound = max(bound, t)
            case .expect(let e): bound = bound + (e.longestRun ?? .zero)
            case .pressLength(let d): pressLength = d
            case .down, .up, .key, .type, .say, .set: break
            }
            if bound > limit { return line.position }
        }
        return nil
    }
}

extension Expectation {
    /// How long the expectation may let time run.
    var longestRun: Interval? {
        switch self {
        case .highlighted(_, let within), .activated(_, let within), .announcement(_, let within), .scanningStopped(let within),
             .screen(_, let within), .value(_, _, let within), .selected(_, _, let within): return within
        case .noActivation(let d): return d
        case .menu, .menuContains, .focused, .focusHidden, .overlay, .label, .disambiguation: return nil
        }
    }
}
