import Foundation

/// Builds the preorder element table of a page source from
/// `XMLEventParser`'s events, keeping its own stack of open elements (no
/// recursion, whatever the depth). The mapping it applies is documented on
/// `AppiumImporter`.
final class AppiumTreeBuilder: XMLEventHandler {
    let file: String
    /// `screens.<name>`, the prefix of element paths in errors.
    let screenPath: String

    /// The elements in preorder, parents linked to children.
    private(set) var table: [Element] = []
    /// An open XML element: Appium's wrapper, or a node of the table.
    private enum Open {
        case wrapper(line: Int)
        case element(ElementIndex, tag: String, line: Int)
    }
    private var open: [Open] = []
    /// Per table entry: whether the node is an accessibility element.
    private var isAccessibilityElement: [Bool] = []
    /// Per table entry: the viewport its children show through, as
    /// captured: the frames of the scrollable nodes above them intersected
    /// (nil outside any scrollable node).
    private var childViewport: [Rect?] = []
    /// Per table entry: whether its children are web content (it is, or is
    /// inside, an `XCUIElementTypeWebView`).
    private var childIsWebContent: [Bool] = []
    /// Per table entry: a web link or button that takes its label from its
    /// static text when it ends without one.
    private var labelFromText: [Bool] = []
    private var identifiers = FirstUseIdentifiers()
    private var sawWrapper = false
    private var lastLine = 1
    private var lastColumn = 1

    init(file: String, screenPath: String) {
        self.file = file
        self.screenPath = screenPath
    }

    /// Checks the document was complete once the parser is done.
    func finish() throws(ScreenModelError) {
        if let top = open.last {
            throw .syntax(file: file, line: lastLine, column: lastColumn, message: "unexpected end of document; \(describe(top)) is not closed")
        }
        if table.isEmpty {
            throw .syntax(file: file, line: lastLine, column: lastColumn, message: "no root element; expected an Appium XCUITest page source (<AppiumAUT> or <XCUIElementTypeApplication>)")
        }
    }

    // MARK: - XMLEventHandler

    func startElement(_ elementName: String, attributes: XMLAttributes, at position: XMLPosition) throws(ScreenModelError) {
        lastLine = position.line
        lastColumn = position.column
        let line = position.line
        switch open.last {
        case nil, .wrapper:
            if elementName == "AppiumAUT", open.isEmpty, !sawWrapper, table.isEmpty {
                sawWrapper = true
                open.append(.wrapper(line: line))
                return
            }
            guard table.isEmpty else {
                throw .invalidValue(file: file, at: "line \(line)", message: "second root element <\(elementName)>; a page source has one root, the XCUIElementTypeApplication")
            }
            guard elementName.hasPrefix(AppiumElementType.prefix) else {
                throw .wrongType(file: file, at: "line \(line)", expected: "an Appium XCUITest page source: an <AppiumAUT> or <XCUIElementTypeApplication> root element", found: "<\(elementName)>\(Self.formatHint(elementName))")
            }
            try add(elementName, attributes, parent: nil, line: line)
        case .element(let parent, _, _):
            guard elementName.hasPrefix(AppiumElementType.prefix) else {
                throw .invalidValue(file: file, at: path(parent), message: "unexpected element <\(elementName)> at line \(line); expected XCUIElementType… elements only")
            }
            try add(elementName, attributes, parent: parent, line: line)
        }
    }

    func endElement(at position: XMLPosition) throws(ScreenModelError) {
        lastLine = position.line
        lastColumn = position.column
        guard case .element(let i, _, _)? = open.popLast() else { return }
        if isAccessibilityElement[i] && !table[i].children.isEmpty {
            table[i].childBehavior = .ignore
        }
        if labelFromText[i] && table[i].label == nil { table[i].label = textLabel(inside: i) }
    }

    func syntaxError(_ error: XMLSyntaxError) -> ScreenModelError {
        .syntax(file: file, line: error.position.line, column: max(1, error.position.column), message: error.message(open: open.last.map(describe), expected: "an Appium XCUITest page source"))
    }

    /// The labels (else values) of the static texts inside `i`, in document
    /// order, joined with a space: the text a web link shows. `i` has just
    /// ended, so its subtree is the end of the table.
    private func textLabel(inside i: ElementIndex) -> String? {
        let parts = table[(i + 1)...].filter { $0.traits.contains(.staticText) }.compactMap { $0.label ?? $0.value }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    // MARK: - Elements

    /// Appends one node: its attributes mapped as the table on
    /// `AppiumImporter` says.
    private func add(_ tag: String, _ a: XMLAttributes, parent: ElementIndex?, line: Int) throws(ScreenModelError) {
        let index = table.count
        var e = Element()
        e.parent = parent
        table.append(e)
        isAccessibilityElement.append(false)
        childViewport.append(nil)
        childIsWebContent.append(false)
        labelFromText.append(false)
        if let p = parent { table[p].children.append(index) }
        open.append(.element(index, tag: tag, line: line))

        let a = Attributes(tag: a, found: a.find(Self.attributeNames))
        let type = AppiumElementType(a[.type] ?? tag)
        let label = ImportText.nonEmpty(a[.label]) ?? ImportText.nonEmpty(a[.name])
        e.label = label
        if let name = ImportText.nonEmpty(a[.name]), name != label { e.identifier = identifiers.claim(name) }
        e.value = ImportText.nonEmpty(a[.value])
        e.frame = try frame(a, index)

        var listed: TraitSet = []
        if let list = a[.traits] {
            for part in list.split(separator: ",") {
                let name = part.trimmingCharacters(in: .whitespaces)
                if name.isEmpty { continue }
                guard let t = TraitSet(appiumName: name) else { throw .unknownTrait(file: file, at: "\(path(index)).traits", name: name) }
                listed.formUnion(t)
            }
        }
        var traits = type.traits.union(listed)
        if try bool(a, .enabled, index) == false { traits.insert(.notEnabled) }
        if try bool(a, .selected, index) == true { traits.insert(.selected) }
        e.traits = traits
        // Inside a scrollable node, an invisible node wholly outside the
        // viewport is scrolled out, not hidden: scrolling brings it in.
        let viewport = parent.flatMap { childViewport[$0] }
        let scrolledOut = viewport.map { v in e.frame.map { !$0.shows(in: v) } ?? false } ?? false
        e.hidden = try bool(a, .visible, index) == false && !scrolledOut

        let listedInteractive = !listed.intersection(Trait.interactive).isEmpty
        var isElement = try bool(a, .accessible, index) ?? (type.isElement || listedInteractive)
        // WebKit reports links and buttons as containers of their text; the
        // technologies land on the link.
        let webContent = parent.map { childIsWebContent[$0] } ?? false
        if webContent && (type.name == "Link" || type.name == "Button") {
            isElement = true
            labelFromText[index] = true
        }
        type.configure(&e, asElement: isElement)
        isAccessibilityElement[index] = isElement
        childViewport[index] = viewport
        if e.scrollable, let f = e.frame { childViewport[index] = viewport.map { f.intersection($0) } ?? f }
        childIsWebContent[index] = webContent || type.name == "WebView"
        e.parent = parent
        table[index] = e
    }

    /// The attributes the importer reads, each looked up once per tag.
    private enum Attribute: Int, CaseIterable {
        case type, label, name, value, x, y, width, height, traits, enabled, selected, visible, accessible
    }
    private static let attributeNames = JSONKeys(Attribute.allCases.map { "\($0)" })

    /// One tag's attributes the importer reads (valid during its `startElement`).
    private struct Attributes {
        let tag: XMLAttributes
        let found: InlineArray<16, Int8>
        subscript(_ attribute: Attribute) -> String? {
            let k = found[attribute.rawValue]
            return k < 0 ? nil : tag.value(at: Int(k))
        }
    }

    private func frame(_ a: Attributes, _ i: ElementIndex) throws(ScreenModelError) -> Rect? {
        let keys: [Attribute] = [.x, .y, .width, .height]
        if keys.allSatisfy({ a[$0] == nil }) { return nil }
        guard keys.allSatisfy({ a[$0] != nil }) else {
            let present = keys.filter { a[$0] != nil }.map { "\($0)" }
            let missing = keys.filter { a[$0] == nil }.map { "\($0)" }
            throw .invalidValue(file: file, at: path(i), message: "incomplete frame: has \(present.joined(separator: ", ")) but not \(missing.joined(separator: ", "))")
        }
        var v = (0.0, 0.0, 0.0, 0.0)
        for attribute in keys {
            let s = a[attribute]!
            guard let d = Self.number(s), !d.isNaN else {
                throw .invalidValue(file: file, at: "\(path(i)).\(attribute)", message: "'\(s)' is not a number of points")
            }
            let isSize = attribute == .width || attribute == .height
            if let problem = isSize ? Limits.sizeProblem(d, written: "'\(s)'") : Limits.coordinateProblem(d, written: "'\(s)'") {
                throw .invalidValue(file: file, at: "\(path(i)).\(attribute)", message: problem)
            }
            switch attribute {
            case .x: v.0 = d
            case .y: v.1 = d
            case .width: v.2 = d
            default: v.3 = d
            }
        }
        guard v.2 >= 0, v.3 >= 0 else { throw .negativeFrameSize(file: file, at: path(i), width: v.2, height: v.3) }
        return Rect(x: v.0, y: v.1, width: v.2, height: v.3)
    }

    /// A number attribute as `Double(_:)` reads it after trimming blanks;
    /// whole numbers and short decimals (`390`, `12.5`) without making a
    /// `Substring` or calling `strtod` (the JSON reader's exact fast paths).
    private static func number(_ s: String) -> Double? {
        var s = s
        let fast = s.withUTF8 { u -> Double? in
            // `-0` is left to `Double(_:)`, which keeps its sign.
            if u.count >= 2 && u[0] == UInt8(ascii: "-") && u[1] == UInt8(ascii: "0") { return nil }
            return JSONParser.smallInteger(u) ?? JSONParser.shortDecimal(u)
        }
        return fast ?? Double(trimmingBlanks(s))
    }

    private func bool(_ a: Attributes, _ key: Attribute, _ i: ElementIndex) throws(ScreenModelError) -> Bool? {
        guard let s = a[key] else { return nil }
        guard let b = ImportText.bool(s) else { throw .invalidValue(file: file, at: "\(path(i)).\(key)", message: "'\(s)' is not true or false") }
        return b
    }

    /// `s` without leading and trailing white space (Foundation's
    /// `trimmingCharacters` costs a quarter of a large import).
    private static func trimmingBlanks(_ s: String) -> Substring {
        // White space is ASCII up to 0x20 or not ASCII at all.
        if let f = s.utf8.first, let l = s.utf8.last, (0x21..<0x80).contains(f), (0x21..<0x80).contains(l) { return Substring(s) }
        var t = Substring(s)
        while t.first?.isWhitespace == true { t = t.dropFirst() }
        while t.last?.isWhitespace == true { t = t.dropLast() }
        return t
    }

    /// `screens.<name>.root/children[2]`; O(depth), so only for errors.
    private func path(_ i: ElementIndex) -> String {
        "\(screenPath).\(Screen.path(of: i, in: table))"
    }

    private func describe(_ o: Open) -> String {
        switch o {
        case .wrapper(let line): return "<AppiumAUT> (line \(line))"
        case .element(_, let tag, let line): return "<\(tag)> (line \(line))"
        }
    }

    /// A pointer to the right importer when the root belongs to another format.
    private static func formatHint(_ root: String) -> String {
        switch root {
        case "hierarchy": return " (an Android UiAutomator page source?)"
        case "html": return " (an HTML page?)"
        default: return ""
        }
    }
}
