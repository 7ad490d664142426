import Foundation

/// Reads the screen-model JSON format (docs/screen-model.md) into an
/// `AppModel`, validating as it goes. Nothing recurses: elements are decoded
/// from the JSON tape with an explicit work stack.
public struct AppDecoder {
    /// The file name used in error messages.
    public var file: String

    public init(file: String) { self.file = file }

    static let appFields = ["$schema", "name", "description", "startScreen", "screens"]
    static let screenFields = ["title", "size", "layoutDirection", "root"]
    static let elementFields = [
        "label", "value", "hint", "identifier", "traits", "frame", "inputLabels", "customActions",
        "activationPoint", "sortPriority", "hidden", "respondsToUserInteraction", "childBehavior",
        "containerType", "accessibilityElements", "range", "onActivate", "scrollable", "children",
    ]

    /// Decodes an app from JSON bytes.
    /// - Throws: `ScreenModelError` naming the file and the line/column or element path.
    public func decode(_ bytes: [UInt8]) throws(ScreenModelError) -> AppModel {
        let doc: JSONDocument
        do {
            doc = try JSONDocument(bytes: bytes)
        } catch {
            throw .syntax(file: file, line: error.line, column: error.column, message: error.message)
        }
        var r = Reader(doc: doc, file: file)
        return try r.app()
    }
}

/// The members of one JSON object, looked up by a linear scan: objects in
/// this format are small, and hashing every key costs more than comparing.
struct Fields {
    let list: [(key: String, value: Int)]
    subscript(_ key: String) -> Int? {
        for m in list where m.key == key { return m.value }
        return nil
    }
}

/// Typed access to a JSON tape with errors that carry a path.
struct Reader {
    let doc: JSONDocument
    let file: String

    func wrongType(_ i: Int, _ expected: String, _ at: String) -> ScreenModelError {
        .wrongType(file: file, at: at, expected: expected, found: doc.kind(i).noun)
    }

    func object(_ i: Int, _ at: String, known: [String]) throws(ScreenModelError) -> Fields {
        guard doc.kind(i) == .object else { throw wrongType(i, "an object", at) }
        let members = doc.members(i)
        for (n, m) in members.enumerated() {
            guard known.contains(m.key) else { throw .unknownField(file: file, at: at, field: m.key, known: known) }
            for earlier in members[..<n] where earlier.key == m.key {
                throw .invalidValue(file: file, at: at, message: "field '\(m.key)' appears twice")
            }
        }
        return Fields(list: members)
    }

    func string(_ i: Int, _ at: String) throws(ScreenModelError) -> String {
        guard let s = doc.string(i) else { throw wrongType(i, "a string", at) }
        return s
    }

    func number(_ i: Int, _ at: String) throws(ScreenModelError) -> Double {
        guard let n = doc.number(i) else { throw wrongType(i, "a number", at) }
        return n
    }

    func bool(_ i: Int, _ at: String) throws(ScreenModelError) -> Bool {
        guard let b = doc.bool(i) else { throw wrongType(i, "true or false", at) }
        return b
    }

    func array(_ i: Int, _ at: String) throws(ScreenModelError) -> [Int] {
        guard doc.kind(i) == .array else { throw wrongType(i, "an array", at) }
        return doc.elements(i)
    }

    func strings(_ i: Int, _ at: String) throws(ScreenModelError) -> [String] {
        var out: [String] = []
        for (k, e) in try array(i, at).enumerated() { out.append(try string(e, "\(at)[\(k)]")) }
        return out
    }

    func require(_ fields: Fields, _ name: String, _ at: String, _ expected: String) throws(ScreenModelError) -> Int {
        guard let i = fields[name] else { throw .missingField(file: file, at: at, field: name, expected: expected) }
        return i
    }

    func enumValue<E: RawRepresentable>(_ i: Int, _ at: String, _ all: [E]) throws(ScreenModelError) -> E where E.RawValue == String {
        let s = try string(i, at)
        guard let v = E(rawValue: s) else {
            throw .invalidValue(file: file, at: at, message: "unknown value '\(s)'; expected one of: \(all.map(\.rawValue).joined(separator: ", "))")
        }
        return v
    }

    // MARK: - App

    mutating func app() throws(ScreenModelError) -> AppModel {
        let top = try object(doc.root, "app", known: AppDecoder.appFields)
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
        let app = AppModel(name: name, startScreen: start, screens: screens)
        try AppValidator(file: file).validate(app)
        return app
    }

    // MARK: - Screen

    mutating func screen(named name: String, _ i: Int) throws(ScreenModelError) -> Screen {
        let at = "screens.\(name)"
        let f = try object(i, at, known: AppDecoder.screenFields)
        let title = try f["title"].map { k throws(ScreenModelError) in try string(k, "\(at).title") }
        var size: Rect? = nil
        if let k = f["size"] {
            let s = try object(k, "\(at).size", known: ["width", "height"])
            let w = try number(try require(s, "width", "\(at).size", "a number of points"), "\(at).size.width")
            let h = try number(try require(s, "height", "\(at).size", "a number of points"), "\(at).size.height")
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
    mutating func elementTable(_ rootNode: Int, screenPath: String) throws(ScreenModelError) -> [Element] {
        var table: [Element] = []
        // (json node, parent index)
        var work: [(Int, ElementIndex?)] = [(rootNode, nil)]
        while let (node, parent) = work.popLast() {
            let index = table.count
            var e = Element()
            e.parent = parent
            table.append(e)
            if let p = parent { table[p].children.append(index) }
            // The element's path is only spelled out when there is an error:
            // building it for every element would cost O(depth) each.
            let childNodes: [Int]
            do {
                childNodes = try fill(&table[index], from: node, at: Self.here)
            } catch {
                throw error.relocated(from: Self.here, to: "\(screenPath).\(Self.path(of: index, in: table))")
            }
            for c in childNodes.reversed() { work.append((c, index)) }
        }
        return table
    }

    /// Stands for the current element's path inside `fill`.
    static let here = "\u{1}element"

    static func path(of i: ElementIndex, in table: [Element]) -> String {
        var parts: [String] = []
        var c = i
        while let p = table[c].parent {
            parts.append("children[\(table[p].children.firstIndex(of: c)!)]")
            c = p
        }
        parts.append("root")
        return parts.reversed().joined(separator: "/")
    }

    /// Reads one element's fields; returns its children's JSON nodes.
    func fill(_ e: inout Element, from i: Int, at: String) throws(ScreenModelError) -> [Int] {
        let f = try object(i, at, known: AppDecoder.elementFields)
        for (key, k) in f.list {
            let here = "\(at).\(key)"
            switch key {
            case "label": e.label = try string(k, here)
            case "value": e.value = try string(k, here)
            case "hint": e.hint = try string(k, here)
            case "identifier":
                let id = try string(k, here)
                guard !id.isEmpty else { throw .invalidValue(file: file, at: here, message: "an identifier cannot be empty") }
                e.identifier = id
            case "traits":
                var set: TraitSet = []
                for (n, t) in try array(k, here).enumerated() {
                    let name = try string(t, "\(here)[\(n)]")
                    guard let trait = Trait(rawValue: name) else { throw .unknownTrait(file: file, at: "\(here)[\(n)]", name: name) }
                    set.insert(TraitSet(trait))
                }
                e.traits = set
            case "frame": e.frame = try rect(k, here)
            case "inputLabels": e.inputLabels = try strings(k, here)
            case "customActions":
                for (n, a) in try array(k, here).enumerated() {
                    let ap = "\(here)[\(n)]"
                    let af = try object(a, ap, known: ["name", "effects"])
                    let name = try string(try require(af, "name", ap, "the action's name"), "\(ap).name")
                    guard !name.isEmpty else { throw .invalidValue(file: file, at: "\(ap).name", message: "a custom action needs a non-empty name") }
                    let effects = try af["effects"].map { x throws(ScreenModelError) in try self.effects(x, "\(ap).effects") } ?? []
                    e.customActions.append(CustomAction(name: name, effects: effects))
                }
            case "activationPoint":
                let pf = try object(k, here, known: ["x", "y"])
                e.activationPoint = Point(
                    x: try number(try require(pf, "x", here, "a number"), "\(here).x"),
                    y: try number(try require(pf, "y", here, "a number"), "\(here).y"))
            case "sortPriority": e.sortPriority = try number(k, here)
            case "hidden": e.hidden = try bool(k, here)
            case "respondsToUserInteraction": e.respondsToUserInteraction = try bool(k, here)
            case "childBehavior": e.childBehavior = try enumValue(k, here, ChildBehavior.allCases)
            case "containerType": e.containerType = try enumValue(k, here, ContainerType.allCases)
            case "accessibilityElements": e.accessibilityElements = try strings(k, here)
            case "range":
                let rf = try object(k, here, known: ["minimum", "maximum", "step", "format"])
                let lo = try number(try require(rf, "minimum", here, "a number"), "\(here).minimum")
                let hi = try number(try require(rf, "maximum", here, "a number"), "\(here).maximum")
                let step = try number(try require(rf, "step", here, "a number"), "\(here).step")
                let format = try rf["format"].map { x throws(ScreenModelError) in try string(x, "\(here).format") } ?? "{value}"
                guard lo <= hi else { throw .invalidValue(file: file, at: here, message: "minimum \(Point.format(lo)) is above maximum \(Point.format(hi))") }
                guard step > 0 else { throw .invalidValue(file: file, at: "\(here).step", message: "step must be greater than 0") }
                guard format.components(separatedBy: "{value}").count == 2 else {
                    throw .invalidValue(file: file, at: "\(here).format", message: "format must contain '{value}' exactly once")
                }
                e.range = ValueRange(minimum: lo, maximum: hi, step: step, format: format)
            case "onActivate": e.onActivate = try effects(k, here)
            case "scrollable": e.scrollable = try bool(k, here)
            case "children": break
            default: break  // `object` rejected unknown keys already
            }
        }
        if let r = e.range, let v = e.value, r.number(in: v) == nil {
            throw .invalidValue(file: file, at: "\(at).value", message: "value '\(v)' does not fit the range format '\(r.format)'")
        }
        if let r = e.range, e.value == nil { e.value = r.text(for: r.minimum) }
        guard let c = f["children"] else { return [] }
        return try array(c, "\(at).children")
    }

    func rect(_ i: Int, _ at: String) throws(ScreenModelError) -> Rect {
        let f = try object(i, at, known: ["x", "y", "width", "height"])
        let r = Rect(
            x: try number(try require(f, "x", at, "a number of points"), "\(at).x"),
            y: try number(try require(f, "y", at, "a number of points"), "\(at).y"),
            width: try number(try require(f, "width", at, "a number of points"), "\(at).width"),
            height: try number(try require(f, "height", at, "a number of points"), "\(at).height"))
        guard r.width >= 0, r.height >= 0 else { throw .negativeFrameSize(file: file, at: at, width: r.width, height: r.height) }
        return r
    }

    // MARK: - Effects

    func effects(_ i: Int, _ at: String) throws(ScreenModelError) -> [Effect] {
        var out: [Effect] = []
        for (n, k) in try array(i, at).enumerated() { out.append(try effect(k, "\(at)[\(n)]")) }
        return out
    }

    func effect(_ i: Int, _ at: String) throws(ScreenModelError) -> Effect {
        guard doc.kind(i) == .object else { throw wrongType(i, "an effect object such as {\"effect\": \"goTo\", \"screen\": \"detail\"}", at) }
        let raw = Fields(list: doc.members(i))
        let kindNode = try require(raw, "effect", at, "one of: \(Effect.kinds.joined(separator: ", "))")
        let kind = try string(kindNode, "\(at).effect")
        let fieldsByKind: [String: [String]] = [
            "goTo": ["screen"], "back": [], "present": ["screen"], "dismiss": [],
            "toggleTrait": ["trait", "target"], "toggleValue": ["target", "off", "on"],
            "setValue": ["value", "target"], "increment": ["target"], "decrement": ["target"], "announce": ["message"],
        ]
        guard let allowed = fieldsByKind[kind] else {
            let hint = ScreenModelError.suggestion(for: kind, among: Effect.kinds).map { "did you mean '\($0)'? " } ?? ""
            throw .invalidValue(file: file, at: "\(at).effect", message: "unknown effect '\(kind)'; \(hint)expected one of: \(Effect.kinds.joined(separator: ", "))")
        }
        let f = try object(i, at, known: ["effect"] + allowed)
        func field(_ name: String, _ expected: String) throws(ScreenModelError) -> String {
            guard let k = f[name] else { throw .missingField(file: file, at: at, field: name, expected: "\(expected) for effect '\(kind)'") }
            return try string(k, "\(at).\(name)")
        }
        func optional(_ name: String) throws(ScreenModelError) -> String? {
            try f[name].map { k throws(ScreenModelError) in try string(k, "\(at).\(name)") }
        }
        switch kind {
        case "goTo": return .goTo(screen: try field("screen", "the name of a screen"))
        case "back": return .back
        case "present": return .present(screen: try field("screen", "the name of a screen"))
        case "dismiss": return .dismiss
        case "toggleTrait":
            let name = try field("trait", "a trait name")
            guard let t = Trait(rawValue: name) else { throw .unknownTrait(file: file, at: "\(at).trait", name: name) }
            return .toggleTrait(t, target: try optional("target"))
        case "toggleValue":
            return .toggleValue(target: try optional("target"), off: try optional("off") ?? "0", on: try optional("on") ?? "1")
        case "setValue": return .setValue(try field("value", "the new value"), target: try optional("target"))
        case "increment": return .increment(target: try optional("target"))
        case "decrement": return .decrement(target: try optional("target"))
        case "announce": return .announce(try field("message", "the text to announce"))
        default: preconditionFailure("effect kinds are listed in fieldsByKind")
        }
    }
}

/// Cross-references an app: screens named by the start screen and effects,
/// identifiers unique per screen and named targets present.
public struct AppValidator {
    public var file: String
    public init(file: String) { self.file = file }

    public func validate(_ app: AppModel) throws(ScreenModelError) {
        let names = app.screens.map(\.name)
        guard app.screenIndex[app.startScreen] != nil else {
            throw .unknownScreen(file: file, at: "startScreen", name: app.startScreen, known: names)
        }
        for screen in app.screens {
            let base = "screens.\(screen.name)"
            var firstUse: [String: ElementIndex] = [:]
            for (i, e) in screen.elements.enumerated() {
                if let id = e.identifier {
                    if let first = firstUse[id] {
                        throw .duplicateIdentifier(file: file, at: "\(base).\(screen.path(of: i))", identifier: id, firstAt: "\(base).\(screen.path(of: first))")
                    }
                    firstUse[id] = i
                }
            }
            for (i, e) in screen.elements.enumerated() {
                if e.onActivate.isEmpty && e.customActions.isEmpty && e.accessibilityElements == nil { continue }
                let at = "\(base).\(screen.path(of: i))"
                for (n, effect) in e.onActivate.enumerated() {
                    try check(effect, at: "\(at).onActivate[\(n)]", screen: screen, names: names, app: app)
                }
                for (a, action) in e.customActions.enumerated() {
                    for (n, effect) in action.effects.enumerated() {
                        try check(effect, at: "\(at).customActions[\(a)].effects[\(n)]", screen: screen, names: names, app: app)
                    }
                }
                for (n, id) in (e.accessibilityElements ?? []).enumerated() {
                    guard let k = screen.identifiers[id], k != i, screen.isDescendant(k, of: i) else {
                        throw .unknownIdentifier(file: file, at: "\(at).accessibilityElements[\(n)]", identifier: id)
                    }
                }
            }
        }
    }

    func check(_ effect: Effect, at: String, screen: Screen, names: [String], app: AppModel) throws(ScreenModelError) {
        if let s = effect.screen, app.screenIndex[s] == nil {
            throw .unknownScreen(file: file, at: "\(at).screen", name: s, known: names)
        }
        if let t = effect.target, screen.identifiers[t] == nil {
            throw .unknownIdentifier(file: file, at: "\(at).target", identifier: t)
        }
    }
}
