// Switch Stabilization (Hold Duration, Ignore Repeat) and what a held switch
// does (Long Press, Move Repeat): from switch transitions to the actions
// Switch Control carries out.
//
//   down ──Hold Duration──▶ accepted ──(long-press action?)── up before Long Press: normal action, at the up
//     └─ up before Hold: ignored (holdDurationNotReached)      held to Long Press: long-press action
//   accepted move switch ──Move Repeat──▶ move ──Move Repeat──▶ move … until up
//   a down of the same switch within Ignore Repeat of its last accepted down: ignored (ignoreRepeat)
//
// A press is *pending* from its down until it is accepted and acted on
// (holding, or awaiting release under Long Press). While any press is
// pending, Switch Control freezes scanning (`freezeScanWhileHeld`), so the
// press acts on what was highlighted when the switch went down.
//
// Not handled: chords of several switches as one action (iOS has none).

/// The stabilisation of every configured switch.
struct SwitchStabilizer: Sendable {
    /// The phase of one switch.
    enum Phase: Hashable, Sendable, CustomStringConvertible {
        /// Not pressed.
        case up
        /// Down, waiting for the Hold Duration.
        case holding(down: Instant)
        /// Accepted, with a long-press action: waiting for release (normal action) or the Long Press time.
        case awaitingRelease(down: Instant)
        /// Accepted and acted on; a move switch repeats while held (Move Repeat).
        case repeating(down: Instant)
        /// Accepted and acted on; waiting for release.
        case down(down: Instant)
        /// The press was ignored (Ignore Repeat); waiting for release.
        case ignored(down: Instant)

        var description: String {
            switch self {
            case .up: return "up"
            case .holding(let d): return "holding(down: \(d))"
            case .awaitingRelease(let d): return "awaitingRelease(down: \(d))"
            case .repeating(let d): return "repeating(down: \(d))"
            case .down(let d): return "down(down: \(d))"
            case .ignored(let d): return "ignored(down: \(d))"
            }
        }
    }

    /// What a transition or a switch timer leads to.
    enum Outcome: Hashable, Sendable {
        /// Nothing to do now.
        case nothing
        /// Carry out `action` of switch `id`.
        case act(SwitchAction, SwitchID)
        /// The input does nothing, for `reason` (the event names the press's down).
        case ignored(Input, IgnoreReason)
    }

    let switches: [SwitchAssignment]
    let holdDuration: Interval?
    let ignoreRepeat: Interval?
    let longPress: Interval?
    let moveRepeat: Interval?
    private(set) var phases: [Phase]
    /// Per switch: the down instant of its last accepted press (Ignore Repeat
    /// drops repeats of the same switch only; [model choice]).
    private var lastAcceptedDown: [Instant?]

    init(_ settings: SwitchControlSettings) {
        switches = settings.switches
        holdDuration = settings.holdDuration
        ignoreRepeat = settings.ignoreRepeat
        longPress = settings.longPress
        moveRepeat = settings.moveRepeat
        phases = Array(repeating: .up, count: settings.switches.count)
        lastAcceptedDown = Array(repeating: nil, count: settings.switches.count)
    }

    /// The index of switch `id`, when it is configured.
    func index(of id: SwitchID) -> Int? { switches.firstIndex { $0.switchID == id } }

    /// `select, holding(down: 1.2s)`: switch `i` and its phase, for traces.
    func describe(switch i: Int) -> String {
        guard switches.indices.contains(i) else { return "switch \(i)" }
        return "\(switches[i].switchID), \(phases[i])"
    }

    /// Whether a press is between its down and its action.
    var hasPendingPress: Bool {
        phases.contains { phase in
            switch phase {
            case .holding, .awaitingRelease: return true
            case .up, .repeating, .down, .ignored: return false
            }
        }
    }

    // MARK: - Transitions

    /// Switch `i` went down at `core.now`.
    mutating func down(_ i: Int, _ core: inout SessionCore) -> Outcome {
        let id = switches[i].switchID
        switch phases[i] {
        case .up:
            if let r = ignoreRepeat, let last = lastAcceptedDown[i], core.now - last < r {
                phases[i] = .ignored(down: core.now)
                return .ignored(.switchDown(id), .ignoreRepeat)
            }
            if let h = holdDuration {
                phases[i] = .holding(down: core.now)
                core.schedule(.switchControl(.hold(switch: i)), at: core.now + h)
                return .nothing
            }
            return accept(i, down: core.now, &core)
        case .holding, .awaitingRelease, .repeating, .down, .ignored:
            return .ignored(.switchDown(id), .unpairedSwitchTransition)
        }
    }

    /// Switch `i` came up at `core.now`.
    mutating func up(_ i: Int, _ core: inout SessionCore) -> Outcome {
        let a = switches[i]
        let before = phases[i]
        phases[i] = .up
        switch before {
        case .up:
            return .ignored(.switchUp(a.switchID), .unpairedSwitchTransition)
        case .holding:
            core.cancel(.switchControl(.hold(switch: i)))
            return .ignored(.switchDown(a.switchID), .holdDurationNotReached)
        case .awaitingRelease:
            // Released before the Long Press time: the normal action, now.
            core.cancel(.switchControl(.longPress(switch: i)))
            return .act(a.action, a.switchID)
        case .repeating:
            core.cancel(.switchControl(.moveRepeat(switch: i)))
            return .nothing
        case .down, .ignored:
            return .nothing
        }
    }

    /// A stabilisation timer of this switch fired.
    mutating func fire(_ timer: SwitchControlTimer, _ core: inout SessionCore) -> Outcome {
        let i: Int
        switch timer {
        case .hold(let s), .longPress(let s), .moveRepeat(let s): i = s
        case .autoScanStep, .dwell, .autoTap, .sweepEnd, .sweepStart:
            core.emit(.bug("the stabilizer got the scan timer \(timer)"))
            return .nothing
        }
        guard switches.indices.contains(i) else {
            core.emit(.bug("switch timer \(timer) for an unconfigured switch"))
            return .nothing
        }
        let a = switches[i]
        let id = a.switchID
        switch (phases[i], timer) {
        case (.holding(let down), .hold):
            return accept(i, down: down, &core)
        case (.awaitingRelease(let down), .longPress):
            return act(i, a.longPressAction ?? a.action, down: down, &core)
        case (.repeating, .moveRepeat):
            if let m = moveRepeat { core.schedule(.switchControl(.moveRepeat(switch: i)), at: core.now + m) }
            return .act(a.action, id)
        case (.up, _), (.holding, _), (.awaitingRelease, _), (.repeating, _), (.down, _), (.ignored, _):
            core.emit(.bug("switch timer \(timer) fired in phase \(phases[i]); ignored"))
            return .nothing
        }
    }

    // MARK: - Accepting

    /// A press counts (Hold Duration reached, or none set).
    private mutating func accept(_ i: Int, down: Instant, _ core: inout SessionCore) -> Outcome {
        lastAcceptedDown[i] = down
        let a = switches[i]
        if let lp = longPress, a.longPressAction != nil {
            phases[i] = .awaitingRelease(down: down)
            core.schedule(.switchControl(.longPress(switch: i)), at: max(core.now, down + lp))
            return .nothing
        }
        return act(i, a.action, down: down, &core)
    }

    /// Acts and arms Move Repeat for a held move switch.
    private mutating func act(_ i: Int, _ action: SwitchAction, down: Instant, _ core: inout SessionCore) -> Outcome {
        let id = switches[i].switchID
        if let m = moveRepeat, action == .moveToNextItem || action == .moveToPreviousItem {
            phases[i] = .repeating(down: down)
            core.schedule(.switchControl(.moveRepeat(switch: i)), at: core.now + m)
        } else {
            phases[i] = .down(down: down)
        }
        return .act(action, id)
    }
}
