#if canImport(Glibc)
import Glibc
#endif

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
    public func index(of name: String) -> Int? {
        var name = name
        return name.withUTF8 { index(ofUTF8: UnsafeRawPointer($0.baseAddress), count: $0.count) }
    }

    /// The index of the name a decoder spells as a literal (`fields["x"]`),
    /// compared as bytes, with no `String` made or compared.
    public func index(of name: StaticString) -> Int? {
        index(ofUTF8: UnsafeRawPointer(name.utf8Start), count: name.utf8CodeUnitCount)
    }

    /// The index of the name whose UTF-8 is the `count` bytes at `bytes`:
    /// the names of that length only, their first byte before the rest.
    @inline(__always)
    func index(ofUTF8 bytes: UnsafeRawPointer?, count: Int) -> Int? {
        utf8.withUnsafeBytes { all in
            guard let bytes, count > 0 else { return ranges.firstIndex { $0.isEmpty } }
            let first = bytes.load(as: UInt8.self)
            for (k, range) in ranges.enumerated() where range.count == count && all[range.lowerBound] == first {
                if memcmp(all.baseAddress! + range.lowerBound, bytes, count) == 0 { return k }
            }
            return nil
        }
    }
}
