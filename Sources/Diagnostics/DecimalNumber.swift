/// A number as a person writes it on a command line: decimal digits, with
/// an optional sign, point and exponent (`15`, `0.25`, `-1`, `.5`, `2e-3`).
///
/// Swift's `Double(String)` also reads hexadecimal floats (`0x1p3` is 8),
/// `inf`, `infinity` and `nan`, which nobody means as a number of seconds
/// or a scale; this is the one rule for every number read from a command
/// line, checked before it becomes a value.
public enum DecimalNumber {
    /// The value of `text`, or nil when it is not a decimal number (or is
    /// too large to be finite).
    /// - Parameter text: the number as written.
    public static func parse(_ text: some StringProtocol) -> Double? {
        guard isDecimal(text.utf8), let v = Double(String(text)), v.isFinite else { return nil }
        return v
    }

    /// The value of `text` when it is a whole decimal number (`12`, `-3`,
    /// `+4`) that fits an `Int`; nil otherwise (`1.5`, `0x10`, `1e3`).
    /// - Parameter text: the number as written.
    public static func whole(_ text: some StringProtocol) -> Int? {
        var digits = Substring(text)
        if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(String(text))
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`.
    private static func isDecimal(_ bytes: some Collection<UInt8>) -> Bool {
        var i = bytes.startIndex
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        func digits() -> Int {
            var n = 0
            while i != bytes.endIndex, isDigit(bytes[i]) { i = bytes.index(after: i); n += 1 }
            return n
        }
        func skip(_ c: Character) -> Bool {
            guard i != bytes.endIndex, bytes[i] == c.asciiValue! else { return false }
            i = bytes.index(after: i)
            return true
        }
        if !skip("+") { _ = skip("-") }
        var mantissa = digits()
        if skip(".") { mantissa += digits() }
        guard mantissa > 0 else { return false }
        if skip("e") || skip("E") {
            if !skip("+") { _ = skip("-") }
            guard digits() > 0 else { return false }
        }
        return i == bytes.endIndex
    }
}
