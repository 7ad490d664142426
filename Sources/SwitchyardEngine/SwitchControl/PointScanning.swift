import ScreenModel

/// One Gliding Cursor sweep: a line moving along `axis` from `from` to `to`
/// (points) at `speed` points per second, starting at `start`.
struct Sweep: Hashable, Sendable {
    var axis: PointAxis
    var stage: SweepStage
    var from: Double
    var to: Double
    /// Points per second.
    var speed: Double
    var start: Instant
    /// Passes completed (only the pass count is used: a sweep has one stop).
    var scan: ScanCursor
    /// The x chosen before the y sweeps.
    var chosenX: Double?
    /// Refine Selection: the point being refined (both axes sweep the fine band around it).
    var refining: Point?

    /// How long the line takes from `from` to `to`: at least 1 ms, so that
    /// the sweep's timer never fires twice at one instant. Screens and
    /// frames are within `Limits` (at most 20,000,000 points across) and the
    /// speed is at least 0.25 points per second (Gliding Cursor Speed 1, fine
    /// stage), so it is at most 8e7 s, far inside `Interval.maximum`; a
    /// sweep built in code past that lasts `Interval.maximum`.
    var duration: Interval { path.duration }

    /// The line's position at `t`, clamped to the sweep.
    func position(at t: Instant) -> Double { path.position(after: t - start) }

    var path: GlidingSweep { GlidingSweep(from: from, to: to, speed: speed) }
}

/// Where one Gliding Cursor sweep runs and how fast: the one rule for the
/// sweep's extent, duration and the line's position, read by Switch Control
/// and by the scan-time benchmark (ScanBench).
public struct GlidingSweep: Hashable, Sendable {
    /// Where the line starts and ends, in points along its axis.
    public var from: Double
    public var to: Double
    /// Points per second.
    public var speed: Double

    public init(from: Double, to: Double, speed: Double) {
        self.from = from
        self.to = to
        self.speed = speed
    }

    /// How long the line takes from `from` to `to`: at least 1 ms, so that
    /// the sweep's timer never fires twice at one instant (see `Sweep`).
    public var duration: Interval {
        let s = (to - from) / speed
        guard s.isFinite, s > 0.001 else { return .milliseconds(1) }
        return Interval(seconds: s) ?? .maximum
    }

    /// The line's position `elapsed` after it started moving, clamped to the sweep.
    public func position(after elapsed: Interval) -> Double {
        max(from, min(to, from + speed * elapsed.seconds))
    }
}

extension SwitchControlSettings {
    /// The coarse sweep speed: Gliding Cursor Speed × 4 points per second (model choice).
    public var coarseSweepSpeed: Double { Double(glidingCursorSpeed) * 4 }

    /// The last stage each axis sweeps for the Gliding Cursor selection mode.
    public var lastSweepStage: SweepStage {
        switch glidingCursorSelection {
        case .single: return .coarse
        case .refined: return .refine
        case .precise: return .fine
        }
    }

    /// A sweep of `stage` along `axis` of a screen whose frame is `screen`.
    /// Coarse covers the whole screen; refine covers the Refine Band around
    /// `center` at a quarter of the speed; fine covers a quarter of that band
    /// at a sixteenth of the speed.
    /// - Parameters:
    ///   - axis: `.x` sweeps left to right, `.y` top to bottom.
    ///   - stage: the stage.
    ///   - center: the previous choice the band is centred on (refine and fine).
    ///   - screen: the screen's frame.
    public func glidingSweep(axis: PointAxis, stage: SweepStage, around center: Double?, screen: Rect) -> GlidingSweep {
        let length = axis == .x ? screen.width : screen.height
        let origin = axis == .x ? screen.minX : screen.minY
        var from = origin
        var to = origin + length
        var speed = coarseSweepSpeed
        switch stage {
        case .coarse:
            break
        case .refine, .fine:
            let band = stage == .refine ? glidingRefineBand : glidingRefineBand / 4
            speed = stage == .refine ? coarseSweepSpeed / 4 : coarseSweepSpeed / 16
            let c = center ?? origin
            from = max(origin, c - band / 2)
            to = min(origin + length, c + band / 2)
        }
        if !(to > from) { to = from + 1 }
        return GlidingSweep(from: from, to: to, speed: speed)
    }
}

extension SwitchControl {
    /// The stages each axis goes through for the Gliding Cursor selection mode.
    func lastStage() -> SweepStage { settings.lastSweepStage }

    /// Starts a sweep. Coarse covers the whole screen; refine covers the
    /// Refine Band around the previous choice at a quarter of the speed; fine
    /// covers a quarter of that band at a sixteenth of the speed. With Pause
    /// on First Item the line first waits at its start for the pause (as
    /// Android's point scan waits D0 before each sweep, scanning-models.md V11).
    mutating func beginSweep(axis: PointAxis, stage: SweepStage, around center: Double?, chosenX: Double?, refining: Point?, _ core: inout SessionCore) {
        let path = settings.glidingSweep(axis: axis, stage: stage, around: center, screen: core.app.screen.size)
        let (from, to, speed) = (path.from, path.to, path.speed)
        let s = Sweep(axis: axis, stage: stage, from: from, to: to, speed: speed, start: core.now, scan: ScanCursor(),
                      chosenX: chosenX, refining: refining)
        waitOrSweep(s, pause: settings.pauseOnFirstItem, &core)
    }

    /// With a pause, the line waits at its start; otherwise it sweeps now.
    mutating func waitOrSweep(_ s: Sweep, pause: Interval?, _ core: inout SessionCore) {
        guard let pause else { return startMoving(s, &core) }
        phase = .sweepWaiting(s)
        core.emit(.highlighted(.pointLine(axis: s.axis, position: s.from)))
        schedulePhase(.sweepStart, at: core.now + pause, &core)
    }

    /// The line starts moving from `from` now.
    mutating func startMoving(_ s: Sweep, _ core: inout SessionCore) {
        var s = s
        s.start = core.now
        phase = .sweeping(s)
        core.emit(.highlighted(.pointSweep(axis: s.axis, stage: s.stage, from: s.from, to: s.to, duration: s.duration)))
        schedulePhase(.sweepEnd, at: s.start + s.duration, &core)
    }

    /// The line reached the end without a press: it sweeps again (after the
    /// pause, with `pause-on-first-item-after-loop`), or scanning stops after the loops.
    mutating func sweepEnded(_ s: Sweep, _ core: inout SessionCore) {
        var s = s
        switch s.scan.step(count: 1, loops: settings.loops) {
        case .loopsUsedUp:
            stopScanning(&core)
        case .moved, .wrapped:
            waitOrSweep(s, pause: settings.pauseOnFirstItemAfterLoop ? settings.pauseOnFirstItem : nil, &core)
        }
    }

    /// Select during a sweep: the line stops (where it was when the switch
    /// went down, when a pending press froze it); the next stage, the other
    /// axis, or the point.
    mutating func stopLine(_ s: Sweep, _ core: inout SessionCore) {
        let pressedAt = frozen?.at ?? core.now
        cancelPhaseTimer(&core)
        let pos: Double
        if case .sweepWaiting = phase { pos = s.from } else { pos = s.position(at: pressedAt) }
        core.emit(.highlighted(.pointLine(axis: s.axis, position: pos)))
        if let r = s.refining {
            switch s.axis {
            case .x: return beginSweep(axis: .y, stage: .fine, around: r.y, chosenX: pos, refining: r, &core)
            case .y: return pointChosen(Point(x: s.chosenX ?? r.x, y: pos), &core)
            }
        }
        if s.stage != lastStage() {
            let next: SweepStage = s.stage == .coarse ? .refine : .fine
            return beginSweep(axis: s.axis, stage: next, around: pos, chosenX: s.chosenX, refining: nil, &core)
        }
        switch s.axis {
        case .x:
            beginSweep(axis: .y, stage: .coarse, around: nil, chosenX: pos, refining: nil, &core)
        case .y:
            pointChosen(Point(x: s.chosenX ?? 0, y: pos), &core)
        }
    }

    /// Both coordinates are chosen: the menu (Default, Always Tap) or the Auto Tap timer.
    mutating func pointChosen(_ p: Point, _ core: inout SessionCore) {
        switch settings.tapBehavior {
        case .default, .alwaysTap:
            // Always Tap applies to item mode only; in point mode it behaves like Default.
            openMenu(.point(p), resume: .top, &core)
        case .autoTap:
            phase = .pointAutoTapPending(p)
            schedulePhase(.autoTap, at: core.now + settings.autoTapTime, &core)
        }
    }

    /// A tap at `p`: the topmost interactive element whose frame contains it
    /// (inside the modal element, if one traps navigation) receives it.
    mutating func tapPoint(_ p: Point, _ core: inout SessionCore) {
        cancelPhaseTimer(&core)
        core.tap(at: p, inside: order.modal, by: .switchControl)
    }
}
