import Foundation
import FoundationXML

/// Imports an Appium XCUITest page source (WebDriverAgent's `/source` XML,
/// `driver.getPageSource()`) as an app with one screen.
///
/// The page source is XCTest's snapshot of the app's accessibility tree,
/// written by WebDriverAgent: one XML element per node, the tag being the
/// `XCUIElementType`, nested as the views are. Both forms real tools emit are
/// read: with Appium's `<AppiumAUT>` wrapper and without it (raw WDA), and
/// both attribute sets: older WDA (about 2021–22) without `accessible` and
/// `index`, newer WDA with them and sometimes with `traits`.
///
/// The tree is read with `XMLParser` (SAX events) and an explicit stack of
/// open elements, so a document of any depth imports without recursion.
///
/// ## Mapping
///
/// | Page source | Screen model | Why |
/// |---|---|---|
/// | `<AppiumAUT>` | skipped | Appium's wrapper, not a node |
/// | root element (`XCUIElementTypeApplication`) | `elements[0]`; screen `size` ← its `width`×`height`; screen `title` and app name ← its label | WDA's root spans the screen |
/// | `type` (or the tag), prefix stripped | traits, element kind, container kind: see the type table | XCTest's element type is the UIKit control class |
/// | `traits="Button, Selected"` | added to the type's traits; names compared case-insensitively; `None` adds nothing, `ToggleButton` → `toggle`; any other name is an `unknownTrait` error | the real `accessibilityTraits` (newer WDA) |
/// | `label` | `label`; falls back to `name` when absent or empty | `name` is the identifier if set, else the label |
/// | `name` | `identifier`, only when it differs from the label, and only its first use on the screen (captures repeat names; screen identifiers are unique) | |
/// | `value` | `value` (absent or empty → nil) | switches give `0`/`1`, fields their text |
/// | `x, y, width, height` | `frame` (points, absolute, as written) | WDA writes screen coordinates in points |
/// | `visible="false"` | inside a scrollable node and wholly outside its viewport: kept, not hidden (scrolled out); elsewhere `hidden = true`, the node kept | rows below the fold become stops when scrolled in; other invisible nodes are not drawn |
/// | `enabled="false"` | `notEnabled` trait | `isEnabled` |
/// | `selected="true"` | `selected` trait | |
/// | `accessible="true"` | an accessibility element: `respondsToUserInteraction` ← the type is a control or a trait is interactive; with children, `childBehavior = .ignore` | UIKit hides the subviews of an accessibility element |
/// | `accessible="false"` | not an element: a container only, `respondsToUserInteraction = false`; its label is kept but no stop reads it. Except a `Link` or `Button` inside a `WebView`: an element, its label (when none) from its `StaticText`s joined with a space | `isAccessibilityElement == false`; WebKit reports links as containers of their text |
/// | no `accessible` (older WDA) | an element when the type is one UIKit makes an element (controls, `StaticText`, `Image`, progress indicators) or a `traits` name is interactive; then as `accessible="true"` | |
/// | `index`, `hittable`, `focused`, `placeholderValue`, `bundleId`, `processId`, `customActions`, `minValue`, `maxValue` | ignored | no screen-model field, or not reliable enough |
///
/// Every node gets an explicit `respondsToUserInteraction`, so the result
/// does not depend on how the model would infer it.
///
/// ## Types
///
/// | Type | Traits | Element | Responds | Container |
/// |---|---|---|---|---|
/// | `Button`, `MenuButton`, `PopUpButton`, `RadioButton`, `Tab`, `Icon`, `MenuItem`, `MenuBarItem` | `button` | yes | yes | |
/// | `Link` | `link` | yes | yes | |
/// | `Switch`, `Toggle`, `CheckBox` | `button`, `toggle` | yes | yes | |
/// | `Cell` | — | yes | yes (a row is tapped as a whole; no `button` trait, as UIKit gives a plain cell none) | |
/// | `TextField`, `SecureTextField`, `TextView`, `ComboBox` | — | yes | yes (they take text) | |
/// | `SearchField` | `searchField` | yes | yes | |
/// | `Slider`, `Stepper`, `PickerWheel`, `PageIndicator`, `Incrementor`, `RatingIndicator`, `LevelIndicator` | `adjustable` | yes | yes | |
/// | `Key` | `keyboardKey` | yes | yes | |
/// | `StaticText` | `staticText` | yes | no | |
/// | `Image` | `image` | yes | no | |
/// | `ProgressIndicator`, `ActivityIndicator` | `updatesFrequently` | yes | no | |
/// | `TabBar` | `tabBar` | no | no | a tab bar (navigated as a block) |
/// | `NavigationBar`, `Toolbar`, `Picker`, `DatePicker`, `SegmentedControl`, `Keyboard`, `Menu`, `MenuBar`, `TabGroup` | — | no | no | `semanticGroup`: UIKit makes bars and pickers accessibility containers, and Switch Control scans them as one group |
/// | `Table`, `CollectionView`, `ScrollView`, `Outline`, `Browser` | — | no | no | `list`, `scrollable` |
/// | `WebView` | — | no | no | plain, `scrollable`; its links and buttons are elements |
/// | `Alert`, `Sheet`, `Dialog` | `isModal` | no | no | plain; the modal traps navigation (`accessibilityViewIsModal`) |
/// | anything else (`Other`, `Window`, `Application`, `Group`, …) | — | no | no | plain (transparent) |
///
/// The container kinds (`containerType`, `scrollable`, `tabBar`,
/// `isModal`) are kept whatever `accessible` says: they describe the node as
/// a container, which is what an `accessible="false"` node is. On an
/// accessibility element `containerType` and `scrollable` are dropped: its
/// children are hidden.
public struct AppiumImporter {
    /// The file name used in error messages and for the screen's name.
    public var file: String

    /// - Parameter file: the capture's file name or path; the screen is named
    ///   after its last component without the extension
    ///   (`ios-settings-top_390x844.xml` → `ios-settings-top_390x844`), or
    ///   `screen` when that is empty.
    public init(file: String) { self.file = file }

    /// The screen's name, derived from `file`.
    public var screenName: String {
        let last = file.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
        let stem: Substring
        if let dot = last.lastIndex(of: "."), dot != last.startIndex {
            stem = last[..<dot]
        } else {
            stem = Substring(last)
        }
        return stem.isEmpty ? "screen" : String(stem)
    }

    // MARK: - API

    /// Imports a page source.
    /// - Parameter bytes: the XML text, UTF-8 (or ISO-8859-1 when its XML
    ///   declaration says so).
    /// - Returns: an app named after the root's label, with one screen.
    /// - Throws: `ScreenModelError.syntax` with the line and column for XML
    ///   that does not parse (including an empty document);
    ///   `.wrongType` when the root is not a page source;
    ///   `.invalidValue`, `.negativeFrameSize` or `.unknownTrait` for an
    ///   attribute that cannot be read, naming the element's path.
    public func importApp(_ bytes: [UInt8]) throws(ScreenModelError) -> AppModel {
        let name = screenName
        let builder = AppiumTreeBuilder(file: file, screenPath: "screens.\(name)")
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw .syntax(file: file, line: 1, column: 1, message: "empty document; expected an Appium XCUITest page source (<AppiumAUT> or <XCUIElementTypeApplication>)")
        }
        // FoundationXML traps on a name or text that libxml2 passes on as
        // invalid UTF-8, so the bytes are checked first (found by fuzzing).
        if let bad = Self.firstInvalidUTF8(in: bytes) {
            let p = bytes.withUnsafeBufferPointer { JSONDocument.position(ofOffset: bad, in: $0) }
            let what = bytes[bad] == 0 ? "byte 0x00 is not allowed in XML" : String(format: "byte 0x%02X is not UTF-8", bytes[bad])
            throw .syntax(file: file, line: p.line, column: p.column, message: "\(what); expected a UTF-8 page source, as Appium writes")
        }
        // FoundationXML reads a processing instruction's data with strlen,
        // and libxml2 gives none for `<?name?>`: a null pointer (found by fuzzing).
        if let pi = Self.firstProcessingInstructionWithoutData(in: bytes) {
            let p = bytes.withUnsafeBufferPointer { JSONDocument.position(ofOffset: pi.offset, in: $0) }
            throw .syntax(file: file, line: p.line, column: p.column, message: "processing instruction '<?\(pi.target)?>' has no data, which cannot be read; a page source has no processing instructions but the XML declaration")
        }
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        _ = parser.parse()  // On Linux it returns true even after an error; the builder records errors.
        if let error = builder.error { throw error }
        try builder.finish()

        let table = builder.table
        let root = table[0]
        let size = root.frame.map { Rect(x: 0, y: 0, width: $0.width, height: $0.height) }
        let screen = Screen(name: name, title: root.label, size: size, elements: table)
        let app = AppModel(name: root.label ?? name, startScreen: name, screens: [screen])
        try AppValidator(file: file).validate(app)
        return app
    }

    /// The offset of the first byte that is not UTF-8, or is 0, or nil.
    /// A document declared ISO-8859-1 skips the UTF-8 check (libxml2
    /// converts every byte of it). Any other is read as UTF-8, whatever its
    /// declaration says, since libxml2 passes on what it cannot convert;
    /// UTF-16 and UCS-4 (which have zero bytes or a byte order mark) are
    /// refused, so the checks here see the text libxml2 will parse.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        if let declared = declaredEncoding(bytes), ["iso-8859-1", "latin1"].contains(declared.lowercased()) {
            return bytes.firstIndex(of: 0)
        }
        var parser = Unicode.UTF8.ForwardParser()
        var input = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &input) {
            case .valid(let scalar):
                if scalar.first == 0 { return offset }
                offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// The first `<?target?>` (a processing instruction with nothing or
    /// only spaces after its target) outside comments and CDATA sections:
    /// its offset and target. Conservative: a `<?` in a DOCTYPE's quoted
    /// string counts too.
    static func firstProcessingInstructionWithoutData(in bytes: [UInt8]) -> (offset: Int, target: String)? {
        func at(_ k: Int, _ s: String) -> Bool { bytes[k...].starts(with: s.utf8) }
        func after(_ end: String, from k: Int) -> Int {
            var j = k
            while j < bytes.count, !at(j, end) { j += 1 }
            return min(bytes.count, j + end.utf8.count)
        }
        let space: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        var k = 0
        while k < bytes.count {
            if at(k, "<!--") { k = after("-->", from: k + 4); continue }
            if at(k, "<![CDATA[") { k = after("]]>", from: k + 9); continue }
            if at(k, "<?") {
                var j = k + 2
                while j < bytes.count, !space.contains(bytes[j]), bytes[j] != UInt8(ascii: "?"), bytes[j] != UInt8(ascii: ">") { j += 1 }
                var m = j
                while m < bytes.count, space.contains(bytes[m]) { m += 1 }
                if at(m, "?>") { return (k, String(decoding: bytes[(k + 2)..<j], as: UTF8.self)) }
                k = after("?>", from: j)
                continue
            }
            k += 1
        }
        return nil
    }

    /// The `encoding` of the XML declaration (`<?xml version="1.0" encoding="…"?>`), if any.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let head = String(decoding: bytes.prefix(256), as: UTF8.self)
        guard let end = head.range(of: "?>"), let key = head[..<end.lowerBound].range(of: "encoding") else { return nil }
        let rest = head[key.upperBound..<end.lowerBound].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }
}
