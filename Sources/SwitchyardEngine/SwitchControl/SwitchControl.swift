import ScreenModel

// Switch Control: item scanning, the scanner menu and point scanning (Gliding
// Cursor), with switch stabilisation. docs/switch-control.md documents every
// setting and model choice.
//
// Timing, auto scanning, Pause on First Item P (replacing T), 3 items, loops 2:
//
//   t=0        P          P+T        P+2T       2P+2T ...   stop
//   |--item1---|--item2---|--item3---|--item1----| ... |  scanningStopped
//   (start)                          (pass 1 done: wrap, first-item dwell again)
//
// Select on an item (Tap Behavior Default) opens the menu; under Auto Tap:
//
//   down(select)          +autoTapTime
//   |--- autoTap pending ---|  tap (activated)     a second Select before it: menu
//
// A switch press, through stabilisation:
//
//   down ──Hold Duration──▶ accepted ──(long-press action?)── up before Long Press: normal action
//     └─ up before Hold: ignored (holdDurationNotReached)      held to Long Press: long-press action
//   accepted move switch ──Move Repeat──▶ move ──Move Repeat──▶ move … until up
//   another down within Ignore Repeat of the accepted press's down: ignored (ignoreRepeat)
//
// Not handled (listed so nobody assumes otherwise): Auto Hide, Speech, Sound
// Effects, Recipes, Saved Gestures, keyboard-only settings, Head Tracking,
// scanner-menu pages and gestures beyond those listed in `MenuItem`.

/// The phase of Switch Control's scanning state machine.
enum Phase: Hashable, CustomStringConvertible {
    /// Before `start`.
    case notStarted
    /// Item mode, the cursor on an item, a group, a group's exit or the menu button.
    case items(ItemCursor)
    /// Manual or step scanning before the first move: nothing highlighted yet on `level`.
    case unhighlighted(level: Int)
    /// Tap Behavior Auto Tap: Select pressed on an item; it is tapped when the Auto Tap time runs out.
    case autoTapPending(ItemCursor)
    /// The scanner menu is open.
    case menu(MenuState)
    /// Point mode: a line sweeps.
    case sweeping(Sweep)
    /// Point mode under Auto Tap: a point is chosen; it is tapped when the Auto Tap time runs out.
    case pointAutoTapPending(Point)
    /// Loops used up: the cursor is hidden until a switch is pressed.
    case stopped

    var description: String {
        switch self {
        case .notStarted: return "notStarted"
        case .items(let c): return "items(\(c))"
        case .unhighlighted(let l): return "unhighlighted(level \(l))"
        case .autoTapPending(let c): return "autoTapPending(\(c))"
        case .menu(let m): return "menu(\(m.position)/\(m.items.count))"
        case .sweeping(let s): return "sweeping(\(s.axis) \(s.stage))"
        case .pointAutoTapPending(let p): return "pointAutoTapPending\(p)"
        case .stopped: return "stopped"
        }
    }
}

/// Where the item cursor is: a level (a group of the navigation order), a
/// position in it, and the passes completed over it since it was entered.
struct ItemCursor: Hashable, CustomStringConvertible {
    var level: Int
    /// Index into the level's members; `members.count` is the trailing stop
    /// (a group's exit, or the top level's menu button under Always Tap).
    var position: Int
    var passes: Int
    var description: String { "level \(level) position \(position) passes \(passes)" }
}

/// The timer that belongs to the phase (at most one runs at a time).
enum PhaseTimer: String, Hashable {
    case none, autoScanStep, dwell, autoTap, sweepEnd
}

/// The phase of one switch's stabilisation.
enum SwitchPhase: Hashable {
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
}

struct SwitchControl {
    let settings: SwitchControlSettings
    let navigation: NavigationOptions
    var order: NavigationOrder
    /// Parent group of each group (-1 for the top).
    var parents: [Int] = []
    /// Elements inside each group, at any depth.
    var stopCounts: [Int] = []
    /// An `ElementRef` per element of the current screen, made once per screen.
    var refs: [ElementRef?] = []
    var mode: ScanMode
    var phase: Phase = .notStarted
    var phaseTimer: PhaseTimer = .none
    var phaseDeadline: Instant = .distantFuture
    var switchPhases: [SwitchPhase]
    var switchDeadlines: [Instant]
    /// The switch-down instant of the last accepted press (for Ignore Repeat).
    var lastAcceptedDown: Instant?
    /// When tracing, every transition as `time phase → stimulus → phase`.
    var trace: [String]? = nil

    init(settings: SwitchControlSettings, navigation: NavigationOptions, screen: Screen) {
        self.settings = settings
        var nav = navigation
        nav.groupItems = settings.groupItems
        self.navigation = nav
        self.mode = settings.mode
        self.order = NavigationOrder(screen: screen, technology: .switchControl, options: nav)
        self.switchPhases = Array(repeating: .up, count: settings.switches.count)
        self.switchDeadlines = Array(repeating: .distantFuture, count: settings.switches.count)
        rebuildOrder(screen)
    }

    // MARK: - Validation

    static func validate(_ s: SwitchControlSettings) throws(SessionError) {
        let ids = s.switches.map(\.switchID)
        guard !ids.isEmpty else { throw .invalidSwitches("no switches are configured; add one, e.g. {\"switch\": \"select\", \"action\": \"select-item\"}") }
        if Set(ids).count != ids.count {
            let dup = ids.first { id in ids.filter { $0 == id }.count > 1 }!
            throw .invalidSwitches("the switch '\(dup)' is configured twice; give each switch one entry")
        }
        let actions = s.switches.map(\.action)
        switch s.scanningStyle {
        case .autoScanning:
            break
        case .manualScanning:
            let moves = actions.contains(.moveToNextItem) || actions.contains(.moveToPreviousItem)
            let selects = actions.contains(.selectItem) || actions.contains(.tap)
            if !(moves && selects) || ids.count < 2 { throw .manualScanningNeedsTwoSwitches(configured: ids) }
        case .singleSwitchStepScanning:
            if !(actions.contains(.selectItem) || actions.contains(.moveToNextItem)) { throw .stepScanningNeedsAMoveSwitch(configured: ids) }
        }
        if let h = s.holdDuration, h >= s.autoTapTime {
            throw .contradictorySettings("hold-duration \(h) is not shorter than auto-tap-time \(s.autoTapTime); Hold Duration must be shorter than the Auto Tap time so that a double press can still open the scanner menu")
        }
        if let r = s.ignoreRepeat, r >= s.autoTapTime {
            throw .contradictorySettings("ignore-repeat \(r) is not shorter than auto-tap-time \(s.autoTapTime); Ignore Repeat must be shorter than the Auto Tap time so that a double press can still open the scanner menu")
        }
    }

    // MARK: - Navigation order of the current screen

    mutating func rebuildOrder(_ screen: Screen) {
        order = NavigationOrder(screen: screen, technology: .switchControl, options: navigation)
        let n = order.groups.count
        parents = Array(repeating: -1, count: n)
        for g in 0..<n {
            for m in order.groups[g].members { if case .group(let c) = m { parents[c] = g } }
        }
        stopCounts = Array(repeating: 0, count: n)
        for g in 0..<n {
            var count = 0
            var stack = [g]
            while let k = stack.popLast() {
                for m in order.groups[k].members {
                    switch m {
                    case .stop: count += 1
                    case .group(let c): stack.append(c)
                    }
                }
            }
            stopCounts[g] = count
        }
        refs = Array(repeating: nil, count: screen.elements.count)
        for k in order.stops { refs[k] = ElementRef(screen, k) }
    }

    func ref(_ k: ElementIndex, _ screen: Screen) -> ElementRef {
        refs.indices.contains(k) ? (refs[k] ?? ElementRef(screen, k)) : ElementRef(screen, k)
    }

    /// Whether level `level` ends with a trailing stop (exit, or Always Tap's menu button).
    func hasTrailing(_ level: Int) -> Bool {
        if level != 0 { return true }
        return settings.tapBehavior == .alwaysTap
    }

    func count(_ level: Int) -> Int {
        order.groups[level].members.count + (hasTrailing(level) ? 1 : 0)
    }

    func highlight(_ c: ItemCursor) -> Highlight {
        let members = order.groups[c.level].members
        if c.position == members.count {
            return c.level == 0 ? .menuButton : .groupExit(frame: order.groups[c.level].frame)
        }
        switch members[c.position] {
        case .stop(let k): return .element(refs[k]!)
        case .group(let g): return .group(frame: order.groups[g].frame, count: stopCounts[g])
        }
    }

    /// The cursor on element `k`, if it is a stop.
    func cursor(on k: ElementIndex) -> ItemCursor? {
        for (g, group) in order.groups.enumerated() {
            if let p = group.members.firstIndex(of: .stop(k)) { return ItemCursor(level: g, position: p, passes: 0) }
        }
        return nil
    }

    var currentHighlight: Highlight? {
        switch phase {
        case .notStarted, .stopped, .unhighlighted: return nil
        case .items(let c), .autoTapPending(let c): return highlight(c)
        case .menu(let m): return .menuItem(m.items[m.position].title)
        case .sweeping(let s): return .pointSweep(axis: s.axis, stage: s.stage, from: s.from, to: s.to, duration: s.duration)
        case .pointAutoTapPending(let p): return .pointLine(axis: .y, position: p.y)
        }
    }

    // MARK: - Timers

    var nextDeadline: Instant? {
        var best = phaseDeadline
        for d in switchDeadlines where d < best { best = d }
        return best == .distantFuture ? nil : best
    }

    var pendingTimers: [PendingTimer] {
        var out: [PendingTimer] = []
        if phaseDeadline != .distantFuture { out.append(PendingTimer(phaseTimer.rawValue, at: phaseDeadline)) }
        for (i, d) in switchDeadlines.enumerated() where d != .distantFuture {
            let id = settings.switches[i].switchID
            switch switchPhases[i] {
            case .holding: out.append(PendingTimer("hold(\(id))", at: d))
            case .awaitingRelease: out.append(PendingTimer("longPress(\(id))", at: d))
            case .repeating: out.append(PendingTimer("moveRepeat(\(id))", at: d))
            case .up, .down, .ignored: out.append(PendingTimer("bug(\(id))", at: d))
            }
        }
        return out
    }

    mutating func schedule(_ timer: PhaseTimer, at t: Instant) {
        phaseTimer = timer
        phaseDeadline = t
    }

    mutating func cancelPhaseTimer() {
        phaseTimer = .none
        phaseDeadline = .distantFuture
    }

    /// Fires the earliest timer due at or before `limit`, moving `w.now` to its
    /// deadline; false when none is due. Works in place (the hot path of auto scanning).
    mutating func fireNext(upTo limit: Instant, _ app: inout AppState, _ w: inout EventLog) -> Bool {
        var best = phaseDeadline
        for d in switchDeadlines where d < best { best = d }
        guard best <= limit, best != .distantFuture else { return false }
        if best > w.now { w.now = best }
        fireDue(&app, &w)
        return true
    }

    /// Fires the one timer due at `w.now` that comes first: the phase's, then switches in configured order.
    mutating func fireDue(_ app: inout AppState, _ w: inout EventLog) {
        if phaseDeadline <= w.now {
            let timer = phaseTimer
            cancelPhaseTimer()
            let before = trace == nil ? nil : phase
            firePhaseTimer(timer, &app, &w)
            if let before { record(before, "timer(\(timer.rawValue))", w.now) }
            return
        }
        for i in switchDeadlines.indices where switchDeadlines[i] <= w.now {
            switchDeadlines[i] = .distantFuture
            let before = trace == nil ? nil : phase
            let switchBefore = switchPhases[i]
            fireSwitchTimer(i, &app, &w)
            if let before { record(before, "switchTimer(\(settings.switches[i].switchID), \(switchBefore))", w.now) }
            return
        }
    }

    // MARK: - Start and restart

    mutating func start(_ app: inout AppState, _ w: inout EventLog) {
        rebuildOrder(app.screen)
        restart(&app, &w)
    }

    /// Begins scanning afresh on the current screen: the first item of the top
    /// level (item mode) or the first sweep (point mode).
    mutating func restart(_ app: inout AppState, _ w: inout EventLog) {
        cancelPhaseTimer()
        switch mode {
        case .point:
            beginSweep(axis: .x, stage: .coarse, around: nil, chosenX: nil, app.screen, &w)
        case .item:
            guard count(0) > 0 else {
                phase = .stopped
                w.emit(.scanningStopped(reason: "nothing to scan on '\(app.screen.name)'"))
                return
            }
            switch settings.scanningStyle {
            case .autoScanning:
                show(ItemCursor(level: 0, position: 0, passes: 0), firstOfLevel: true, &w)
            case .manualScanning, .singleSwitchStepScanning:
                if settings.startHighlighted {
                    show(ItemCursor(level: 0, position: 0, passes: 0), firstOfLevel: true, &w)
                } else {
                    phase = .unhighlighted(level: 0)
                }
            }
        }
    }

    /// The dwell of an item under auto scanning.
    func dwell(firstOfLevel: Bool) -> Interval {
        guard firstOfLevel, let p = settings.pauseOnFirstItem else { return settings.autoScanningTime }
        return settings.pauseOnFirstItemAdds ? settings.autoScanningTime + p : p
    }

    /// Highlights `c` and starts the style's timer.
    mutating func show(_ c: ItemCursor, firstOfLevel: Bool, _ w: inout EventLog) {
        phase = .items(c)
        w.emit(.highlighted(highlight(c)))
        switch settings.scanningStyle {
        case .autoScanning: schedule(.autoScanStep, at: w.now + dwell(firstOfLevel: firstOfLevel))
        case .manualScanning: cancelPhaseTimer()
        case .singleSwitchStepScanning: cancelPhaseTimer()
        }
    }

    // MARK: - Phase timers

    mutating func firePhaseTimer(_ timer: PhaseTimer, _ app: inout AppState, _ w: inout EventLog) {
        switch (phase, timer) {
        case (.items(let c), .autoScanStep):
            autoStep(c, &w)
        case (.items(let c), .dwell):
            select(c, &app, &w)
        case (.menu(let m), .autoScanStep):
            menuAutoStep(m, &app, &w)
        case (.menu(let m), .dwell):
            choose(m, &app, &w)
        case (.autoTapPending(let c), .autoTap):
            tapItem(c, &app, &w)
        case (.sweeping(let s), .sweepEnd):
            sweepEnded(s, app.screen, &w)
        case (.pointAutoTapPending(let p), .autoTap):
            tapPoint(p, &app, &w)
        case (.notStarted, _), (.items, _), (.unhighlighted, _), (.autoTapPending, _), (.menu, _),
             (.sweeping, _), (.pointAutoTapPending, _), (.stopped, _):
            w.emit(.bug("timer \(timer.rawValue) fired in phase \(phase); ignored"))
        }
    }

    /// Auto scanning: the highlight moves on; at the end of a pass it wraps or stops.
    mutating func autoStep(_ c: ItemCursor, _ w: inout EventLog) {
        var c = c
        if c.position + 1 < count(c.level) {
            c.position += 1
            show(c, firstOfLevel: false, &w)
            return
        }
        c.passes += 1
        if let loops = settings.loops, c.passes >= loops {
            phase = .stopped
            w.emit(.scanningStopped(reason: "loops"))
            return
        }
        c.position = 0
        show(c, firstOfLevel: settings.pauseOnFirstItemAfterLoop, &w)
    }

    // MARK: - Moves

    /// Move To Next / Previous Item (and the moving switch of step scanning) in item mode.
    mutating func move(_ c: ItemCursor, by delta: Int, _ w: inout EventLog) {
        let n = count(c.level)
        var c = c
        c.position = ((c.position + delta) % n + n) % n
        c.passes = 0
        show(c, firstOfLevel: false, &w)
        if settings.scanningStyle == .singleSwitchStepScanning { schedule(.dwell, at: w.now + settings.dwellTime) }
    }

    // MARK: - Select

    /// Select Item on the highlighted item (Tap Behavior decides what happens to an element).
    mutating func select(_ c: ItemCursor, _ app: inout AppState, _ w: inout EventLog) {
        let members = order.groups[c.level].members
        if c.position == members.count {
            if c.level == 0 {
                openMenu(.none, resume: .item(c), app.screen, &w)
            } else {
                // The exit stop: back up one level, onto the group just left.
                let parent = parents[c.level]
                let p = order.groups[parent].members.firstIndex(of: .group(c.level)) ?? 0
                show(ItemCursor(level: parent, position: p, passes: 0), firstOfLevel: false, &w)
            }
            return
        }
        switch members[c.position] {
        case .group(let g):
            show(ItemCursor(level: g, position: 0, passes: 0), firstOfLevel: true, &w)
        case .stop(let k):
            switch settings.tapBehavior {
            case .default:
                openMenu(.element(k), resume: .item(c), app.screen, &w)
            case .autoTap:
                phase = .autoTapPending(c)
                schedule(.autoTap, at: w.now + settings.autoTapTime)
            case .alwaysTap:
                tapItem(c, &app, &w)
            }
        }
    }

    /// Taps the element under `c` at its activation point, carries out its effects, and resumes.
    mutating func tapItem(_ c: ItemCursor, _ app: inout AppState, _ w: inout EventLog) {
        cancelPhaseTimer()
        guard c.position < order.groups[c.level].members.count, case .stop(let k) = order.groups[c.level].members[c.position] else {
            // A Tap switch on a group or exit acts like Select.
            select(c, &app, &w)
            return
        }
        w.emit(.activated(ref(k, app.screen), at: app.screen.activationPoint(of: k)))
        let outcome = app.perform(app.screen.activationEffects(of: k), source: k, into: &w)
        resume(after: outcome, element: k, &app, &w)
    }

    /// After an action on element `k`: the screen-change rule, then Focused Item After Tap.
    mutating func resume(after outcome: EffectOutcome, element k: ElementIndex?, _ app: inout AppState, _ w: inout EventLog) {
        switch outcome {
        case .screenChanged:
            rebuildOrder(app.screen)
            restart(&app, &w)
        case .dismissed(let presenter):
            rebuildOrder(app.screen)
            guard mode == .item, let presenter, let c = cursor(on: presenter.index) else {
                restart(&app, &w)
                return
            }
            w.emit(.focusRestored(ref(presenter.index, app.screen)))
            show(c, firstOfLevel: false, &w)
        case .sameScreen(let traitsChanged):
            if traitsChanged { rebuildOrder(app.screen) }
            switch mode {
            case .point:
                restart(&app, &w)
            case .item:
                switch settings.focusedItemAfterTap {
                case .firstItem:
                    restart(&app, &w)
                case .currentItem:
                    if let k, let c = cursor(on: k) { show(c, firstOfLevel: false, &w) } else { restart(&app, &w) }
                }
            }
        }
    }

    // MARK: - Actions

    /// Runs a switch's action (after stabilisation) in the current phase.
    mutating func perform(_ action: SwitchAction, _ input: Input, _ app: inout AppState, _ w: inout EventLog) {
        let stepStyle = settings.scanningStyle == .singleSwitchStepScanning
        switch phase {
        case .notStarted:
            w.emit(.bug("switch action \(action.rawValue) before start"))
        case .stopped:
            // Any press restarts scanning; the press itself selects nothing.
            restart(&app, &w)
        case .unhighlighted(let level):
            switch action {
            case .moveToNextItem:
                move(ItemCursor(level: level, position: -1, passes: 0), by: 1, &w)
            case .selectItem where stepStyle:
                move(ItemCursor(level: level, position: -1, passes: 0), by: 1, &w)
            case .moveToPreviousItem:
                move(ItemCursor(level: level, position: 0, passes: 0), by: -1, &w)
            case .selectItem, .tap:
                w.emit(.inputIgnored(input, reason: .nothingHighlighted))
            case .scannerMenu:
                openMenu(.none, resume: .top, app.screen, &w)
            }
        case .items(let c):
            switch action {
            case .selectItem where stepStyle: move(c, by: 1, &w)
            case .selectItem: select(c, &app, &w)
            case .moveToNextItem: move(c, by: 1, &w)
            case .moveToPreviousItem: move(c, by: -1, &w)
            case .tap: tapItem(c, &app, &w)
            case .scannerMenu:
                let members = order.groups[c.level].members
                if c.position < members.count, case .stop(let k) = members[c.position] {
                    openMenu(.element(k), resume: .item(c), app.screen, &w)
                } else {
                    openMenu(.none, resume: .item(c), app.screen, &w)
                }
            }
        case .autoTapPending(let c):
            cancelPhaseTimer()
            switch action {
            case .selectItem, .scannerMenu:
                // The second press inside the Auto Tap time opens the menu.
                let members = order.groups[c.level].members
                guard case .stop(let k) = members[c.position] else {
                    w.emit(.bug("auto tap pending on a non-element"))
                    return
                }
                openMenu(.element(k), resume: .item(c), app.screen, &w)
            case .tap: tapItem(c, &app, &w)
            case .moveToNextItem: move(c, by: 1, &w)
            case .moveToPreviousItem: move(c, by: -1, &w)
            }
        case .menu(let m):
            switch action {
            case .selectItem where stepStyle: moveMenu(m, by: 1, &w)
            case .selectItem, .tap: choose(m, &app, &w)
            case .moveToNextItem: moveMenu(m, by: 1, &w)
            case .moveToPreviousItem: moveMenu(m, by: -1, &w)
            case .scannerMenu: escape(m, &app, &w)
            }
        case .sweeping(let s):
            switch action {
            case .selectItem, .tap: stopLine(s, &app, &w)
            case .moveToNextItem, .moveToPreviousItem: w.emit(.inputIgnored(input, reason: .notApplicable))
            case .scannerMenu: openMenu(.none, resume: .top, app.screen, &w)
            }
        case .pointAutoTapPending(let p):
            cancelPhaseTimer()
            switch action {
            case .selectItem, .scannerMenu: openMenu(.point(p), resume: .top, app.screen, &w)
            case .tap: tapPoint(p, &app, &w)
            case .moveToNextItem, .moveToPreviousItem:
                w.emit(.inputIgnored(input, reason: .notApplicable))
                schedule(.autoTap, at: w.now + settings.autoTapTime)
            }
        }
    }

    // MARK: - Switch stabilisation

    mutating func handleSwitch(_ input: Input, _ app: inout AppState, _ w: inout EventLog) {
        let id: SwitchID
        let isDown: Bool
        switch input {
        case .switchDown(let s): id = s; isDown = true
        case .switchUp(let s): id = s; isDown = false
        case .key, .utterance, .deviceAdded, .deviceRemoved:
            w.emit(.bug("handleSwitch got \(input)"))
            return
        }
        guard let i = settings.switches.firstIndex(where: { $0.switchID == id }) else {
            w.emit(.inputIgnored(input, reason: .unassignedSwitch))
            return
        }
        let before = trace == nil ? nil : phase
        if isDown { switchDown(i, input, &app, &w) } else { switchUp(i, input, &app, &w) }
        if let before { record(before, "\(input)", w.now) }
    }

    /// Appends `before → stimulus → after` to the trace.
    mutating func record(_ before: Phase, _ stimulus: String, _ now: Instant) {
        trace?.append("\(now) \(before) → \(stimulus) → \(phase)")
    }

    mutating func switchDown(_ i: Int, _ input: Input, _ app: inout AppState, _ w: inout EventLog) {
        switch switchPhases[i] {
        case .up:
            if let r = settings.ignoreRepeat, let last = lastAcceptedDown, w.now - last < r {
                switchPhases[i] = .ignored(down: w.now)
                w.emit(.inputIgnored(input, reason: .ignoreRepeat))
                return
            }
            if let h = settings.holdDuration {
                switchPhases[i] = .holding(down: w.now)
                switchDeadlines[i] = w.now + h
            } else {
                accept(i, down: w.now, &app, &w)
            }
        case .holding, .awaitingRelease, .repeating, .down, .ignored:
            w.emit(.inputIgnored(input, reason: .unpairedSwitchTransition))
        }
    }

    mutating func switchUp(_ i: Int, _ input: Input, _ app: inout AppState, _ w: inout EventLog) {
        let phaseBefore = switchPhases[i]
        switchPhases[i] = .up
        switchDeadlines[i] = .distantFuture
        switch phaseBefore {
        case .up:
            w.emit(.inputIgnored(input, reason: .unpairedSwitchTransition))
        case .holding:
            w.emit(.inputIgnored(.switchDown(settings.switches[i].switchID), reason: .holdDurationNotReached))
        case .awaitingRelease:
            // Released before the Long Press time: the normal action.
            perform(settings.switches[i].action, .switchDown(settings.switches[i].switchID), &app, &w)
        case .repeating, .down, .ignored:
            break
        }
    }

    /// A press counts (Hold Duration reached, or none set).
    mutating func accept(_ i: Int, down: Instant, _ app: inout AppState, _ w: inout EventLog) {
        lastAcceptedDown = down
        let a = settings.switches[i]
        if let lp = settings.longPress, a.longPressAction != nil {
            switchPhases[i] = .awaitingRelease(down: down)
            switchDeadlines[i] = max(w.now, down + lp)
            return
        }
        act(i, a.action, down: down, &app, &w)
    }

    /// Runs an action of switch `i` and arms Move Repeat for a held move switch.
    mutating func act(_ i: Int, _ action: SwitchAction, down: Instant, _ app: inout AppState, _ w: inout EventLog) {
        let input = Input.switchDown(settings.switches[i].switchID)
        if let m = settings.moveRepeat, action == .moveToNextItem || action == .moveToPreviousItem {
            switchPhases[i] = .repeating(down: down)
            switchDeadlines[i] = w.now + m
        } else {
            switchPhases[i] = .down(down: down)
        }
        perform(action, input, &app, &w)
    }

    mutating func fireSwitchTimer(_ i: Int, _ app: inout AppState, _ w: inout EventLog) {
        let a = settings.switches[i]
        switch switchPhases[i] {
        case .holding(let down):
            accept(i, down: down, &app, &w)
        case .awaitingRelease(let down):
            act(i, a.longPressAction ?? a.action, down: down, &app, &w)
        case .repeating:
            switchDeadlines[i] = w.now + settings.moveRepeat!
            perform(a.action, .switchDown(a.switchID), &app, &w)
        case .up, .down, .ignored:
            w.emit(.bug("switch timer for '\(a.switchID)' fired in phase \(switchPhases[i]); ignored"))
        }
    }
}
