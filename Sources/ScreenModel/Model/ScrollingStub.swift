// TEMPORARY: stands in for the scrolling model until it lands (branch `screens`).
/// A direction content can scroll in.
public enum ScrollDirection: String, CaseIterable, Hashable, Sendable {
    case up, down, left, right
}

extension Screen {
    /// The nearest scrollable ancestor-or-self of `k`.
    public func scrollContainer(of k: ElementIndex) -> ElementIndex? {
        var c: ElementIndex? = k
        while let e = c {
            if elements[e].scrollable { return e }
            c = elements[e].parent
        }
        return nil
    }

    /// The directions `container` can scroll in.
    public func scrollDirections(of container: ElementIndex) -> [ScrollDirection] { [] }

    /// The screen with `container` scrolled one page towards `direction`.
    public func scrolled(_ container: ElementIndex, _ direction: ScrollDirection) -> Screen { self }
}
