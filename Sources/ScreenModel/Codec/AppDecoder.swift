import Foundation
import Diagnostics

/// Reads the screen-model JSON format (docs/screen-model.md) into an
/// `AppModel`, validating as it goes. Nothing recurses: elements are decoded
/// from the JSON tape with an explicit work stack.
public struct AppDecoder {
    /// The file name used in error messages.
    public var file: String

    public init(file: String) { self.file = file }

    static let appFields = ["$schema", "name", "description", "platform", "startScreen", "screens"]
    static let screenFields = ["title", "size", "layoutDirection", "root"]
    static let elementFields = ElementField.allCases.map(\.rawValue)

    /// An element's fields, in the order of `elementFields`: a key on the
    /// tape is matched to one of these by its bytes (`JSONKeys`).
    enum ElementField: String, CaseIterable {
        case label, value, hint, identifier, traits, frame, inputLabels, customActions
        case activationPoint, sortPriority, hidden, respondsToUserInteraction, childBehavior
        case containerType, accessibilityElements, range, onActivate, scrollable, contentOffset, children
    }

    /// `ElementField.allCases`, made once (`allCases` builds an array each time).
    static let elementFieldList = ElementField.allCases
    static let contentOffsetKey = elementFields.firstIndex(of: ElementField.contentOffset.rawValue)!
    static let childrenKey = elementFields.firstIndex(of: ElementField.children.rawValue)!

    static let appKeys = JSONKeys(appFields)
    static let screenKeys = JSONKeys(screenFields)
    static let elementKeys = JSONKeys(elementFields)
    static let sizeKeys = JSONKeys(["width", "height"])
    static let pointKeys = JSONKeys(["x", "y"])
    static let rectKeys = JSONKeys(["x", "y", "width", "height"])
    static let customActionKeys = JSONKeys(["name", "effects"])
    static let rangeKeys = JSONKeys(["minimum", "maximum", "step", "format"])
    /// `Trait.allCases`, and their names as keys to match on the tape.
    static let traitList = Trait.allCases
    static let traitKeys = JSONKeys(traitList.map(\.rawValue))
    /// `Effect.Kind.allCases`, and their names as keys to match on the tape.
    static let effectKindList = Effect.Kind.allCases
    static let effectKindKeys = JSONKeys(Effect.kinds)
    /// Each effect kind's fields, `effect` first, in `effectKindList` order.
    static let effectKeys: [JSONKeys] = effectKindList.map { JSONKeys(["effect"] + Reader.fieldsByKind[$0]!) }

    /// Decodes an app from JSON bytes.
    /// - Throws: `ScreenModelError` naming the file and the line/column or element path.
    public func decode(_ bytes: [UInt8]) throws(ScreenModelError) -> AppModel {
        guard bytes.count <= Limits.maximumFileBytes else { throw .tooLarge(file: file, bytes: bytes.count, limit: Limits.maximumFileBytes) }
        let doc: JSONDocument
        do {
            doc = try JSONDocument(bytes: bytes, file: file)
        } catch {
            throw .syntax(file: file, line: error.line, column: error.column, message: error.message)
        }
        var r = Reader(doc: doc, file: file)
        return try r.app()
    }
}

/// The members of one JSON object whose names are all known (`JSONKeys`),
/// each at most once: by name, and in text order. Kept inline, without an
/// array per object.
struct Fields {
    /// Most names an object may know.
    static let capacity = 24
    let keys: JSONKeys
    /// Per known name (its index in `keys`), the value node, or -1.
    private var values = InlineArray<24, Int32>(repeating: -1)
    /// The known names' indices in the order the text gives them.
    private var order = InlineArray<24, UInt8>(repeating: 0)
    /// How many members the object has.
    private(set) var count = 0

    init(keys: JSONKeys) {
        precondition(keys.names.count <= Self.capacity)
        self.keys = keys
    }

    /// Records the member named `keys.names[key]`; false when it was there already.
    mutating func add(_ key: Int, value: Int) -> Bool {
        guard values[key] < 0 else { return false }
        values[key] = Int32(value)
        order[count] = UInt8(key)
        count += 1
        return true
    }

    /// The value node of the member named `keys.names[key]`.
    subscript(key key: Int) -> Int? {
        let v = values[key]
        return v < 0 ? nil : Int(v)
    }

    /// The value node of the member named `name` (one of `keys`, written
    /// as a literal where it is read).
    subscript(_ name: StaticString) -> Int? {
        guard let key = keys.index(of: name) else { preconditionFailure("'\(name)' is not a known field") }
        return self[key: key]
    }

    /// The `n`th member in text order: its name's index in `keys`, and its value node.
    func member(_ n: Int) -> (key: Int, value: Int) {
        let key = Int(order[n])
        return (key, Int(values[key]))
    }
}

/// Typed access to a JSON tape with errors that carry a path.
///
/// Every `at` is an autoclosure: a place is only spelled out when an error
/// names it, so decoding a million elements or a tree 100,000 levels deep
/// never builds a path it does not report.
struct Reader {
    let doc: JSONDocument
    let file: String

    func wrongType(_ i: Int, _ expected: String, _ at: @autoclosure () -> String) -> ScreenModelError {
        .wrongType(file: file, at: at(), expected: expected, found: doc.kind(i).noun)
    }

    func object(_ i: Int, _ at: @autoclosure () -> String, known: JSONKeys) throws(ScreenModelError) -> Fields {
        guard doc.kind(i) == .object else { throw wrongType(i, "an object", at()) }
        var fields = Fields(keys: known)
        for (keyNode, value) in doc.memberNodes(i) {
            guard let key = doc.index(of: keyNode, in: known) else {
                throw .unknownField(file: file, at: at(), field: doc.string(keyNode)!, known: known.names)
            }
            guard fields.add(key, value: value) else {
                throw .invalidValue(file: file, at: at(), message: "field '\(known.names[key])' appears twice")
            }
        }
        return fields
    }

    func string(_ i: Int, _ at: @autoclosure () -> String) throws(ScreenModelError) -> String {
        guard let s = doc.string(i) else { throw wrongType(i, "a string", at()) }
        return s
    }

    func number(_ i: Int, _ at: @autoclosure () -> String) throws(ScreenModelError) -> Double {
        guard let n = doc.number(i) else { throw wrongType(i, "a number", at()) }
        return n
    }

    /// A coordinate in points, within `Limits.maximumCoordinate`.
    func coordinate(_ i: Int, _ at: @autoclosure () -> String) throws(ScreenModelError) -> Double {
        let n = try number(i, at())
        if let problem = Limits.coordinateProblem(n, written: doc.numberText(i) ?? Point.format(n)) {
            throw .invalidValue(file: file, at: at(), message: problem)
        }
        return n
    }

    /// A width or height in points, within `Limits.maximumSize` (a negative
    /// one within the limits is left to the caller's `negativeFrameSize`).
    func extent(_ i: Int, _ at: @autoclosure () -> String) throws(ScreenModelError) -> Double {
        let n = try number(i, at())
        if let problem = Limits.sizeProblem(n, written: doc.numberText(i) ?? Point.format(n)) {
            throw .invalidValue(file: file, at: at(), message: problem)
        }
        return n
    }

    func bool(_ i: Int, _ at: @autoclosure () -> String) throws(ScreenModelError) -> Bool {
        guard let b = doc.bool(i) else { throw wrongType(i, "true or false", at()) }
        return b
    }

    /// The element nodes of the array at `i`, without an array of them.
    func arrayNodes(_ i: Int, _ at: @autoclosure () -> String) throws(ScreenModelError) -> JSONDocument.ElementNodes {
        guard doc.kind(i) == .array else { throw wrongType(i, "an array", at()) }
        return doc.elementNodes(i)
    }

    func strings(_ i: Int, _ at: @autoclosure () -> String) throws(ScreenModelError) -> [String] {
        var out: [String] = []
        for (k, e) in try arrayNodes(i, at()).enumerated() { out.append(try string(e, "\(at())[\(k)]")) }
        return out
    }

    func require(_ fields: Fields, _ name: StaticString, _ at: @autoclosure () -> String, _ expected: String) throws(ScreenModelError) -> Int {
        guard let i = fields[name] else { throw .missingField(file: file, at: at(), field: "\(name)", expected: expected) }
        return i
    }

    func enumValue<E: RawRepresentable>(_ i: Int, _ at: @autoclosure () -> String, _ all: [E]) throws(ScreenModelError) -> E where E.RawValue == String {
        let s = try string(i, at())
        guard let v = E(rawValue: s) else {
            let names = all.map(\.rawValue)
            let hint = Suggestion.closest(to: s, among: names).map { "did you mean '\($0)'? " } ?? ""
            throw .invalidValue(file: file, at: at(), message: "unknown value '\(s)'; \(hint)expected one of: \(names.joined(separator: ", "))")
        }
        return v
    }

    // MARK: - App

    mutating func app() throws(ScreenModelError) -> AppModel {
        let top = try object(doc.root, "app", known: AppDecoder.appKeys)
        let name = try top["name"].map { i throws(ScreenModelError) in try string(i, "name") } ?? "App"
        let screensNode = try require(top, "screens", "app", "an object of screens by name")
        guard doc.kind(screensNode) == .object else { throw wrongType(screensNode, "an object of screens by name", "screens") }
        var screens: [Screen] = []
        var seen = Set<String>()
        for (screenName, node) in doc.members(screensNode) {
            guard seen.insert(screenName).inserted else {
                throw .invalidValue(file: file, at: "screens", message: "screen '\(screenName)' is defined twice")
            }
            screens.append(try screen(named: screenName, node))
        }
        guard !screens.isEmpty else { throw .invalidValue(file: file, at: "screens", message: "an app needs at least one screen") }
        let start = try top["startScreen"].map { i throws(ScreenModelError) in try string(i, "startScreen") } ?? screens[0].name
        let platform = try top["platform"].map { i throws(ScreenModelError) in try enumValue(i, "platform", Platform.allCases) } ?? .iOS
        let app = AppModel(name: name, startScreen: start, screens: screens, platform: platform)
        try AppValidator(file: file).validate(app)
        return app
    }

    // MARK: - Screen

    mutating func screen(named name: String, _ i: Int) throws(ScreenModelError) -> Screen {
        let at = "screens.\(name)"
        let f = try object(i, at, known: AppDecoder.screenKeys)
        let title = try f["title"].map { k throws(ScreenModelError) in try string(k, "\(at).title") }
        var size: Rect? = nil
        if let k = f["size"] {
            let s = try object(k, "\(at).size", known: AppDecoder.sizeKeys)
            let w = try extent(try require(s, "width", "\(at).size", "a number of points"), "\(at).size.width")
            let h = try extent(try require(s, "height", "\(at).size", "a number of points"), "\(at).size.height")
            guard w >= 0, h >= 0 else { throw .negativeFrameSize(file: file, at: "\(at).size", width: w, height: h) }
            size = Rect(x: 0, y: 0, width: w, height: h)
        }
        let direction = try f["layoutDirection"].map { k throws(ScreenModelError) -> LayoutDirection in
            try enumValue(k, "\(at).layoutDirection", LayoutDirection.allCases)
        } ?? .leftToRight
        let rootNode = try require(f, "root", at, "the root element")
        let elements = try elementTable(rootNode, screenPath: at)
        return Screen(name: name, title: title, size: size, layoutDirection: direction, elements: elements)
    }

    /// Decodes an element tree into a preorder table, iteratively.
    ///
    /// The table is allocated once, at the size `elementCount` finds: grown
    /// by doubling, a million-element table was copied twenty times and its
    /// pages faulted in twice. The work stack holds one entry per open
    /// element (its children still to read), so it is as deep as the tree,
    /// not as wide as its widest level.
    mutating func elementTable(_ rootNode: Int, screenPath: String) throws(ScreenModelError) -> [Element] {
        let count = elementCount(rootNode)
        var table: [Element] = []
        table.reserveCapacity(count)
        // Each element's position among its parent's children, for paths in errors.
        var slots: [Int] = []
        slots.reserveCapacity(count)
        // Per open element: its index, its children's nodes not yet read,
        // and the position of the next among them.
        var open: [(parent: ElementIndex, children: JSONDocument.ElementNodes, slot: Int)] = []
        var next: (node: Int, parent: ElementIndex?, slot: Int)? = (rootNode, nil, 0)
        while let (node, parent, slot) = next {
            let index = table.count
            var e = Element()
            e.parent = parent
            let children = try fill(&e, from: node, at: "\(screenPath).\(Self.path(parent: parent, slot: slot, table: table, slots: slots))")
            if let children { e.children.reserveCapacity(doc.count(children)) }
            table.append(consume e)
            slots.append(slot)
            if let p = parent { table[p].children.append(index) }
            if let children { open.append((index, doc.elementNodes(children), 0)) }
            // The next element in preorder: the first unread child of the
            // innermost open element that has one.
            next = nil
            while next == nil, !open.isEmpty {
                let top = open.count - 1
                if let child = open[top].children.next() {
                    next = (child, open[top].parent, open[top].slot)
                    open[top].slot += 1
                } else {
                    open.removeLast()
                }
            }
        }
        return table
    }

    /// How many elements the tree at `rootNode` holds, counted through the
    /// `children` arrays on the tape (each array's length is stored with it)
    /// without decoding an element. A malformed tree is counted as far as it
    /// reads; `fill` then says what is wrong with it.
    func elementCount(_ rootNode: Int) -> Int {
        var count = 1
        var open: [JSONDocument.ElementNodes] = []
        var node: Int? = rootNode
        while true {
            if let n = node, doc.kind(n) == .object, let c = doc.member(n, named: "children"),
               doc.kind(c) == .array {
                count += doc.count(c)
                open.append(doc.elementNodes(c))
            }
            node = nil
            while node == nil, !open.isEmpty {
                node = open[open.count - 1].next()
                if node == nil { open.removeLast() }
            }
            if node == nil { return count }
        }
    }

    /// `root/children[2]/children[0]` for the element at `slot` under `parent`.
    static func path(parent: ElementIndex?, slot: Int, table: [Element], slots: [Int]) -> String {
        guard var c = parent else { return "root" }
        var parts = ["children[\(slot)]"]
        while let p = table[c].parent {
            parts.append("children[\(slots[c])]")
            c = p
        }
        parts.append("root")
        return parts.reversed().joined(separator: "/")
    }

    /// Reads one element's fields, in text order; returns its `children`
    /// array's node.
    func fill(_ e: inout Element, from i: Int, at: @autoclosure () -> String) throws(ScreenModelError) -> Int? {
        let f = try object(i, at(), known: AppDecoder.elementKeys)
        for n in 0..<f.count {
            let (key, k) = f.member(n)
            switch AppDecoder.elementFieldList[key] {
            case .label: e.label = try string(k, "\(at()).label")
            case .value: e.value = try string(k, "\(at()).value")
            case .hint: e.hint = try string(k, "\(at()).hint")
            case .identifier:
                let id = try string(k, "\(at()).identifier")
                guard !id.isEmpty else { throw .invalidValue(file: file, at: "\(at()).identifier", message: "an identifier cannot be empty") }
                e.identifier = id
            case .traits:
                var set: TraitSet = []
                for (n, t) in try arrayNodes(k, "\(at()).traits").enumerated() {
                    // Matched as bytes on the tape: `Trait(rawValue:)` hashes a `String`.
                    guard let trait = doc.index(of: t, in: AppDecoder.traitKeys) else {
                        let name = try string(t, "\(at()).traits[\(n)]")
                        throw .unknownTrait(file: file, at: "\(at()).traits[\(n)]", name: name)
                    }
                    set.insert(TraitSet(AppDecoder.traitList[trait]))
                }
                e.traits = set
            case .frame: e.frame = try rect(k, "\(at()).frame")
            case .inputLabels: e.inputLabels = try strings(k, "\(at()).inputLabels")
            case .customActions:
                for (n, a) in try arrayNodes(k, "\(at()).customActions").enumerated() {
                    func ap() -> String { "\(at()).customActions[\(n)]" }
                    let af = try object(a, ap(), known: AppDecoder.customActionKeys)
                    let name = try string(try require(af, "name", ap(), "the action's name"), "\(ap()).name")
                    guard !name.isEmpty else { throw .invalidValue(file: file, at: "\(ap()).name", message: "a custom action needs a non-empty name") }
                    let effects = try af["effects"].map { x throws(ScreenModelError) in try self.effects(x, "\(ap()).effects") } ?? []
                    e.customActions.append(CustomAction(name: name, effects: effects))
                }
            case .activationPoint: e.activationPoint = try point(k, "\(at()).activationPoint")
            case .sortPriority: e.sortPriority = try number(k, "\(at()).sortPriority")
            case .hidden: e.hidden = try bool(k, "\(at()).hidden")
            case .respondsToUserInteraction: e.respondsToUserInteraction = try bool(k, "\(at()).respondsToUserInteraction")
            case .childBehavior: e.childBehavior = try enumValue(k, "\(at()).childBehavior", ChildBehavior.allCases)
            case .containerType: e.containerType = try enumValue(k, "\(at()).containerType", ContainerType.allCases)
            case .accessibilityElements:
                func here() -> String { "\(at()).accessibilityElements" }
                let ids = try strings(k, here())
                // A set, not `ids[..<n].contains`, which took minutes for 200,000 identifiers.
                var listed = Set<String>()
                for (n, id) in ids.enumerated() where !listed.insert(id).inserted {
                    throw .invalidValue(file: file, at: "\(here())[\(n)]", message: "identifier '\(id)' is listed twice")
                }
                e.accessibilityElements = ids
            case .range:
                func here() -> String { "\(at()).range" }
                let rf = try object(k, here(), known: AppDecoder.rangeKeys)
                let lo = try number(try require(rf, "minimum", here(), "a number"), "\(here()).minimum")
                let hi = try number(try require(rf, "maximum", here(), "a number"), "\(here()).maximum")
                let step = try number(try require(rf, "step", here(), "a number"), "\(here()).step")
                let format = try rf["format"].map { x throws(ScreenModelError) in try string(x, "\(here()).format") } ?? "{value}"
                guard lo <= hi else { throw .invalidValue(file: file, at: here(), message: "minimum \(Point.format(lo)) is above maximum \(Point.format(hi))") }
                guard step > 0 else { throw .invalidValue(file: file, at: "\(here()).step", message: "step must be greater than 0") }
                guard format.components(separatedBy: "{value}").count == 2 else {
                    throw .invalidValue(file: file, at: "\(here()).format", message: "format must contain '{value}' exactly once")
                }
                e.range = ValueRange(minimum: lo, maximum: hi, step: step, format: format)
            case .onActivate: e.onActivate = try effects(k, "\(at()).onActivate")
            case .scrollable: e.scrollable = try bool(k, "\(at()).scrollable")
            case .contentOffset: e.contentOffset = try point(k, "\(at()).contentOffset")
            case .children: break
            }
        }
        if let r = e.range, let v = e.value {
            guard let n = r.number(in: v) else {
                throw .invalidValue(file: file, at: "\(at()).value", message: "value '\(v)' does not fit the range format '\(r.format)'")
            }
            guard n >= r.minimum, n <= r.maximum else {
                throw .invalidValue(file: file, at: "\(at()).value", message: "value '\(v)' is outside the range \(Point.format(r.minimum))…\(Point.format(r.maximum))")
            }
        }
        if let r = e.range, e.value == nil { e.value = r.text(for: r.minimum) }
        if f[key: AppDecoder.contentOffsetKey] != nil && !e.scrollable {
            throw .invalidValue(file: file, at: "\(at()).contentOffset", message: "only a scrollable element has a content offset; add \"scrollable\": true or remove the offset")
        }
        guard let c = f[key: AppDecoder.childrenKey] else { return nil }
        guard doc.kind(c) == .array else { throw wrongType(c, "an array", "\(at()).children") }
        return c
    }

    func point(_ i: Int, _ at: @autoclosure () -> String) throws(ScreenModelError) -> Point {
        // The usual point, `{"x": 10, "y": 20}` within the limits, is read
        // straight off the tape; the general path below says what is wrong
        // with any other.
        if let v = doc.numbers(ofObject: i, keys: AppDecoder.pointKeys), Limits.isCoordinate(v.0), Limits.isCoordinate(v.1) {
            return Point(x: v.0, y: v.1)
        }
        let f = try object(i, at(), known: AppDecoder.pointKeys)
        return Point(
            x: try coordinate(try require(f, "x", at(), "a number"), "\(at()).x"),
            y: try coordinate(try require(f, "y", at(), "a number"), "\(at()).y"))
    }

    func rect(_ i: Int, _ at: @autoclosure () -> String) throws(ScreenModelError) -> Rect {
        // The usual frame (four numbers within the limits, the size not
        // negative) is read straight off the tape, as `point` does.
        if let v = doc.numbers(ofObject: i, keys: AppDecoder.rectKeys), Limits.isCoordinate(v.0), Limits.isCoordinate(v.1),
           Limits.isWithinSizeLimits(v.2), Limits.isWithinSizeLimits(v.3), v.2 >= 0, v.3 >= 0 {
            return Rect(x: v.0, y: v.1, width: v.2, height: v.3)
        }
        let f = try object(i, at(), known: AppDecoder.rectKeys)
        let r = Rect(
            x: try coordinate(try require(f, "x", at(), "a number of points"), "\(at()).x"),
            y: try coordinate(try require(f, "y", at(), "a number of points"), "\(at()).y"),
            width: try extent(try require(f, "width", at(), "a number of points"), "\(at()).width"),
            height: try extent(try require(f, "height", at(), "a number of points"), "\(at()).height"))
        guard r.width >= 0, r.height >= 0 else { throw .negativeFrameSize(file: file, at: at(), width: r.width, height: r.height) }
        return r
    }

    // MARK: - Effects

    func effects(_ i: Int, _ at: @autoclosure () -> String) throws(ScreenModelError) -> [Effect] {
        var out: [Effect] = []
        for (n, k) in try arrayNodes(i, at()).enumerated() { out.append(try effect(k, "\(at())[\(n)]")) }
        return out
    }

    /// The fields each effect kind accepts besides `effect`.
    static let fieldsByKind: [Effect.Kind: [String]] = [
        .goTo: ["screen"], .back: [], .present: ["screen"], .dismiss: [],
        .toggleTrait: ["trait", "target"], .toggleValue: ["target", "off", "on"],
        .setValue: ["value", "target"], .increment: ["target"], .decrement: ["target"], .announce: ["message"],
    ]

    func effect(_ i: Int, _ at: @autoclosure () -> String) throws(ScreenModelError) -> Effect {
        guard doc.kind(i) == .object else { throw wrongType(i, "an effect object such as {\"effect\": \"goTo\", \"screen\": \"detail\"}", at()) }
        guard let kindNode = doc.member(i, named: "effect") else {
            throw .missingField(file: file, at: at(), field: "effect", expected: "one of: \(Effect.kinds.joined(separator: ", "))")
        }
        // The kind is matched as bytes on the tape, with no `String` made.
        guard let k = doc.index(of: kindNode, in: AppDecoder.effectKindKeys) else {
            let kind = try string(kindNode, "\(at()).effect")
            let hint = Suggestion.closest(to: kind, among: Effect.kinds).map { "did you mean '\($0)'? " } ?? ""
            throw .invalidValue(file: file, at: "\(at()).effect", message: "unknown effect '\(kind)'; \(hint)expected one of: \(Effect.kinds.joined(separator: ", "))")
        }
        let kind = AppDecoder.effectKindList[k]
        let f = try object(i, at(), known: AppDecoder.effectKeys[k])
        func field(_ name: StaticString, _ expected: String) throws(ScreenModelError) -> String {
            guard let k = f[name] else { throw .missingField(file: file, at: at(), field: "\(name)", expected: "\(expected) for effect '\(kind.rawValue)'") }
            return try string(k, "\(at()).\(name)")
        }
        func optional(_ name: StaticString) throws(ScreenModelError) -> String? {
            try f[name].map { k throws(ScreenModelError) in try string(k, "\(at()).\(name)") }
        }
        switch kind {
        case .goTo: return .goTo(screen: try field("screen", "the name of a screen"))
        case .back: return .back
        case .present: return .present(screen: try field("screen", "the name of a screen"))
        case .dismiss: return .dismiss
        case .toggleTrait:
            let name = try field("trait", "a trait name")
            guard let t = Trait(rawValue: name) else { throw .unknownTrait(file: file, at: "\(at()).trait", name: name) }
            return .toggleTrait(t, target: try optional("target"))
        case .toggleValue:
            return .toggleValue(target: try optional("target"), off: try optional("off") ?? "0", on: try optional("on") ?? "1")
        case .setValue: return .setValue(try field("value", "the new value"), target: try optional("target"))
        case .increment: return .increment(target: try optional("target"))
        case .decrement: return .decrement(target: try optional("target"))
        case .announce: return .announce(try field("message", "the text to announce"))
        }
    }
}

/// Cross-references an app: screens named by the start screen and effects,
/// identifiers unique per screen, content offsets within their content,
/// named targets present, adjusted targets adjustable, and
/// `accessibilityElements` naming descendants.
public struct AppValidator {
    public var file: String
    public init(file: String) { self.file = file }

    /// - Throws: the first problem found, in screen order then element (pre)order.
    public func validate(_ app: AppModel) throws(ScreenModelError) {
        let names = app.screens.map(\.name)
        guard app.screenIndex[app.startScreen] != nil else {
            throw .unknownScreen(file: file, at: "startScreen", name: app.startScreen, known: names)
        }
        for screen in app.screens {
            let base = "screens.\(screen.name)"
            // Paths are spelled out only for an error: building one per element is quadratic.
            func at(_ i: ElementIndex) -> String { "\(base).\(screen.path(of: i))" }
            if let i = screen.firstDuplicateIdentifier, let id = screen.elements[i].identifier, let first = screen.identifiers[id] {
                throw .duplicateIdentifier(file: file, at: at(i), identifier: id, firstAt: at(first))
            }
            // Elements are read field by field, and bound whole only when
            // they have something to check: binding copies an element.
            for i in screen.elements.indices where screen.elements[i].scrollable && screen.elements[i].contentOffset != .zero {
                let offset = screen.elements[i].contentOffset
                let range = screen.scrollRange(of: i)
                guard range.contains(offset) else {
                    throw .invalidValue(file: file, at: "\(at(i)).contentOffset", message: "offset \(offset) scrolls past the content; this element's content offsets range over \(range)")
                }
            }
            for i in screen.elements.indices {
                if screen.elements[i].onActivate.isEmpty && screen.elements[i].customActions.isEmpty && screen.elements[i].accessibilityElements == nil { continue }
                let e = screen.elements[i]
                for (n, effect) in e.onActivate.enumerated() {
                    try check(effect, of: i, at: "\(at(i)).onActivate[\(n)]", screen: screen, names: names, app: app)
                }
                for (a, action) in e.customActions.enumerated() {
                    for (n, effect) in action.effects.enumerated() {
                        try check(effect, of: i, at: "\(at(i)).customActions[\(a)].effects[\(n)]", screen: screen, names: names, app: app)
                    }
                }
                for (n, id) in (e.accessibilityElements ?? []).enumerated() {
                    guard let k = screen.identifiers[id] else {
                        throw .unknownIdentifier(file: file, at: "\(at(i)).accessibilityElements[\(n)]", identifier: id)
                    }
                    guard k != i, screen.isDescendant(k, of: i) else {
                        throw .invalidValue(file: file, at: "\(at(i)).accessibilityElements[\(n)]", message: "'\(id)' (at \(at(k))) is not inside this element; accessibilityElements lists descendants only")
                    }
                }
            }
        }
    }

    func check(_ effect: Effect, of i: ElementIndex, at: @autoclosure () -> String, screen: Screen, names: [String], app: AppModel) throws(ScreenModelError) {
        if let s = effect.screen, app.screenIndex[s] == nil {
            throw .unknownScreen(file: file, at: "\(at()).screen", name: s, known: names)
        }
        var target = i
        if let t = effect.target {
            guard let k = screen.identifiers[t] else { throw .unknownIdentifier(file: file, at: "\(at()).target", identifier: t) }
            target = k
        }
        switch effect {
        case .increment, .decrement:
            guard screen.elements[target].range != nil else {
                let whom = effect.target.map { "'\($0)'" } ?? "this element"
                throw .invalidValue(file: file, at: at(), message: "effect '\(effect.kind)' adjusts \(whom), which has no 'range'; give it a range or set 'target' to an adjustable element")
            }
        case .goTo, .back, .present, .dismiss, .toggleTrait, .toggleValue, .setValue, .announce:
            break
        }
    }
}
