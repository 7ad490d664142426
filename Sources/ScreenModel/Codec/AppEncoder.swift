import Foundation
import Diagnostics

/// Writes an `AppModel` in the screen-model JSON format, so that decoding the
/// output gives the same model (round trip). Element trees are written with
/// an explicit stack, never by recursion.
public struct AppEncoder {
    public init() {}

    /// The app as pretty-printed JSON (two-space indent, fields in a fixed
    /// order), ending with a line break.
    public func encode(_ app: AppModel) -> String {
        var out: [UInt8] = []
        write(app) { out.append(contentsOf: $0) }
        return String(decoding: out, as: UTF8.self)
    }

    /// `encode(app)` handed to `write` in pieces of about 64 KiB, in
    /// order, made as it goes (each valid only during the call): a capture
    /// of a million elements is never held whole as text, nor copied to
    /// be printed (`inspect --format model`).
    public func write(_ app: AppModel, to write: (UnsafeRawBufferPointer) -> Void) {
        var w = JSONWriter()
        w.reserveCapacity(ByteBuffer.piece + 4096)
        w.openObject()
        w.key("name"); w.string(app.name)
        if app.platform != .iOS { w.key("platform"); w.string(app.platform.rawValue) }
        w.key("startScreen"); w.string(app.startScreen)
        w.key("screens"); w.openObject()
        for screen in app.screens {
            w.key(escaping: screen.name); self.write(screen, &w, write)
        }
        w.closeObject()
        w.closeObject()
        w.endLine()
        w.drain(write)
    }

    func write(_ s: Screen, _ w: inout JSONWriter, _ write: (UnsafeRawBufferPointer) -> Void) {
        w.openObject()
        if let t = s.title { w.key("title"); w.string(t) }
        w.key("size"); w.openObject(); w.key("width"); w.number(s.size.width); w.key("height"); w.number(s.size.height); w.closeObject()
        if s.layoutDirection != .leftToRight { w.key("layoutDirection"); w.string(s.layoutDirection.rawValue) }
        w.key("root")
        // Each step either opens an element or closes one.
        enum Step { case open(ElementIndex), close }
        var work: [Step] = [.open(s.root)]
        while let step = work.popLast() {
            switch step {
            case .close:
                w.closeArray()
                w.closeObject()
            case .open(let i):
                w.openObject()
                writeFields(s.elements[i], &w)
                if s.elements[i].children.isEmpty {
                    w.closeObject()
                } else {
                    w.key("children"); w.openArray()
                    work.append(.close)
                    for c in s.elements[i].children.reversed() { work.append(.open(c)) }
                }
                if w.count >= ByteBuffer.piece { w.drain(write) }
            }
        }
        w.closeObject()
    }

    func writeFields(_ e: Element, _ w: inout JSONWriter) {
        if let v = e.identifier { w.key("identifier"); w.string(v) }
        if let v = e.label { w.key("label"); w.string(v) }
        if let v = e.value { w.key("value"); w.string(v) }
        if let v = e.hint { w.key("hint"); w.string(v) }
        if !e.traits.isEmpty { w.key("traits"); w.traits(e.traits) }
        if let f = e.frame { w.key("frame"); w.rect(f) }
        if !e.inputLabels.isEmpty { w.key("inputLabels"); w.strings(e.inputLabels) }
        if let p = e.activationPoint { w.key("activationPoint"); w.point(p) }
        if e.sortPriority != 0 { w.key("sortPriority"); w.number(e.sortPriority) }
        if e.hidden { w.key("hidden"); w.bool(true) }
        if let r = e.respondsToUserInteraction { w.key("respondsToUserInteraction"); w.bool(r) }
        if let b = e.childBehavior { w.key("childBehavior"); w.string(b.rawValue) }
        if e.containerType != .none { w.key("containerType"); w.string(e.containerType.rawValue) }
        if let ids = e.accessibilityElements { w.key("accessibilityElements"); w.strings(ids) }
        if e.scrollable { w.key("scrollable"); w.bool(true) }
        if e.scrollable && e.contentOffset != .zero { w.key("contentOffset"); w.point(e.contentOffset) }
        if let r = e.range {
            w.key("range"); w.openObject()
            w.key("minimum"); w.number(r.minimum); w.key("maximum"); w.number(r.maximum); w.key("step"); w.number(r.step)
            if r.format != "{value}" { w.key("format"); w.string(r.format) }
            w.closeObject()
        }
        if !e.onActivate.isEmpty { w.key("onActivate"); effects(e.onActivate, &w) }
        if !e.customActions.isEmpty {
            w.key("customActions"); w.openArray()
            for a in e.customActions {
                w.openObject(); w.key("name"); w.string(a.name); w.key("effects"); effects(a.effects, &w); w.closeObject()
            }
            w.closeArray()
        }
    }

    func effects(_ list: [Effect], _ w: inout JSONWriter) {
        w.openArray()
        for e in list {
            w.openObject(inline: true)
            w.key("effect"); w.string(e.kind)
            switch e {
            case .goTo(let s), .present(let s): w.key("screen"); w.string(s)
            case .back, .dismiss: break
            case .toggleTrait(let t, let target):
                w.key("trait"); w.string(t.rawValue)
                if let target { w.key("target"); w.string(target) }
            case .toggleValue(let target, let off, let on):
                if let target { w.key("target"); w.string(target) }
                w.key("off"); w.string(off); w.key("on"); w.string(on)
            case .setValue(let v, let target):
                w.key("value"); w.string(v)
                if let target { w.key("target"); w.string(target) }
            case .increment(let target), .decrement(let target):
                if let target { w.key("target"); w.string(target) }
            case .announce(let m): w.key("message"); w.string(m)
            }
            w.closeObject()
        }
        w.closeArray()
    }
}

/// The project's one JSON writer, streaming: pretty output with inline
/// objects for short records such as frames (reports, screen models), or
/// compact output on one line (`compact`: transcript JSON Lines).
public struct JSONWriter: ~Copyable {
    /// The document so far, UTF-8 (appending bytes is cheaper than
    /// appending to a `String`, a million elements deep in a report).
    @usableFromInline var storage: ByteBuffer
    /// One byte per open container: `hasMember` once something is in it,
    /// `onOneLine` when it is written inline. Compact output keeps no
    /// stack: everything is on one line, so all it needs is `depth` and
    /// whether the innermost container has a member yet.
    private var open: [UInt8] = []
    @usableFromInline var afterKey = false
    /// One line, no spaces: `{"a":1,"b":[2,3]}`.
    @usableFromInline let compact: Bool
    /// Compact output: how many containers are open.
    @usableFromInline var depth = 0
    /// Compact output: the innermost open container has a member (the next
    /// one takes a comma).
    @usableFromInline var hasMember = false

    private static let hasMember: UInt8 = 1
    private static let onOneLine: UInt8 = 2

    /// - Parameter compact: write everything on one line without spaces
    ///   (JSON Lines) instead of indented.
    public init(compact: Bool = false) {
        self.compact = compact
        storage = ByteBuffer(capacity: compact ? 256 : 4096)
    }

    /// The document so far.
    public var text: String { storage.text }

    /// Bytes written so far.
    public var count: Int { storage.count }

    /// False when memory ran out and part of the document was dropped
    /// (`ByteBuffer`): whoever writes it out reports that instead.
    public var isComplete: Bool { storage.isComplete }

    private var inline: Bool { (open.last ?? 0) & Self.onOneLine != 0 }

    /// Indentation stops growing here, so a tree 100,000 levels deep is
    /// written in linear space (2 spaces × depth per line would be quadratic).
    public static let maxIndentDepth = 64

    private mutating func appendIndent() {
        let n = 2 * min(open.count, Self.maxIndentDepth)
        guard storage.reserve(n) else { return }
        (storage.base + storage.count).initialize(repeating: UInt8(ascii: " "), count: n)
        storage.count += n
    }

    @inlinable @inline(__always)
    mutating func beforeValue() {
        if afterKey { afterKey = false; return }
        if compact {
            if hasMember && depth > 0 { storage.append(UInt8(ascii: ",")) }
            hasMember = true
            return
        }
        beforeIndentedValue()
    }

    /// `beforeValue` in indented output: the comma, the newline and the indent.
    @usableFromInline
    mutating func beforeIndentedValue() {
        guard let top = open.last else { return }
        let oneLine = top & Self.onOneLine != 0
        if top & Self.hasMember != 0 {
            storage.append(UInt8(ascii: ","))
            if oneLine && !compact { storage.append(UInt8(ascii: " ")) }
        }
        if !oneLine { storage.append(0x0A); appendIndent() }
        open[open.count - 1] = top | Self.hasMember
    }

    /// A member's name, one of the project's own (`"time_us"`): written as
    /// it is, without looking for characters to escape. Inlined where it
    /// is called, the name's bytes are a few stores.
    @inlinable @inline(__always)
    public mutating func key(_ k: StaticString) {
        beforeValue()
        storage.append(UInt8(ascii: "\""))
        storage.append(k)
        storage.append(UInt8(ascii: "\""))
        storage.append(UInt8(ascii: ":"))
        if !compact { storage.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    /// A member whose name and value are both the project's own
    /// (`"event":"highlighted"`): written as they are.
    /// Room is made once for the whole member, and the two literals copied.
    @inlinable @inline(__always)
    public mutating func member(_ k: StaticString, _ value: StaticString) {
        beforeValue()
        let n = k.utf8CodeUnitCount, m = value.utf8CodeUnitCount
        let space = compact ? 0 : 1
        guard storage.reserve(n + m + 5 + space) else { return }
        let p = storage.base + storage.count
        p[0] = UInt8(ascii: "\"")
        (p + 1).update(from: k.utf8Start, count: n)
        p[n + 1] = UInt8(ascii: "\"")
        p[n + 2] = UInt8(ascii: ":")
        p[n + 3] = UInt8(ascii: " ")  // overwritten next when compact
        let v = p + n + 3 + space
        v[0] = UInt8(ascii: "\"")
        (v + 1).update(from: value.utf8Start, count: m)
        v[m + 1] = UInt8(ascii: "\"")
        storage.count += n + m + 5 + space
    }

    /// A member's name from outside (a screen's name, a setting's):
    /// escaped as every JSON string is.
    public mutating func key(escaping k: String) {
        beforeValue()
        appendQuoted(k)
        storage.append(UInt8(ascii: ":"))
        if !compact { storage.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    public mutating func openObject(inline: Bool = false) { open(UInt8(ascii: "{"), inline) }
    public mutating func closeObject() { close(UInt8(ascii: "}")) }
    public mutating func openArray(inline: Bool = false) { open(UInt8(ascii: "["), inline) }
    public mutating func closeArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ c: UInt8, _ isInline: Bool) {
        beforeValue()
        storage.append(c)
        if compact {
            depth += 1
            hasMember = false
            return
        }
        open.append(isInline || inline ? Self.onOneLine : 0)
    }

    private mutating func close(_ c: UInt8) {
        if compact {
            depth -= 1
            hasMember = true
            storage.append(c)
            return
        }
        let top = open.removeLast()
        if top == Self.hasMember { storage.append(0x0A); appendIndent() }
        storage.append(c)
    }

    /// A frame on one line, `{"x": 16, "y": 700, "width": 358, "height": 44}`
    /// (without spaces when compact): the one spelling of a `Rect` in every
    /// JSON the project writes. Whole numbers, as most frames are, are
    /// written straight into room made once.
    public mutating func rect(_ r: Rect) {
        guard let x = DecimalText.whole(r.x), let y = DecimalText.whole(r.y),
              let width = DecimalText.whole(r.width), let height = DecimalText.whole(r.height) else {
            openObject(inline: true)
            key("x"); number(r.x); key("y"); number(r.y); key("width"); number(r.width); key("height"); number(r.height)
            return closeObject()
        }
        beforeValue()
        // Four numbers of at most 20 bytes, the names and the punctuation.
        guard storage.reserve(4 * 20 + 48) else { return }
        let start = storage.base + storage.count
        var p = start
        func put(_ s: StaticString) {
            p.update(from: s.utf8Start, count: s.utf8CodeUnitCount)
            p += s.utf8CodeUnitCount
        }
        func put(_ v: Int64) { p += DecimalText.write(v, to: p) }
        if compact {
            put("{\"x\":"); put(x); put(",\"y\":"); put(y); put(",\"width\":"); put(width); put(",\"height\":"); put(height); put("}")
        } else {
            put("{\"x\": "); put(x); put(", \"y\": "); put(y); put(", \"width\": "); put(width); put(", \"height\": "); put(height); put("}")
        }
        storage.count += p - start
    }

    /// A string of the project's own spelling, with nothing to escape (an
    /// element's path), whose bytes `body` appends where it stands.
    @inline(__always)
    mutating func string(appendedBy body: (inout ByteBuffer) -> Void) {
        beforeValue()
        storage.append(UInt8(ascii: "\""))
        body(&storage)
        storage.append(UInt8(ascii: "\""))
    }

    /// A trait set, `["button", "selected"]` on one line, in declaration
    /// order: the one spelling of traits in every JSON the project writes.
    public mutating func traits(_ set: TraitSet) {
        openArray(inline: true)
        set.forEach { string($0.rawValue) }
        closeArray()
    }

    /// A point, `{"x": 140, "y": 270.5}`.
    public mutating func point(_ p: Point) {
        openObject()
        key("x"); number(p.x); key("y"); number(p.y)
        closeObject()
    }

    public mutating func string(_ s: String) { beforeValue(); appendQuoted(s) }
    public mutating func bool(_ b: Bool) { beforeValue(); if b { storage.append("true") } else { storage.append("false") } }
    public mutating func null() { beforeValue(); storage.append("null") }
    /// A number; `null` when not finite (JSON has no infinity or NaN).
    public mutating func number(_ v: Double) {
        beforeValue()
        // Spelled as `Point.format` spells it, without making a `String`.
        if v.isFinite { storage.append(number: v) } else { storage.append("null") }
    }
    public mutating func number(_ v: Int64) { beforeValue(); storage.append(decimal: v) }

    /// Makes room for `count` bytes of output up front.
    public mutating func reserveCapacity(_ count: Int) {
        // A hint: room it could not make costs no bytes, so the document stays complete.
        let complete = storage.isComplete
        _ = storage.reserve(count - storage.count)
        storage.isComplete = complete
    }

    /// Ends a document's line (JSON Lines, or a whole document's last line).
    public mutating func endLine() {
        precondition(open.isEmpty && depth == 0, "a line ends between documents")
        storage.append(UInt8(0x0A))
    }

    /// Forgets what was written (after the caller took `bytes`), keeping the room.
    public mutating func removeAll() {
        precondition(open.isEmpty && depth == 0, "only whole documents are taken")
        storage.removeAll()
    }

    /// Hands what is written so far to `body` and forgets it, keeping the
    /// room: a long document streamed in pieces (the bytes given are a
    /// prefix of the document, not a whole one).
    public mutating func drain(_ body: (UnsafeRawBufferPointer) -> Void) {
        body(storage.written)
        storage.removeAll()
    }
    /// Writes a value with `body` and returns its bytes: a fragment to
    /// write again with `fragment(_:)` wherever the same value recurs (the
    /// elements of a transcript's lines). Compact output only, where a
    /// value's bytes do not depend on where it stands. Nil when memory ran
    /// out while it was written.
    public mutating func capture(_ body: (inout JSONWriter) -> Void) -> [UInt8]? {
        precondition(compact, "a fragment is compact JSON")
        beforeValue()
        afterKey = true  // the separator is written; the value starts here
        let start = storage.count
        body(&self)
        guard storage.isComplete else { return nil }
        return Array(UnsafeRawBufferPointer(rebasing: storage.written[start...]))
    }

    /// A value `capture(_:)` returned, written again as it is.
    public mutating func fragment(_ bytes: [UInt8]) {
        precondition(compact, "a fragment is compact JSON")
        beforeValue()
        bytes.withUnsafeBufferPointer { storage.append($0) }
    }

    /// Writes members with `body` inside an open object that has a member
    /// already, and returns their bytes, comma first: members to write
    /// again with `members(_:)` wherever the same ones end an object (the
    /// end of a transcript line that recurs). Compact output only. Nil when
    /// memory ran out while they were written.
    public mutating func captureMembers(_ body: (inout JSONWriter) -> Void) -> [UInt8]? {
        precondition(compact && depth > 0 && hasMember && !afterKey, "members follow a member of an open object")
        let start = storage.count, level = depth
        body(&self)
        precondition(depth == level && !afterKey, "members close what they open")
        guard storage.isComplete else { return nil }
        return Array(UnsafeRawBufferPointer(rebasing: storage.written[start...]))
    }

    /// Members `captureMembers(_:)` returned, written again as they are.
    public mutating func members(_ bytes: [UInt8]) {
        precondition(compact && depth > 0 && hasMember && !afterKey, "members follow a member of an open object")
        bytes.withUnsafeBufferPointer { storage.append($0) }
    }

    public mutating func strings(_ list: [String]) {
        openArray(inline: true)
        for s in list { string(s) }
        closeArray()
    }

    /// `s` as a string literal (`quote`), appended without a copy when
    /// nothing in it needs escaping.
    private mutating func appendQuoted(_ s: String) {
        var s = s
        let clean = s.withUTF8 { utf8 in
            guard Self.isClean(utf8) else { return false }
            storage.append(UInt8(ascii: "\""))
            storage.append(utf8)
            storage.append(UInt8(ascii: "\""))
            return true
        }
        if clean { return }
        var escaped = "\""
        Self.appendEscaped(s, to: &escaped)
        escaped += "\""
        storage.append(utf8: escaped)
    }

    /// A number without a trailing `.0` when whole.
    public static func number(_ v: Double) -> String { Point.format(v) }

    /// `s` as a JSON string literal: the one rule for every JSON the
    /// project writes. Besides `"` and `\`, every character that must not
    /// reach a terminal raw is written as an escape that decodes to the same
    /// string: U+0000–U+001F (`\n`, `\r`, `\t`, else `\u001b`), DEL and the
    /// C1 controls (U+007F–U+009F), the bidi embeddings, overrides and
    /// isolates (U+202A–U+202E, U+2066–U+2069; `TerminalText`), and the line
    /// and paragraph separators U+2028/U+2029, which JavaScript does not
    /// allow raw in a string.
    public static func quote(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        appendEscaped(s, to: &out)
        out += "\""
        return out
    }

    /// Whether `s` has nothing to escape. Every character to escape starts
    /// with `"`, `\` or a byte that may start a character unsafe on a
    /// terminal (U+2028/9 start with 0xE2 too); found without decoding.
    static func isClean(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { isClean($0) }
    }

    /// `isClean(_:)` over a string's UTF-8 bytes. Eight bytes at a time
    /// (`ByteWords`) while every byte is plain ASCII (0x20–0x7E, not `"` or
    /// `\`); from the first word with any other byte, one by one.
    static func isClean(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteWords.none(of: utf8, flagged: { w in
            w & ByteWords.high | ByteWords.below(w, 0x20) | ByteWords.equal(w, 0x22) | ByteWords.equal(w, 0x5C) | ByteWords.equal(w, 0x7F)
        }, special: { b in b == 0x22 || b == 0x5C || TerminalText.mayStartUnsafe(b) })
    }

    /// Appends `s` escaped for a JSON string (without the quotes) to `out`.
    static func appendEscaped(_ s: String, to out: inout String) {
        if isClean(s) {
            out += s
            return
        }
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}", "\u{2029}": out += unicodeEscape(u)
            default:
                if TerminalText.isUnsafe(u, keepNewlines: false) { out += unicodeEscape(u) } else { out.unicodeScalars.append(u) }
            }
        }
    }

    /// `\u001b`: a scalar of the Basic Multilingual Plane as a JSON escape.
    static func unicodeEscape(_ u: Unicode.Scalar) -> String {
        let hex = String(u.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
