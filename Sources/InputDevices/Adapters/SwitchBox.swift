import SwitchyardEngine

/// The switches the inputs the tool ships press: the terminal as a switch
/// box (Space = `select`, Enter or `n` = `next`, `p` = `previous`,
/// `TerminalKeyboardAdapter.actions(for:)`) and the shipped device profiles
/// (`Devices/profiles`: switch interfaces and controllers map buttons to the
/// same three).
///
/// Apple's default Switch Control settings assign one switch, `select`
/// (docs/switch-control.md); a box with three switches would then leave two
/// doing nothing (`ignored next down (unassignedSwitch)`), where the README
/// and docs/hardware.md promise Enter = next. So a live session given no
/// Switch Control settings file (`live`, `replay`) assigns all three, with
/// Apple's defaults otherwise (auto scanning: Move to Next Item moves the
/// highlight at once, and scanning goes on from there).
public enum SwitchBox {
    /// The box's switches and the action each has by default.
    public static let switches: [SwitchAssignment] = [
        SwitchAssignment(.select, .selectItem),
        SwitchAssignment(.next, .moveToNextItem),
        SwitchAssignment(.previous, .moveToPreviousItem),
    ]

    /// Switch Control's settings for a live session given no settings file:
    /// Apple's defaults, with every switch of the box assigned.
    public static var settings: SwitchControlSettings {
        var s = SwitchControlSettings()
        s.switches = switches
        return s
    }
}
