import CLibxml2

/// A place in an XML text: line and column from 1, as libxml2 counts them
/// (the column in bytes).
struct XMLPosition: Hashable, Sendable {
    var line: Int
    var column: Int
}

/// The name of one start tag, read in place from libxml2's buffer: it
/// becomes a Swift string only when asked. Valid only during the
/// `startElement` call that receives it.
struct XMLName {
    /// The local name, NUL-terminated.
    fileprivate let local: UnsafePointer<xmlChar>
    /// The namespace prefix, when the tag has one.
    fileprivate let prefix: UnsafePointer<xmlChar>?

    /// The name as written: `prefix:local`, or `local`.
    var string: String {
        let name = String(cString: local)
        return prefix.map { String(cString: $0) + ":" + name } ?? name
    }

    /// The name's bytes (the local name alone when there is a prefix, and
    /// then `hasNamespacePrefix` is true): valid during the `startElement` call.
    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: local, count: Int(xmlStrlen(local)))
    }

    /// Whether the tag has a namespace prefix.
    var hasNamespacePrefix: Bool { prefix != nil }
}

/// The attributes of one start tag, read in place from libxml2's buffers:
/// only the values asked for become Swift strings. Valid only during the
/// `startElement` call that receives them.
///
/// Values come with character references and the five predefined entities
/// (`&amp;` …) replaced, and with XML's attribute-value normalization
/// applied (a tab or newline in a value reads as a space).
struct XMLAttributes {
    /// libxml2's SAX2 layout: five pointers per attribute (local name,
    /// prefix, namespace URI, value start, value end).
    fileprivate let raw: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    /// The number of attributes.
    let count: Int

    /// Where the attributes named in `names` are among the tag's (by their
    /// index in `names.names`; -1 for one the tag does not have), found in
    /// one pass over the tag's attributes instead of one pass per name,
    /// each name looked up by its address first (`XMLAttributeNames`).
    /// Read their values with `value(at:)` or `bytes(at:)`.
    func find(_ names: inout XMLAttributeNames) -> InlineArray<32, Int32> {
        precondition(names.names.names.count <= 32, "a handler reads at most 32 attribute names")
        var out = InlineArray<32, Int32>(repeating: -1)
        guard let raw else { return out }
        for k in 0..<count {
            let a = raw + 5 * k
            guard a[1] == nil, let local = a[0], a[3] != nil, a[4] != nil else { continue }
            let n = names.index(of: local)
            // `count` is libxml2's C int, so `k` fits.
            if n >= 0, out[n] < 0 { out[n] = Int32(truncatingIfNeeded: k) }
        }
        return out
    }

    /// The value of the `k`th attribute (as `find` gives it).
    func value(at k: Int) -> String {
        String(decoding: bytes(at: k), as: UTF8.self)
    }

    /// The bytes of the `k`th attribute's value (as `find` gives it), for
    /// a value that is compared or read as a number rather than kept.
    func bytes(at k: Int) -> UnsafeBufferPointer<UInt8> {
        let a = raw! + 5 * k
        return UnsafeBufferPointer(start: a[3]!, count: a[4]! - a[3]!)
    }

}

/// One tag's attributes that a handler reads, found in one pass
/// (`XMLAttributes.find`) and read by the handler's own names: an enum
/// whose raw values index the names it gave `XMLAttributeNames`. Valid
/// during the `startElement` that handed over the tag.
struct FoundAttributes<Name: RawRepresentable> where Name.RawValue == Int {
    let tag: XMLAttributes
    private let found: InlineArray<32, Int32>

    init(_ tag: XMLAttributes, _ names: inout XMLAttributeNames) {
        self.tag = tag
        found = tag.find(&names)
    }

    /// The value, or nil when the tag does not have the attribute.
    subscript(_ name: Name) -> String? {
        let k = found[name.rawValue]
        return k < 0 ? nil : tag.value(at: Int(k))
    }

    /// The value's bytes, for one that is compared or read as a number.
    func bytes(_ name: Name) -> UnsafeBufferPointer<UInt8>? {
        let k = found[name.rawValue]
        return k < 0 ? nil : tag.bytes(at: Int(k))
    }

    func has(_ name: Name) -> Bool { found[name.rawValue] >= 0 }

    /// The value as a flag (`ImportText.bool`, read from the bytes), or nil
    /// when the tag does not have the attribute.
    /// - Throws: `invalidValue` in `file` at `path` (the attribute's path,
    ///   spelled only for the error) when it is not true or false.
    func flag(_ name: Name, file: String, at path: @autoclosure () -> String) throws(ScreenModelError) -> Bool? {
        guard let u = bytes(name) else { return nil }
        guard let b = ImportText.bool(u) else {
            throw .invalidValue(file: file, at: path(), message: "'\(String(decoding: u, as: UTF8.self))' is not true or false")
        }
        return b
    }
}

/// The attribute names a handler reads, looked up by address. libxml2
/// hands out attribute names from its parser dictionary, one address per
/// distinct name for the whole parse, so a name is looked up among `names`
/// once and found again by its address. The bytes are compared too before
/// a remembered address is trusted, so a name at a reused address would
/// still read right.
struct XMLAttributeNames {
    /// The names the handler reads.
    let names: JSONKeys
    /// By address (hashed, then up to `probes` slots on): the address,
    /// where its name's bytes start in `spelled`, their count, and the
    /// index in `names` (-1: none).
    private var slots = [(address: UnsafeRawPointer?, start: Int32, count: Int32, index: Int8)](repeating: (nil, 0, 0, -1), count: 64)
    /// The remembered names' bytes, one after another.
    private var spelled: [UInt8] = []
    /// How many slots from its hashed one an address may stand.
    private static let probes = 4

    init(_ names: JSONKeys) {
        self.names = names
    }

    /// The index in `names` of the NUL-terminated attribute name at
    /// `local`, or -1.
    mutating func index(of local: UnsafePointer<xmlChar>) -> Int {
        let address = UnsafeRawPointer(local)
        // Fibonacci hashing: the dictionary packs names a few bytes apart,
        // so the address's low bits alone would put neighbours together.
        let hashed = Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: address)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        var free = hashed
        for p in 0..<Self.probes {
            let s = (hashed + p) & (slots.count - 1)
            let slot = slots[s]
            if slot.address == nil {
                free = s
                break
            }
            if slot.address == address {
                let count = Int(slot.count)
                let same = local[count] == 0 && spelled.withUnsafeBufferPointer {
                    UnsafeBufferPointer(rebasing: $0[Int(slot.start)..<Int(slot.start) + count]).equals(UnsafeBufferPointer(start: local, count: count))
                }
                if same { return Int(slot.index) }
                free = s
                break
            }
        }
        let count = Int(xmlStrlen(local))
        let index = names.index(ofUTF8: address, count: count) ?? -1
        // Names are short and few; a document spelling many keeps the
        // bytes of the latest ones only.
        if spelled.count > 1 << 16 {
            spelled.removeAll(keepingCapacity: true)
            for k in slots.indices { slots[k] = (nil, 0, 0, -1) }
            free = hashed
        }
        if count <= 1 << 10 {
            slots[free] = (address, Int32(spelled.count), Int32(count), Int8(index))
            spelled.append(contentsOf: UnsafeBufferPointer(start: local, count: count))
        }
        return index
    }
}

/// A document libxml2 found not well-formed: the first error, where it was,
/// and what it means in words.
struct XMLSyntaxError: Error, Sendable {
    /// The kinds of error named in words here; the rest keep libxml2's own
    /// text. The corresponding C type is `xmlParserErrors`.
    enum Kind: Sendable, Equatable {
        case documentEmpty, documentEnd, extraContent
        case invalidCharacter, invalidCharacterReference
        /// Bytes that are not UTF-8 (or not the declared encoding): libxml2's
        /// `Bytes: 0x… 0x…` part.
        case invalidEncoding(bytes: String)
        case unsupportedEncoding
        case entityWithoutSemicolon, undefinedEntity
        case lessThanInAttribute, attributeWithoutQuotes, attributeNotFinished, attributeWithoutValue, attributeRepeated
        case spaceRequired, nameRequired, tagNotClosed, closingTagExpected, closingTagMismatch, tagNotFinished
        case commentNotFinished, unfinishedString
        /// A second XML declaration, or a second root element: two
        /// documents joined into one file (found by `parse` from the bytes
        /// at libxml2's `extra content` or `XML declaration allowed only at
        /// the start` error).
        case secondDocument(declaration: Bool)
        /// Anything else: libxml2's message, trimmed.
        case other(String)
    }

    var kind: Kind
    var position: XMLPosition

    /// What went wrong, in words.
    /// - Parameters:
    ///   - open: the element open where it happened, described for the
    ///     reader (`<XCUIElementTypeButton> (line 3)`), when there is one.
    ///   - expected: what the importer reads, for an empty document (`an
    ///     Appium XCUITest page source`).
    func message(open: String?, expected: String) -> String {
        switch kind {
        case .documentEmpty: return "the document is empty or is not XML; expected \(expected)"
        case .documentEnd, .tagNotFinished:
            if let open { return "unexpected end of document; \(open) is not closed" }
            return kind == .documentEnd ? "extra content after the root element" : "unexpected end of document inside a tag"
        case .extraContent: return "extra content after the root element"
        case .invalidCharacter: return "character not allowed in XML"
        case .invalidCharacterReference: return "character reference to a character not allowed in XML"
        case .invalidEncoding(let bytes):
            return "invalid UTF-8\(bytes.isEmpty ? "" : " (bytes \(bytes))"); expected UTF-8 text, or an XML declaration naming the encoding"
        case .unsupportedEncoding: return "the XML declaration names an encoding that cannot be read; expected UTF-8"
        case .entityWithoutSemicolon: return "entity reference without a closing ';'"
        case .undefinedEntity: return "undefined entity (only &amp; &lt; &gt; &quot; &apos; and &#…; are defined)"
        case .lessThanInAttribute: return "'<' inside an attribute value; write &lt;"
        case .attributeWithoutQuotes: return "attribute value without quotes"
        case .attributeNotFinished: return "attribute value without its closing quote"
        case .attributeWithoutValue: return "attribute without a value"
        case .attributeRepeated: return "attribute given twice"
        case .spaceRequired: return "expected a space, '>' or '/>' after an attribute (unclosed tag?)"
        case .nameRequired: return "expected an element or attribute name (a tag not closed with '>'?)"
        case .tagNotClosed: return "tag not closed with '>'"
        case .closingTagExpected: return "expected a closing tag '</…>'"
        case .closingTagMismatch:
            if let open { return "closing tag does not match the open element \(open)" }
            return "closing tag does not match the open element"
        case .commentNotFinished: return "comment not closed with '-->'"
        case .unfinishedString: return "quoted value without its closing quote"
        case .secondDocument(let declaration):
            return (declaration ? "a second XML declaration" : "a second root element after the first")
                + ": two documents joined into one file?; expected one XML document per file"
        case .other(let text): return "malformed XML: \(text)"
        }
    }

    /// The kinds named in words, by libxml2 error code.
    private static let kinds: [(code: UInt32, kind: Kind)] = [
        (XML_ERR_DOCUMENT_EMPTY.rawValue, .documentEmpty), (XML_ERR_DOCUMENT_END.rawValue, .documentEnd),
        (XML_ERR_EXTRA_CONTENT.rawValue, .extraContent), (XML_ERR_INVALID_CHAR.rawValue, .invalidCharacter),
        (XML_ERR_INVALID_CHARREF.rawValue, .invalidCharacterReference),
        (XML_ERR_UNKNOWN_ENCODING.rawValue, .unsupportedEncoding), (XML_ERR_UNSUPPORTED_ENCODING.rawValue, .unsupportedEncoding),
        (XML_ERR_ENTITYREF_SEMICOL_MISSING.rawValue, .entityWithoutSemicolon), (XML_ERR_UNDECLARED_ENTITY.rawValue, .undefinedEntity),
        (XML_ERR_LT_IN_ATTRIBUTE.rawValue, .lessThanInAttribute), (XML_ERR_ATTRIBUTE_NOT_STARTED.rawValue, .attributeWithoutQuotes),
        (XML_ERR_ATTRIBUTE_NOT_FINISHED.rawValue, .attributeNotFinished), (XML_ERR_ATTRIBUTE_WITHOUT_VALUE.rawValue, .attributeWithoutValue),
        (XML_ERR_ATTRIBUTE_REDEFINED.rawValue, .attributeRepeated), (XML_NS_ERR_ATTRIBUTE_REDEFINED.rawValue, .attributeRepeated),
        (XML_ERR_SPACE_REQUIRED.rawValue, .spaceRequired), (XML_ERR_NAME_REQUIRED.rawValue, .nameRequired),
        (XML_ERR_GT_REQUIRED.rawValue, .tagNotClosed), (XML_ERR_LTSLASH_REQUIRED.rawValue, .closingTagExpected),
        (XML_ERR_TAG_NAME_MISMATCH.rawValue, .closingTagMismatch), (XML_ERR_TAG_NOT_FINISHED.rawValue, .tagNotFinished),
        (XML_ERR_COMMENT_NOT_FINISHED.rawValue, .commentNotFinished),
        (XML_ERR_STRING_NOT_CLOSED.rawValue, .unfinishedString), (XML_ERR_LITERAL_NOT_FINISHED.rawValue, .unfinishedString),
    ]

    /// The kind for libxml2's error `code` with its `message`.
    static func kind(code: Int32, message: String) -> Kind {
        let code = UInt32(bitPattern: code)
        // Bytes that are not UTF-8 come as XML_ERR_INVALID_CHAR (or
        // _ENCODING) with "Input is not proper UTF-8, indicate encoding !\nBytes: 0xFF 0x22 0x2F 0x3E\n".
        if code == XML_ERR_INVALID_ENCODING.rawValue || (code == XML_ERR_INVALID_CHAR.rawValue && message.contains("not proper UTF-8")) {
            let bytes = message.split(separator: "\n").first { $0.hasPrefix("Bytes:") }.map { $0.dropFirst(6).trimmingSpaces() } ?? ""
            return .invalidEncoding(bytes: bytes)
        }
        if let named = kinds.first(where: { $0.code == code }) { return named.kind }
        let text = message.split(separator: "\n").first.map { $0.trimmingSpaces() } ?? ""
        // Lower-case the first letter of a sentence, not of an acronym ("XML declaration …").
        let startsAnAcronym = text.dropFirst().first.map(\.isUppercase) ?? false
        return .other(text.isEmpty ? "the document is not well-formed" : startsAnAcronym ? text : text.prefix(1).lowercased() + text.dropFirst())
    }
}

/// Receives the elements of a document from `XMLEventParser`, in order.
/// Throwing stops the parse; the error thrown is the parse's error.
protocol XMLEventHandler: AnyObject {
    /// A start tag (or an empty-element tag, which is followed at once by
    /// its end). `position` is where libxml2 stands: just after the tag.
    func startElement(_ name: XMLName, attributes: XMLAttributes, at position: XMLPosition) throws(ScreenModelError)
    /// An end tag (or the end of an empty-element tag).
    func endElement(at position: XMLPosition) throws(ScreenModelError)
    /// The error to report for a document that is not well-formed.
    func syntaxError(_ error: XMLSyntaxError) -> ScreenModelError
}

/// A tree built from `XMLEventParser`'s events, kept as a value by the
/// `XMLTreeBuilder` that receives them.
protocol XMLEventTree {
    mutating func startElement(_ name: XMLName, attributes: XMLAttributes, at position: XMLPosition) throws(ScreenModelError)
    mutating func endElement(at position: XMLPosition) throws(ScreenModelError)
    func syntaxError(_ error: XMLSyntaxError) -> ScreenModelError
}

/// The handler that libxml2's callbacks reach (an object, as
/// `XMLEventParser` needs), holding the importer's tree as a value: the work
/// on each event reaches the tree's parts without the run-time exclusivity
/// checks that a class's own properties take at every access (a fifth of
/// the Appium importer's instructions, when they were the class's).
final class XMLTreeBuilder<Tree: XMLEventTree>: XMLEventHandler {
    /// The tree as far as it has been read.
    var tree: Tree

    init(_ tree: Tree) {
        self.tree = tree
    }

    func startElement(_ name: XMLName, attributes: XMLAttributes, at position: XMLPosition) throws(ScreenModelError) {
        try tree.startElement(name, attributes: attributes, at: position)
    }

    func endElement(at position: XMLPosition) throws(ScreenModelError) {
        try tree.endElement(at: position)
    }

    func syntaxError(_ error: XMLSyntaxError) -> ScreenModelError {
        tree.syntaxError(error)
    }
}

/// The one caller of libxml2: its SAX2 parser over a document in memory,
/// with its huge-document option (`XML_PARSE_HUGE`: no 10 MB lookahead
/// limit, no depth limit; our own size limit is `Limits.maximumFileBytes`),
/// no network and no external entities or DTDs (the handler declares none,
/// so nothing is loaded and no entity is expanded but the five predefined
/// ones and character references). Text content is not read.
package enum XMLEventParser {
    // MARK: - API

    /// Parses `bytes`, calling `handler` for each element.
    /// - Parameters:
    ///   - bytes: the document; at most `Limits.maximumFileBytes` (the
    ///     caller reports a larger one; here it is a precondition).
    ///   - handler: receives the elements and names the errors.
    /// - Throws: the handler's error, or its `syntaxError` for the first
    ///   libxml2 error. The corresponding C functions are
    ///   `xmlCreateMemoryParserCtxt`, `xmlCtxtUseOptions` and `xmlParseDocument`.
    static func parse(_ bytes: [UInt8], handler: some XMLEventHandler) throws(ScreenModelError) {
        let state = ParseState(handler: handler)
        let parsed: Void? = withContext(bytes, callbacks: callbacks(), userData: Unmanaged.passUnretained(state).toOpaque()) { ctxt in
            state.context = ctxt
            _ = xmlParseDocument(ctxt)
            state.context = nil
            if state.failure == nil, state.syntax == nil, ctxt.pointee.wellFormed == 0 {
                state.syntax = XMLSyntaxError(kind: .other("the document is not well-formed"), position: XMLPosition(line: 1, column: 1))
            }
        }
        withExtendedLifetime(state) {}
        if let failure = state.failure { throw failure }
        if let syntax = state.syntax { throw handler.syntaxError(secondDocument(syntax, in: bytes) ?? syntax) }
        if parsed == nil { throw handler.syntaxError(XMLSyntaxError(kind: .documentEmpty, position: XMLPosition(line: 1, column: 1))) }
    }

    /// The error as a second document when it is one: libxml2's "extra
    /// content" at a start tag or an XML declaration, or its "XML
    /// declaration allowed only at the start" (placed at the declaration's
    /// `<?`, not past its name).
    private static func secondDocument(_ error: XMLSyntaxError, in bytes: [UInt8]) -> XMLSyntaxError? {
        // The byte libxml2 points at: its line, then the column in bytes.
        var line = 1, k = 0
        while line < error.position.line, k < bytes.count {
            if bytes[k] == 0x0A { line += 1 }
            k += 1
        }
        let lineStart = k
        k = min(bytes.count, k + max(0, error.position.column - 1))
        switch error.kind {
        case .other(let text) where text.hasPrefix("XML declaration allowed only at the start"):
            var j = k
            while j > lineStart, !(bytes[j - 1] == UInt8(ascii: "<") && j < bytes.count && bytes[j] == UInt8(ascii: "?")) { j -= 1 }
            let column = j > lineStart ? j - lineStart : error.position.column
            return XMLSyntaxError(kind: .secondDocument(declaration: true), position: XMLPosition(line: error.position.line, column: column))
        case .documentEnd, .extraContent:
            guard k + 1 < bytes.count, bytes[k] == UInt8(ascii: "<") else { return nil }
            let next = bytes[k + 1]
            if next == UInt8(ascii: "?") { return XMLSyntaxError(kind: .secondDocument(declaration: true), position: error.position) }
            guard next >= 0x80 || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "z")) || next == UInt8(ascii: "_") else { return nil }
            return XMLSyntaxError(kind: .secondDocument(declaration: false), position: error.position)
        default:
            return nil
        }
    }

    /// libxml2's parse alone, with the same options and no callbacks: the
    /// yardstick of `switchyard-bench appium-import` (`package`: for the
    /// benchmark's workloads, never a user's API).
    /// - Returns: whether `bytes` is well-formed.
    package static func parseWithoutCallbacks(_ bytes: [UInt8]) -> Bool {
        var none = xmlSAXHandler()
        none.initialized = XML_SAX2_MAGIC
        none.serror = { _, _ in }
        return withContext(bytes, callbacks: none, userData: nil) { ctxt in
            _ = xmlParseDocument(ctxt)
            return ctxt.pointee.wellFormed != 0
        } ?? false
    }

    /// Runs `body` with a parser context over `bytes` that calls `callbacks`
    /// with `userData`: libxml2's huge-document option, no network,
    /// entities replaced (only the predefined ones exist: `callbacks`
    /// declares none).
    /// - Returns: what `body` returns; nil when no context could be made
    ///   (an empty document).
    private static func withContext<T>(_ bytes: [UInt8], callbacks: xmlSAXHandler, userData: UnsafeMutableRawPointer?,
                                       _ body: (xmlParserCtxtPtr) -> T) -> T? {
        precondition(bytes.count <= Limits.maximumFileBytes, "callers check the size against Limits.maximumFileBytes")
        _ = initialized
        return bytes.withUnsafeBufferPointer { buffer -> T? in
            guard let base = buffer.baseAddress, let size = Int32(exactly: buffer.count),
                  let ctxt = base.withMemoryRebound(to: CChar.self, capacity: buffer.count, { xmlCreateMemoryParserCtxt($0, size) })
            else { return nil }
            defer { xmlFreeParserCtxt(ctxt) }
            // The context owns its SAX handler; ours replaces its callbacks
            // (as `xmlSAXUserParseMemory` does).
            ctxt.pointee.sax.pointee = callbacks
            ctxt.pointee.userData = userData
            let options = XML_PARSE_HUGE.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOENT.rawValue
            _ = xmlCtxtUseOptions(ctxt, Int32(options))
            return body(ctxt)
        }
    }

    // MARK: - libxml2 callbacks

    /// `xmlInitParser`, once per process (libxml2 asks for it before
    /// parsing from several threads).
    private static let initialized: Void = { xmlInitParser() }()

    /// What one parse carries through libxml2's `userData`.
    private final class ParseState {
        let handler: any XMLEventHandler
        var context: xmlParserCtxtPtr?
        /// The handler's error; the parse stopped there.
        var failure: ScreenModelError?
        /// libxml2's first error.
        var syntax: XMLSyntaxError? { didSet { stopped = true } }
        /// Whether `failure` or `syntax` is set: the element callbacks
        /// check it (a flag, not a copy of either error).
        private(set) var stopped = false
        init(handler: any XMLEventHandler) { self.handler = handler }

        var position: XMLPosition {
            guard let context else { return XMLPosition(line: 1, column: 1) }
            return XMLPosition(line: Int(xmlSAX2GetLineNumber(context)), column: Int(xmlSAX2GetColumnNumber(context)))
        }

        func stop(_ error: ScreenModelError) {
            stopped = true
            if failure == nil { failure = error }
            if let context { xmlStopParser(context) }
        }

        static func from(_ user: UnsafeMutableRawPointer?) -> ParseState? {
            user.map { Unmanaged<ParseState>.fromOpaque($0).takeUnretainedValue() }
        }
    }

    /// The SAX2 callbacks: elements and structured errors, nothing else
    /// (no text, no entity declarations, no external subset).
    private static func callbacks() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.startElementNs = { user, localName, prefix, _, _, _, attributeCount, _, attributes in
            guard let state = ParseState.from(user), !state.stopped, let localName else { return }
            do throws(ScreenModelError) {
                try state.handler.startElement(XMLName(local: localName, prefix: prefix), attributes: XMLAttributes(raw: attributes, count: Int(attributeCount)), at: state.position)
            } catch {
                state.stop(error)
            }
        }
        sax.endElementNs = { user, _, _, _ in
            guard let state = ParseState.from(user), !state.stopped else { return }
            do throws(ScreenModelError) {
                try state.handler.endElement(at: state.position)
            } catch {
                state.stop(error)
            }
        }
        sax.serror = { user, error in
            guard let state = ParseState.from(user), state.syntax == nil, let error,
                  error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? ""
            state.syntax = XMLSyntaxError(kind: XMLSyntaxError.kind(code: error.pointee.code, message: message),
                                          position: XMLPosition(line: Int(error.pointee.line), column: Int(error.pointee.int2)))
        }
        return sax
    }
}

private extension Substring {
    func trimmingSpaces() -> String {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
