import Foundation

/// An Appium page source's tree as far as it has been read: the preorder
/// element table built from `XMLEventParser`'s events (through
/// `XMLTreeBuilder`), with its own stack of open elements (no recursion,
/// whatever the depth). The mapping it applies is documented on
/// `AppiumImporter`.
struct PageSourceTree: XMLEventTree {
    let file: String
    /// `screens.<name>`, the prefix of element paths in errors.
    let screenPath: String

    /// The elements in preorder, parents linked to children.
    private(set) var table: [Element] = []
    /// An open XML element: Appium's wrapper, or a node of the table.
    private enum Open {
        case wrapper(line: Int)
        case element(ElementIndex, tag: Tag, line: Int)
    }
    /// An open element's tag, for messages: most tags name the element's
    /// own `type`, kept once in `types`.
    private enum Tag {
        case type(Int)
        case written(String)
    }
    private var types = AppiumElementTypeTable()
    private var open: [Open] = []
    /// What the import keeps of a node besides its element, until the end.
    private struct Facts {
        /// Whether the node is an accessibility element.
        var isAccessibilityElement = false
        /// The viewport its children show through, as captured: the frames
        /// of the scrollable nodes above them intersected (nil outside any
        /// scrollable node).
        var childViewport: Rect?
        /// Whether its children are web content (it is, or is inside, an
        /// `XCUIElementTypeWebView`).
        var childIsWebContent = false
        /// A web link or button that takes its label from its static text
        /// when it ends without one.
        var labelFromText = false
    }
    /// Per table entry, its facts.
    private var facts: [Facts] = []
    private(set) var identifiers = FirstUseIdentifiers()
    private var sawWrapper = false
    private var lastLine = 1
    private var lastColumn = 1

    /// - Parameter elements: how many elements the capture can hold
    ///   (`StartTags.upperBound`): the tables are reserved at that size.
    init(file: String, screenPath: String, elements: Int) {
        self.file = file
        self.screenPath = screenPath
        table.reserveCapacity(elements)
        facts.reserveCapacity(elements)
        identifiers.reserve(elements)
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

    // MARK: - Events

    mutating func startElement(_ tag: XMLName, attributes: XMLAttributes, at position: XMLPosition) throws(ScreenModelError) {
        lastLine = position.line
        lastColumn = position.column
        let line = position.line
        // Element tags are read as bytes; any other is made a string for its message.
        let bytes = tag.bytes
        let isElementTag = !tag.hasNamespacePrefix && bytes.hasPrefix(AppiumElementType.prefixBytes)
        switch open.last {
        case nil, .wrapper:
            let elementName = tag.string
            if elementName == "AppiumAUT", open.isEmpty, !sawWrapper, table.isEmpty {
                sawWrapper = true
                open.append(.wrapper(line: line))
                return
            }
            guard table.isEmpty else {
                throw .syntax(file: file, line: line, column: position.column, message: "second root element <\(elementName)>; a page source has one root, the XCUIElementTypeApplication")
            }
            guard isElementTag else {
                throw .syntax(file: file, line: line, column: position.column,
                              message: "expected an Appium XCUITest page source: an <AppiumAUT> or <XCUIElementTypeApplication> root element, found <\(elementName)>\(Self.formatHint(elementName))")
            }
            try add(bytes, attributes, parent: nil, line: line)
        case .element(let parent, _, _):
            guard isElementTag else {
                throw .invalidValue(file: file, at: path(parent), message: "unexpected element <\(tag.string)> at line \(line); expected XCUIElementType… elements only")
            }
            try add(bytes, attributes, parent: parent, line: line)
        }
    }

    mutating func endElement(at position: XMLPosition) throws(ScreenModelError) {
        lastLine = position.line
        lastColumn = position.column
        guard case .element(let i, _, _)? = open.popLast() else { return }
        if facts[i].isAccessibilityElement && !table[i].children.isEmpty {
            table[i].childBehavior = .ignore
        }
        if facts[i].labelFromText && table[i].label == nil { table[i].label = textLabel(inside: i) }
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
    private mutating func add(_ tag: UnsafeBufferPointer<UInt8>, _ a: XMLAttributes, parent: ElementIndex?, line: Int) throws(ScreenModelError) {
        // The element is built in its place in the table (its parent set
        // first, for `path` in errors): built aside and moved in, it was
        // made, written and swapped, three times its 270 bytes.
        let index = table.count
        table.append(Element())
        table[index].parent = parent
        facts.append(Facts())
        if let p = parent { table[p].children.append(index) }
        let a = Attributes(a, &attributeNames)
        let typeName = a.bytes(.type) ?? tag
        let (type, typeIndex) = types.type(named: typeName)
        if let typeIndex, typeName.equals(tag) {
            open.append(.element(index, tag: .type(typeIndex), line: line))
        } else {
            open.append(.element(index, tag: .written(String(decoding: tag, as: UTF8.self)), line: line))
        }
        let labelBytes = a.bytes(.label).flatMap { $0.isEmpty ? nil : $0 }
        let nameBytes = a.bytes(.name).flatMap { $0.isEmpty ? nil : $0 }
        let label = (labelBytes ?? nameBytes).map { String(decoding: $0, as: UTF8.self) }
        table[index].label = label
        // A name that is its label (byte for byte, or as strings compare) is no identifier.
        if let nameBytes, let labelBytes, !nameBytes.equals(labelBytes) {
            let name = String(decoding: nameBytes, as: UTF8.self)
            if name != label { table[index].identifier = identifiers.claim(name, by: index) }
        }
        table[index].value = ImportText.nonEmpty(a[.value])
        let frame = try frame(a, index)
        table[index].frame = frame

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
        table[index].traits = traits
        // Inside a scrollable node, an invisible node wholly outside the
        // viewport is scrolled out, not hidden: scrolling brings it in.
        let viewport = parent.flatMap { facts[$0].childViewport }
        let scrolledOut = viewport.map { v in frame.map { !$0.shows(in: v) } ?? false } ?? false
        table[index].hidden = try bool(a, .visible, index) == false && !scrolledOut

        let listedInteractive = !listed.intersection(Trait.interactive).isEmpty
        var isElement = try bool(a, .accessible, index) ?? (type.isElement || listedInteractive)
        // WebKit reports links and buttons as containers of their text; the
        // technologies land on the link.
        let webContent = parent.map { facts[$0].childIsWebContent } ?? false
        if webContent && (type.name == "Link" || type.name == "Button") {
            isElement = true
            facts[index].labelFromText = true
        }
        type.configure(&table[index], asElement: isElement)
        facts[index].isAccessibilityElement = isElement
        facts[index].childViewport = viewport
        if table[index].scrollable, let f = frame { facts[index].childViewport = viewport.map { f.intersection($0) } ?? f }
        facts[index].childIsWebContent = webContent || type.name == "WebView"
    }

    /// The attributes the importer reads, each looked up once per tag.
    private enum Attribute: Int, CaseIterable {
        case type, label, name, value, x, y, width, height, traits, enabled, selected, visible, accessible
    }
    private var attributeNames = XMLAttributeNames(JSONKeys(Attribute.allCases.map { "\($0)" }))

    /// One tag's attributes the importer reads (valid during its `startElement`).
    private typealias Attributes = FoundAttributes<Attribute>

    private func frame(_ a: Attributes, _ i: ElementIndex) throws(ScreenModelError) -> Rect? {
        let count = (a.has(.x) ? 1 : 0) + (a.has(.y) ? 1 : 0) + (a.has(.width) ? 1 : 0) + (a.has(.height) ? 1 : 0)
        if count == 0 { return nil }
        guard count == 4 else {
            let keys: [Attribute] = [.x, .y, .width, .height]
            let present = keys.filter { a.has($0) }.map { "\($0)" }
            let missing = keys.filter { !a.has($0) }.map { "\($0)" }
            throw .invalidValue(file: file, at: path(i), message: "incomplete frame: has \(present.joined(separator: ", ")) but not \(missing.joined(separator: ", "))")
        }
        let frame = Rect(x: try number(a, .x, i), y: try number(a, .y, i), width: try number(a, .width, i), height: try number(a, .height, i))
        guard frame.width >= 0, frame.height >= 0 else { throw .negativeFrameSize(file: file, at: path(i), width: frame.width, height: frame.height) }
        return frame
    }

    /// One of the frame's numbers, within `Limits`: whole numbers and
    /// short decimals (`390`, `12.5`) read from the bytes (the JSON
    /// reader's exact fast paths), anything else as `Double(_:)` reads it
    /// after trimming blanks.
    private func number(_ a: Attributes, _ attribute: Attribute, _ i: ElementIndex) throws(ScreenModelError) -> Double {
        let u = a.bytes(attribute)!
        let isSize = attribute == .width || attribute == .height
        // `-0` is left to `Double(_:)`, which keeps its sign.
        let negativeZero = u.count >= 2 && u[0] == UInt8(ascii: "-") && u[1] == UInt8(ascii: "0")
        if !negativeZero, let d = JSONParser.smallInteger(u) ?? JSONParser.shortDecimal(u),
           isSize ? Limits.isWithinSizeLimits(d) : Limits.isCoordinate(d) {
            return d
        }
        let s = String(decoding: u, as: UTF8.self)
        guard let d = Double(Self.trimmingBlanks(s)), !d.isNaN else {
            throw .invalidValue(file: file, at: "\(path(i)).\(attribute)", message: "'\(s)' is not a number of points")
        }
        if let problem = isSize ? Limits.sizeProblem(d, written: "'\(s)'") : Limits.coordinateProblem(d, written: "'\(s)'") {
            throw .invalidValue(file: file, at: "\(path(i)).\(attribute)", message: problem)
        }
        return d
    }

    private func bool(_ a: Attributes, _ key: Attribute, _ i: ElementIndex) throws(ScreenModelError) -> Bool? {
        try a.flag(key, file: file, at: "\(path(i)).\(key)")
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
        case .element(_, .type(let k), let line): return "<\(types.name(at: k))> (line \(line))"
        case .element(_, .written(let tag), let line): return "<\(tag)> (line \(line))"
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
