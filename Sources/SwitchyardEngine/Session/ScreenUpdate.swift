import ScreenModel

/// A new picture of the screen showing, from an app that runs outside the
/// session: a desktop app read over AT-SPI changed (a toggle went on, a
/// notebook page switched, a dialog opened), and its accessibility tree was
/// read again (`Input.screenReplaced`).
///
/// The session does not know how the app works; the update says which
/// element of the new screen continues which element of the old one (the
/// same widget), so each technology keeps its place the way it does after a
/// tap: Switch Control's cursor stays on the item it was on (Focused Item
/// After Tap), Full Keyboard Access keeps its focus, Voice Control renumbers.
/// A screen with another name is another screen: technologies begin again,
/// or, when `focus` is given (a modal dialog closed), go back to the
/// element that opened it, as after a sheet's dismissal.
public struct ScreenUpdate: Hashable, Sendable {
    /// The screen as it shows now.
    public var screen: Screen
    /// For each element of the screen it replaces (by index), the index of
    /// the same element in `screen`, or nil when it is gone. Elements past
    /// the end count as gone.
    public var moved: [ElementIndex?]
    /// Where focus returns, on `screen`, when a modal that was showing has
    /// gone: the element that opened it.
    public var focus: ElementIndex?

    public init(screen: Screen, moved: [ElementIndex?], focus: ElementIndex? = nil) {
        self.screen = screen
        self.moved = moved
        self.focus = focus
    }

    /// The index in `screen` of element `k` of the replaced screen, if it is still there.
    public func newIndex(of k: ElementIndex) -> ElementIndex? {
        guard moved.indices.contains(k), let n = moved[k], screen.elements.indices.contains(n) else { return nil }
        return n
    }
}
