/// A fixed list of member names, kept as UTF-8 bytes, so that a decoder can
/// tell which one a key on the tape spells without making a `String` per
/// key (`JSONDocument.index(of:in:)`).
public struct JSONKeys: Sendable {
    /// The names, in the order given; a key's index is its place here.
    public let names: [String]
    /// Every name's bytes, one after another.
    let utf8: [UInt8]
    /// Each name's bytes in `utf8`.
    let ranges: [Range<Int>]

    /// - Parameter names: the names a decoder knows, at most 64.
    public init(_ names: [String]) {
        precondition(names.count <= 64, "a JSONKeys list keeps which keys it has seen in 64 bits")
        self.names = names
        var utf8: [UInt8] = []
        var ranges: [Range<Int>] = []
        for name in names {
            let start = utf8.count
            utf8.append(contentsOf: name.utf8)
            ranges.append(start..<utf8.count)
        }
        self.utf8 = utf8
        self.ranges = ranges
    }

    /// The index of `name`, or nil when it is not in the list.
    public func index(of name: String) -> Int? { names.firstIndex(of: name) }
}
