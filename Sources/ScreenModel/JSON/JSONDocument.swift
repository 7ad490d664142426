import Foundation
import Diagnostics

/// A parsed JSON text stored as a flat tape of nodes, never as nested values.
///
/// Screen models can be deep (a tree 100,000 levels deep must load) and large
/// (a million elements), so nothing here recurses: the parser keeps its own
/// stack, and containers are skipped in O(1) through `next(_:)`. Each node
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

    /// One value on the tape, 16 bytes. An object's children alternate key
    /// (a string node) and value; an array's children are its elements.
    public struct Node: Sendable {
        public let kind: Kind
        /// Byte offset of the value's first character in the text.
        public let offset: UInt32
        /// A container's next node (the first after its children) in the
        /// low 32 bits and its child count in the high 32; a string's length
        /// in bytes between its quotes as written, or, when it has escapes,
        /// `JSONDocument.escapedFlag` | its index in the decoded strings; a
        /// number's value (its bit pattern); 0 for the literals. A scalar's
        /// next node is always the one after it, so it is not stored.
        let word: UInt64

        /// Where `word` is in a node: the parser sets a container's when it
        /// closes (a test holds this to the layout).
        static let wordOffset = 8

        init(kind: Kind, offset: UInt32, word: UInt64) {
            self.kind = kind
            self.offset = offset
            self.word = word
        }
    }

    /// The nodes, in text order (read with `kind(_:)`, `next(_:)` and the
    /// value accessors).
    public var nodes: Nodes { Nodes(tape: tape) }

    /// The tape's nodes as a collection.
    public struct Nodes: RandomAccessCollection, Sendable {
        let tape: Tape
        public var startIndex: Int { 0 }
        public var endIndex: Int { tape.count }
        public subscript(i: Int) -> Node { tape[i] }
    }

    /// The parser's nodes, read-only once the document is made: memory the
    /// parser grew by doubling (`ByteBuffer`), handed over without a copy.
    final class Tape: @unchecked Sendable {
        let base: UnsafePointer<Node>
        let count: Int
        private let memory: UnsafeMutableRawBufferPointer

        init(taking memory: UnsafeMutableRawBufferPointer) {
            self.memory = memory
            count = memory.count / MemoryLayout<Node>.stride
            base = UnsafePointer((memory.baseAddress ?? UnsafeMutableRawPointer(bitPattern: MemoryLayout<Node>.alignment)!).assumingMemoryBound(to: Node.self))  // checked: a non-zero constant, never read when count is 0
        }

        deinit { free(memory.baseAddress) }

        subscript(i: Int) -> Node {
            precondition(i >= 0 && i < count, "node index out of range")
            return base[i]
        }
    }

    let tape: Tape
    /// The strings written with escapes, decoded. A string without escapes
    /// is read from the text when asked for (`string(_:)`), so parsing makes
    /// no `String` at all for most strings, keys included.
    let escapedStrings: [String]

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
            (tape, escapedStrings) = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
                try JSONParser(bytes: buffer).parse()
            }
        } catch {
            var located = error
            located.file = file
            throw located
        }
    }

    // MARK: - Reading

    public func kind(_ i: Int) -> Kind { tape[i].kind }

    /// The index of the first node after value `i` and its children.
    public func next(_ i: Int) -> Int { Self.next(i, in: tape) }

    static func next(_ i: Int, in tape: Tape) -> Int {
        let node = tape[i]
        switch node.kind {
        case .array, .object: return Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: node.word))
        case .null, .false, .true, .number, .string: return i + 1
        }
    }

    /// How many children container `i` has (an object counts its members).
    public func count(_ i: Int) -> Int {
        let node = tape[i]
        precondition(node.kind == .array || node.kind == .object)
        return Int(truncatingIfNeeded: node.word >> 32)
    }

    public func string(_ i: Int) -> String? {
        let node = tape[i]
        guard node.kind == .string else { return nil }
        let payload = UInt32(truncatingIfNeeded: node.word)
        if payload & Self.escapedFlag != 0 { return escapedStrings[Int(payload & ~Self.escapedFlag)] }
        let start = Int(node.offset) + 1
        return text.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<(start + Int(payload))]), as: UTF8.self) }
    }

    /// Whether the string at node `i` is `name`, compared as bytes without
    /// making a `String` (a string written with escapes is decoded first).
    /// - Parameters:
    ///   - i: a node; false when it is not a string.
    ///   - name: the UTF-8 bytes of the name.
    public func string(_ i: Int, equals name: UnsafeBufferPointer<UInt8>) -> Bool {
        let node = tape[i]
        guard node.kind == .string else { return false }
        let payload = UInt32(truncatingIfNeeded: node.word)
        if payload & Self.escapedFlag != 0 {
            return escapedStrings[Int(payload & ~Self.escapedFlag)].utf8.elementsEqual(name)
        }
        guard Int(payload) == name.count else { return false }
        let start = Int(node.offset) + 1
        return text.withUnsafeBufferPointer { t in
            name.count == 0 || memcmp(t.baseAddress! + start, name.baseAddress!, name.count) == 0
        }
    }

    /// The index in `keys` of the name the string at node `i` spells (an
    /// object's member name), or nil when it is none of them.
    public func index(of i: Int, in keys: JSONKeys) -> Int? {
        let node = tape[i]
        guard node.kind == .string else { return nil }
        let payload = UInt32(truncatingIfNeeded: node.word)
        if payload & Self.escapedFlag != 0 { return keys.index(of: escapedStrings[Int(payload & ~Self.escapedFlag)]) }
        let start = Int(node.offset) + 1
        return text.withUnsafeBytes { t in keys.index(ofUTF8: t.baseAddress! + start, count: Int(payload)) }
    }

    /// The value node of the first member of object `i` named `name`.
    public func member(_ i: Int, named name: String) -> Int? {
        precondition(tape[i].kind == .object)
        var name = name
        return name.withUTF8 { bytes in
            for (key, value) in memberNodes(i) where string(key, equals: bytes) { return value }
            return nil
        }
    }

    /// The values of object `i` when its members are exactly the names in
    /// `keys` (at most four), each once and each a number, in `keys` order
    /// (0 past `keys.count`); nil for anything else. A reader takes this
    /// path for a frame or a point and leaves every other object, and what
    /// is wrong with it, to its general path.
    public func numbers(ofObject i: Int, keys: JSONKeys) -> (Double, Double, Double, Double)? {
        let n = keys.names.count
        // Each member is two nodes (its key and a number); no end node.
        guard n <= 4, tape[i].kind == .object, next(i) == i + 1 + 2 * n else { return nil }
        // Checked once here, the nodes up to `next(i)` are read unchecked.
        precondition(i + 1 + 2 * n <= tape.count, "an object ends within the tape")
        let nodes = tape.base + i + 1
        return text.withUnsafeBytes { (t) -> (Double, Double, Double, Double)? in
            var values = InlineArray<4, Double>(repeating: 0)
            var seen = 0
            for m in 0..<n {
                let name = nodes[2 * m], value = nodes[2 * m + 1]
                let length = UInt32(truncatingIfNeeded: name.word)
                // A name written with escapes is left to the general path.
                guard name.kind == .string, value.kind == .number, length & Self.escapedFlag == 0,
                      let key = keys.index(ofUTF8: t.baseAddress! + Int(name.offset) + 1, count: Int(length)),
                      seen & (1 << key) == 0 else { return nil }
                seen |= 1 << key
                values[key] = Double(bitPattern: value.word)
            }
            return (values[0], values[1], values[2], values[3])
        }
    }

    /// The (key node, value node) members of object `i`, in text order,
    /// without an array.
    public func memberNodes(_ i: Int) -> MemberNodes {
        precondition(tape[i].kind == .object)
        return MemberNodes(tape: tape, cursor: i + 1, end: next(i))
    }

    /// The element nodes of array `i`, in text order, without an array.
    public func elementNodes(_ i: Int) -> ElementNodes {
        precondition(tape[i].kind == .array)
        return ElementNodes(tape: tape, cursor: i + 1, end: next(i))
    }

    /// An object's members on the tape: (key node, value node) pairs.
    public struct MemberNodes: Sequence, IteratorProtocol {
        let tape: Tape
        var cursor: Int
        let end: Int
        public mutating func next() -> (key: Int, value: Int)? {
            guard cursor < end else { return nil }
            let key = cursor
            cursor = JSONDocument.next(key + 1, in: tape)
            return (key, key + 1)
        }
    }

    /// An array's elements on the tape.
    public struct ElementNodes: Sequence, IteratorProtocol {
        let tape: Tape
        var cursor: Int
        let end: Int
        public mutating func next() -> Int? {
            guard cursor < end else { return nil }
            let element = cursor
            cursor = JSONDocument.next(element, in: tape)
            return element
        }
    }

    public func number(_ i: Int) -> Double? {
        let node = tape[i]
        return node.kind == .number ? Double(bitPattern: node.word) : nil
    }

    /// The number at node `i` as the text writes it (`1e13`, `-0.50`), for
    /// error messages that quote a value as written; nil for other kinds.
    public func numberText(_ i: Int) -> String? {
        guard tape[i].kind == .number else { return nil }
        let start = Int(tape[i].offset)
        var end = start
        while end < text.count, Self.numberBytes.contains(text[end]) { end += 1 }
        return String(decoding: text[start..<end], as: UTF8.self)
    }

    /// The bytes a JSON number is written with: `-+.eE0-9`.
    private static let numberBytes: Set<UInt8> = Set(Array("-+.eE0123456789".utf8))

    public func bool(_ i: Int) -> Bool? {
        switch tape[i].kind {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    /// The element indices of the array at `i`.
    public func elements(_ i: Int) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(count(i))
        for element in elementNodes(i) { out.append(element) }
        return out
    }

    /// The (key, value index) members of the object at `i`, in text order.
    public func members(_ i: Int) -> [(key: String, value: Int)] {
        var out: [(key: String, value: Int)] = []
        out.reserveCapacity(count(i))
        for (key, value) in memberNodes(i) { out.append((string(key)!, value)) }
        return out
    }

    /// Line and column (both from 1, column in characters) of node `i`.
    public func position(of i: Int) -> (line: Int, column: Int) {
        text.withUnsafeBufferPointer { Self.position(ofOffset: Int(tape[i].offset), in: $0) }
    }

    /// Line and column of each of `nodes`, as `position(of:)` gives them,
    /// in one pass over the text (for a report that locates many nodes).
    /// - Parameter nodes: node indices, in any order.
    /// - Returns: one position per node, in the order given.
    public func positions(of nodes: [Int]) -> [(line: Int, column: Int)] {
        let order = nodes.indices.sorted { tape[nodes[$0]].offset < tape[nodes[$1]].offset }
        let found = text.withUnsafeBufferPointer { Self.positions(ofSortedOffsets: order.map { Int(tape[nodes[$0]].offset) }, in: $0) }
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

/// An iterative JSON parser writing a `JSONDocument` tape: one loop over
/// the text, whose open containers are on its own stack (the innermost in
/// locals), never on the call stack. The position and the tape being
/// written are locals of that loop, which the helpers (a string, a number,
/// a member name) take `inout`, and errors are made out of line.
struct JSONParser {
    /// Valid only while `parse` runs, inside `JSONDocument.init`.
    let bytes: UnsafeBufferPointer<UInt8>
    /// `bytes`' first byte; never read when the text is empty.
    private let base: UnsafePointer<UInt8>

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!  // checked: a non-zero constant, never read when the text is empty
    }

    private func fail(_ message: String, at offset: Int) -> JSONSyntaxError {
        let p = JSONDocument.position(ofOffset: offset, in: bytes)
        return JSONSyntaxError(line: p.line, column: p.column, message: message)
    }

    /// The error for a fixed message; out of line, so the loop stays small.
    @inline(never)
    private func failure(_ message: StaticString, at offset: Int) -> JSONSyntaxError {
        fail("\(message)", at: offset)
    }

    /// "expected WHAT, found" what is at `offset` (`'}'`, `end of file`).
    @inline(never)
    private func expected(_ what: StaticString, at offset: Int) -> JSONSyntaxError {
        fail("expected \(what), found \(describe(at: offset))", at: offset)
    }

    /// The nodes written so far, 16 bytes each, in memory that grows by
    /// doubling and is handed to the document without a copy.
    private struct TapeWriter: ~Copyable {
        var memory: ByteBuffer

        /// Nodes written.
        var count: Int { memory.count / MemoryLayout<JSONDocument.Node>.stride }

        init(expectedNodes: Int) {
            let (room, overflow) = expectedNodes.multipliedReportingOverflow(by: MemoryLayout<JSONDocument.Node>.stride)
            memory = ByteBuffer(capacity: overflow ? 0 : room)
        }

        /// Appends a node; false when memory ran out.
        @inline(__always)
        mutating func append(_ kind: JSONDocument.Kind, at offset: Int, _ word: UInt64) -> Bool {
            guard memory.reserve(MemoryLayout<JSONDocument.Node>.stride) else { return false }
            UnsafeMutableRawPointer(memory.base + memory.count).storeBytes(
                of: JSONDocument.Node(kind: kind, offset: UInt32(truncatingIfNeeded: offset), word: word), as: JSONDocument.Node.self)
            memory.count += MemoryLayout<JSONDocument.Node>.stride
            return true
        }

        /// Sets container `node`'s next node (the next one to be written)
        /// and child count, when it closes.
        @inline(__always)
        mutating func close(_ node: Int, children: UInt32) {
            let word = UInt64(truncatingIfNeeded: count) | UInt64(children) << 32
            UnsafeMutableRawPointer(memory.base + node * MemoryLayout<JSONDocument.Node>.stride)
                .storeBytes(of: word, toByteOffset: JSONDocument.Node.wordOffset, as: UInt64.self)
        }

        consuming func take() -> JSONDocument.Tape { JSONDocument.Tape(taking: memory.take()) }
    }

    /// One open container: its node, children so far, and the byte that
    /// closes it (`}` or `]`).
    private struct Frame {
        var node: Int
        var count: UInt32
        var close: UInt8
    }

    /// Parses the whole text: one value, then nothing but whitespace.
    /// - Returns: the tape and the strings written with escapes, decoded.
    func parse() throws(JSONSyntaxError) -> (JSONDocument.Tape, [String]) {
        let n = bytes.count
        if n >= UInt32.max { throw fail("file too large (4 GiB limit)", at: 0) }
        var i = 0
        // Skip a UTF-8 byte order mark.
        if n >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { i = 3 }
        // Room for the nodes up front: screen models run 6 to 7 bytes a
        // node; denser texts grow the tape by doubling.
        var tape = TapeWriter(expectedNodes: n / 6 + 16)
        var escapedStrings: [String] = []
        // The containers outside the innermost one (`top`); `depth` counts
        // them all.
        var outer: [Frame] = []
        var top = Frame(node: 0, count: 0, close: 0)
        var depth = 0
        skipWhitespace(&i)
        value: while true {
            // A value starts at `i`.
            guard i < n else { throw expected("a value", at: i) }
            let start = i
            let b = base[i]
            let stored: Bool
            switch b {
            case 0x22:
                stored = try string(&i, &tape, &escapedStrings)
            case 0x2D, 0x30...0x39:
                let value: Double
                (value, i) = try number(from: i)
                stored = tape.append(.number, at: start, value.bitPattern)
            case 0x7B, 0x5B:
                let node = tape.count
                stored = tape.append(b == 0x7B ? .object : .array, at: start, 0)
                guard stored else { break }
                i += 1
                skipWhitespace(&i)
                let closing = b &+ 2  // `{` + 2 is `}`, `[` + 2 is `]`
                if i < n && base[i] == closing {
                    i += 1
                    tape.close(node, children: 0)
                } else {
                    if depth > 0 { outer.append(top) }
                    depth += 1
                    top = Frame(node: node, count: 1, close: closing)
                    if b == 0x7B { i = try key(from: i, &tape, &escapedStrings) }
                    continue value
                }
            case 0x74:
                try literal("true", &i)
                stored = tape.append(.true, at: start, 0)
            case 0x66:
                try literal("false", &i)
                stored = tape.append(.false, at: start, 0)
            case 0x6E:
                try literal("null", &i)
                stored = tape.append(.null, at: start, 0)
            default:
                throw expected("a value", at: i)
            }
            guard stored else { throw outOfMemory(after: tape.count, at: start) }
            // A value ended: a separator, or the end of its container.
            while depth > 0 {
                skipWhitespace(&i)
                guard i < n else {
                    throw failure(top.close == 0x7D ? "unterminated object: expected ',' or '}'" : "unterminated array: expected ',' or ']'", at: i)
                }
                let c = base[i]
                if c == 0x2C {
                    i += 1
                    top.count += 1
                    skipWhitespace(&i)
                    if top.close == 0x7D { i = try key(from: i, &tape, &escapedStrings) }
                    continue value
                }
                guard c == top.close else {
                    throw expected(top.close == 0x7D ? "',' or '}'" : "',' or ']'", at: i)
                }
                i += 1
                tape.close(top.node, children: top.count)
                depth -= 1
                if depth > 0 { top = outer.removeLast() }
            }
            break
        }
        skipWhitespace(&i)
        if i < n { throw fail("unexpected \(describe(at: i)) after the end of the document", at: i) }
        return (tape.take(), escapedStrings)
    }

    @inline(never)
    private func outOfMemory(after nodes: Int, at offset: Int) -> JSONSyntaxError {
        fail("out of memory after \(nodes) values; the document is too large for this machine", at: offset)
    }

    @inline(__always)
    private func skipWhitespace(_ i: inout Int) {
        // Most values follow their separator directly.
        while i < bytes.count, base[i] <= 0x20 {
            switch base[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return
            }
        }
    }

    /// What is at `offset`, for a message: `'}'`, `byte 0xC3`, `end of file`.
    private func describe(at offset: Int) -> String {
        if offset >= bytes.count { return "end of file" }
        let b = bytes[offset]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return String(format: "byte 0x%02X", b)
    }

    /// A member name from `start` and its colon; where the value starts.
    /// (The position goes in and comes back as a value, not `inout`: out of
    /// line, an `inout` position is stored and loaded again around every byte.)
    @inline(__always)
    private func key(from start: Int, _ tape: inout TapeWriter, _ escapedStrings: inout [String]) throws(JSONSyntaxError) -> Int {
        var i = start
        guard i < bytes.count, base[i] == 0x22 else {
            throw expected("a quoted member name", at: i)
        }
        let start = i
        guard try string(&i, &tape, &escapedStrings) else { throw outOfMemory(after: tape.count, at: start) }
        skipWhitespace(&i)
        guard i < bytes.count, base[i] == 0x3A else { throw expected("':' after the member name", at: i) }
        i += 1
        skipWhitespace(&i)
        return i
    }

    /// A string from the quote at `i`, onto the tape; false when memory ran out.
    @inline(__always)
    private func string(_ i: inout Int, _ tape: inout TapeWriter, _ escapedStrings: inout [String]) throws(JSONSyntaxError) -> Bool {
        let start = i
        i = Self.plainEnd(bytes, from: i + 1)
        if i < bytes.count, base[i] == 0x22 {
            // No escapes: the node points into the text; no `String` is made.
            i += 1
            return tape.append(.string, at: start, UInt64(i - start - 2))
        }
        let decoded = try escapedString(from: start, &i)
        escapedStrings.append(decoded)
        return tape.append(.string, at: start, UInt64(JSONDocument.escapedFlag | UInt32(escapedStrings.count - 1)))
    }

    private func literal(_ word: StaticString, _ i: inout Int) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard i + count <= bytes.count, memcmp(base + i, word.utf8Start, count) == 0 else {
            // Quote the bad word (letters only) so the message shows what was written.
            var end = i
            while end < bytes.count, end - i < 16, (0x61...0x7A).contains(bytes[end]) || (0x41...0x5A).contains(bytes[end]) { end += 1 }
            let found = String(decoding: bytes[i..<end], as: UTF8.self)
            throw fail("invalid literal '\(found)'; expected \(word)", at: i)
        }
        i += count
    }

    /// Reads a run of digits from `i`, adding the first 18 to `mantissa`
    /// (`count` counts them all); how many there were.
    @inline(__always)
    private func digits(_ i: inout Int, _ mantissa: inout Int64, _ count: inout Int) -> Int {
        let s = i
        while i < bytes.count {
            let d = base[i] &- 0x30
            guard d <= 9 else { break }
            if count < 18 { mantissa = mantissa &* 10 &+ Int64(d) }
            count += 1
            i += 1
        }
        return i - s
    }

    /// A number from `start` (a `-` or a digit): its value and where it ends.
    @inline(__always)
    private func number(from start: Int) throws(JSONSyntaxError) -> (Double, Int) {
        var i = start
        let negative = base[i] == 0x2D
        if negative { i += 1 }
        // The digits are checked and added up in one pass: whole numbers
        // and decimals of at most 15 digits are then exact without reading
        // the text again (`smallInteger`, `shortDecimal` give the same values).
        var mantissa: Int64 = 0
        var digitCount = 0
        guard i < bytes.count, base[i] &- 0x30 <= 9 else { throw failure("expected a digit in number", at: i) }
        if base[i] == 0x30 {
            i += 1
            digitCount = 1
        } else {
            _ = digits(&i, &mantissa, &digitCount)
        }
        var fraction = 0
        if i < bytes.count, base[i] == 0x2E {
            i += 1
            fraction = digits(&i, &mantissa, &digitCount)
            guard fraction > 0 else { throw failure("expected a digit after '.' in number", at: i) }
        }
        if i < bytes.count, base[i] | 0x20 == 0x65 {
            i += 1
            if i < bytes.count, base[i] == 0x2B || base[i] == 0x2D { i += 1 }
            var ignored: Int64 = 0
            var ignoredCount = 18
            guard digits(&i, &ignored, &ignoredCount) > 0 else { throw failure("expected a digit in the exponent", at: i) }
            return (try slowNumber(from: start, to: i), i)
        }
        guard digitCount <= 15 else { return (try slowNumber(from: start, to: i), i) }
        // Most numbers in screen models are whole points (`-0` reads as 0).
        if fraction == 0 { return (Double(negative ? -mantissa : mantissa), i) }
        let v = Double(mantissa) / Self.powerOfTen(fraction)
        return (negative ? -v : v, i)
    }

    /// A number with an exponent or more than 15 digits, read by `Double`.
    @inline(never)
    private func slowNumber(from start: Int, to end: Int) throws(JSONSyntaxError) -> Double {
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        guard let v = Double(text), v.isFinite else { throw failure("number out of range", at: start) }
        return v
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
        let v = Double(mantissa) / powerOfTen(fraction)
        return negative ? -v : v
    }

    /// 10^n for n in 0…15, exact in a `Double` (each product is), without
    /// a table to initialize.
    @inline(__always)
    static func powerOfTen(_ n: Int) -> Double {
        var p = 1.0
        for _ in 0..<n { p *= 10 }
        return p
    }

    /// The rest of a string that has escapes (or ends badly) from `i`,
    /// the first byte after the quote at `start` that is not plain,
    /// decoded; `i` ends after the closing quote.
    @inline(never)
    private func escapedString(from start: Int, _ i: inout Int) throws(JSONSyntaxError) -> String {
        var scalars: [UInt8] = []
        var runStart = start + 1
        while true {
            guard i < bytes.count else { throw fail("unterminated string", at: start) }
            let b = bytes[i]
            if b == 0x22 { break }
            if b < 0x20 { throw fail("control character in string; write it as an escape such as \\n", at: i) }
            if b == 0x5C {
                scalars.append(contentsOf: bytes[runStart..<i])
                i += 1
                guard i < bytes.count else { throw fail("unterminated escape in string", at: i) }
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
                    var code = try hex4(&i)
                    if (0xD800...0xDBFF).contains(code) {
                        if i + 1 < bytes.count, bytes[i] == 0x5C, bytes[i + 1] == 0x75 {
                            i += 2
                            let low = try hex4(&i)
                            guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid low surrogate in \\u escape", at: i) }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            throw fail("unpaired surrogate in \\u escape", at: i)
                        }
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw fail("unpaired surrogate in \\u escape", at: i)
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
        return String(decoding: scalars, as: UTF8.self)
    }

    /// The offset of the first byte at or after `from` that ends a run of
    /// plain string bytes: a quote, a backslash or a control character
    /// (below 0x20); `bytes.count` when there is none. Eight bytes at a
    /// time (`ByteWords`), taking the lowest match of a word.
    @inline(__always)
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

    private func hex4(_ i: inout Int) throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("expected 4 hex digits after \\u", at: i) }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw fail("expected 4 hex digits after \\u", at: i)
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }
}
