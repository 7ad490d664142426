import Foundation

/// What every importer does the same way: the screen's name from the file
/// name, attribute text (empty means none, booleans, newline-joined
/// descriptions), unique identifiers, and the checks on the bytes before
/// parsing (UTF-8, a capture pasted as a quoted string literal).
enum ImportText {
    /// The screen's name for a capture in `file`: the file name without its
    /// last extension (`ios-settings-top_390x844.xml` →
    /// `ios-settings-top_390x844`), or `screen` when that is empty.
    static func screenName(file: String) -> String {
        let last = file.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
        let stem: Substring
        if let dot = last.lastIndex(of: "."), dot != last.startIndex {
            stem = last[..<dot]
        } else {
            stem = Substring(last)
        }
        return stem.isEmpty ? "screen" : String(stem)
    }

    /// `s`, or nil when it is absent or empty.
    static func nonEmpty(_ s: String?) -> String? {
        guard let s, !s.isEmpty else { return nil }
        return s
    }

    /// A boolean attribute's value, read in place: `true`/`false` (as
    /// Java's `Boolean.toString` and WebDriverAgent write them; also
    /// `1`/`0`, `yes`/`no`, any case), made a `String` only when it is not
    /// `true` or `false` as written.
    /// - Returns: nil when `u` is none of them.
    static func bool(_ u: UnsafeBufferPointer<UInt8>) -> Bool? {
        // As WebDriverAgent and UiAutomator write them, without lower-casing a copy.
        if u.equals("true") { return true }
        if u.equals("false") { return false }
        switch String(decoding: u, as: UTF8.self).lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: return nil
        }
    }

    /// A description whose lines were joined with newlines (Flutter and
    /// Compose put a title and a subtitle in one `content-desc`, written
    /// `&#10;`): the lines, trimmed, empty ones dropped, joined with ", ",
    /// the way a combined element's labels are joined (`Screen.label(of:)`).
    /// Text without a line break comes back as it is.
    static func joiningLines(_ s: String) -> String {
        guard s.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return s }
        return s.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: ", ")
    }

    /// The line and column (from 1; the column in bytes, as libxml2 counts)
    /// of byte `offset` in `bytes`.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for k in 0..<min(offset, bytes.count) where bytes[k] == 0x0A {
            line += 1
            lineStart = k + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// Where `bytes` stop being UTF-8: the offset of the first byte of the
    /// first bad sequence, and up to four bytes from there written
    /// `0xFF 0x22` (as libxml2 shows them); nil for valid UTF-8.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> (offset: Int, bytes: String)? {
        var k = 0
        let n = bytes.count
        while k < n {
            let b = bytes[k]
            if b < 0x80 { k += 1; continue }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: length = 0
            }
            var ok = length > 0 && k + length <= n
            if ok {
                for j in 1..<length {
                    let c = bytes[k + j]
                    let (lo, hi) = j == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                    if c < lo || c > hi { ok = false; break }
                }
            }
            if !ok {
                let shown = bytes[k..<min(n, k + 4)].map { "0x" + String($0, radix: 16, uppercase: true).leftPadded(to: 2) }
                return (k, shown.joined(separator: " "))
            }
            k += length
        }
        return nil
    }
}

/// Identifiers are unique within a screen (`duplicateIdentifier`), but real
/// captures repeat them (`android:id/title` on every row, `chevron`): an
/// identifier is kept on its first use only.
///
/// The identifiers kept, with the element of each, are the screen's table
/// (`Screen.identifiers`), handed over whole
/// (`Screen(name:title:size:elements:uniqueIdentifiers:)`).
struct FirstUseIdentifiers {
    private(set) var table: [String: ElementIndex] = [:]

    /// Room for `count` identifiers without the table growing.
    mutating func reserve(_ count: Int) { table.reserveCapacity(count) }

    /// `id` the first time it is claimed (by `element`), else nil.
    mutating func claim(_ id: String?, by element: ElementIndex) -> String? {
        guard let id, !id.isEmpty else { return nil }
        // One lookup: the identifier's entry is made, or found taken.
        var claimed = false
        func take(_ owner: inout ElementIndex) {
            if owner < 0 { owner = element; claimed = true }
        }
        take(&table[id, default: -1])
        return claimed ? id : nil
    }
}

/// A capture pasted into a file as a quoted string literal rather than as
/// its text: what Python's `repr()` (or a JSON encoder, or a log line)
/// makes of a page source: `'<?xml version=\'1.0\' …>\n<hierarchy …'`,
/// `"Attributes: Application…\nElement subtree:\n …"`. The quotes are
/// escaped and the line breaks are the two characters `\` `n`, so neither
/// an XML parser nor the XCTest reader can use it. Switchyard does not
/// guess how to unescape it (Python, JSON and shell quoting differ); it
/// says what the file is and how to get the text.
enum StringLiteralCapture {
    /// How much of the file is looked at for the escapes.
    static let sniffLength = 1 << 16

    /// The error for `bytes` when they look like a quoted string literal:
    /// they start with a quote (after blanks, optionally after Python's
    /// `b`, `u` or `r` prefix), or they hold an escaped quote after `=`
    /// (`=\"`, `=\'`) or a written-out line break after a tag (`>\n<`, `>\r\n<`) or before
    /// XCTest's `Element subtree:`.
    /// - Returns: nil when they do not.
    static func error(_ bytes: [UInt8], file: String) -> ScreenModelError? {
        let end = min(bytes.count, sniffLength)
        var k = 0
        if end >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { k = 3 }
        while k < end, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[k]) { k += 1 }
        var q = k
        if q < end, [UInt8(ascii: "b"), UInt8(ascii: "u"), UInt8(ascii: "r")].contains(bytes[q]) { q += 1 }
        if q + 1 < end, bytes[q] == UInt8(ascii: "\"") || bytes[q] == UInt8(ascii: "'"),
           bytes[q + 1] == UInt8(ascii: "<") || bytes[q + 1] == UInt8(ascii: "A") || bytes[q + 1] == UInt8(ascii: "E") {
            return made(at: k, in: bytes, file: file, what: "it starts with a quote")
        }
        let backslash = UInt8(ascii: "\\")
        var j = k
        while j + 2 < end {
            if bytes[j] == UInt8(ascii: "="), bytes[j + 1] == backslash, bytes[j + 2] == UInt8(ascii: "\"") || bytes[j + 2] == UInt8(ascii: "'") {
                return made(at: j + 1, in: bytes, file: file, what: "its quotes are escaped (\(String(decoding: bytes[j...(j + 2)], as: UTF8.self)))")
            }
            if bytes[j] == backslash, bytes[j + 1] == UInt8(ascii: "n") || bytes[j + 1] == UInt8(ascii: "r"),
               j > k && bytes[j - 1] == UInt8(ascii: ">") || bytes[(j + 2)..<end].starts(with: "Element subtree:".utf8) {
                return made(at: j, in: bytes, file: file, what: "its line breaks are written out as \\n")
            }
            j += 1
        }
        return nil
    }

    private static func made(at offset: Int, in bytes: [UInt8], file: String, what: String) -> ScreenModelError {
        let (line, column) = ImportText.position(of: offset, in: bytes)
        return .syntax(file: file, line: line, column: column,
                       message: "this looks like a capture pasted as a quoted string (a Python or JSON string literal): \(what); "
                           + "expected the text itself: print the string (print(source) in Python) and save what it prints")
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension XMLEventParser {
    /// Parses a capture as `parse(_:handler:)` does, except that a document
    /// that does not parse and looks like a quoted string literal
    /// (`StringLiteralCapture`) gets that error, which says what to do,
    /// instead of libxml2's first error (an attribute without quotes, a
    /// start tag expected).
    static func parseCapture(_ bytes: [UInt8], file: String, handler: some XMLEventHandler) throws(ScreenModelError) {
        do {
            try parse(bytes, handler: handler)
        } catch {
            if case .syntax = error, let literal = StringLiteralCapture.error(bytes, file: file) { throw literal }
            throw error
        }
    }
}

/// Bytes read in place from a parser's buffer (a tag's name, an attribute's
/// value), compared with `memcmp`: the generic `elementsEqual` and
/// `starts(with:)` walk both sides through iterators, byte by byte.
extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes are the same as `other`'s.
    func equals(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        count == other.count && (count == 0 || memcmp(baseAddress!, other.baseAddress!, count) == 0)
    }

    /// Whether these bytes spell `literal` (UTF-8).
    func equals(_ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { equals($0) }
    }

    /// Whether these bytes start with `literal` (UTF-8).
    func hasPrefix(_ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { UnsafeBufferPointer(rebasing: prefix($0.count)).equals($0) }
    }
}

/// How many elements a capture can hold at most, read off its bytes
/// before it is parsed: its start tags, the `<` not followed by `/`, `?`
/// or `!` (a `<` inside a comment or CDATA section counts too, so the
/// figure is never below the element count). An importer reserves its
/// tables at this size: grown by doubling, a table of 100,000 elements was
/// copied seventeen times and its pages faulted in twice.
enum StartTags {
    static func upperBound(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard var p = UnsafeRawPointer(buffer.baseAddress) else { return 0 }
            let end = p + buffer.count
            var count = 0
            while p < end, let found = memchr(p, Int32(UInt8(ascii: "<")), end - p) {
                let next = UnsafeRawPointer(found) + 1
                if next < end {
                    let b = next.load(as: UInt8.self)
                    if b != UInt8(ascii: "/") && b != UInt8(ascii: "?") && b != UInt8(ascii: "!") { count += 1 }
                }
                p = next
            }
            return count
        }
    }
}
