import ScreenModel

/// One Gliding Cursor sweep: a line moving along `axis` from `from` to `to`
/// (points) at `speed` points per second, starting at `start`.
struct Sweep: Hashable {
    var axis: PointAxis
    var stage: SweepStage
    var from: Double
    var to: Double
    /// Points per second.
    var speed: Double
    var start: Instant
    var passes: Int
    /// The x chosen before the y sweeps.
    var chosenX: Double?

    var duration: Interval { .seconds((to - from) / speed) }

    /// The line's position at `t`, clamped to the sweep.
    func position(at t: Instant) -> Double {
        min(to, from + speed * (t - start).seconds)
    }
}

extension SwitchControl {
    /// The coarse sweep speed: Gliding Cursor Speed × 4 points per second (model choice).
    var coarseSpeed: Double { Double(settings.glidingCursorSpeed) * 4 }

    /// The stages each axis goes through for the Gliding Cursor selection mode.
    func lastStage() -> SweepStage {
        switch settings.glidingCursorSelection {
        case .single: return .coarse
        case .refined: return .refine
        case .precise: return .fine
        }
    }

    /// Starts a sweep. Coarse covers the whole screen; refine covers the
    /// Refine Band around the previous choice at a quarter of the speed; fine
    /// covers a quarter of that band at a sixteenth of the speed.
    mutating func beginSweep(axis: PointAxis, stage: SweepStage, around center: Double?, chosenX: Double?, _ screen: Screen, _ w: inout EventLog) {
        let length = axis == .x ? screen.size.width : screen.size.height
        let origin = axis == .x ? screen.size.minX : screen.size.minY
        var from = origin
        var to = origin + length
        var speed = coarseSpeed
        switch stage {
        case .coarse:
            break
        case .refine, .fine:
            let band = stage == .refine ? settings.glidingRefineBand : settings.glidingRefineBand / 4
            speed = stage == .refine ? coarseSpeed / 4 : coarseSpeed / 16
            let c = center ?? origin
            from = max(origin, c - band / 2)
            to = min(origin + length, c + band / 2)
        }
        if to <= from { to = from + 1 }
        let s = Sweep(axis: axis, stage: stage, from: from, to: to, speed: speed, start: w.now, passes: 0, chosenX: chosenX)
        showSweep(s, &w)
    }

    mutating func showSweep(_ s: Sweep, _ w: inout EventLog) {
        phase = .sweeping(s)
        w.emit(.highlighted(.pointSweep(axis: s.axis, stage: s.stage, from: s.from, to: s.to, duration: s.duration)))
        schedule(.sweepEnd, at: s.start + s.duration)
    }

    /// The line reached the end without a press: it sweeps again, or scanning stops after the loops.
    mutating func sweepEnded(_ s: Sweep, _ screen: Screen, _ w: inout EventLog) {
        var s = s
        s.passes += 1
        if let loops = settings.loops, s.passes >= loops {
            phase = .stopped
            w.emit(.scanningStopped(reason: "loops"))
            return
        }
        s.start = w.now
        showSweep(s, &w)
    }

    /// Select during a sweep: the line stops; the next stage, the other axis, or the point.
    mutating func stopLine(_ s: Sweep, _ app: inout AppState, _ w: inout EventLog) {
        cancelPhaseTimer()
        let pos = s.position(at: w.now)
        w.emit(.highlighted(.pointLine(axis: s.axis, position: pos)))
        if s.stage != lastStage() {
            let next: SweepStage = s.stage == .coarse ? .refine : .fine
            beginSweep(axis: s.axis, stage: next, around: pos, chosenX: s.chosenX, app.screen, &w)
            return
        }
        switch s.axis {
        case .x:
            beginSweep(axis: .y, stage: .coarse, around: nil, chosenX: pos, app.screen, &w)
        case .y:
            let p = Point(x: s.chosenX ?? 0, y: pos)
            switch settings.tapBehavior {
            case .default, .alwaysTap:
                // Always Tap applies to item mode only; in point mode it behaves like Default.
                openMenu(.point(p), resume: .top, app.screen, &w)
            case .autoTap:
                phase = .pointAutoTapPending(p)
                schedule(.autoTap, at: w.now + settings.autoTapTime)
            }
        }
    }

    /// A tap at `p`: the topmost interactive element whose frame contains it
    /// (inside the modal element, if one traps navigation) receives it.
    mutating func tapPoint(_ p: Point, _ app: inout AppState, _ w: inout EventLog) {
        cancelPhaseTimer()
        let screen = app.screen
        let modal = order.modal
        let hit = screen.hitTest(p) { k in
            screen.respondsToUserInteraction(k) && (modal.map { screen.isDescendant(k, of: $0) } ?? true)
        }
        w.emit(.activated(hit.map { ElementRef(screen, $0) }, at: p))
        guard let k = hit else {
            restart(&app, &w)
            return
        }
        let outcome = app.perform(screen.activationEffects(of: k), source: k, into: &w)
        resume(after: outcome, element: k, &app, &w)
    }
}
