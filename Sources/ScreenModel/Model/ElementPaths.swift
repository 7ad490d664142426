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
        // Read field by field: binding each element would copy (retain)
        // every string and array it holds.
        var positions = [Int](repeating: 0, count: screen.elements.count)
        for i in screen.elements.indices {
            for (k, c) in screen.elements[i].children.enumerated() { positions[c] = k }
        }
        self.positions = positions
        parents = screen.elements.indices.map { screen.elements[$0].parent }
    }

    /// The path of `i`, the same text as `Screen.path(of:)`.
    /// - Parameter i: an element of the screen.
    /// - Returns: e.g. `root/children[2]/children[0]`.
    public func path(of i: ElementIndex) -> String {
        var out = ByteBuffer(capacity: 64)
        append(pathOf: i, to: &out)
        return out.text
    }

    /// Appends the path of `i` to `out` (a report's bytes), making no
    /// `String` and no array: its length is measured going up from `i` to
    /// the root, then its text written going up again, from its end.
    func append(pathOf i: ElementIndex, to out: inout ByteBuffer) {
        let step = "/children[]".utf8.count
        var length = 4  // "root"
        var c = i
        while let p = parents[c] {
            length += step + DecimalText.digits(UInt64(positions[c]))
            c = p
        }
        guard out.reserve(length) else { return }
        let start = out.base + out.count
        var end = start + length
        c = i
        while let p = parents[c] {
            end -= 1
            end[0] = UInt8(ascii: "]")
            let digits = DecimalText.digits(UInt64(positions[c]))
            end -= digits
            _ = DecimalText.write(Int64(positions[c]), to: end)
            end -= step - 1
            end.update(from: ("/children[" as StaticString).utf8Start, count: step - 1)
            c = p
        }
        start.update(from: ("root" as StaticString).utf8Start, count: 4)
        out.count += length
    }
}
