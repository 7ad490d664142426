/// Imports XCTest's `XCUIApplication().debugDescription` (what `po app`
/// prints in lldb, a failed assertion shows, and Appium's `mobile: source`
/// returns with `format: description`) as an app with one screen.
///
/// The text is XCTest's snapshot of the app, one line per element under
/// `Element subtree:`, the depth shown by indentation:
///
///     Attributes: Application, 0x600000c8c000, pid: 4242, label: 'Settings'
///     Element subtree:
///      →Application, 0x600000c8c000, pid: 4242, label: 'Settings'
///         Window (Main), 0x600000c8c0e0, {{0.0, 0.0}, {390.0, 844.0}}
///           Button, 0x600000c8c1c0, {{16.0, 100.0}, {60.0, 44.0}}, identifier: 'back', label: 'Back', Disabled
///     Path to element:
///      →Application, 0x600000c8c000, pid: 4242, label: 'Settings'
///     Query chain:
///      →Find: Target Application 'com.apple.Preferences'
///
/// Each line is the element type (with a qualifier such as `(Main)`), the
/// snapshot's address, the frame `{{x, y}, {width, height}}` in points
/// (absolute, floats), then `key: value` fields and bare flags, separated
/// by `, `. A line's parent is the nearest line above it that is indented
/// less (the `→` marking the queried element counts as one column), so
/// any indentation step reads. Lines before `Element subtree:` and the
/// sections after the subtree (`Path to element:`, `Query chain:`) are
/// skipped; a text that starts with an element line is read as the
/// subtree itself.
///
/// ## Mapping
///
/// | debugDescription | Screen model | Why |
/// |---|---|---|
/// | the first element line | `elements[0]`; screen `size` ← its frame (the Application line has none: its windows' extent); `title` and app name ← its label | the snapshot's root |
/// | type (`Button`, `StaticText`, `Window (Main)` → `Window`) | traits, element kind, container kind, as for Appium's `XCUIElementType` (the types table in docs/importing.md) | the same XCTest element types |
/// | `{{x, y}, {w, h}}` | `frame`, as written | points, screen coordinates |
/// | `label: '…'`, else `title: '…'` | `label` | `title` is macOS's |
/// | `identifier: '…'` | `identifier`, on its first use in the screen | identifiers are unique per screen |
/// | `value: …` (quoted or not; empty → none) | `value` | a switch gives `0`/`1` |
/// | `Disabled` | `notEnabled` | |
/// | `Selected` | `selected` | |
/// | the address, `pid`, `placeholderValue`, `hitPoint`, `Focused`, `Keyboard Focused`, other fields and flags | ignored | no screen-model field |
///
/// Nothing says whether a node is an accessibility element, so it is
/// inferred from the type, as for older WebDriverAgent captures: controls,
/// `StaticText`, `Image` and progress indicators are elements (an element
/// with children hides them: `childBehavior: ignore`), the rest are
/// containers. Nor is anything hidden: XCTest lists what it exposes, and
/// rows outside a scroll view's viewport are scrolled out by their frames.
///
/// A quoted string ends at a `'` followed by the end of the line or by
/// `, ` and the start of another field (a `name:`, an address, a frame, or
/// a known flag), so a label may hold `'` and `, `. The text is read line
/// by line with no recursion; a file is at most `Limits.maximumFileBytes`.
public struct XCTestImporter {
    /// The file name used in error messages and for the screen's name.
    public var file: String
    /// The largest text read, in bytes.
    public var maximumBytes: Int

    /// - Parameters:
    ///   - file: the file's name or path; the screen is named after its
    ///     last component without the extension.
    ///   - maximumBytes: the largest text read: `Limits.maximumFileBytes`
    ///     unless a test lowers it (it cannot be raised).
    public init(file: String, maximumBytes: Int = Limits.maximumFileBytes) {
        self.file = file
        self.maximumBytes = min(maximumBytes, Limits.maximumFileBytes)
    }

    /// The flags XCTest writes bare that end a quoted or unquoted value
    /// when they follow it (`label: 'Done', Disabled`).
    static let knownFlags = ["Disabled", "Selected", "Focused", "Keyboard Focused", "Main Window"]

    // MARK: - API

    /// Imports a debugDescription.
    /// - Parameter bytes: the text, UTF-8.
    /// - Returns: an app named after the root's label, with one screen.
    /// - Throws: `ScreenModelError.syntax` at the line and column of what
    ///   cannot be read, in words (bytes that are not UTF-8, a text pasted
    ///   as a quoted string, no element subtree, a line that is not an
    ///   element, a frame that is not numbers or is beyond `Limits`, a
    ///   second root); `.tooLarge` over `maximumBytes`; `.negativeFrameSize`.
    public func importApp(_ bytes: [UInt8]) throws(ScreenModelError) -> AppModel {
        guard bytes.count <= maximumBytes else { throw .tooLarge(file: file, bytes: bytes.count, limit: maximumBytes) }
        if let (offset, shown) = ImportText.firstInvalidUTF8(bytes) {
            // The column in characters, as every other column of this reader (the line is UTF-8 up to there).
            let (line, _) = ImportText.position(of: offset, in: bytes)
            let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
            throw .syntax(file: file, line: line, column: column, message: "invalid UTF-8 (bytes \(shown)); expected UTF-8 text")
        }
        if let literal = StringLiteralCapture.error(bytes, file: file) { throw literal }
        let name = ImportText.screenName(file: file)
        var reader = XCTestTreeReader(file: file, bytes: bytes)
        try reader.read()
        let table = reader.table
        let root = table[0]
        let screen = Screen(name: name, title: root.label, size: root.frame.map { Rect(x: 0, y: 0, width: $0.width, height: $0.height) }, elements: table,
                            uniqueIdentifiers: reader.identifiers.table)
        let app = AppModel(name: root.label ?? name, startScreen: name, screens: [screen])
        try AppValidator(file: file).validate(app)
        return app
    }
}

/// Reads the element lines of a debugDescription into a preorder table,
/// with a stack of (indentation, element) for the open ancestors.
struct XCTestTreeReader {
    let file: String
    let bytes: [UInt8]
    private(set) var table: [Element] = []
    private var isElement: [Bool] = []
    private(set) var identifiers = FirstUseIdentifiers()

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
    }

    /// One line of the text: its number and its byte range (without the
    /// line break and a carriage return before it).
    struct Line {
        var number: Int
        var start: Int
        var end: Int
    }

    /// Reads the subtree.
    mutating func read() throws(ScreenModelError) {
        var lines: [Line] = []
        var start = 0
        var number = 1
        for k in 0...bytes.count where k == bytes.count || bytes[k] == 0x0A {
            var end = k
            if end > start && bytes[end - 1] == 0x0D { end -= 1 }
            lines.append(Line(number: number, start: start, end: end))
            number += 1
            start = k + 1
        }
        // Where the subtree starts: after `Element subtree:`, or at once when
        // the text starts with an element line.
        let firstText = lines.firstIndex { !isBlank($0) }
        var first: Int
        if let header = lines.firstIndex(where: { holds($0, "Element subtree:") }) {
            first = header + 1
        } else if let f = firstText, startsLikeAnElement(lines[f]) {
            first = f
        } else {
            let hasQueryChain = lines.contains { holds($0, "Query chain:") }
            let where_ = firstText.map { lines[$0].number } ?? 1
            throw .syntax(file: file, line: where_, column: 1, message: hasQueryChain
                ? "no 'Element subtree:', only a query chain: XCTest could not snapshot the app; expected the debugDescription of a running app"
                : "no 'Element subtree:' line; expected XCTest's debugDescription (an 'Attributes:' line, 'Element subtree:', then one line per element)")
        }
        var open: [(indent: Int, index: ElementIndex)] = []
        let subtreeStart = first
        while first < lines.count {
            let line = lines[first]
            first += 1
            if isBlank(line) { break }
            // A section header (`Path to element:`, `Query chain:`) ends the subtree.
            if bytes[line.start] != 0x20 && !startsWithArrow(line) && bytes[line.end - 1] == UInt8(ascii: ":")
                && !bytes[line.start..<line.end].contains(UInt8(ascii: ",")) { break }
            let (indent, bodyStart) = indentation(line)
            while let top = open.last, top.indent >= indent {
                open.removeLast()
                close(top.index)
            }
            if open.isEmpty && !table.isEmpty {
                throw .syntax(file: file, line: line.number, column: column(bodyStart, in: line),
                              message: "a second element at the top level; expected one root, each child indented deeper than its parent")
            }
            let index = try add(line, from: bodyStart, parent: open.last?.index)
            open.append((indent, index))
        }
        while let top = open.popLast() { close(top.index) }
        guard !table.isEmpty else {
            throw .syntax(file: file, line: lines[max(0, subtreeStart - 1)].number, column: 1,
                          message: "the element subtree is empty; expected one line per element after 'Element subtree:'")
        }
    }

    // MARK: - One element line

    /// Appends the element `line` describes, its body starting at byte `p`.
    private mutating func add(_ line: Line, from p: Int, parent: ElementIndex?) throws(ScreenModelError) -> ElementIndex {
        var cursor = FieldCursor(bytes: bytes, position: p, end: line.end)
        // The type: letters, then an optional qualifier in parentheses (`Window (Main)`).
        let typeStart = cursor.position
        while cursor.position < line.end, isLetter(bytes[cursor.position]) { cursor.position += 1 }
        guard cursor.position > typeStart else {
            throw syntax(line, at: typeStart, "expected an element type such as Button or StaticText at the start of the line, found '\(String(decoding: bytes[typeStart..<min(line.end, typeStart + 20)], as: UTF8.self))'")
        }
        let typeName = String(decoding: bytes[typeStart..<cursor.position], as: UTF8.self)
        if cursor.peek(" (") {
            guard let close = cursor.index(of: UInt8(ascii: ")")) else { throw syntax(line, at: cursor.position, "qualifier not closed with ')'") }
            cursor.position = close + 1
        }
        var e = Element()
        var traits = AppiumElementType(typeName).traits
        var label: String?, title: String?, identifier: String?
        while cursor.position < line.end {
            guard cursor.peek(", ") else { throw syntax(line, at: cursor.position, "expected ', ' between fields") }
            cursor.position += 2
            if cursor.peek("0x") {
                cursor.skipField()
            } else if cursor.peek("{{") {
                e.frame = try frame(&cursor, line)
            } else if let key = cursor.key() {
                let valueStart = cursor.position
                guard let value = cursor.value() else { throw syntax(line, at: valueStart, "the quoted value of '\(key)' is not closed with '") }
                switch key {
                case "label": label = value
                case "title": title = value
                case "identifier": identifier = value
                case "value": e.value = ImportText.nonEmpty(value)
                default: break
                }
            } else {
                let flag = cursor.skipField()
                if flag == "Disabled" { traits.insert(.notEnabled) }
                if flag == "Selected" { traits.insert(.selected) }
            }
        }
        let index = table.count
        e.label = ImportText.nonEmpty(label) ?? ImportText.nonEmpty(title)
        e.identifier = identifiers.claim(identifier, by: index)
        e.traits = traits
        let type = AppiumElementType(typeName)
        type.configure(&e, asElement: type.isElement)
        e.parent = parent
        table.append(e)
        isElement.append(type.isElement)
        if let parent { table[parent].children.append(index) }
        return index
    }

    /// An element with children hides them (`childBehavior: ignore`), as
    /// UIKit hides an accessibility element's subviews.
    private mutating func close(_ i: ElementIndex) {
        if isElement[i] && !table[i].children.isEmpty { table[i].childBehavior = .ignore }
    }

    /// `{{x, y}, {width, height}}`, each number checked against `Limits`.
    private func frame(_ cursor: inout FieldCursor, _ line: Line) throws(ScreenModelError) -> Rect {
        let start = cursor.position
        var numbers: [Double] = []
        for (k, opener) in [("{{" as StaticString), ", {"].enumerated() {
            guard cursor.peek(opener) else { throw syntax(line, at: cursor.position, "expected a frame {{x, y}, {width, height}}") }
            cursor.position += opener.utf8CodeUnitCount
            for closer in [(", " as StaticString), "}"] {
                let numberStart = cursor.position
                while cursor.position < line.end, !cursor.peek(closer) { cursor.position += 1 }
                let text = String(decoding: bytes[numberStart..<cursor.position], as: UTF8.self)
                guard cursor.position < line.end, let v = Double(text) else {
                    throw syntax(line, at: numberStart, "'\(text)' is not a number of points; expected a frame {{x, y}, {width, height}}")
                }
                let problem = k == 0 ? Limits.coordinateProblem(v, written: "'\(text)'") : Limits.sizeProblem(v, written: "'\(text)'")
                if let problem { throw syntax(line, at: numberStart, problem) }
                numbers.append(v)
                cursor.position += closer.utf8CodeUnitCount
            }
        }
        guard cursor.peek("}") else { throw syntax(line, at: cursor.position, "expected '}' closing the frame") }
        cursor.position += 1
        let r = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        guard r.width >= 0, r.height >= 0 else {
            throw syntax(line, at: start, "frame has a negative size (\(Point.format(r.width))×\(Point.format(r.height))); expected width and height ≥ 0")
        }
        return r
    }

    // MARK: - Lines

    /// Whether `line` is `s`, give or take blanks around it.
    private func holds(_ line: Line, _ s: String) -> Bool {
        var a = line.start, b = line.end
        while a < b, bytes[a] == 0x20 || bytes[a] == 0x09 { a += 1 }
        while b > a, bytes[b - 1] == 0x20 || bytes[b - 1] == 0x09 { b -= 1 }
        return bytes[a..<b].elementsEqual(s.utf8)
    }

    private func isBlank(_ line: Line) -> Bool {
        bytes[line.start..<line.end].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// `→`, as UTF-8.
    private static let arrow: [UInt8] = [0xE2, 0x86, 0x92]

    private func startsWithArrow(_ line: Line) -> Bool {
        bytes[line.start..<line.end].starts(with: Self.arrow)
    }

    /// The indentation in columns (spaces and `→`s) and where the body starts.
    private func indentation(_ line: Line) -> (Int, Int) {
        var k = line.start
        var columns = 0
        while k < line.end {
            if bytes[k] == 0x20 || bytes[k] == 0x09 { k += 1 } else if bytes[k..<line.end].starts(with: Self.arrow) { k += 3 } else { break }
            columns += 1
        }
        return (columns, k)
    }

    /// Whether the line reads as an element: indentation, a type, then `, ` or ` (`.
    private func startsLikeAnElement(_ line: Line) -> Bool {
        var k = indentation(line).1
        let typeStart = k
        while k < line.end, isLetter(bytes[k]) { k += 1 }
        return k > typeStart && (bytes[k..<line.end].starts(with: ", ".utf8) || bytes[k..<line.end].starts(with: " (".utf8))
    }

    private func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }

    /// The 1-based column, in characters, of byte `p` on `line`.
    private func column(_ p: Int, in line: Line) -> Int {
        String(decoding: bytes[line.start..<p], as: UTF8.self).count + 1
    }

    private func syntax(_ line: Line, at p: Int, _ message: String) -> ScreenModelError {
        .syntax(file: file, line: line.number, column: column(p, in: line), message: message)
    }
}

/// Reads the fields of one element line, after the type.
struct FieldCursor {
    let bytes: [UInt8]
    var position: Int
    let end: Int

    /// Whether `s` comes next.
    func peek(_ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard position + n <= end else { return false }
        let p = s.utf8Start
        for j in 0..<n where bytes[position + j] != p[j] { return false }
        return true
    }

    /// The next `b` from here, if any.
    func index(of b: UInt8) -> Int? { bytes[position..<end].firstIndex(of: b) }

    /// A `name:` key (letters), consumed with the `: ` after it; nil (and
    /// nothing consumed) when the field is not one.
    mutating func key() -> String? {
        guard let length = Self.keyLength(bytes, at: position, end: end) else { return nil }
        let key = String(decoding: bytes[position..<(position + length)], as: UTF8.self)
        position += length + 1
        if position < end && bytes[position] == 0x20 { position += 1 }
        return key
    }

    /// A key's value: quoted (`'…'`, ending at a `'` that ends the field),
    /// in braces (`{1.0, 2.0}`), or bare (up to where the next field
    /// starts). Nil for a quoted value that is never closed.
    mutating func value() -> String? {
        if position < end && bytes[position] == UInt8(ascii: "'") {
            var k = position + 1
            while k < end {
                if bytes[k] == UInt8(ascii: "'") && (k + 1 == end || startsField(after: k + 1)) {
                    let s = String(decoding: bytes[(position + 1)..<k], as: UTF8.self)
                    position = k + 1
                    return s
                }
                k += 1
            }
            return nil
        }
        if position < end && bytes[position] == UInt8(ascii: "{") {
            let close = bytes[position..<end].firstIndex(of: UInt8(ascii: "}")).map { $0 + 1 } ?? end
            let s = String(decoding: bytes[position..<close], as: UTF8.self)
            position = close
            return s
        }
        var k = position
        while k < end && !(startsField(after: k)) { k += 1 }
        let s = String(decoding: bytes[position..<k], as: UTF8.self)
        position = k
        return s
    }

    /// Skips a field with no key (an address, a flag) up to the next `, `.
    /// - Returns: its text.
    @discardableResult
    mutating func skipField() -> String {
        var k = position
        while k < end && !bytes[k..<end].starts(with: ", ".utf8) { k += 1 }
        let s = String(decoding: bytes[position..<k], as: UTF8.self)
        position = k
        return s
    }

    /// Whether `, ` and the start of another field come at `k`: a key, an
    /// address, a frame, or a known flag ending the line or followed by `,`.
    private func startsField(after k: Int) -> Bool {
        guard bytes[k..<end].starts(with: ", ".utf8) else { return false }
        let f = k + 2
        let rest = bytes[f..<end]
        if rest.starts(with: "0x".utf8) || rest.starts(with: "{{".utf8) || Self.keyLength(bytes, at: f, end: end) != nil { return true }
        return XCTestImporter.knownFlags.contains { flag in
            rest.starts(with: flag.utf8) && (f + flag.utf8.count == end || bytes[f + flag.utf8.count] == UInt8(ascii: ","))
        }
    }

    /// The length of a key (ASCII letters) at `k` that a `:` follows.
    private static func keyLength(_ bytes: [UInt8], at k: Int, end: Int) -> Int? {
        var j = k
        while j < end, (bytes[j] | 0x20) >= UInt8(ascii: "a"), (bytes[j] | 0x20) <= UInt8(ascii: "z") { j += 1 }
        guard j > k, j < end, bytes[j] == UInt8(ascii: ":") else { return nil }
        return j - k
    }
}
