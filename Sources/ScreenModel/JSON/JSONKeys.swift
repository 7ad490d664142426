#if canImport(Glibc)
import Glibc
#endif

/// A fixed list of member names, kept as UTF-8 bytes, so that a decoder can
/// tell which one a key on the tape spells without making a `String` per
/// key (`JSONDocument.index(of:in:)`).
///
/// A class: a decoder's `Fields` holds its list for every object it reads,
/// and a reference is one retain where a struct of three arrays was three.
public final class JSONKeys: Sendable {
    /// The names, in the order given; a key's index is its place here.
    public let names: [String]
    /// Every name's bytes, one after another.
    let utf8: [UInt8]
    /// `lengths` entries, then one per name. Entry `n` below `lengths`: the
    /// names `n` bytes long, one bit per name (bit k: name k), so that a key
    /// is compared with those names only. Entry `lengths + k`: where name
    /// k's bytes start in `utf8`. (One array, not two: a lookup retains it
    /// once.)
    let table: [UInt64]
    /// The number of length entries at the head of `table`: one more than
    /// the longest name's byte count.
    let lengths: Int

    /// - Parameter names: the names a decoder knows, at most 64.
    public init(_ names: [String]) {
        precondition(names.count <= 64, "a JSONKeys list keeps which keys it has seen in 64 bits")
        self.names = names
        var utf8: [UInt8] = []
        var starts: [UInt64] = []
        var byLength: [UInt64] = []
        for (k, name) in names.enumerated() {
            starts.append(UInt64(utf8.count))
            utf8.append(contentsOf: name.utf8)
            let length = utf8.count - Int(starts[k])
            while byLength.count <= length { byLength.append(0) }
            byLength[length] |= 1 << UInt64(k)
        }
        self.utf8 = utf8
        self.table = byLength + starts
        self.lengths = byLength.count
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
    /// the names of that length only (the first in the list when two are
    /// the same), their first byte before the rest.
    @inline(__always)
    func index(ofUTF8 bytes: UnsafeRawPointer?, count: Int) -> Int? {
        var candidates = count >= 0 && count < lengths ? table[count] : 0
        guard candidates != 0 else { return nil }
        if count == 0 { return candidates.trailingZeroBitCount }
        guard let bytes else { return nil }
        return utf8.withUnsafeBytes { all in
            let first = bytes.load(as: UInt8.self)
            while candidates != 0 {
                let k = candidates.trailingZeroBitCount
                candidates &= candidates &- 1
                let start = Int(table[lengths + k])
                if all[start] == first && memcmp(all.baseAddress! + start, bytes, count) == 0 { return k }
            }
            return nil
        }
    }
}
