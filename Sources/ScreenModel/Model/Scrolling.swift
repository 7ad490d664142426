/// A direction to scroll a scrollable element, named after what the user
/// asks for: "scroll down" reveals what is below, so the content moves up
/// and the content offset's `y` grows (as VoiceOver's three-finger swipe up,
/// Switch Control's Scroll Down and Voice Control's "scroll down" do).
public enum ScrollDirection: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case up, down, left, right

    /// `up`, `down`, `left`, `right`.
    public var description: String { rawValue }
}

/// The content offsets a scrollable element can take: from `minimum` to
/// `maximum` on each axis. Both include (0, 0), where the model's frames put
/// the content.
public struct ScrollRange: Hashable, Sendable, CustomStringConvertible {
    public var minimum: Point
    public var maximum: Point

    public init(minimum: Point, maximum: Point) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// `x 0…0, y 0…196`.
    public var description: String {
        "x \(Point.format(minimum.x))…\(Point.format(maximum.x)), y \(Point.format(minimum.y))…\(Point.format(maximum.y))"
    }

    /// Whether `offset` lies in the range on both axes.
    public func contains(_ offset: Point) -> Bool {
        offset.x >= minimum.x && offset.x <= maximum.x && offset.y >= minimum.y && offset.y <= maximum.y
    }
}

// MARK: - API

extension Screen {
    /// The nearest scrollable element that holds `i`, or `i` itself when it
    /// scrolls: what "scroll" acts on when `i` is highlighted.
    /// - Parameter i: any element of the screen.
    /// - Returns: the scrollable ancestor-or-self, or nil when nothing around
    ///   `i` scrolls.
    public func scrollContainer(of i: ElementIndex) -> ElementIndex? {
        var c: ElementIndex? = i
        while let k = c {
            if elements[k].scrollable { return k }
            c = elements[k].parent
        }
        return nil
    }

    /// The content offsets `container` can take, so that its content never
    /// scrolls past its ends.
    ///
    /// The viewport is the container's frame; the content is the union of
    /// the frames of its descendants that are not hidden (a nested
    /// scrollable counts with its own frame, not its content), where they
    /// are at offset (0, 0). On each axis the offset may go from the
    /// content's start minus the viewport's start (when the content starts
    /// before the viewport, as in a capture taken after scrolling down) to
    /// the content's end minus the viewport's end (when it ends after), and
    /// always includes 0. A frameless scrollable's frame is its content, so
    /// it cannot scroll.
    /// - Parameter container: a scrollable element.
    /// - Returns: the range; (0, 0)…(0, 0) when `container` does not scroll.
    public func scrollRange(of container: ElementIndex) -> ScrollRange {
        let e = elements[container]
        guard e.scrollable, let content = contentExtent(of: container) else {
            return ScrollRange(minimum: .zero, maximum: .zero)
        }
        // Descendants' frames are moved by the current offset; add it back.
        let c = content.offsetBy(dx: e.contentOffset.x, dy: e.contentOffset.y)
        let v = frames[container]
        return ScrollRange(
            minimum: Point(x: min(0, c.minX - v.minX), y: min(0, c.minY - v.minY)),
            maximum: Point(x: max(0, c.maxX - v.maxX), y: max(0, c.maxY - v.maxY)))
    }

    /// The directions in which `container`'s content extends beyond its
    /// viewport, in the order up, down, left, right: what a Scroll menu
    /// offers.
    /// - Parameter container: a scrollable element.
    /// - Returns: the directions it can scroll now; empty when it does not
    ///   scroll or its content fits.
    public func scrollDirections(of container: ElementIndex) -> [ScrollDirection] {
        let range = scrollRange(of: container)
        let o = elements[container].contentOffset
        return ScrollDirection.allCases.filter { direction in
            switch direction {
            case .up: return o.y > range.minimum.y
            case .down: return o.y < range.maximum.y
            case .left: return o.x > range.minimum.x
            case .right: return o.x < range.maximum.x
            }
        }
    }

    /// `container`'s content offset after scrolling one page in `direction`:
    /// a page is the viewport's height (up, down) or width (left, right),
    /// and the move stops at the content's end, so the last page shows the
    /// end of the content at the viewport's edge. An offset already beyond
    /// the range does not move backwards.
    /// - Parameters:
    ///   - container: a scrollable element.
    ///   - direction: where the user wants to look.
    /// - Returns: the new offset; the current one when `container` cannot
    ///   scroll that way. Set it on the element table
    ///   (`elements[container].contentOffset`) and rebuild the screen.
    public func contentOffset(of container: ElementIndex, afterScrolling direction: ScrollDirection) -> Point {
        var o = elements[container].contentOffset
        guard scrollDirections(of: container).contains(direction) else { return o }
        let range = scrollRange(of: container)
        let page = frames[container]
        switch direction {
        case .down: o.y = max(o.y, min(o.y + page.height, range.maximum.y))
        case .up: o.y = min(o.y, max(o.y - page.height, range.minimum.y))
        case .right: o.x = max(o.x, min(o.x + page.width, range.maximum.x))
        case .left: o.x = min(o.x, max(o.x - page.width, range.minimum.x))
        }
        return o
    }

    /// The screen after scrolling `container` one page in `direction`
    /// (`contentOffset(of:afterScrolling:)`): frames, visibility and so the
    /// navigation order follow.
    /// - Parameters:
    ///   - container: a scrollable element.
    ///   - direction: where the user wants to look.
    /// - Returns: the scrolled screen; an equal screen when `container`
    ///   cannot scroll that way.
    public func scrolled(_ container: ElementIndex, _ direction: ScrollDirection) -> Screen {
        var table = elements
        table[container].contentOffset = contentOffset(of: container, afterScrolling: direction)
        return Screen(name: name, title: title, size: size, layoutDirection: layoutDirection, elements: table)
    }

    /// The union of the frames (as shown now) of `container`'s descendants
    /// that have a frame of their own or scroll, skipping hidden subtrees
    /// and the content of nested scrollables; nil when there is none.
    func contentExtent(of container: ElementIndex) -> Rect? {
        var extent: Rect? = nil
        var stack = elements[container].children
        while let k = stack.popLast() {
            let e = elements[k]
            if e.hidden { continue }
            if e.frame != nil || e.scrollable { extent = extent.map { $0.union(frames[k]) } ?? frames[k] }
            if !e.scrollable { stack.append(contentsOf: e.children) }
        }
        return extent
    }
}
