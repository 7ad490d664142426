/// The paths of a screen's elements (`root/children[2]/children[0]`) for a
/// report that writes many of them.
///
/// `Screen.path(of:)` searches each parent's children for the position of
/// the next (O(depth × siblings)), which is right for one error message
/// and quadratic for a report of every stop of a flat screen. This table
/// finds every element's position among its siblings once, in one pass
/// over the element table; a path then costs its own length.
public struct ElementPaths: Sendable {
    /// Per element: its position among its parent's children (0 for the root).
    public let positions: [Int]
    private let parents: [ElementIndex?]

    /// Reads every element's position among its siblings, in one pass.
    /// - Parameter screen: the screen whose paths are asked for.
    public init(_ screen: Screen) {
        var positions = [Int](repeating: 0, count: screen.elements.count)
        for e in screen.elements {
            for (k, c) in e.children.enumerated() { positions[c] = k }
        }
        self.positions = positions
        parents = screen.elements.map(\.parent)
    }

    /// The path of `i`, the same text as `Screen.path(of:)`.
    /// - Parameter i: an element of the screen.
    /// - Returns: e.g. `root/children[2]/children[0]`.
    public func path(of i: ElementIndex) -> String {
        var parts: [Int] = []
        var c = i
        while let p = parents[c] {
            parts.append(positions[c])
            c = p
        }
        var out = "root"
        for k in parts.reversed() {
            out += "/children["
            out += String(k)
            out += "]"
        }
        return out
    }
}
