import Diagnostics
import ScreenModel

/// What a switch does when pressed (Settings › Switch Control › Switches).
public enum SwitchAction: String, Hashable, Sendable, CaseIterable {
    case selectItem = "select-item"
    case moveToNextItem = "move-to-next-item"
    case moveToPreviousItem = "move-to-previous-item"
    case tap = "tap"
    case scannerMenu = "scanner-menu"
}

/// One configured switch: its name and its actions.
public struct SwitchAssignment: Hashable, Sendable {
    /// The switch's name (`select`, `next`, `previous`, or any name).
    public var switchID: SwitchID
    /// The action of a press.
    public var action: SwitchAction
    /// The action of a press held for the Long Press time (when Long Press is on).
    public var longPressAction: SwitchAction?
    public init(_ switchID: SwitchID, _ action: SwitchAction, longPress: SwitchAction? = nil) {
        self.switchID = switchID
        self.action = action
        self.longPressAction = longPress
    }
}

/// Settings › Switch Control › Scanning Style.
public enum ScanningStyle: String, Hashable, Sendable, CaseIterable {
    /// The highlight moves on after the Auto Scanning Time (default).
    case autoScanning = "auto-scanning"
    /// One switch moves, another selects; needs at least two switches.
    case manualScanning = "manual-scanning"
    /// One switch moves; the highlighted item is selected after the Dwell Time without input.
    case singleSwitchStepScanning = "single-switch-step-scanning"
}

/// Item mode (scanning items and groups) or point mode (Gliding Cursor).
public enum ScanMode: String, Hashable, Sendable, CaseIterable {
    case item, point
}

/// Settings › Switch Control › Tap Behavior.
public enum TapBehavior: String, Hashable, Sendable, CaseIterable {
    /// Select opens the scanner menu.
    case `default` = "default"
    /// Select taps after the Auto Tap time unless a second Select opens the menu.
    case autoTap = "auto-tap"
    /// Select taps at once; the menu is reached from a button at the end of each scan cycle.
    case alwaysTap = "always-tap"
}

/// Settings › Switch Control › Focused Item After Tap.
public enum FocusAfterTap: String, Hashable, Sendable, CaseIterable {
    /// Scanning restarts at the first item.
    case firstItem = "first-item"
    /// Scanning resumes at the tapped item.
    case currentItem = "current-item"
}

/// Gliding Cursor selection mode.
public enum GlidingSelection: String, Hashable, Sendable, CaseIterable {
    /// One sweep per axis.
    case single
    /// A second, slower sweep per axis within a band around the first choice (default).
    case refined
    /// Refined plus a third, slower still sweep per axis.
    case precise
}

/// Where Always Tap puts the scanner-menu button.
public enum MenuButtonPlacement: String, Hashable, Sendable, CaseIterable {
    /// At the end of every level's pass (the top level and each group), so
    /// the menu can be reached without leaving a group. Default.
    case eachLevel = "each-level"
    /// No menu button: the menu is reached with a Scanner Menu switch only
    /// (Android Switch Access's auto-select, scanning-models.md V10).
    case none
}

/// Every Switch Control setting, with Apple's documented default where there
/// is one and a documented model choice where there is not
/// (docs/switch-control.md lists each with its source).
///
/// A duration that iOS shows as a toggle plus a time (Pause on First Item,
/// Move Repeat, Long Press, Hold Duration, Ignore Repeat) is an optional
/// `Interval`: nil means off.
public struct SwitchControlSettings: Hashable, Sendable {
    /// The switches. Default: one switch `select` = Select Item.
    public var switches: [SwitchAssignment] = [SwitchAssignment(.select, .selectItem)]
    /// Default Auto Scanning.
    public var scanningStyle: ScanningStyle = .autoScanning
    /// The mode scanning starts in. Default item mode.
    public var mode: ScanMode = .item
    /// Default 1 s.
    public var autoScanningTime: Interval = .seconds(1)
    /// Default off; 0.5 s when turned on.
    public var pauseOnFirstItem: Interval? = nil
    /// Model choice: the first item dwells for the Auto Scanning Time plus the
    /// pause (true, default; Android's T + D0), or for the longer of the two
    /// (false). Either way the first item never dwells less than the others.
    public var pauseOnFirstItemAdds: Bool = true
    /// Model choice: the pause also applies when a loop wraps back to the first item. Default true.
    public var pauseOnFirstItemAfterLoop: Bool = true
    /// Passes over a level before scanning stops; nil means unlimited. Default 4.
    public var loops: Int? = 4
    /// Default off; 0.5 s when turned on.
    public var moveRepeat: Interval? = nil
    /// Default off; 1 s when turned on (model choice: Apple documents no time).
    public var longPress: Interval? = nil
    /// Default `.default` (Select opens the scanner menu).
    public var tapBehavior: TapBehavior = .default
    /// Default 0.75 s.
    public var autoTapTime: Interval = .milliseconds(750)
    /// Default First Item.
    public var focusedItemAfterTap: FocusAfterTap = .firstItem
    /// Default off; 0.1 s when turned on.
    public var holdDuration: Interval? = nil
    /// Default off; 0.1 s when turned on.
    public var ignoreRepeat: Interval? = nil
    /// Default on.
    public var groupItems: Bool = true
    /// Model choice: a level with more members than this is split into rows,
    /// then blocks (the navigation order's `maxGroupSize`). Default 6.
    public var maxGroupSize: Int = 6
    /// Model choice: two members share a row when their vertical extents
    /// overlap by at least this fraction of the shorter height (the
    /// navigation order's `rowOverlap`). Default 0.5.
    public var rowOverlap: Double = 0.5
    /// Default Refined.
    public var glidingCursorSelection: GlidingSelection = .refined
    /// Default 31 (low confidence). Model choice: the coarse line moves at `speed × 4` points per second.
    public var glidingCursorSpeed: Int = 31
    /// Model choice: the refine band is this many points wide, centred on the coarse choice. Default 80.
    public var glidingRefineBand: Double = 80
    /// Single Switch Step Scanning: time without input before the highlighted item is selected. Default 1 s (model choice).
    public var dwellTime: Interval = .seconds(1)
    /// Model choice: manual and step scanning start with the first item
    /// highlighted (true, default) or with nothing highlighted until the first move (false, Android's rule).
    public var startHighlighted: Bool = true
    /// Model choice: while a press is being stabilised (Hold Duration, Long
    /// Press), scanning waits, so the press acts on what was highlighted
    /// when the switch went down (true, default). False lets scanning move on
    /// under a held switch (the press then acts where the highlight is when
    /// it is accepted).
    public var freezeScanWhileHeld: Bool = true
    /// Where Always Tap shows the scanner-menu button. Default each level.
    public var menuButton: MenuButtonPlacement = .eachLevel
    /// Hold times to the ranges Apple's Settings offer (true, default); false
    /// allows any time from 1 ms to 1 hour, for research.
    public var appleRanges: Bool = true

    public init() {}

    // MARK: - Defaults of toggled durations

    /// Pause on First Item when turned on without a time.
    public static let defaultPauseOnFirstItem: Interval = .milliseconds(500)
    /// Move Repeat when turned on without a time.
    public static let defaultMoveRepeat: Interval = .milliseconds(500)
    /// Long Press when turned on without a time.
    public static let defaultLongPress: Interval = .seconds(1)
    /// Hold Duration when turned on without a time.
    public static let defaultHoldDuration: Interval = .milliseconds(100)
    /// Ignore Repeat when turned on without a time.
    public static let defaultIgnoreRepeat: Interval = .milliseconds(100)

    /// The assignment of switch `id`, if configured.
    public func assignment(of id: SwitchID) -> SwitchAssignment? {
        switches.first { $0.switchID == id }
    }

    /// The navigation options Switch Control scans with: the session's,
    /// with Group Items, the group size and the row overlap from these settings.
    public func navigation(_ base: NavigationOptions) -> NavigationOptions {
        var options = base
        options.groupItems = groupItems
        options.maxGroupSize = maxGroupSize
        options.rowOverlap = rowOverlap
        return options
    }

    // MARK: - Scanning rules read by the engine and by ScanBench

    /// The dwell of a highlight under auto scanning. The first item of a
    /// level dwells T + P (or the longer of the two, without
    /// `pauseOnFirstItemAdds`): never less than the others.
    /// - Parameter firstOfLevel: whether the highlight is the first of a level's pass.
    /// - Returns: how long the highlight stays before the scan moves on.
    @inline(__always)
    public func dwell(firstOfLevel: Bool) -> Interval {
        guard firstOfLevel, let p = pauseOnFirstItem else { return autoScanningTime }
        return pauseOnFirstItemAdds ? autoScanningTime + p : max(autoScanningTime, p)
    }

    /// Whether Always Tap's menu button ends each level's pass in `mode`.
    @inline(__always)
    public func showsMenuButton(mode: ScanMode) -> Bool {
        mode == .item && tapBehavior == .alwaysTap && menuButton == .eachLevel
    }

    /// The number of stops in one pass over a level: its members, then the
    /// exit (below the top level), then the menu button (Always Tap).
    /// - Parameters:
    ///   - members: the level's members (elements and nested groups).
    ///   - topLevel: whether the level is the screen's top level (no exit).
    ///   - mode: the scan mode in force.
    @inline(__always)
    public func scanLength(members: Int, topLevel: Bool, mode: ScanMode) -> Int {
        members + (topLevel ? 0 : 1) + (showsMenuButton(mode: mode) ? 1 : 0)
    }

    /// The settings' names as written in files and `set` commands, in documentation order.
    public static let names = [
        "scanning-style", "mode", "switches", "auto-scanning-time", "pause-on-first-item",
        "pause-on-first-item-adds", "pause-on-first-item-after-loop", "loops", "move-repeat",
        "long-press", "tap-behavior", "auto-tap-time", "focused-item-after-tap", "hold-duration",
        "ignore-repeat", "group-items", "max-group-size", "row-overlap", "gliding-cursor-selection",
        "gliding-cursor-speed", "gliding-refine-band", "dwell-time", "start-highlighted",
        "freeze-scan-while-held", "menu-button", "apple-ranges",
    ]
}
