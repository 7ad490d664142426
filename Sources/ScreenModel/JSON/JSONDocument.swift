import Foundation
import Diagnostics

/// A parsed JSON text stored as a flat tape of nodes, never as nested values.
///
/// Screen models can be deep (a tree 100,000 levels deep must load) and large
/// (a million elements), so nothing here recurses: the parser keeps its own
/// stack, and containers are skipped in O(1) through `Node.next`. Each node
/// remembers its byte offset so errors can name line and column.
public struct JSONDocument: Sendable {
    /// What a node holds.
    public enum Kind: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object

        /// The name used in error messages: "a string", "an object".
        public var noun: String {
            switch self {
            case .null: return "null"
            case .false, .true: return "a boolean"
            case .number: return "a number"
            case .string: return "a string"
            case .array: return "an array"
            case .object: return "an object"
            }
        }
    }

    /// One value on the tape. An object's children alternate key (a string
    /// node) and value; an array's children are its elements.
    public struct Node: Sendable {
        public var kind: Kind
        /// Byte offset of the value's first character in the text.
        public var offset: UInt32
        /// Index of the first node after this value (and its children).
        public var next: UInt32
        /// A string's length in bytes between its quotes as written, or, when
        /// it has escapes, `JSONDocument.escapedFlag` | its index in the
        /// decoded strings; a number's index in `numbers`; a container's
        /// child count.
        public var payload: UInt32
    }

    public internal(set) var nodes: [Node] = []
    /// The strings written with escapes, decoded. A string without escapes
    /// is read from the text when asked for (`string(_:)`), so parsing makes
    /// no `String` at all for most strings, keys included.
    var escapedStrings: [String] = []
    public internal(set) var numbers: [Double] = []

    /// Set in a string node's payload when the string is in `escapedStrings`
    /// (texts are at most `Limits.maximumFileBytes`, far below this bit).
    static let escapedFlag: UInt32 = 1 << 31
    /// The text, kept to turn offsets into line and column.
    public let text: [UInt8]

    /// Index of the root value.
    public var root: Int { 0 }

    /// Parses `bytes` as one JSON value (RFC 8259).
    /// - Parameters:
    ///   - bytes: the text.
    ///   - file: the file name errors carry, when known.
    /// - Throws: `JSONSyntaxError` with the line and column of the first
    ///   problem; at 1:1 for a text over `Limits.maximumFileBytes` (node
    ///   offsets are 32-bit).
    public init(bytes: [UInt8], file: String? = nil) throws(JSONSyntaxError) {
        guard bytes.count <= Limits.maximumFileBytes else {
            throw JSONSyntaxError(file: file, line: 1, column: 1, message: "the text is \(bytes.count) bytes, over the limit of \(Limits.describe(bytes: Limits.maximumFileBytes))")
        }
        text = bytes
        // The parser reads through a buffer pointer: an array subscript per
        // byte costs a retain, a release and a bounds check in debug builds.
        do {
            try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
                var parser = JSONParser(bytes: buffer)
                try parser.parse(into: &self)
            }
        } catch {
            var located = error
            located.file = file
            throw located
        }
    }

    // MARK: - Reading

    public func kind(_ i: Int) -> Kind { nodes[i].kind }

    public func string(_ i: Int) -> String? {
        let node = nodes[i]
        guard node.kind == .string else { return nil }
        if node.payload & Self.escapedFlag != 0 { return escapedStrings[Int(node.payload & ~Self.escapedFlag)] }
        let start = Int(node.offset) + 1
        return text.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<(start + Int(node.payload))]), as: UTF8.self) }
    }

    /// Whether the string at node `i` is `name`, compared as bytes without
    /// making a `String` (a string written with escapes is decoded first).
    /// - Parameters:
    ///   - i: a node; false when it is not a string.
    ///   - name: the UTF-8 bytes of the name.
    public func string(_ i: Int, equals name: UnsafeBufferPointer<UInt8>) -> Bool {
        let node = nodes[i]
        guard node.kind == .string else { return false }
        if node.payload & Self.escapedFlag != 0 {
            return escapedStrings[Int(node.payload & ~Self.escapedFlag)].utf8.elementsEqual(name)
        }
        guard Int(node.payload) == name.count else { return false }
        let start = Int(node.offset) + 1
        return text.withUnsafeBufferPointer { t in
            name.count == 0 || memcmp(t.baseAddress! + start, name.baseAddress!, name.count) == 0
        }
    }

    /// The index in `keys` of the name the string at node `i` spells (an
    /// object's member name), or nil when it is none of them.
    public func index(of i: Int, in keys: JSONKeys) -> Int? {
        keys.utf8.withUnsafeBufferPointer { all in
            for (k, range) in keys.ranges.enumerated() where string(i, equals: UnsafeBufferPointer(rebasing: all[range])) { return k }
            return nil
        }
    }

    /// The value node of the first member of object `i` named `name`.
    public func member(_ i: Int, named name: String) -> Int? {
        precondition(nodes[i].kind == .object)
        var name = name
        return name.withUTF8 { bytes in
            for (key, value) in memberNodes(i) where string(key, equals: bytes) { return value }
            return nil
        }
    }

    /// The (key node, value node) members of object `i`, in text order,
    /// without an array.
    public func memberNodes(_ i: Int) -> MemberNodes {
        precondition(nodes[i].kind == .object)
        return MemberNodes(nodes: nodes, cursor: i + 1, end: Int(nodes[i].next))
    }

    /// The element nodes of array `i`, in text order, without an array.
    public func elementNodes(_ i: Int) -> ElementNodes {
        precondition(nodes[i].kind == .array)
        return ElementNodes(nodes: nodes, cursor: i + 1, end: Int(nodes[i].next))
    }

    /// An object's members on the tape: (key node, value node) pairs.
    public struct MemberNodes: Sequence, IteratorProtocol {
        let nodes: [Node]
        var cursor: Int
        let end: Int
        public mutating func next() -> (key: Int, value: Int)? {
            guard cursor < end else { return nil }
            let key = cursor
            cursor = Int(nodes[key + 1].next)
            return (key, key + 1)
        }
    }

    /// An array's elements on the tape.
    public struct ElementNodes: Sequence, IteratorProtocol {
        let nodes: [Node]
        var cursor: Int
        let end: Int
        public mutating func next() -> Int? {
            guard cursor < end else { return nil }
            let element = cursor
            cursor = Int(nodes[element].next)
            return element
        }
    }

    public func number(_ i: Int) -> Double? {
        nodes[i].kind == .number ? numbers[Int(nodes[i].payload)] : nil
    }

    /// The number at node `i` as the text writes it (`1e13`, `-0.50`), for
    /// error messages that quote a value as written; nil for other kinds.
    public func numberText(_ i: Int) -> String? {
        guard nodes[i].kind == .number else { return nil }
        let start = Int(nodes[i].offset)
        var end = start
        while end < text.count, Self.numberBytes.contains(text[end]) { end += 1 }
        return String(decoding: text[start..<end], as: UTF8.self)
    }

    /// The bytes a JSON number is written with: `-+.eE0-9`.
    private static let numberBytes: Set<UInt8> = Set(Array("-+.eE0123456789".utf8))

    public func bool(_ i: Int) -> Bool? {
        switch nodes[i].kind {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    /// The element indices of the array at `i`.
    public func elements(_ i: Int) -> [Int] {
        precondition(nodes[i].kind == .array)
        var out: [Int] = []
        out.reserveCapacity(Int(nodes[i].payload))
        var c = i + 1
        let end = Int(nodes[i].next)
        while c < end {
            out.append(c)
            c = Int(nodes[c].next)
        }
        return out
    }

    /// The (key, value index) members of the object at `i`, in text order.
    public func members(_ i: Int) -> [(key: String, value: Int)] {
        precondition(nodes[i].kind == .object)
        var out: [(key: String, value: Int)] = []
        out.reserveCapacity(Int(nodes[i].payload))
        var c = i + 1
        let end = Int(nodes[i].next)
        while c < end {
            let key = string(c)!
            let value = c + 1
            out.append((key, value))
            c = Int(nodes[value].next)
        }
        return out
    }

    /// Line and column (both from 1, column in characters) of node `i`.
    public func position(of i: Int) -> (line: Int, column: Int) {
        text.withUnsafeBufferPointer { Self.position(ofOffset: Int(nodes[i].offset), in: $0) }
    }

    /// Line and column of each of `nodes`, as `position(of:)` gives them,
    /// in one pass over the text (for a report that locates many nodes).
    /// - Parameter nodes: node indices, in any order.
    /// - Returns: one position per node, in the order given.
    public func positions(of nodes: [Int]) -> [(line: Int, column: Int)] {
        let order = nodes.indices.sorted { self.nodes[nodes[$0]].offset < self.nodes[nodes[$1]].offset }
        let found = text.withUnsafeBufferPointer { Self.positions(ofSortedOffsets: order.map { Int(self.nodes[nodes[$0]].offset) }, in: $0) }
        var out = [(line: Int, column: Int)](repeating: (1, 1), count: nodes.count)
        for (i, p) in zip(order, found) { out[i] = p }
        return out
    }

    static func position(ofOffset offset: Int, in text: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        positions(ofSortedOffsets: [offset], in: text)[0]
    }

    /// Line and column of each byte offset, ascending, in one sweep.
    static func positions(ofSortedOffsets offsets: [Int], in text: UnsafeBufferPointer<UInt8>) -> [(line: Int, column: Int)] {
        var out: [(line: Int, column: Int)] = []
        out.reserveCapacity(offsets.count)
        var line = 1
        var column = 1
        // A byte order mark is not a character of the first line.
        var k = text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF ? 3 : 0
        for offset in offsets {
            let end = min(offset, text.count)
            while k < end {
                let b = text[k]
                if b == 0x0A {
                    line += 1
                    column = 1
                } else if b & 0xC0 != 0x80 {
                    column += 1
                }
                k += 1
            }
            out.append((line, column))
        }
        return out
    }
}

/// A JSON text that does not parse: where, and what was expected.
/// Rendered `file:3:9: error: unterminated string` (`<json>` stands in for
/// a text that has no file name).
public struct JSONSyntaxError: DiagnosticError, Equatable, Sendable {
    /// The file, when the caller named it (`JSONDocument(bytes:file:)`).
    public var file: String?
    public var line: Int
    public var column: Int
    /// What is wrong and what was expected, without location or severity.
    public var message: String

    /// - Parameters:
    ///   - file: the file, when known.
    ///   - line: 1-based line.
    ///   - column: 1-based column, in characters.
    ///   - message: what is wrong and what was expected.
    public init(file: String? = nil, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var diagnostics: [Diagnostic] {
        [Diagnostic(.error, message, at: SourceLocation(file: file ?? "<json>", line: line, column: column))]
    }
}

// MARK: - Parser

/// An iterative recursive-descent JSON parser writing a `JSONDocument` tape.
struct JSONParser {
    /// Valid only during `JSONDocument.init`.
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    /// The tape being written, moved into the document at the end (the
    /// parser's own arrays, not the document's through an `inout`).
    var nodes: [JSONDocument.Node] = []
    var numbers: [Double] = []
    var escapedStrings: [String] = []

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let p = JSONDocument.position(ofOffset: offset ?? i, in: bytes)
        return JSONSyntaxError(line: p.line, column: p.column, message: message)
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return
            }
        }
    }

    private func describeHere() -> String {
        if i >= bytes.count { return "end of file" }
        let b = bytes[i]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return String(format: "byte 0x%02X", b)
    }

    /// One open container on the parser's own stack.
    private struct Frame {
        var node: Int
        var isObject: Bool
        var count: UInt32
        var awaitingFirst: Bool
    }

    mutating func parse(into doc: inout JSONDocument) throws(JSONSyntaxError) {
        if bytes.count >= UInt32.max { throw fail("file too large (4 GiB limit)", at: 0) }
        // Skip a UTF-8 byte order mark.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
        // Room for the nodes up front: growing the tape by doubling copied
        // it and faulted in fresh pages each time. Screen models run 6 to 7
        // bytes a node; denser texts still grow as before.
        nodes.reserveCapacity(bytes.count / 6 + 16)
        var stack: [Frame] = []
        skipWhitespace()
        try parseValueStart(&stack)
        while !stack.isEmpty {
            skipWhitespace()
            let top = stack.count - 1
            if stack[top].awaitingFirst {
                // The container was just opened and is not empty.
                stack[top].awaitingFirst = false
            } else {
                guard i < bytes.count else {
                    throw fail(stack[top].isObject ? "unterminated object: expected ',' or '}'" : "unterminated array: expected ',' or ']'")
                }
                let b = bytes[i]
                let close: UInt8 = stack[top].isObject ? 0x7D : 0x5D
                if b == close {
                    i += 1
                    let frame = stack.removeLast()
                    nodes[frame.node].next = UInt32(nodes.count)
                    nodes[frame.node].payload = frame.count
                    continue
                }
                guard b == 0x2C else {
                    throw fail("expected ',' or '\(Character(Unicode.Scalar(close)))', found \(describeHere())")
                }
                i += 1
                skipWhitespace()
            }
            if stack[top].isObject {
                try parseKey()
            }
            stack[top].count += 1
            try parseValueStart(&stack)
        }
        skipWhitespace()
        if i < bytes.count { throw fail("unexpected \(describeHere()) after the end of the document") }
        doc.nodes = nodes
        doc.numbers = numbers
        doc.escapedStrings = escapedStrings
    }

    private mutating func parseKey() throws(JSONSyntaxError) {
        guard i < bytes.count, bytes[i] == 0x22 else {
            throw fail("expected a quoted member name, found \(describeHere())")
        }
        try parseString()
        skipWhitespace()
        guard i < bytes.count, bytes[i] == 0x3A else { throw fail("expected ':' after the member name, found \(describeHere())") }
        i += 1
        skipWhitespace()
    }

    /// Parses a scalar, or opens a container (pushing a frame and its first member).
    private mutating func parseValueStart(_ stack: inout [Frame]) throws(JSONSyntaxError) {
        guard i < bytes.count else { throw fail("expected a value, found end of file") }
        let start = i
        switch bytes[i] {
        case 0x7B, 0x5B:
            let isObject = bytes[i] == 0x7B
            let node = nodes.count
            nodes.append(.init(kind: isObject ? .object : .array, offset: UInt32(start), next: 0, payload: 0))
            i += 1
            skipWhitespace()
            let close: UInt8 = isObject ? 0x7D : 0x5D
            if i < bytes.count && bytes[i] == close {
                i += 1
                nodes[node].next = UInt32(nodes.count)
                return
            }
            // Members are parsed by the loop in `parse`, never by recursion.
            stack.append(Frame(node: node, isObject: isObject, count: 0, awaitingFirst: true))
        case 0x22:
            try parseString()
        case 0x74:
            try literal("true", .true)
        case 0x66:
            try literal("false", .false)
        case 0x6E:
            try literal("null", .null)
        case 0x2D, 0x30...0x39:
            try parseNumber()
        default:
            throw fail("expected a value, found \(describeHere())")
        }
    }

    private mutating func literal(_ word: String, _ kind: JSONDocument.Kind) throws(JSONSyntaxError) {
        let start = i
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, bytes[i..<(i + w.count)].elementsEqual(w) else {
            // Quote the bad word (letters only) so the message shows what was written.
            var end = i
            while end < bytes.count, end - i < 16, (0x61...0x7A).contains(bytes[end]) || (0x41...0x5A).contains(bytes[end]) { end += 1 }
            let found = String(decoding: bytes[i..<end], as: UTF8.self)
            throw fail("invalid literal '\(found)'; expected \(word)")
        }
        i += w.count
        nodes.append(.init(kind: kind, offset: UInt32(start), next: UInt32(nodes.count + 1), payload: 0))
    }

    private mutating func parseNumber() throws(JSONSyntaxError) {
        let start = i
        let negative = bytes[i] == 0x2D
        if negative { i += 1 }
        // The digits are checked and added up in one pass: whole numbers
        // and decimals of at most 15 digits are then exact without reading
        // the text again (`smallInteger`, `shortDecimal` give the same values).
        var mantissa: Int64 = 0
        var digitCount = 0
        func digits(_ p: inout JSONParser, _ mantissa: inout Int64, _ count: inout Int) -> Int {
            let s = p.i
            while p.i < p.bytes.count, p.bytes[p.i] >= 0x30, p.bytes[p.i] <= 0x39 {
                if count < 18 { mantissa = mantissa &* 10 &+ Int64(p.bytes[p.i] &- 0x30) }
                count += 1
                p.i += 1
            }
            return p.i - s
        }
        guard i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 else { throw fail("expected a digit in number") }
        if bytes[i] == 0x30 {
            i += 1
            digitCount = 1
        } else {
            _ = digits(&self, &mantissa, &digitCount)
        }
        var fraction = 0
        if i < bytes.count, bytes[i] == 0x2E {
            i += 1
            fraction = digits(&self, &mantissa, &digitCount)
            guard fraction > 0 else { throw fail("expected a digit after '.' in number") }
        }
        var exponent = false
        if i < bytes.count, bytes[i] == 0x65 || bytes[i] == 0x45 {
            exponent = true
            i += 1
            if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
            var ignored: Int64 = 0
            var ignoredCount = 18
            guard digits(&self, &ignored, &ignoredCount) > 0 else { throw fail("expected a digit in the exponent") }
        }
        let value: Double
        if !exponent && digitCount <= 15 && fraction == 0 {
            value = Double(negative ? -mantissa : mantissa)  // most numbers in screen models are whole points
        } else if !exponent && digitCount <= 15 {
            let v = Double(mantissa) / Self.powersOfTen[fraction]
            value = negative ? -v : v
        } else {
            let text = String(decoding: bytes[start..<i], as: UTF8.self)
            guard let v = Double(text), v.isFinite else { throw fail("number out of range", at: start) }
            value = v
        }
        nodes.append(.init(kind: .number, offset: UInt32(start), next: UInt32(nodes.count + 1), payload: UInt32(numbers.count)))
        numbers.append(value)
    }

    /// The value of an optionally negative run of at most 15 digits, exactly.
    static func smallInteger<C: Collection>(_ digits: C) -> Double? where C.Element == UInt8, C.Index == Int {
        var k = digits.startIndex
        var negative = false
        if k < digits.endIndex, digits[k] == 0x2D { negative = true; k += 1 }
        guard digits.endIndex - k <= 15, k < digits.endIndex else { return nil }
        var v: Int64 = 0
        while k < digits.endIndex {
            let b = digits[k]
            guard b >= 0x30 && b <= 0x39 else { return nil }
            v = v * 10 + Int64(b - 0x30)
            k += 1
        }
        return Double(negative ? -v : v)
    }

    /// The value of a decimal without exponent of at most 15 digits
    /// (`-12.25`), exactly as `Double(_:)` reads it: the digits as a whole
    /// number below 2^53 divided by a power of ten up to 10^15, both exact,
    /// so the one division rounds correctly (Clinger's fast path).
    static func shortDecimal<C: Collection>(_ text: C) -> Double? where C.Element == UInt8, C.Index == Int {
        var k = text.startIndex
        var negative = false
        if k < text.endIndex, text[k] == 0x2D { negative = true; k += 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var fraction = -1
        while k < text.endIndex {
            let b = text[k]
            if b == 0x2E, fraction < 0 {
                fraction = 0
            } else if b >= 0x30 && b <= 0x39 {
                mantissa = mantissa * 10 + Int64(b - 0x30)
                digits += 1
                if fraction >= 0 { fraction += 1 }
                guard digits <= 15 else { return nil }
            } else {
                return nil
            }
            k += 1
        }
        guard fraction > 0 else { return nil }
        let v = Double(mantissa) / powersOfTen[fraction]
        return negative ? -v : v
    }

    /// 10^0 … 10^15, each exact in a `Double`.
    static let powersOfTen: [Double] = (0...15).map { n in (0..<n).reduce(1.0) { r, _ in r * 10 } }

    private mutating func parseString() throws(JSONSyntaxError) {
        let start = i
        i = Self.plainEnd(bytes, from: i + 1)
        guard i < bytes.count else { throw fail("unterminated string", at: start) }
        if bytes[i] == 0x22 {
            // No escapes: the node points into the text; no `String` is made.
            nodes.append(.init(kind: .string, offset: UInt32(start), next: UInt32(nodes.count + 1), payload: UInt32(i - start - 1)))
            i += 1
            return
        }
        var scalars: [UInt8] = []
        var runStart = start + 1
        while true {
            guard i < bytes.count else { throw fail("unterminated string", at: start) }
            let b = bytes[i]
            if b == 0x22 { break }
            if b < 0x20 { throw fail("control character in string; write it as an escape such as \\n") }
            if b == 0x5C {
                scalars.append(contentsOf: bytes[runStart..<i])
                i += 1
                guard i < bytes.count else { throw fail("unterminated escape in string") }
                let e = bytes[i]
                i += 1
                switch e {
                case 0x22: scalars.append(0x22)
                case 0x5C: scalars.append(0x5C)
                case 0x2F: scalars.append(0x2F)
                case 0x62: scalars.append(0x08)
                case 0x66: scalars.append(0x0C)
                case 0x6E: scalars.append(0x0A)
                case 0x72: scalars.append(0x0D)
                case 0x74: scalars.append(0x09)
                case 0x75:
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        if i + 1 < bytes.count, bytes[i] == 0x5C, bytes[i + 1] == 0x75 {
                            i += 2
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid low surrogate in \\u escape") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            throw fail("unpaired surrogate in \\u escape")
                        }
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw fail("unpaired surrogate in \\u escape")
                    }
                    scalars.append(contentsOf: String(Character(Unicode.Scalar(code)!)).utf8)
                default:
                    throw fail("invalid escape '\\\(Character(Unicode.Scalar(e)))' in string", at: i - 2)
                }
                runStart = i
                i = Self.plainEnd(bytes, from: i)
                continue
            }
            i += 1
        }
        scalars.append(contentsOf: bytes[runStart..<i])
        i += 1
        nodes.append(.init(kind: .string, offset: UInt32(start), next: UInt32(nodes.count + 1),
                               payload: JSONDocument.escapedFlag | UInt32(escapedStrings.count)))
        escapedStrings.append(String(decoding: scalars, as: UTF8.self))
    }

    /// The offset of the first byte at or after `from` that ends a run of
    /// plain string bytes: a quote, a backslash or a control character
    /// (below 0x20); `bytes.count` when there is none. Eight bytes at a
    /// time (`ByteWords`), taking the lowest match of a word.
    static func plainEnd(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        var k = from
        let n = bytes.count
        if let base = bytes.baseAddress {
            while k + 8 <= n {
                let w = ByteWords.load(base, k)
                let found = ByteWords.equal(w, 0x22) | ByteWords.equal(w, 0x5C) | ByteWords.below(w, 0x20)
                if found != 0 { return k + found.trailingZeroBitCount / 8 }
                k += 8
            }
        }
        while k < n {
            let b = bytes[k]
            if b == 0x22 || b == 0x5C || b < 0x20 { return k }
            k += 1
        }
        return n
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("expected 4 hex digits after \\u") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw fail("expected 4 hex digits after \\u")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }
}
