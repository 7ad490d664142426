import ScreenModel
import SwitchyardEngine

// What a Switch Control user selects on the way to an element, read from the
// one navigation order (`NavigationOrder`) and Switch Control's settings (the
// engine's rules: `SwitchControlSettings.scanLength`, `dwell`,
// `glidingSweep`, `ScannerMenu.titles`). The analytic model
// (`SwitchScanModel`) and the simulated user (`SwitchScanSimulation`) both
// read it: the first computes the costs, the second carries them out through
// a real `Session`.

/// What the user waits for or steers to at one level of the scan.
enum Wanted: Hashable, Sendable {
    /// A group that holds the target: its highlight's frame and element count.
    case group(frame: Rect, count: Int)
    /// The target itself.
    case element(ElementIndex)
    /// A scanner-menu item (`Tap`).
    case menuItem(String)
    /// The "exit" stop after a group's members (its frame): Select goes up a level.
    case exit(frame: Rect)

    /// Whether highlight `h` shows what is wanted.
    func matches(_ h: Highlight) -> Bool {
        switch (self, h) {
        case (.group(let f, let n), .group(let g, let m)): return f == g && n == m
        case (.element(let k), .element(let r)): return r.index == k
        case (.menuItem(let a), .menuItem(let b)): return a == b
        case (.exit(let f), .groupExit(let g)): return f == g
        default: return false
        }
    }
}

/// One level the user passes through: a pass over `count` stops, the
/// wanted one at `position`.
struct ScanVisit: Hashable, Sendable {
    var count: Int
    var position: Int
    var wanted: Wanted
    /// The level shows its first stop on entry (false only for manual and
    /// step scanning at the top level without Start Highlighted).
    var highlighted: Bool

    /// Manual scanning: whether to move backwards (only when there is a
    /// Move To Previous Item switch and it is shorter), and how many moves.
    func manualMoves(canGoBack: Bool) -> (backward: Bool, moves: Int) {
        let forward = highlighted ? position : position + 1
        let backward = highlighted ? (count - position) % count : count - position
        return canGoBack && backward < forward ? (true, backward) : (false, forward)
    }

    /// Single switch step scanning: the moves (a level shown without a move
    /// has no dwell running, so its first stop needs a whole round).
    var stepMoves: Int { highlighted ? (position >= 1 ? position : count) : position + 1 }
}

/// The switches the user presses, by role, and when each press takes effect.
struct SwitchRoles: Sendable {
    /// Selects (auto and manual scanning; stops the line in point mode).
    var select: SwitchID?
    /// What the select switch does (`selectItem`, or `tap`: an element is tapped at once).
    var selectAction: SwitchAction?
    /// Moves to the next item (manual scanning; step scanning's moving switch).
    var next: SwitchID?
    var previous: SwitchID?
    /// How long after its down each switch's press acts (Hold Duration; the
    /// release under Long Press).
    var delay: [SwitchID: Interval]

    init(_ s: SwitchControlSettings, user: UserModel) {
        let selecting = s.switches.first { $0.action == .selectItem } ?? s.switches.first { $0.action == .tap }
        select = selecting?.switchID
        selectAction = selecting?.action
        if s.scanningStyle == .singleSwitchStepScanning {
            next = s.switches.first { $0.action == .selectItem || $0.action == .moveToNextItem }?.switchID
        } else {
            next = s.switches.first { $0.action == .moveToNextItem }?.switchID
        }
        previous = s.switches.first { $0.action == .moveToPreviousItem }?.switchID
        var delay: [SwitchID: Interval] = [:]
        for a in s.switches {
            if a.longPressAction != nil && s.longPress != nil {
                delay[a.switchID] = max(user.pressLength, s.holdDuration ?? .zero)
            } else {
                delay[a.switchID] = s.holdDuration ?? .zero
            }
        }
        self.delay = delay
    }

    func delay(of id: SwitchID) -> Interval { delay[id] ?? .zero }
}

/// When the user can press next: after reacting to what they wait for,
/// after releasing the last press, and past Ignore Repeat for that switch.
/// The simulated user and the analytic model share it.
struct PressClock: Sendable {
    var lastDown: Instant? = nil
    var lastDownOf: [SwitchID: Instant] = [:]

    /// The earliest down of `id` reacting to something shown at `onset` (nil: nothing to react to).
    func earliestDown(_ id: SwitchID, after onset: Instant?, user: UserModel, ignoreRepeat: Interval?) -> Instant {
        var t = onset.map { $0 + user.reactionTime } ?? .zero
        if let d = lastDown { t = max(t, d + user.pressLength) }
        if let r = ignoreRepeat, let d = lastDownOf[id] { t = max(t, d + r) }
        return t
    }

    mutating func pressed(_ id: SwitchID, at t: Instant) {
        lastDown = t
        lastDownOf[id] = t
    }
}

/// The analytic side of auto scanning: when the wanted stop shows on the
/// m-th pass, and how long it stays.
struct AutoScanTiming: Sendable {
    /// The first highlight of a pass: on entry, and after a wrap.
    let firstDwell: Interval
    let wrapDwell: Interval
    let step: Interval
    let loops: Int?

    init(_ s: SwitchControlSettings) {
        firstDwell = s.dwell(firstOfLevel: true)
        wrapDwell = s.dwell(firstOfLevel: s.pauseOnFirstItemAfterLoop)
        step = s.autoScanningTime
        loops = s.loops
    }

    /// One chance to press: the wanted stop's onset after the level was
    /// entered, how long it stays, and the highlights shown up to it.
    struct Chance { var onset: Interval; var dwell: Interval; var steps: Int }

    /// The `m`-th chance at position `p` of a level of `count` stops, entered
    /// afresh (`resumed` false) or by the menu closing on the highlighted
    /// element (`resumed`: it shows for one step time, passes counted afresh).
    func chance(_ m: Int, position p: Int, count c: Int, resumed: Bool) -> Chance {
        let pass = wrapDwell + step * Int64(c - 1)
        let within = p > 0 ? wrapDwell + step * Int64(p - 1) : .zero
        let dwell = p == 0 ? wrapDwell : step
        if resumed {
            if m == 0 { return Chance(onset: .zero, dwell: step, steps: 1) }
            let wrap = step * Int64(c - p) + pass * Int64(m - 1)
            return Chance(onset: wrap + within, dwell: dwell, steps: m * c + 1)
        }
        if m == 0 {
            return Chance(onset: p > 0 ? firstDwell + step * Int64(p - 1) : .zero, dwell: p == 0 ? firstDwell : step, steps: p + 1)
        }
        let wrap = firstDwell + step * Int64(c - 1) + pass * Int64(m - 1)
        return Chance(onset: wrap + within, dwell: dwell, steps: p + 1 + m * c)
    }

    /// When scanning stops after `loops` passes without a press, and the highlights shown.
    func stop(position p: Int, count c: Int, resumed: Bool, loops l: Int) -> (time: Interval, steps: Int) {
        let pass = wrapDwell + step * Int64(c - 1)
        if resumed { return (step * Int64(c - p) + pass * Int64(l - 1), 1 + (c - p - 1) + (l - 1) * c) }
        return (firstDwell + step * Int64(c - 1) + pass * Int64(l - 1), l * c)
    }
}
