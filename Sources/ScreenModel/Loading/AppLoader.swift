import Diagnostics
import Foundation

/// Loads an app from a file in any format Switchyard reads, detected by
/// content (`detect(_:)`) unless `ImportOptions.format` names it: the one
/// entry point every command, scenario and test that reads an app file
/// goes through.
///
/// | format | told by |
/// |---|---|
/// | screen-model JSON | the first non-blank character is `{` |
/// | Appium XCUITest page source | XML whose root element is `<AppiumAUT>` or `<XCUIElementType…>` |
/// | Appium UiAutomator2 page source | XML whose root is `<hierarchy>` and whose first child is not `<node>` (a class name); a childless root with a `width` |
/// | `uiautomator dump` | XML whose root is `<hierarchy>` and whose first child is `<node>`; a childless root without a `width` |
/// | XCTest `debugDescription` | the text starts with `Attributes:`, `Element subtree:` or `→` |
///
/// A byte order mark and blank lines before the start are skipped; the
/// XML root is found past the declaration, comments, processing
/// instructions and a DOCTYPE, within the first 64 KiB.
public enum AppLoader {
    /// An app as loaded: the app, the format it was read as, and what the
    /// reader should know about the load (a guessed density, an option that
    /// did not apply), as warnings naming the file.
    public struct Loaded: Sendable {
        public var app: AppModel
        public var format: AppFormat
        public var notes: [Diagnostic]
    }

    /// How much of a file detection reads.
    public static let sniffLength = 1 << 16

    /// Detects the format from the content (the table on `AppLoader`).
    /// - Returns: nil when the content is none of them.
    public static func detect(_ bytes: [UInt8]) -> AppFormat? {
        let k = firstNonBlank(bytes)
        guard k < bytes.count else { return nil }
        switch bytes[k] {
        case UInt8(ascii: "{"):
            return .json
        case UInt8(ascii: "<"):
            guard let root = XMLStart(bytes, from: k, limit: sniffLength) else { return nil }
            if root.name == "AppiumAUT" || root.name.hasPrefix(AppiumElementType.prefix) { return .appiumIOS }
            guard root.name == "hierarchy" else { return nil }
            if let child = root.firstChild { return child == "node" ? .uiautomatorDump : .uiautomator2 }
            return root.hasWidth ? .uiautomator2 : .uiautomatorDump
        default:
            let start = bytes[k..<min(bytes.count, k + 20)]
            for prefix in ["Attributes:", "Element subtree:", "→"] where start.starts(with: prefix.utf8) { return .xctest }
            return nil
        }
    }

    /// Reads `bytes` from `file` as an app, in `options.format` or the
    /// detected format, an Android capture with `options.density`.
    /// - Throws: `ScreenModelError` naming the file and where it went wrong;
    ///   for content of no known format, what each format starts with.
    public static func load(_ bytes: [UInt8], file: String, options: ImportOptions) throws(ScreenModelError) -> Loaded {
        guard let format = options.format ?? detect(bytes) else { throw unrecognised(bytes, file: file) }
        var notes: [Diagnostic] = []
        let app: AppModel
        switch format {
        case .json:
            app = try AppDecoder(file: file).decode(bytes)
        case .appiumIOS:
            app = try AppiumImporter(file: file).importApp(bytes)
        case .uiautomator2, .uiautomatorDump:
            let capture = try AndroidImporter(file: file, density: options.density).importCapture(bytes)
            app = capture.app
            notes += capture.notes(file: file)
        case .xctest:
            app = try XCTestImporter(file: file).importApp(bytes)
        }
        if let density = options.density, !format.isAndroid, options.warnsOfUnusedDensity {
            notes.append(Diagnostic(.warning, "--density \(Point.format(density.scale)) is for Android captures; this file is \(format.description), whose frames are points already (ignored)",
                                    at: SourceLocation(file: file)))
        }
        return Loaded(app: app, format: format, notes: notes)
    }

    /// Decodes `bytes` read from `file`, its format detected by content and
    /// an Android capture's density guessed (no warning is kept).
    /// - Throws: `ScreenModelError` naming the file and where it went wrong.
    public static func load(_ bytes: [UInt8], file: String) throws(ScreenModelError) -> AppModel {
        try load(bytes, file: file, options: ImportOptions()).app
    }

    /// Reads and loads the file at `path`. A regular file larger than
    /// `Limits.maximumFileBytes` is refused before it is read.
    /// - Throws: `ScreenModelError`: `.unreadable`, `.tooLarge`, or the
    ///   format's own errors.
    public static func load(path: String, options: ImportOptions) throws(ScreenModelError) -> Loaded {
        try load(read(path: path), file: path, options: options)
    }

    /// The bytes of the app file at `path`; a regular file larger than
    /// `Limits.maximumFileBytes` is refused before it is read.
    /// - Throws: `ScreenModelError.unreadable` or `.tooLarge`.
    public static func read(path: String) throws(ScreenModelError) -> [UInt8] {
        do {
            return try InputFile.read(path, limit: Limits.maximumFileBytes)
        } catch {
            if case .tooLarge(let size, let limit) = error { throw .tooLarge(file: path, bytes: size, limit: limit) }
            throw .unreadable(file: path, reason: error.description)
        }
    }

    /// Reads and loads the file at `path`, its format detected by content.
    public static func load(path: String) throws(ScreenModelError) -> AppModel {
        try load(path: path, options: ImportOptions()).app
    }

    // MARK: - Detection

    /// The offset of the first byte past a UTF-8 byte order mark and blanks.
    private static func firstNonBlank(_ bytes: [UInt8]) -> Int {
        var k = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { k = 3 }
        while k < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[k]) { k += 1 }
        return k
    }

    /// The error for content of no known format: at the first character
    /// that is not blank (line 1, column 1 for a file with none).
    private static func unrecognised(_ bytes: [UInt8], file: String) -> ScreenModelError {
        let k = firstNonBlank(bytes)
        if k >= bytes.count {
            return .syntax(file: file, line: 1, column: 1, message: "the file is empty; expected " + expectedFormats)
        }
        if let literal = StringLiteralCapture.error(bytes, file: file) { return literal }
        if bytes[k] == UInt8(ascii: "<"), let root = XMLStart(bytes, from: k, limit: sniffLength) {
            let at = ImportText.position(of: root.offset, in: bytes)
            return .syntax(file: file, line: at.line, column: at.column,
                           message: "expected a page source: <AppiumAUT> or <XCUIElementTypeApplication> (Appium XCUITest), or <hierarchy> (Android UiAutomator), "
                               + "found <\(root.name)>" + (root.name == "html" ? " (an HTML page?)" : ""))
        }
        if bytes[k] == UInt8(ascii: "<") {
            // XML that does not get as far as a root element: libxml2 says where it breaks.
            do { _ = try AppiumImporter(file: file).importApp(bytes) } catch { return error }
        }
        let start = ImportText.position(of: k, in: bytes)
        return .syntax(file: file, line: start.line, column: start.column, message: "unrecognised format; expected " + expectedFormats)
    }

    private static let expectedFormats = "screen-model JSON (starting with '{'), an Appium or Android UiAutomator page source (XML, starting with '<'), "
        + "or XCTest's debugDescription (starting with 'Attributes:' or 'Element subtree:')"
}

/// The start of an XML document as far as detection needs it: the root
/// element's name, whether its start tag has a `width` attribute, and the
/// name of its first child element. Read by hand (no parser): past the XML
/// declaration, comments, processing instructions and a DOCTYPE, quoted
/// attribute values skipped whole.
struct XMLStart {
    var name: String
    /// The byte offset of the root's `<`.
    var offset: Int
    var hasWidth: Bool
    var firstChild: String?

    /// Reads the start of the document at `start` (a `<`), looking at most
    /// `limit` bytes; nil when no root element is found there.
    init?(_ bytes: [UInt8], from start: Int, limit: Int) {
        let end = min(bytes.count, start + limit)
        var k = start
        func skip(past marker: String) -> Bool {
            let m = Array(marker.utf8)
            while k + m.count <= end {
                if bytes[k..<(k + m.count)].elementsEqual(m) { k += m.count; return true }
                k += 1
            }
            return false
        }
        func name(at j: Int) -> String? {
            var e = j
            while e < end, !" \t\r\n/>".utf8.contains(bytes[e]) { e += 1 }
            return e > j ? String(decoding: bytes[j..<e], as: UTF8.self) : nil
        }
        func isNameStart(_ b: UInt8) -> Bool {
            b >= 0x80 || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || b == UInt8(ascii: "_") || b == UInt8(ascii: ":")
        }
        // The prolog, then the root's start tag.
        var root: (name: String, offset: Int)? = nil
        while root == nil {
            while k < end, bytes[k] != UInt8(ascii: "<") { k += 1 }
            guard k + 1 < end else { return nil }
            if bytes[k + 1] == UInt8(ascii: "?") {
                guard skip(past: "?>") else { return nil }
            } else if bytes[k..<min(end, k + 4)].elementsEqual("<!--".utf8) {
                guard skip(past: "-->") else { return nil }
            } else if bytes[k + 1] == UInt8(ascii: "!") {
                var depth = 0
                while k < end, !(bytes[k] == UInt8(ascii: ">") && depth <= 0) {
                    if bytes[k] == UInt8(ascii: "[") { depth += 1 }
                    if bytes[k] == UInt8(ascii: "]") { depth -= 1 }
                    k += 1
                }
                k += 1
            } else if isNameStart(bytes[k + 1]), let n = name(at: k + 1) {
                root = (n, k)
            } else {
                return nil
            }
        }
        guard let root else { return nil }
        // The root's attributes, up to its `>`.
        k += 1 + root.name.utf8.count
        var hasWidth = false
        var selfClosing = false
        while k < end, bytes[k] != UInt8(ascii: ">") {
            let b = bytes[k]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                k += 1
                while k < end, bytes[k] != b { k += 1 }
            } else if b == UInt8(ascii: "w"), [0x20, 0x09, 0x0A, 0x0D].contains(bytes[k - 1]), bytes[k..<min(end, k + 6)].elementsEqual("width=".utf8) {
                hasWidth = true
            }
            selfClosing = b == UInt8(ascii: "/")
            k += 1
        }
        // The first child element, past text, comments and processing instructions.
        var child: String? = nil
        k += 1
        while !selfClosing, child == nil, k + 1 < end {
            if bytes[k] != UInt8(ascii: "<") {
                k += 1
            } else if bytes[k + 1] == UInt8(ascii: "?") {
                if !skip(past: "?>") { break }
            } else if bytes[k..<min(end, k + 4)].elementsEqual("<!--".utf8) {
                if !skip(past: "-->") { break }
            } else if isNameStart(bytes[k + 1]) {
                child = name(at: k + 1)
            } else {
                break
            }
        }
        self.name = root.name
        self.offset = root.offset
        self.hasWidth = hasWidth
        self.firstChild = child
    }
}
