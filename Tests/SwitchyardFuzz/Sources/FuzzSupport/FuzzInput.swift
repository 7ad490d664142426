/// Reads typed choices from a fuzz input, front to back, for the
/// structure-aware targets. Past the end every read returns its smallest
/// value, so any input (the empty one too) makes a complete, valid structure.
public struct FuzzInput {
    let bytes: [UInt8]
    var k = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// True once every byte has been read.
    public var isExhausted: Bool { k >= bytes.count }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard k < bytes.count else { return 0 }
        defer { k += 1 }
        return bytes[k]
    }

    /// A number in `range`, from one or two bytes.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = range.upperBound - range.lowerBound
        precondition(span >= 0 && span < 65_536, "fuzz ranges span at most 65536 values")
        let raw = span < 256 ? Int(byte()) : Int(byte()) << 8 | Int(byte())
        return range.lowerBound + raw % (span + 1)
    }

    /// True with about the given chance out of 256.
    public mutating func chance(_ outOf256: Int) -> Bool { Int(byte()) < outOf256 }

    /// One of `choices` (not empty).
    public mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }
}
