/// A gesture Voice Control performs on an element or a point besides a tap
/// ("double tap …", "long press …"). The screen model has no handlers for
/// them (its effects run on activation), so they change nothing in the app;
/// the event records where they landed.
public enum Gesture: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case doubleTap = "double-tap"
    case longPress = "long-press"

    /// `double tap`, `long press`.
    public var description: String {
        switch self {
        case .doubleTap: return "double tap"
        case .longPress: return "long press"
        }
    }
}

/// Why Voice Control did not act on an utterance. Voice Control listens
/// for the commands that apply now — its grammar holds the names and numbers
/// on screen — so a phrase that names nothing here, or a command with
/// nothing to act on, is not understood; it never guesses.
public enum NotUnderstoodReason: String, Hashable, Sendable, CaseIterable {
    /// No command matches, and the words alone name nothing on screen.
    case unknownCommand
    /// A command's item names no visible target.
    case unknownName
    /// A number no badge or grid cell shows.
    case unknownNumber
    /// A known command with nothing to act on here (nothing to scroll that
    /// way, nothing to go back to, a target that is not adjustable, an
    /// overlay that is not shown, a grid size out of range).
    case notApplicable
}
