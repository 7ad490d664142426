/// Eight bytes of a buffer at a time, as one 64-bit word: the bit tricks
/// that find a byte of interest in a word without a loop over its bytes
/// (the JSON reader's string runs, the JSON writer's clean-string check).
/// In each result a byte's high bit is set when the byte matches; above the
/// lowest match a byte may be flagged falsely (a borrow), so a caller takes
/// the lowest match (`trailingZeroBitCount / 8`) or goes on byte by byte.
enum ByteWords {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let high: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `base + offset`, the first in the lowest bits.
    @inline(__always)
    static func load(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    /// The high bits of the bytes of `w` equal to `byte` (zero after XOR:
    /// `(v - 0x01…) & ~v`).
    @inline(__always)
    static func equal(_ w: UInt64, _ byte: UInt8) -> UInt64 {
        let v = w ^ (ones &* UInt64(byte))
        return (v &- ones) & ~v & high
    }

    /// The high bits of the bytes of `w` below `limit` (at most 0x80).
    @inline(__always)
    static func below(_ w: UInt64, _ limit: UInt8) -> UInt64 {
        (w &- ones &* UInt64(limit)) & ~w & high
    }

    /// Whether no byte of `utf8` is `special`: eight bytes at a time while
    /// `flagged` finds nothing in a word (it may flag more than `special`,
    /// such as every byte from 0x80, but never a space), then, from the
    /// first flagged word, byte by byte. The last few bytes are one word
    /// too (the last eight, or the whole text filled up with spaces): a
    /// short name is one check, not a loop.
    @inline(__always)
    static func none(of utf8: UnsafeBufferPointer<UInt8>, flagged: (UInt64) -> UInt64, special: (UInt8) -> Bool) -> Bool {
        var k = 0
        let n = utf8.count
        if let base = utf8.baseAddress {
            while k + 8 <= n && flagged(load(base, k)) == 0 { k += 8 }
            if k < n && n - k < 8 {
                // The last eight bytes, overlapping ones already checked;
                // a text shorter than a word, filled up with spaces.
                var last = ones &* 0x20
                if n >= 8 {
                    last = load(base, n - 8)
                } else {
                    for j in 0..<n {
                        let shift = UInt64(8 * j)
                        last = last & ~(0xFF << shift) | UInt64(base[j]) << shift
                    }
                }
                if flagged(last) == 0 { return true }
            }
        }
        while k < n {
            if special(utf8[k]) { return false }
            k += 1
        }
        return true
    }
}
