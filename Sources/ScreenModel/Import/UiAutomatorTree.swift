/// An Android UiAutomator page source's tree as far as it has been read:
/// the preorder element table built from `XMLEventParser`'s events
/// (through `XMLTreeBuilder`) of Appium UiAutomator2's class-named tags or
/// `uiautomator dump`'s `<node>`s, with its own stack of open elements (no
/// recursion, whatever the depth). The mapping it applies is documented on
/// `AndroidImporter`.
///
/// Frames are kept in pixels until the end: the density that converts
/// them may be guessed from the screen's size, which a `uiautomator dump`
/// only gives through its nodes' bounds. What decides a node's stop
/// (whether it has actionable descendants) and its label (its
/// descendants' text) is known when it ends.
struct UiAutomatorTree: XMLEventTree {
    let file: String
    /// `screens.<name>`, the prefix of element paths in errors.
    let screenPath: String

    /// The elements in preorder, parents linked to children; frames are
    /// set by `finish(density:)`.
    private(set) var table: [Element] = []
    /// The `package` of the first node that names one: the app's name.
    private(set) var package: String?
    /// The root's `width` and `height` in pixels (Appium UiAutomator2), as written.
    private var screenSize: (width: Double, height: Double, written: (String, String))?

    /// What a node said of itself, and what its end decided.
    private struct Facts {
        var bounds: Rect?
        var clickable = false, longClickable = false, focusable = false
        var checkable = false, checked = false
        var notAccessibilityFriendly = false
        var contentTraits: TraitSet = []
        var containerType: ContainerType = .none
        /// Set at its end: clickable, long-clickable, or focusable with
        /// nothing actionable inside.
        var actionable = false
        var hasActionableDescendant = false
        /// Set at its end: the table's size then (its subtree is `index + 1 ..< subtreeEnd`).
        var subtreeEnd = 0
    }
    private var facts: [Facts] = []
    private struct Open { var index: ElementIndex; var tag: String; var line: Int }
    private var open: [Open] = []
    private(set) var identifiers = FirstUseIdentifiers()
    /// Each class named so far, with what it means (a dump names a few
    /// dozen classes, each thousands of times).
    private var widgets: [String: AndroidWidgetClass] = [:]
    private var lastLine = 1
    private var lastColumn = 1

    /// The attributes the importer reads, each looked up once per tag.
    private enum Attribute: Int, CaseIterable {
        case className, package, text, contentDescription, hint, resourceID, bounds
        case clickable, longClickable, focusable, checkable, checked, notAccessibilityFriendly, password, showingHint
        case enabled, selected, heading, displayed, visibleToUser, scrollable, width, height

        /// As UiAutomator writes it.
        var name: String { Self.names[rawValue] }
        static let names = ["class", "package", "text", "content-desc", "hint", "resource-id", "bounds",
                            "clickable", "long-clickable", "focusable", "checkable", "checked", "NAF", "password", "showing-hint",
                            "enabled", "selected", "heading", "displayed", "visible-to-user", "scrollable", "width", "height"]
    }
    private var attributeNames = XMLAttributeNames(JSONKeys(Attribute.names))
    private typealias Attributes = FoundAttributes<Attribute>

    /// - Parameter elements: how many elements the capture can hold
    ///   (`StartTags.upperBound`): the tables are reserved at that size.
    init(file: String, screenPath: String, elements: Int) {
        self.file = file
        self.screenPath = screenPath
        table.reserveCapacity(elements)
        facts.reserveCapacity(elements)
        identifiers.reserve(elements)
    }

    /// What the importer expects, for messages.
    static let expected = "an Android UiAutomator page source (a <hierarchy> root element)"

    // MARK: - Events

    mutating func startElement(_ tag: XMLName, attributes: XMLAttributes, at position: XMLPosition) throws(ScreenModelError) {
        let name = tag.string
        lastLine = position.line
        lastColumn = position.column
        let a = Attributes(attributes, &attributeNames)
        guard let parent = open.last?.index else {
            guard name == "hierarchy" else {
                throw .syntax(file: file, line: position.line, column: position.column, message: "expected \(Self.expected), found <\(name)>\(Self.formatHint(name))")
            }
            try addRoot(a, line: position.line)
            return
        }
        guard name != "hierarchy" else {
            throw .invalidValue(file: file, at: path(parent), message: "a second <hierarchy> at line \(position.line); a page source has one, its root")
        }
        // `uiautomator dump` writes <node class="…">; Appium writes the class as the tag.
        let className = name == "node" ? (a[.className] ?? "") : name
        try add(className, a, parent: parent, tag: name, line: position.line)
    }

    mutating func endElement(at position: XMLPosition) throws(ScreenModelError) {
        lastLine = position.line
        lastColumn = position.column
        guard let i = open.popLast()?.index else { return }
        end(i)
    }

    func syntaxError(_ error: XMLSyntaxError) -> ScreenModelError {
        .syntax(file: file, line: error.position.line, column: max(1, error.position.column),
                message: error.message(open: open.last.map(describe), expected: Self.expected))
    }

    // MARK: - Finishing

    /// What `finish` decided about the density.
    struct Conversion {
        var density: AndroidDensity
        var guessed: Bool
        /// The screen's shorter side in pixels, which the guess went by.
        var shortSidePixels: Double
    }

    /// Checks the document was complete and converts every frame from
    /// pixels to dp by `density`, or by the density guessed from the
    /// screen's shorter side (the root's size, else the bounds of the
    /// top-level nodes, the windows).
    /// - Returns: the density used, and whether it was guessed.
    /// - Throws: a syntax error for a document that ended early, or an
    ///   `invalidValue` for a frame beyond `Limits` once converted.
    mutating func finish(density: AndroidDensity?) throws(ScreenModelError) -> Conversion {
        if let top = open.last {
            throw .syntax(file: file, line: lastLine, column: lastColumn, message: "unexpected end of document; \(describe(top)) is not closed")
        }
        guard !table.isEmpty else {
            throw .syntax(file: file, line: lastLine, column: lastColumn, message: "no root element; expected \(Self.expected)")
        }
        var shortSide = 0.0
        if let size = screenSize {
            shortSide = min(size.width, size.height)
        } else if let windows = table[0].children.compactMap({ facts[$0].bounds }).reduce(nil, { (u: Rect?, f: Rect) in u.map { $0.union(f) } ?? f }) {
            shortSide = min(windows.maxX, windows.maxY)
        }
        let d = density ?? AndroidDensity.guess(shortSidePixels: shortSide)
        if let size = screenSize {
            for (value, written, key) in [(size.width, size.written.0, "width"), (size.height, size.written.1, "height")] {
                if let problem = Limits.sizeProblem(value / d.scale, written: "'\(written)' px at density \(Point.format(d.scale))") {
                    throw .invalidValue(file: file, at: "\(path(0)).\(key)", message: problem)
                }
            }
            table[0].frame = Rect(x: 0, y: 0, width: Self.dp(size.width, d), height: Self.dp(size.height, d))
        }
        for k in 1..<table.count {
            guard let px = facts[k].bounds else { continue }
            let (x, y) = (Self.dp(px.minX, d), Self.dp(px.minY, d))
            let dp = Rect(x: x, y: y, width: ((Self.dp(px.maxX, d) - x) * 100).rounded() / 100, height: ((Self.dp(px.maxY, d) - y) * 100).rounded() / 100)
            let limit = Limits.maximumCoordinate
            if !(abs(dp.x) <= limit && abs(dp.y) <= limit && dp.width <= Limits.maximumSize && dp.height <= Limits.maximumSize) {
                let written = "'[\(Point.format(px.minX)),\(Point.format(px.minY))][\(Point.format(px.maxX)),\(Point.format(px.maxY))]' at density \(Point.format(d.scale))"
                let problem = Limits.coordinateProblem(dp.x, written: written) ?? Limits.coordinateProblem(dp.y, written: written)
                    ?? Limits.sizeProblem(dp.width, written: written) ?? Limits.sizeProblem(dp.height, written: written)
                throw .invalidValue(file: file, at: "\(path(k)).bounds", message: problem ?? written)
            }
            table[k].frame = dp
        }
        return Conversion(density: d, guessed: density == nil, shortSidePixels: shortSide)
    }

    /// `pixels` in dp at density `d`, to the nearest 1/100 dp (a tenth of
    /// a pixel or less at any density in `AndroidDensity.range`), so that
    /// frames read `411.43`, not `411.42857142857144`. Edges are rounded,
    /// not sizes, so adjacent rows still meet.
    static func dp(_ pixels: Double, _ d: AndroidDensity) -> Double {
        (pixels / d.scale * 100).rounded() / 100
    }

    // MARK: - Elements

    private mutating func addRoot(_ a: Attributes, line: Int) throws(ScreenModelError) {
        var e = Element()
        e.respondsToUserInteraction = false
        table.append(e)
        facts.append(Facts())
        open.append(Open(index: 0, tag: "hierarchy", line: line))
        switch (a[.width], a[.height]) {
        case (nil, nil):
            break
        case let (w?, h?):
            screenSize = (try pixels(w, "width", of: 0), try pixels(h, "height", of: 0), (w, h))
        default:
            throw .invalidValue(file: file, at: path(0), message: "<hierarchy> has \(a.has(.width) ? "width" : "height") but not \(a.has(.width) ? "height" : "width"); expected both or neither")
        }
    }

    /// Appends one node: its attributes mapped as the tables on
    /// `AndroidImporter` say. Whether it is a stop, and the label of a stop
    /// without one, are decided at its end (`end(_:)`).
    private mutating func add(_ className: String, _ a: Attributes, parent: ElementIndex, tag: String, line: Int) throws(ScreenModelError) {
        let index = table.count
        var e = Element()
        e.parent = parent
        table.append(e)
        facts.append(Facts())
        table[parent].children.append(index)
        open.append(Open(index: index, tag: tag, line: line))
        if package == nil { package = ImportText.nonEmpty(a[.package]) }

        let widget = widget(named: className)
        var f = Facts()
        func flag(_ key: Attribute) throws(ScreenModelError) -> Bool? {
            try a.flag(key, file: file, at: "\(path(index)).\(key.name)")
        }
        f.clickable = try flag(.clickable) ?? false
        f.longClickable = try flag(.longClickable) ?? false
        f.focusable = try flag(.focusable) ?? false
        f.checkable = try flag(.checkable) ?? false
        f.checked = try flag(.checked) ?? false
        f.notAccessibilityFriendly = try flag(.notAccessibilityFriendly) ?? false
        let password = try flag(.password) ?? false
        let showingHint = try flag(.showingHint) ?? false

        let text = ImportText.nonEmpty(a[.text])
        let description = ImportText.nonEmpty(a[.contentDescription])
        if widget.takesText || password {
            // A field's text is what was typed (or, while `showing-hint`, its hint).
            e.value = showingHint ? nil : text
            e.label = description ?? ImportText.nonEmpty(a[.hint]) ?? (showingHint ? text : nil)
        } else {
            // TalkBack reads the content description in place of the text.
            e.label = description ?? text
        }
        e.label = e.label.map(ImportText.joiningLines)
        e.identifier = identifiers.claim(a[.resourceID], by: index)

        var traits = widget.traits
        if f.checkable {
            traits.insert(.toggle)
            if e.value == nil { e.value = f.checked ? "1" : "0" }
        }
        if try flag(.enabled) == false { traits.insert(.notEnabled) }
        if try flag(.selected) == true { traits.insert(.selected) }
        if try flag(.heading) == true { traits.insert(.header) }
        e.traits = traits
        let displayed = try flag(.displayed), visibleToUser = try flag(.visibleToUser)
        e.hidden = displayed == false || visibleToUser == false
        e.scrollable = try flag(.scrollable) ?? false
        f.contentTraits = widget.contentTraits
        f.containerType = widget.containerType != .none ? widget.containerType : (e.scrollable ? .list : .none)
        if let b = a.bytes(.bounds) { f.bounds = try bounds(b, of: index) }
        e.parent = parent
        table[index] = e
        facts[index] = f
    }

    /// Decides, now that its subtree is known, whether `i` is a stop, and
    /// gives a stop without a label the text of what it holds.
    private mutating func end(_ i: ElementIndex) {
        facts[i].subtreeEnd = table.count
        guard i > 0 else { return }
        let f = facts[i]
        let actionable = f.clickable || f.longClickable || (f.focusable && !f.hasActionableDescendant)
        facts[i].actionable = actionable
        if let p = table[i].parent, p > 0, actionable || f.hasActionableDescendant { facts[p].hasActionableDescendant = true }
        if actionable {
            table[i].respondsToUserInteraction = true
            table[i].traits.formUnion(f.contentTraits)
            // A node that uiautomator flags "not accessibility friendly" has no text anywhere inside.
            if table[i].label == nil && !f.notAccessibilityFriendly { adoptContent(of: i) }
        } else {
            table[i].respondsToUserInteraction = false
            if table[i].label != nil { table[i].traits.formUnion(f.contentTraits) }
            table[i].containerType = f.containerType
        }
    }

    /// As TalkBack reads a clickable row: the labels of the nodes inside
    /// `i` that are neither actionable nor hidden (nor inside one that
    /// is), in document order, joined with ", ", and, for a node that is
    /// not checkable itself, the checked state of the first checkable one
    /// (a settings row whose switch is drawn inside it becomes a toggle
    /// with its value). `i` has just ended, so its subtree is the end of
    /// the table; actionable subtrees are skipped whole, so each node is
    /// read by at most one stop.
    private mutating func adoptContent(of i: ElementIndex) {
        var parts: [String] = []
        var state: Bool? = nil
        var j = i + 1
        while j < table.count {
            if facts[j].actionable || table[j].hidden {
                j = facts[j].subtreeEnd
                continue
            }
            if facts[j].checkable {
                if state == nil { state = facts[j].checked }
            } else if let label = table[j].label {
                parts.append(label)
            }
            j += 1
        }
        if !parts.isEmpty { table[i].label = parts.joined(separator: ", ") }
        if let state, !facts[i].checkable, table[i].value == nil {
            table[i].traits.insert(.toggle)
            table[i].value = state ? "1" : "0"
        }
    }

    /// What `className` means, made once per class.
    private mutating func widget(named className: String) -> AndroidWidgetClass {
        if let known = widgets[className] { return known }
        let widget = AndroidWidgetClass(className)
        // A capture naming ever more classes keeps the first few hundred.
        if widgets.count < 512 { widgets[className] = widget }
        return widget
    }

    /// `bounds(_:of:)` of a value read in place: four whole numbers of
    /// pixels, as UiAutomator writes them, are read from the bytes; anything
    /// else is made a `String` and read (or refused) as it always was.
    private func bounds(_ u: UnsafeBufferPointer<UInt8>, of i: ElementIndex) throws(ScreenModelError) -> Rect {
        var k = 0
        // The whole number from `k` up to `end`, which is skipped too.
        func number(endingAt end: UInt8) -> Double? {
            let start = k
            while k < u.count, u[k] != end { k += 1 }
            guard k < u.count else { return nil }
            let part = UnsafeBufferPointer(rebasing: u[start..<k])
            k += 1
            // `-0` is left to `Double(_:)`, which keeps its sign.
            if part.count >= 2 && part[0] == UInt8(ascii: "-") && part[1] == UInt8(ascii: "0") { return nil }
            return JSONParser.smallInteger(part)
        }
        func opening() -> Bool {
            guard k < u.count, u[k] == UInt8(ascii: "[") else { return false }
            k += 1
            return true
        }
        guard opening(), let left = number(endingAt: UInt8(ascii: ",")), let top = number(endingAt: UInt8(ascii: "]")),
              opening(), let right = number(endingAt: UInt8(ascii: ",")), let bottom = number(endingAt: UInt8(ascii: "]")),
              k == u.count else {
            return try bounds(String(decoding: u, as: UTF8.self), of: i)
        }
        let r = Rect(x: left, y: top, width: right - left, height: bottom - top)
        guard r.width >= 0, r.height >= 0 else { throw .negativeFrameSize(file: file, at: "\(path(i)).bounds", width: r.width, height: r.height) }
        return r
    }

    /// `[x1,y1][x2,y2]`: left and top inclusive, right and bottom
    /// exclusive, in pixels, as UiAutomator writes `Rect.toShortString()`.
    private func bounds(_ s: String, of i: ElementIndex) throws(ScreenModelError) -> Rect {
        // The path is spelled out only for an error: it is O(depth × siblings).
        func bad() -> ScreenModelError {
            .invalidValue(file: file, at: "\(path(i)).bounds", message: "'\(s)' is not bounds; expected [left,top][right,bottom] in pixels, such as [0,66][1080,242]")
        }
        var numbers: [Double] = []
        var rest = Substring(s)
        for _ in 0..<2 {
            guard rest.first == "[", let comma = rest.firstIndex(of: ","), let close = rest.firstIndex(of: "]"), comma < close else { throw bad() }
            for part in [rest[rest.index(after: rest.startIndex)..<comma], rest[rest.index(after: comma)..<close]] {
                guard part.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-" || $0 == ".") }), let v = Double(part), v.isFinite else { throw bad() }
                numbers.append(v)
            }
            rest = rest[rest.index(after: close)...]
        }
        guard rest.isEmpty else { throw bad() }
        let r = Rect(x: numbers[0], y: numbers[1], width: numbers[2] - numbers[0], height: numbers[3] - numbers[1])
        guard r.width >= 0, r.height >= 0 else { throw .negativeFrameSize(file: file, at: "\(path(i)).bounds", width: r.width, height: r.height) }
        return r
    }

    /// A width or height in pixels as written on the root.
    private func pixels(_ s: String, _ key: String, of i: ElementIndex) throws(ScreenModelError) -> Double {
        guard s.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let v = Double(s), v.isFinite else {
            throw .invalidValue(file: file, at: "\(path(i)).\(key)", message: "'\(s)' is not a number of pixels")
        }
        return v
    }

    /// `screens.<name>.root/children[2]`; O(depth), so only for errors.
    private func path(_ i: ElementIndex) -> String {
        "\(screenPath).\(Screen.path(of: i, in: table))"
    }

    private func describe(_ o: Open) -> String { "<\(o.tag)> (line \(o.line))" }

    /// A pointer to the right importer when the root belongs to another format.
    private static func formatHint(_ root: String) -> String {
        if root == "AppiumAUT" || root.hasPrefix(AppiumElementType.prefix) { return " (an Appium XCUITest page source?)" }
        if root == "html" { return " (an HTML page?)" }
        return ""
    }
}
