import ScreenModel

// Switch Control: item scanning, the scanner menu and point scanning (Gliding
// Cursor), on switch presses stabilised by `SwitchStabilizer`.
// docs/switch-control.md documents every setting and model choice.
//
// Timing, auto scanning, Auto Scanning Time T, Pause on First Item P (added
// to the first item's dwell), 3 items, loops 2:
//
//   t=0        T+P        2T+P       3T+P        4T+2P ...  stop
//   |--item1---|--item2---|--item3---|--item1-----| ... |  scanningStopped
//   (start)                          (pass 1 done: wrap, first item dwells T+P again)
//
// Select on an item (Tap Behavior Default) opens the menu; under Auto Tap:
//
//   down(select)          +autoTapTime
//   |--- autoTap pending ---|  tap (activated)     a second Select before it: menu
//
// A press held for Hold Duration (or awaiting Long Press) freezes scanning
// from its down: the timer that was running is paused, and resumes with the
// time it had left if the press comes to nothing.
//
//   down(select) at 0.9 s        accepted at 1.1 s: acts on item 1
//   |--item1--(frozen)----------|
//
// Not handled (listed so nobody assumes otherwise): Auto Hide, Speech, Sound
// Effects, Recipes, Saved Gestures, keyboard-only settings, Head Tracking,
// scanner-menu pages and gestures beyond those listed in `MenuItem`.

/// A Switch Control timer: one scanning timer at a time (the phase's), and
/// each switch's stabilisation timers, by the switch's index in the
/// settings' `switches` (a plain value: the queue copies and compares timers
/// on every scan step, so they hold no strings).
public enum SwitchControlTimer: Hashable, Sendable, CustomStringConvertible {
    /// Auto scanning: the highlight moves on.
    case autoScanStep
    /// Single Switch Step Scanning: the highlighted item is selected.
    case dwell
    /// Auto Tap: the selected item (or point) is tapped.
    case autoTap
    /// Point mode: the line reached the end of its sweep.
    case sweepEnd
    /// Point mode: the pause before a sweep is over; the line starts moving.
    case sweepStart
    /// Hold Duration reached for switch number `switch`.
    case hold(switch: Int)
    /// Long Press time reached for switch number `switch`.
    case longPress(switch: Int)
    /// Move Repeat: the held move switch number `switch` moves again.
    case moveRepeat(switch: Int)

    /// `autoScanStep`, `hold(switch 0)`.
    public var description: String {
        switch self {
        case .autoScanStep: return "autoScanStep"
        case .dwell: return "dwell"
        case .autoTap: return "autoTap"
        case .sweepEnd: return "sweepEnd"
        case .sweepStart: return "sweepStart"
        case .hold(let i): return "hold(switch \(i))"
        case .longPress(let i): return "longPress(switch \(i))"
        case .moveRepeat(let i): return "moveRepeat(switch \(i))"
        }
    }

    /// The derived `==`, written out so that it inlines: the queue and the
    /// phase compare timers on every scan step, and the derived one is a call.
    @inline(__always)
    public static func == (a: SwitchControlTimer, b: SwitchControlTimer) -> Bool {
        switch (a, b) {
        case (.autoScanStep, .autoScanStep), (.dwell, .dwell), (.autoTap, .autoTap), (.sweepEnd, .sweepEnd), (.sweepStart, .sweepStart):
            return true
        case (.hold(let i), .hold(let j)), (.longPress(let i), .longPress(let j)), (.moveRepeat(let i), .moveRepeat(let j)):
            return i == j
        case (.autoScanStep, _), (.dwell, _), (.autoTap, _), (.sweepEnd, _), (.sweepStart, _), (.hold, _), (.longPress, _), (.moveRepeat, _):
            return false
        }
    }
}

/// The phase of Switch Control's scanning state machine.
enum Phase: Hashable, Sendable, CustomStringConvertible {
    /// Before `start`.
    case notStarted
    /// Item mode, the cursor on a stop of a level: an item, a group, a group's exit or the menu button.
    case items(ItemCursor)
    /// Manual or step scanning before the first move: nothing highlighted yet on `level`.
    case unhighlighted(level: Int)
    /// Tap Behavior Auto Tap: Select pressed on an item; it is tapped when the Auto Tap time runs out.
    case autoTapPending(ItemCursor)
    /// The scanner menu is open. (Indirect: the large payloads are boxed so
    /// that the item phases, the hot path of auto scanning, copy little.)
    indirect case menu(MenuState)
    /// Point mode: the line waits at the start of its sweep (Pause on First Item).
    indirect case sweepWaiting(Sweep)
    /// Point mode: a line sweeps.
    indirect case sweeping(Sweep)
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
        case .menu(let m): return "menu(\(m.scan.position)/\(m.items.count))"
        case .sweepWaiting(let s): return "sweepWaiting(\(s.axis) \(s.stage))"
        case .sweeping(let s): return "sweeping(\(s.axis) \(s.stage))"
        case .pointAutoTapPending(let p): return "pointAutoTapPending\(p)"
        case .stopped: return "stopped"
        }
    }
}

/// Where the item cursor is: a level (a group of the navigation order) and
/// a position in its scan (its members, then its trailing stops).
struct ItemCursor: Hashable, Sendable, CustomStringConvertible {
    var level: Int
    var scan: ScanCursor

    init(level: Int, position: Int) {
        self.level = level
        self.scan = ScanCursor(position: position, passes: 0)
    }

    var description: String { "level \(level) position \(scan.position) passes \(scan.passes)" }
}

/// What stands at a position of a level's scan.
enum LevelStop: Hashable, Sendable {
    /// A member of the level: an element or a nested group.
    case member(NavigationNode)
    /// The dashed exit after a group's members: Select goes up a level.
    case exit
    /// Always Tap's scanner-menu button.
    case menuButton
}

/// A scan paused by a pending press (`freezeScanWhileHeld`).
struct FrozenScan: Hashable, Sendable {
    /// When the press went down.
    var at: Instant
    /// The scanning timer that was running and the time it had left.
    var timer: SwitchControlTimer?
    var remaining: Interval
}

/// iOS Switch Control, as one `AssistiveTechnology` of a session.
struct SwitchControl: AssistiveTechnology {
    var settings: SwitchControlSettings { didSet { measureLevels() } }
    /// The session's navigation options.
    let baseNavigation: NavigationOptions
    /// The options Switch Control scans with (Group Items and group formation from its settings).
    var navigation: NavigationOptions
    var order: NavigationOrder
    /// Parent group of each group (-1 for the top).
    var parents: [Int] = []
    /// Elements inside each group, at any depth.
    var stopCounts: [Int] = []
    /// An `ElementRef` per element of the current screen, made once per screen.
    var refs: [ElementRef?] = []
    var mode: ScanMode { didSet { measureLevels() } }
    /// `count(level)` of each level (`measureLevels`).
    var scanLengths: [Int] = []
    var phase: Phase = .notStarted
    /// The scanning timer that belongs to the phase, when one runs (at most one).
    var phaseTimer: SwitchControlTimer? = nil
    var stabilizer: SwitchStabilizer
    /// Set while a pending press holds scanning still.
    var frozen: FrozenScan? = nil

    var technology: Technology { .switchControl }

    init(settings: SwitchControlSettings, navigation: NavigationOptions, screen: Screen) {
        self.settings = settings
        self.baseNavigation = navigation
        self.navigation = settings.navigation(navigation)
        self.mode = settings.mode
        self.order = NavigationOrder(screen: screen, technology: .switchControl, options: self.navigation)
        self.stabilizer = SwitchStabilizer(settings)
        rebuildOrder(screen)
    }

    // MARK: - AssistiveTechnology

    mutating func start(_ core: inout SessionCore) {
        rebuildOrder(core.app.screen)
        restart(&core)
    }

    mutating func handle(_ input: Input, _ core: inout SessionCore) -> Bool {
        let id: SwitchID
        let isDown: Bool
        switch input {
        case .switchDown(let s): id = s; isDown = true
        case .switchUp(let s): id = s; isDown = false
        case .key, .utterance, .deviceAdded, .deviceRemoved, .screenReplaced: return false
        }
        guard let i = stabilizer.index(of: id) else {
            core.emit(.inputIgnored(input, reason: .unassignedSwitch))
            return true
        }
        let before = core.trace == nil ? nil : phase.description
        let outcome = isDown ? stabilizer.down(i, &core) : stabilizer.up(i, &core)
        carryOut(outcome, &core)
        if let before { core.record(before, "\(input)", phase.description) }
        return true
    }

    mutating func fire(_ timer: TimerID, _ core: inout SessionCore) {
        guard case .switchControl(let t) = timer else {
            core.emit(.bug("Switch Control got the timer \(timer)"))
            return
        }
        switch t {
        case .hold(let i), .longPress(let i), .moveRepeat(let i):
            let before = core.trace == nil ? nil : (phase.description, stabilizer.describe(switch: i))
            carryOut(stabilizer.fire(t, &core), &core)
            if let before { core.record(before.0, "switchTimer(\(before.1))", phase.description) }
        case .autoScanStep, .dwell, .autoTap, .sweepEnd, .sweepStart:
            guard phaseTimer == t else {
                core.emit(.bug("timer \(t) fired, but the phase's timer is \(phaseTimer.map(\.description) ?? "none"); ignored"))
                return
            }
            phaseTimer = nil
            let before = core.trace == nil ? nil : phase.description
            firePhaseTimer(t, &core)
            if let before { core.record(before, "timer(\(t))", phase.description) }
        }
    }

    mutating func appDidChange(_ change: AppChange, _ core: inout SessionCore) {
        frozen = nil
        switch change {
        case .screenChanged:
            rebuildOrder(core.app.screen)
            restart(&core)
        case .sheetDismissed(let focus):
            rebuildOrder(core.app.screen)
            if mode == .item, let f = focus, let c = cursor(on: f) {
                show(c, firstOfLevel: false, &core)
            } else {
                restart(&core)
            }
        case .sameScreen(let acted, let by, let orderChanged):
            if orderChanged { rebuildOrder(core.app.screen) }
            guard by == .switchControl else {
                // Another technology acted: scanning carries on unless its place is gone.
                if orderChanged { restart(&core) }
                return
            }
            switch mode {
            case .point:
                restart(&core)
            case .item:
                switch settings.focusedItemAfterTap {
                case .firstItem:
                    restart(&core)
                case .currentItem:
                    if let k = acted, let c = cursor(on: k) { show(c, firstOfLevel: false, &core) } else { restart(&core) }
                }
            }
        case .scrolled(let container, let by):
            rebuildOrder(core.app.screen)
            guard by == .switchControl, mode == .item else {
                restart(&core)
                return
            }
            resumeAfterScroll(in: container, &core)
        case .replaced(let moved, let focus):
            keepPlace(moved: moved, focus: focus, &core)
        }
    }

    /// The screen was read again from a live app (`ScreenUpdate`). In item
    /// mode the cursor keeps its place as after a tap (Focused Item After
    /// Tap): on the item it was on, wherever that item is now; a cursor whose
    /// stop is unchanged is left alone, so an app that changes on its own
    /// does not disturb the scan. A modal that closed sends it to the element
    /// that opened it. Otherwise scanning begins again. Point mode sweeps on.
    mutating func keepPlace(moved: [ElementIndex?], focus: ElementIndex?, _ core: inout SessionCore) {
        func newIndex(_ k: ElementIndex) -> ElementIndex? { moved.indices.contains(k) ? moved[k] : nil }
        let before = phase
        var was: LevelStop? = nil
        if case .items(let c) = before { was = stop(at: c) }
        rebuildOrder(core.app.screen)
        guard mode == .item else { return }
        if let f = focus, let c = cursor(on: f) { return show(c, firstOfLevel: false, &core) }
        switch before {
        case .items(let c):
            switch was {
            case .member(.stop(let k))?:
                guard let n = newIndex(k), let moved = cursor(on: n) else { return restart(&core) }
                if n == k && moved.level == c.level && moved.scan.position == c.scan.position { return }
                show(moved, firstOfLevel: false, &core)
            case .member(.group)?, .exit?, .menuButton?:
                // Groups have no identity of their own: the cursor stays at
                // its level and position while they still exist.
                if c.level < order.groups.count && c.scan.position < count(c.level) { return }
                restart(&core)
            case nil:
                restart(&core)
            }
        case .menu(let m):
            if case .element(let k) = m.target, newIndex(k) == k { return }
            restart(&core)
        case .unhighlighted(let level):
            if level >= order.groups.count { phase = .unhighlighted(level: 0) }
        case .autoTapPending, .stopped, .notStarted, .sweepWaiting, .sweeping, .pointAutoTapPending:
            restart(&core)
        }
    }

    mutating func reconfigure(_ new: TechnologySettings, _ core: inout SessionCore) {
        guard let s = new.switchControl else {
            core.emit(.bug("Switch Control got settings for \(new.technology.name)"))
            return
        }
        let old = settings
        settings = s
        if old.switches != s.switches || old.holdDuration != s.holdDuration || old.ignoreRepeat != s.ignoreRepeat
            || old.longPress != s.longPress || old.moveRepeat != s.moveRepeat {
            // Held switches are forgotten: their releases come unpaired.
            for i in old.switches.indices {
                core.cancel(.switchControl(.hold(switch: i)))
                core.cancel(.switchControl(.longPress(switch: i)))
                core.cancel(.switchControl(.moveRepeat(switch: i)))
            }
            stabilizer = SwitchStabilizer(s)
            frozen = nil
        }
        navigation = s.navigation(baseNavigation)
        let restarts = old.navigation(baseNavigation) != navigation || old.mode != s.mode || old.scanningStyle != s.scanningStyle
            || old.tapBehavior != s.tapBehavior || old.menuButton != s.menuButton
        if restarts {
            mode = s.mode
            rebuildOrder(core.app.screen)
            restart(&core)
        }
        // Otherwise the phase carries on; new times apply from the next step.
    }

    func present(into p: inout Presentation) {
        p.highlight = currentHighlight
        if case .menu(let m) = phase {
            var target: ElementRef? = nil
            if case .element(let k) = m.target { target = refs.indices.contains(k) ? refs[k] : nil }
            p.scannerMenu = ScannerMenuPresentation(items: m.items.map(\.title), highlightedItem: m.scan.position < m.items.count ? m.scan.position : nil, target: target)
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
        measureLevels()
    }

    func ref(_ k: ElementIndex, _ screen: Screen) -> ElementRef {
        if refs.indices.contains(k), let r = refs[k] { return r }
        return ElementRef(screen, k)
    }

    /// Whether Always Tap's menu button ends each level's pass.
    var showsMenuButton: Bool { settings.showsMenuButton(mode: mode) }

    /// The number of stops in level `level`'s scan: its members, then the
    /// exit (below the top level), then the menu button (Always Tap).
    /// (Inlined, as are `stop(at:)` and `highlight(_:)`: called out of line
    /// from a mutating method, each copied the whole technology, about 480
    /// bytes, on every auto-scan step. Read from `scanLengths`: worked out
    /// on each step from the order, the settings and the mode, it cost 14
    /// of an auto-scan step's instructions.)
    @inline(__always)
    func count(_ level: Int) -> Int { scanLengths[level] }

    /// Works out `scanLengths` again: after the order is rebuilt and
    /// whenever the settings or the mode change (their `didSet`).
    mutating func measureLevels() {
        scanLengths = order.groups.indices.map { settings.scanLength(members: order.groups[$0].members.count, topLevel: $0 == 0, mode: mode) }
    }

    /// What stands at cursor `c`.
    @inline(__always)
    func stop(at c: ItemCursor) -> LevelStop {
        let members = order.groups[c.level].members
        let p = c.scan.position
        if p < members.count { return .member(members[p]) }
        if c.level != 0 && p == members.count { return .exit }
        return .menuButton
    }

    /// What the cursor shows at `c`. Every stop has a ref made for the
    /// current screen (`rebuildOrder`), so no screen is needed on this path
    /// (the hot path of auto scanning).
    @inline(__always)
    func highlight(_ c: ItemCursor) -> Highlight {
        switch stop(at: c) {
        case .member(.stop(let k)):
            if refs.indices.contains(k), let r = refs[k] { return .element(r) }
            return .element(ElementRef(screen: "", index: k, label: nil, identifier: nil, frame: .zero))
        case .member(.group(let g)): return .group(frame: order.groups[g].frame, count: stopCounts[g])
        case .exit: return .groupExit(frame: order.groups[c.level].frame)
        case .menuButton: return .menuButton
        }
    }

    /// The cursor on element `k`, if it is a stop.
    func cursor(on k: ElementIndex) -> ItemCursor? {
        for (g, group) in order.groups.enumerated() {
            if let p = group.members.firstIndex(of: .stop(k)) { return ItemCursor(level: g, position: p) }
        }
        return nil
    }

    var currentHighlight: Highlight? {
        switch phase {
        case .notStarted, .stopped, .unhighlighted: return nil
        case .items(let c), .autoTapPending(let c): return highlight(c)
        case .menu(let m): return m.highlight(refs)
        case .sweeping(let s): return .pointSweep(axis: s.axis, stage: s.stage, from: s.from, to: s.to, duration: s.duration)
        case .sweepWaiting(let s): return .pointLine(axis: s.axis, position: s.from)
        case .pointAutoTapPending(let p): return .pointLine(axis: .y, position: p.y)
        }
    }

    // MARK: - The phase's timer

    @inline(__always)
    mutating func schedulePhase(_ t: SwitchControlTimer, at deadline: Instant, _ core: inout SessionCore) {
        if let old = phaseTimer, old != t { core.cancel(.switchControl(old)) }
        phaseTimer = t
        if frozen != nil { frozen = nil }
        core.schedule(.switchControl(t), at: deadline)
    }

    mutating func cancelPhaseTimer(_ core: inout SessionCore) {
        if let t = phaseTimer { core.cancel(.switchControl(t)) }
        phaseTimer = nil
        frozen = nil
    }

    /// The phase's timer is due: what it does in the phase now.
    /// (Inlined into `fire`, as are `autoStep`, `show`, `startDwell` and
    /// `schedulePhase`: each auto-scan step is one `fire` from the session's
    /// run, and these five calls out of line cost a fifth of its instructions.)
    @inline(__always)
    mutating func firePhaseTimer(_ timer: SwitchControlTimer, _ core: inout SessionCore) {
        switch (phase, timer) {
        case (.items(let c), .autoScanStep):
            autoStep(c, &core)
        case (.items(let c), .dwell):
            select(c, &core)
        case (.menu(let m), .autoScanStep):
            menuAutoStep(m, &core)
        case (.menu(let m), .dwell):
            choose(m, &core)
        case (.autoTapPending(let c), .autoTap):
            tapItem(c, &core)
        case (.sweepWaiting(let s), .sweepStart):
            startMoving(s, &core)
        case (.sweeping(let s), .sweepEnd):
            sweepEnded(s, &core)
        case (.pointAutoTapPending(let p), .autoTap):
            tapPoint(p, &core)
        case (.notStarted, _), (.items, _), (.unhighlighted, _), (.autoTapPending, _), (.menu, _),
             (.sweepWaiting, _), (.sweeping, _), (.pointAutoTapPending, _), (.stopped, _):
            core.emit(.bug("timer \(timer) fired in phase \(phase); ignored"))
        }
    }

    // MARK: - Freezing under a pending press

    /// After a stabilised transition: freeze scanning while a press is
    /// pending, thaw it when none is and the press left the phase as it was.
    mutating func updateFreeze(_ core: inout SessionCore) {
        guard settings.freezeScanWhileHeld else { return }
        if stabilizer.hasPendingPress {
            if frozen == nil { freeze(&core) }
        } else if frozen != nil {
            if core.pendingChange != nil { frozen = nil } else { thaw(&core) }
        }
    }

    mutating func freeze(_ core: inout SessionCore) {
        var f = FrozenScan(at: core.now, timer: nil, remaining: .zero)
        if let t = phaseTimer, let deadline = core.timers.deadline(of: .switchControl(t)) {
            f.timer = t
            f.remaining = max(.zero, deadline - core.now)
            core.cancel(.switchControl(t))
        }
        frozen = f
    }

    mutating func thaw(_ core: inout SessionCore) {
        guard let f = frozen else { return }
        frozen = nil
        guard let t = f.timer, phaseTimer == t else { return }
        if case .sweeping(var s) = phase {
            // The line stood still while frozen: it sweeps on from where it stopped.
            s.from = s.position(at: f.at)
            s.start = core.now
            phase = .sweeping(s)
            core.emit(.highlighted(.pointSweep(axis: s.axis, stage: s.stage, from: s.from, to: s.to, duration: s.duration)))
            core.schedule(.switchControl(t), at: s.start + s.duration)
            return
        }
        core.schedule(.switchControl(t), at: core.now + f.remaining)
    }

    // MARK: - Start and restart

    /// Begins scanning afresh on the current screen: the first item of the top
    /// level (item mode) or the first sweep (point mode).
    mutating func restart(_ core: inout SessionCore) {
        cancelPhaseTimer(&core)
        switch mode {
        case .point:
            beginSweep(axis: .x, stage: .coarse, around: nil, chosenX: nil, refining: nil, &core)
        case .item:
            guard count(0) > 0 else {
                phase = .stopped
                core.emit(.scanningStopped(reason: "nothing to scan on '\(core.app.screen.name)'"))
                return
            }
            switch settings.scanningStyle {
            case .autoScanning:
                show(ItemCursor(level: 0, position: 0), firstOfLevel: true, &core)
            case .manualScanning, .singleSwitchStepScanning:
                if settings.startHighlighted {
                    show(ItemCursor(level: 0, position: 0), firstOfLevel: true, &core)
                } else {
                    phase = .unhighlighted(level: 0)
                }
            }
        }
    }

    /// Loops used up: the cursor hides until a switch is pressed.
    mutating func stopScanning(_ core: inout SessionCore) {
        cancelPhaseTimer(&core)
        phase = .stopped
        core.emit(.scanningStopped(reason: "loops"))
    }

    /// The dwell of a highlight under auto scanning. The first item of a level
    /// dwells T + P (or the longer of the two): never less than the others.
    func dwell(firstOfLevel: Bool) -> Interval {
        settings.dwell(firstOfLevel: firstOfLevel)
    }

    /// Starts the scanning style's timer for a highlight just shown.
    @inline(__always)
    mutating func startDwell(firstOfLevel: Bool, _ core: inout SessionCore) {
        switch settings.scanningStyle {
        case .autoScanning: schedulePhase(.autoScanStep, at: core.now + dwell(firstOfLevel: firstOfLevel), &core)
        case .manualScanning, .singleSwitchStepScanning: cancelPhaseTimer(&core)
        }
    }

    /// Highlights `c` and starts the style's timer.
    @inline(__always)
    mutating func show(_ c: ItemCursor, firstOfLevel: Bool, _ core: inout SessionCore) {
        phase = .items(c)
        core.emit(.highlighted(highlight(c)))
        startDwell(firstOfLevel: firstOfLevel, &core)
    }

    /// Auto scanning: the highlight moves on; at the end of a pass it wraps or stops.
    @inline(__always)
    mutating func autoStep(_ c: ItemCursor, _ core: inout SessionCore) {
        var c = c
        let firstOfLevel: Bool
        switch c.scan.step(count: count(c.level), loops: settings.loops) {
        case .moved: firstOfLevel = false
        case .wrapped: firstOfLevel = settings.pauseOnFirstItemAfterLoop
        case .loopsUsedUp: return stopScanning(&core)
        }
        show(c, firstOfLevel: firstOfLevel, &core)
    }

    // MARK: - Moves

    /// Move To Next / Previous Item (and the moving switch of step scanning) in item mode.
    mutating func move(_ c: ItemCursor, by delta: Int, _ core: inout SessionCore) {
        var c = c
        c.scan.move(by: delta, count: count(c.level))
        show(c, firstOfLevel: false, &core)
        if settings.scanningStyle == .singleSwitchStepScanning { schedulePhase(.dwell, at: core.now + settings.dwellTime, &core) }
    }

    // MARK: - Select

    /// Select Item on the highlighted stop (Tap Behavior decides what happens to an element).
    mutating func select(_ c: ItemCursor, _ core: inout SessionCore) {
        switch stop(at: c) {
        case .exit:
            // Back up one level, onto the group just left.
            let parent = parents[c.level]
            guard parent >= 0 else { return restart(&core) }
            let p = order.groups[parent].members.firstIndex(of: .group(c.level)) ?? 0
            show(ItemCursor(level: parent, position: p), firstOfLevel: false, &core)
        case .menuButton:
            openMenu(.none, resume: .item(c), &core)
        case .member(.group(let g)):
            show(ItemCursor(level: g, position: 0), firstOfLevel: true, &core)
        case .member(.stop(let k)):
            switch settings.tapBehavior {
            case .default:
                openMenu(.element(k), resume: .item(c), &core)
            case .autoTap:
                phase = .autoTapPending(c)
                schedulePhase(.autoTap, at: core.now + settings.autoTapTime, &core)
            case .alwaysTap:
                tapItem(c, &core)
            }
        }
    }

    /// Taps the element under `c` at its activation point; the session then
    /// tells every technology what changed (`appDidChange`).
    mutating func tapItem(_ c: ItemCursor, _ core: inout SessionCore) {
        guard case .member(.stop(let k)) = stop(at: c) else {
            // A Tap switch on a group, exit or menu button acts like Select.
            return select(c, &core)
        }
        cancelPhaseTimer(&core)
        core.activate(k, by: .switchControl)
    }

    // MARK: - Actions

    /// Carries out what the stabilizer decided, then freezes or thaws scanning.
    mutating func carryOut(_ outcome: SwitchStabilizer.Outcome, _ core: inout SessionCore) {
        switch outcome {
        case .nothing: break
        case .ignored(let input, let reason): core.emit(.inputIgnored(input, reason: reason))
        case .act(let action, let id): perform(action, .switchDown(id), &core)
        }
        updateFreeze(&core)
    }

    /// Runs a switch's action (after stabilisation) in the current phase.
    mutating func perform(_ action: SwitchAction, _ input: Input, _ core: inout SessionCore) {
        let stepStyle = settings.scanningStyle == .singleSwitchStepScanning
        switch phase {
        case .notStarted:
            core.emit(.bug("switch action \(action.rawValue) before start"))
        case .stopped:
            // Any press restarts scanning; the press itself selects nothing.
            restart(&core)
        case .unhighlighted(let level):
            switch action {
            case .moveToNextItem:
                move(ItemCursor(level: level, position: -1), by: 1, &core)
            case .selectItem where stepStyle:
                move(ItemCursor(level: level, position: -1), by: 1, &core)
            case .moveToPreviousItem:
                move(ItemCursor(level: level, position: 0), by: -1, &core)
            case .selectItem, .tap:
                core.emit(.inputIgnored(input, reason: .nothingHighlighted))
            case .scannerMenu:
                openMenu(.none, resume: .top, &core)
            }
        case .items(let c):
            switch action {
            case .selectItem where stepStyle: move(c, by: 1, &core)
            case .selectItem: select(c, &core)
            case .moveToNextItem: move(c, by: 1, &core)
            case .moveToPreviousItem: move(c, by: -1, &core)
            case .tap: tapItem(c, &core)
            case .scannerMenu:
                if case .member(.stop(let k)) = stop(at: c) {
                    openMenu(.element(k), resume: .item(c), &core)
                } else {
                    openMenu(.none, resume: .item(c), &core)
                }
            }
        case .autoTapPending(let c):
            cancelPhaseTimer(&core)
            switch action {
            case .selectItem, .scannerMenu:
                // The second press inside the Auto Tap time opens the menu.
                guard case .member(.stop(let k)) = stop(at: c) else {
                    core.emit(.bug("auto tap pending on a non-element"))
                    return restart(&core)
                }
                openMenu(.element(k), resume: .item(c), &core)
            case .tap: tapItem(c, &core)
            case .moveToNextItem: move(c, by: 1, &core)
            case .moveToPreviousItem: move(c, by: -1, &core)
            }
        case .menu(let m):
            switch action {
            case .selectItem where stepStyle: moveMenu(m, by: 1, &core)
            case .selectItem, .tap: choose(m, &core)
            case .moveToNextItem: moveMenu(m, by: 1, &core)
            case .moveToPreviousItem: moveMenu(m, by: -1, &core)
            case .scannerMenu: closeMenu(m, &core)
            }
        case .sweepWaiting(let s), .sweeping(let s):
            switch action {
            case .selectItem, .tap: stopLine(s, &core)
            case .moveToNextItem, .moveToPreviousItem: core.emit(.inputIgnored(input, reason: .notApplicable))
            case .scannerMenu: openMenu(.none, resume: .top, &core)
            }
        case .pointAutoTapPending(let p):
            cancelPhaseTimer(&core)
            switch action {
            case .selectItem, .scannerMenu: openMenu(.point(p), resume: .top, &core)
            case .tap: tapPoint(p, &core)
            case .moveToNextItem, .moveToPreviousItem:
                core.emit(.inputIgnored(input, reason: .notApplicable))
                schedulePhase(.autoTap, at: core.now + settings.autoTapTime, &core)
            }
        }
    }
}
