import Diagnostics
import Foundation
import ScreenModel
import SwitchyardEngine

/// Parses profile JSON (with the project's `JSONDocument`) into
/// `DeviceProfile`s, resolving event names through libevdev.
public enum ProfileLoader {
    /// Parses one profile document. `file` names it in errors.
    /// - Throws: a `Diagnostic` with the line, column and JSON path of the first problem.
    public static func parse(_ bytes: some Collection<UInt8>, file: String) throws(Diagnostic) -> DeviceProfile {
        let doc: JSONDocument
        do { doc = try JSONDocument(bytes: Array(bytes)) } catch {
            throw Diagnostic(.error, error.message, at: SourceLocation(file: file, line: error.line, column: error.column))
        }
        return try Reader(doc: doc, file: file).profile()
    }

    /// Loads every `*.json` file in `directory`, sorted by file name.
    public static func loadDirectory(_ directory: String) throws(Diagnostic) -> [DeviceProfile] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
            throw Diagnostic(.error, "cannot list directory; expected a folder of *.json profiles", at: SourceLocation(file: directory))
        }
        var out: [DeviceProfile] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = directory + "/" + name
            let bytes: [UInt8]
            do { bytes = try InputFile.read(path) } catch { throw Diagnostic(.error, "cannot read: \(error)", at: SourceLocation(file: path)) }
            out.append(try parse(bytes, file: path))
        }
        return out
    }

    /// The fields of each object in a profile, in documentation order.
    static let profileFields = ["name", "description", "match", "priority", "mappings", "technologyMappings", "passthroughKeys"]
    static let matchFields = ["ids", "bus", "name", "classification", "excludeClassification", "axes"]
    static let idFields = ["vendor", "product", "version", "comment"]
    static let mappingFields = ["type", "code", "switch", "key", "direction", "threshold", "hysteresis"]
}

/// The members of one JSON object, checked against the fields it may have.
private struct Members {
    /// The object's node.
    let node: Int
    /// The object's JSON path.
    let path: String
    let pairs: [(key: String, value: Int)]
    /// The value node of `key`, or nil.
    subscript(_ key: String) -> Int? { pairs.first { $0.key == key }?.value }
    /// The JSON path of `key`.
    func path(_ key: String) -> String { "\(path).\(key)" }
}

/// Typed reads of a profile's JSON tape; every error names the node's line,
/// column and JSON path.
private struct Reader {
    let doc: JSONDocument
    let file: String

    func fail(_ node: Int, _ path: String?, _ message: String) -> Diagnostic {
        let (line, column) = doc.position(of: node)
        return Diagnostic(.error, message, at: SourceLocation(file: file, line: line, column: column, path: path))
    }

    func found(_ node: Int) -> String { doc.kind(node).noun }

    /// The object at `node`, rejecting unknown fields (with a did-you-mean)
    /// and fields given twice.
    func object(_ node: Int, _ path: String, known: [String]) throws(Diagnostic) -> Members {
        guard doc.kind(node) == .object else { throw fail(node, path == "$" ? nil : path, "expected an object, found \(found(node))") }
        let pairs = doc.members(node)
        var seen: [String: Int] = [:]
        for (key, value) in pairs {
            // An object's children alternate key and value on the tape: the key is just before its value.
            let keyNode = value - 1
            guard known.contains(key) else {
                let hint = Suggestion.closest(to: key, among: known).map { "did you mean '\($0)'? " } ?? ""
                throw fail(keyNode, "\(path).\(key)", "unknown field '\(key)'; \(hint)expected one of: \(known.joined(separator: ", "))")
            }
            if let first = seen[key] {
                throw fail(keyNode, "\(path).\(key)", "field '\(key)' is given twice (first on line \(first)); give each field once")
            }
            seen[key] = doc.position(of: keyNode).line
        }
        return Members(node: node, path: path, pairs: pairs)
    }

    /// The value of required field `key`.
    func require(_ o: Members, _ key: String, _ expected: String) throws(Diagnostic) -> Int {
        guard let v = o[key] else { throw fail(o.node, o.path(key), "missing field '\(key)'; expected \(expected)") }
        return v
    }

    func string(_ node: Int, _ path: String) throws(Diagnostic) -> String {
        guard let s = doc.string(node) else { throw fail(node, path, "expected a non-empty string, found \(found(node))") }
        guard !s.isEmpty else { throw fail(node, path, "expected a non-empty string, found \"\"") }
        return s
    }

    func number(_ node: Int, _ path: String) throws(Diagnostic) -> Double {
        guard let n = doc.number(node) else { throw fail(node, path, "expected a number, found \(found(node))") }
        return n
    }

    func bool(_ node: Int, _ path: String) throws(Diagnostic) -> Bool {
        guard let b = doc.bool(node) else { throw fail(node, path, "expected true or false, found \(found(node))") }
        return b
    }

    func array(_ node: Int, _ path: String, _ expected: String) throws(Diagnostic) -> [Int] {
        guard doc.kind(node) == .array else { throw fail(node, path, "expected \(expected), found \(found(node))") }
        return doc.elements(node)
    }

    func hexID(_ node: Int, _ path: String) throws(Diagnostic) -> UInt16 {
        let s = try string(node, path)
        guard s.count == 4, s.allSatisfy(\.isHexDigit), let n = UInt16(s, radix: 16) else {
            throw fail(node, path, "expected 4 hex digits such as \"045e\", got \(JSONWriter.quote(s))")
        }
        return n
    }

    /// `value` among `known`, or an error with a did-you-mean and the known names.
    func oneOf<T>(_ node: Int, _ path: String, _ what: String, _ known: [(String, T)], expected: String) throws(Diagnostic) -> T {
        let s = try string(node, path)
        if let hit = known.first(where: { $0.0 == s }) { return hit.1 }
        let hint = Suggestion.closest(to: s, among: known.map(\.0)).map { "did you mean '\($0)'? " } ?? ""
        throw fail(node, path, "unknown \(what) '\(s)'; \(hint)expected \(expected)")
    }

    func classList(_ node: Int?, _ path: String) throws(Diagnostic) -> Set<DeviceClass> {
        guard let node else { return [] }
        let all = DeviceClass.allCases.map { ($0.rawValue, $0) }
        var out: Set<DeviceClass> = []
        for (i, item) in try array(node, path, "an array of classifications such as [\"ID_INPUT_JOYSTICK\"]").enumerated() {
            out.insert(try oneOf(item, "\(path)[\(i)]", "classification", all,
                                 expected: "one of: \(all.map(\.0).joined(separator: ", "))"))
        }
        return out
    }

    // MARK: - Profile

    func profile() throws(Diagnostic) -> DeviceProfile {
        let o = try object(doc.root, "$", known: ProfileLoader.profileFields)
        let name = try string(try require(o, "name", "a non-empty string such as \"xbox-controller\""), o.path("name"))
        if let d = o["description"], doc.string(d) == nil { throw fail(d, o.path("description"), "expected a string, found \(found(d))") }
        var priority = 0
        if let p = o["priority"] {
            let n = try number(p, o.path("priority"))
            guard n == n.rounded(), abs(n) <= 1_000_000 else {
                throw fail(p, o.path("priority"), "expected a whole number between -1000000 and 1000000")
            }
            priority = Int(n)
        }
        let passthrough = try o["passthroughKeys"].map { n throws(Diagnostic) in try bool(n, o.path("passthroughKeys")) } ?? false
        let rule = try match(try require(o, "match", "an object such as {\"ids\": [{\"vendor\": \"045e\", \"product\": \"028e\"}]}"), o.path("match"))
        let list = try require(o, "mappings", "an array of mappings")
        var mappings: [InputMapping] = []
        for (i, m) in try array(list, o.path("mappings"), "an array of mappings").enumerated() {
            mappings.append(try mapping(m, "\(o.path("mappings"))[\(i)]"))
        }
        if mappings.isEmpty && !passthrough {
            throw fail(list, o.path("mappings"), "expected at least one mapping (or \"passthroughKeys\": true)")
        }
        let own = try o["technologyMappings"].map { n throws(Diagnostic) in try technologyMappings(n, o.path("technologyMappings")) } ?? [:]
        return DeviceProfile(name: name, source: file, match: rule, priority: priority, mappings: mappings,
                             technologyMappings: own, passthroughKeys: passthrough)
    }

    /// `{"keyboard": [mappings…]}`: per technology, by its one name, the
    /// mappings that replace `mappings` while it takes the device's inputs.
    func technologyMappings(_ node: Int, _ path: String) throws(Diagnostic) -> [Technology: [InputMapping]] {
        let mapped = DeviceProfile.mappedTechnologies
        let o = try object(node, path, known: Technology.allCases.map(\.name))
        var out: [Technology: [InputMapping]] = [:]
        for (key, value) in o.pairs {
            let named = Technology.allCases.first { $0.name == key }
            guard let t = named, mapped.contains(t) else {
                throw fail(value - 1, o.path(key), "\(named?.description ?? key) takes no device inputs; expected \(mapped.map(\.name).joined(separator: " or "))")
            }
            var list: [InputMapping] = []
            for (i, m) in try array(value, o.path(key), "an array of mappings").enumerated() {
                list.append(try mapping(m, "\(o.path(key))[\(i)]"))
            }
            out[t] = list
        }
        return out
    }

    /// A `key` target: a Linux key name (`KEY_TAB`), or a chord as
    /// `KeyChord.parse` reads it (`tab`, `shift+tab`); every Linux name in it
    /// checked against the kernel's list, as in scenarios and bindings.
    func keyTarget(_ node: Int, _ path: String) throws(Diagnostic) -> MappingTarget {
        let spec = try string(node, path)
        let chord: KeyChord
        do { chord = try KeyChord.parse(spec) } catch {
            throw fail(node, path, error.message)
        }
        return chord.keys.count == 1 ? .key(chord.keys[0]) : .chord(chord)
    }

    func match(_ node: Int, _ path: String) throws(Diagnostic) -> ProfileMatchRule {
        let o = try object(node, path, known: ProfileLoader.matchFields)
        var rule = ProfileMatchRule()
        if let ids = o["ids"] {
            let items = try array(ids, o.path("ids"), "a non-empty array of {\"vendor\", \"product\"}")
            guard !items.isEmpty else { throw fail(ids, o.path("ids"), "expected a non-empty array of {\"vendor\", \"product\"}") }
            for (i, item) in items.enumerated() {
                let io = try object(item, "\(o.path("ids"))[\(i)]", known: ProfileLoader.idFields)
                let expected = "4 hex digits such as \"045e\""
                rule.ids.append(.init(vendor: try hexID(try require(io, "vendor", expected), io.path("vendor")),
                                      product: try hexID(try require(io, "product", expected), io.path("product")),
                                      version: try io["version"].map { n throws(Diagnostic) in try hexID(n, io.path("version")) }))
            }
        }
        if let b = o["bus"] { rule.bus = try string(b, o.path("bus")) }
        if let n = o["name"] { rule.namePattern = try string(n, o.path("name")) }
        rule.classes = try classList(o["classification"], o.path("classification"))
        rule.excludedClasses = try classList(o["excludeClassification"], o.path("excludeClassification"))
        if let a = o["axes"] { rule.hasAxes = try bool(a, o.path("axes")) }
        if rule.ids.isEmpty && rule.namePattern == nil && rule.classes.isEmpty && rule.bus == nil {
            throw fail(node, path, "expected at least one of ids, name, classification, bus")
        }
        return rule
    }

    func mapping(_ node: Int, _ path: String) throws(Diagnostic) -> InputMapping {
        let o = try object(node, path, known: ProfileLoader.mappingFields)
        let typeNode = try require(o, "type", "EV_KEY or EV_ABS")
        if let other = doc.string(typeNode), let t = EventCodes.type(named: other), t != EventType.key, t != EventType.abs {
            throw fail(typeNode, o.path("type"), "unsupported event type '\(other)'; expected EV_KEY or EV_ABS")
        }
        let type = try oneOf(typeNode, o.path("type"), "event type", [("EV_KEY", EventType.key), ("EV_ABS", EventType.abs)],
                             expected: "EV_KEY or EV_ABS")
        let typeName = EventCodes.typeName(type)
        let codeNode = try require(o, "code", "an event code name such as KEY_SPACE or BTN_SOUTH")
        let codeName = try string(codeNode, o.path("code"))
        guard let code = EventCodes.code(named: codeName, type: type) else {
            let example = type == EventType.key ? "KEY_SPACE or BTN_SOUTH" : "ABS_X or ABS_HAT0X"
            throw fail(codeNode, o.path("code"), "unknown \(typeName) code '\(codeName)'; "
                + (Suggestion.closest(to: codeName, among: EventCodes.names(type: type)).map { "did you mean '\($0)'? " } ?? "")
                + "expected a name such as \(example)")
        }
        let target: MappingTarget
        switch (o["switch"], o["key"]) {
        case (let s?, nil): target = .switchID(SwitchID(try string(s, o.path("switch"))))
        case (nil, let k?):
            target = try keyTarget(k, o.path("key"))
        case (_?, let k?): throw fail(k - 1, path, "both \"switch\" and \"key\" given; expected exactly one")
        case (nil, nil): throw fail(node, path, "missing target; expected \"switch\": NAME or \"key\": NAME")
        }
        if type == EventType.key {
            for field in ["direction", "threshold", "hysteresis"] {
                if let v = o[field] { throw fail(v - 1, o.path(field), "only EV_ABS mappings take \(field)") }
            }
            return .key(code: code, target: target)
        }
        let direction = try oneOf(try require(o, "direction", "\"negative\" or \"positive\""), o.path("direction"), "direction",
                                  [("negative", AxisDirection.negative), ("positive", .positive)], expected: "\"negative\" or \"positive\"")
        let threshold = try o["threshold"].map { n throws(Diagnostic) in try number(n, o.path("threshold")) } ?? 0.5
        guard threshold > 0, threshold <= 1 else {
            throw fail(o["threshold"]!, o.path("threshold"), "expected a number in (0, 1], got \(JSONWriter.number(threshold))")
        }
        let hysteresis = try o["hysteresis"].map { n throws(Diagnostic) in try number(n, o.path("hysteresis")) } ?? 0.1
        guard hysteresis >= 0, hysteresis < threshold else {
            throw fail(o["hysteresis"]!, o.path("hysteresis"), "expected a number in [0, threshold), got \(JSONWriter.number(hysteresis))")
        }
        return .axis(code: code, direction: direction, threshold: threshold, hysteresis: hysteresis, target: target)
    }
}
