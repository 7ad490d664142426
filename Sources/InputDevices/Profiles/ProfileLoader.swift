import Foundation
import SwitchyardEngine

/// A profile file that could not be used: the file, the JSON path of the bad
/// value, and what was expected there.
public struct ProfileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// `$.mappings[2].code`.
    public var path: String
    public var message: String
    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }
    /// `xbox.json: $.mappings[2].code: unknown EV_KEY code 'BTN_FOO'; expected a name such as KEY_SPACE or BTN_SOUTH`.
    public var description: String { "\(file): \(path): \(message)" }
}

/// Parses profile JSON into `DeviceProfile`s, resolving event names through libevdev.
public enum ProfileLoader {
    /// Parses one profile document. `file` names it in errors.
    public static func parse(_ data: Data, file: String) throws(ProfileError) -> DeviceProfile {
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            throw ProfileError(file: file, path: "$", message: "not valid JSON (\(error.localizedDescription)); expected an object")
        }
        return try Parser(file: file).profile(root)
    }

    /// Loads every `*.json` file in `directory`, sorted by file name.
    public static func loadDirectory(_ directory: String) throws(ProfileError) -> [DeviceProfile] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
            throw ProfileError(file: directory, path: "$", message: "cannot list directory; expected a folder of *.json profiles")
        }
        var out: [DeviceProfile] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = directory + "/" + name
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ProfileError(file: path, path: "$", message: "cannot read file")
            }
            out.append(try parse(data, file: path))
        }
        return out
    }

    private struct Parser {
        let file: String
        func fail(_ path: String, _ message: String) -> ProfileError { ProfileError(file: file, path: path, message: message) }

        func object(_ v: Any?, _ path: String) throws(ProfileError) -> [String: Any] {
            guard let o = v as? [String: Any] else { throw fail(path, "expected an object") }
            return o
        }
        func string(_ v: Any?, _ path: String) throws(ProfileError) -> String {
            guard let s = v as? String, !s.isEmpty else { throw fail(path, "expected a non-empty string") }
            return s
        }
        func number(_ v: Any?, _ path: String) throws(ProfileError) -> Double {
            guard let v, jsonBool(v) == nil, let n = v as? NSNumber else {
                throw fail(path, "expected a number")
            }
            return n.doubleValue
        }
        func hexID(_ v: Any?, _ path: String) throws(ProfileError) -> UInt16 {
            guard let s = v as? String, s.count == 4, let n = UInt16(s, radix: 16) else {
                throw fail(path, "expected 4 hex digits such as \"045e\"")
            }
            return n
        }
        func checkKeys(_ o: [String: Any], _ allowed: Set<String>, _ path: String) throws(ProfileError) {
            if let extra = o.keys.sorted().first(where: { !allowed.contains($0) }) {
                throw fail("\(path).\(extra)", "unknown field; expected one of \(allowed.sorted().joined(separator: ", "))")
            }
        }
        func deviceClass(_ v: Any?, _ path: String) throws(ProfileError) -> DeviceClass {
            let s = try string(v, path)
            guard let c = DeviceClass(rawValue: s) else {
                throw fail(path, "unknown classification '\(s)'; expected one of \(DeviceClass.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return c
        }
        func classList(_ v: Any?, _ path: String) throws(ProfileError) -> Set<DeviceClass> {
            guard let v else { return [] }
            guard let a = v as? [Any] else { throw fail(path, "expected an array of classifications such as [\"ID_INPUT_JOYSTICK\"]") }
            var out: Set<DeviceClass> = []
            for (i, item) in a.enumerated() { out.insert(try deviceClass(item, "\(path)[\(i)]")) }
            return out
        }

        func profile(_ root: Any) throws(ProfileError) -> DeviceProfile {
            let o = try object(root, "$")
            try checkKeys(o, ["name", "description", "match", "priority", "mappings", "passthroughKeys"], "$")
            let name = try string(o["name"], "$.name")
            var priority = 0
            if o["priority"] != nil {
                let p = try number(o["priority"], "$.priority")
                guard p == p.rounded(), abs(p) <= 1_000_000 else { throw fail("$.priority", "expected a whole number between -1000000 and 1000000") }
                priority = Int(p)
            }
            var passthrough = false
            if let p = o["passthroughKeys"] {
                guard let b = jsonBool(p) else {
                    throw fail("$.passthroughKeys", "expected true or false")
                }
                passthrough = b
            }
            let rule = try match(o["match"], "$.match")
            guard let list = o["mappings"] as? [Any] else { throw fail("$.mappings", "expected an array of mappings") }
            var mappings: [InputMapping] = []
            for (i, m) in list.enumerated() { mappings.append(try mapping(m, "$.mappings[\(i)]")) }
            if mappings.isEmpty && !passthrough {
                throw fail("$.mappings", "expected at least one mapping (or \"passthroughKeys\": true)")
            }
            return DeviceProfile(name: name, source: file, match: rule, priority: priority, mappings: mappings, passthroughKeys: passthrough)
        }

        func match(_ v: Any?, _ path: String) throws(ProfileError) -> ProfileMatchRule {
            let o = try object(v, path)
            try checkKeys(o, ["ids", "bus", "name", "classification", "excludeClassification", "axes"], path)
            var rule = ProfileMatchRule()
            if let ids = o["ids"] {
                guard let a = ids as? [Any], !a.isEmpty else { throw fail("\(path).ids", "expected a non-empty array of {\"vendor\",\"product\"}") }
                for (i, item) in a.enumerated() {
                    let p = "\(path).ids[\(i)]"
                    let io = try object(item, p)
                    try checkKeys(io, ["vendor", "product", "version", "comment"], p)
                    rule.ids.append(.init(vendor: try hexID(io["vendor"], "\(p).vendor"), product: try hexID(io["product"], "\(p).product"),
                                          version: io["version"] == nil ? nil : try hexID(io["version"], "\(p).version")))
                }
            }
            if let b = o["bus"] { rule.bus = try string(b, "\(path).bus") }
            if let n = o["name"] { rule.namePattern = try string(n, "\(path).name") }
            rule.classes = try classList(o["classification"], "\(path).classification")
            rule.excludedClasses = try classList(o["excludeClassification"], "\(path).excludeClassification")
            if let a = o["axes"] {
                guard let b = jsonBool(a) else {
                    throw fail("\(path).axes", "expected true or false")
                }
                rule.hasAxes = b
            }
            if rule.ids.isEmpty && rule.namePattern == nil && rule.classes.isEmpty && rule.bus == nil {
                throw fail(path, "expected at least one of ids, name, classification, bus")
            }
            return rule
        }

        func mapping(_ v: Any?, _ path: String) throws(ProfileError) -> InputMapping {
            let o = try object(v, path)
            try checkKeys(o, ["type", "code", "switch", "key", "direction", "threshold", "hysteresis"], path)
            let typeName = try string(o["type"], "\(path).type")
            guard let type = EventCodes.type(named: typeName), type == EventType.key || type == EventType.abs else {
                throw fail("\(path).type", "unsupported event type '\(typeName)'; expected EV_KEY or EV_ABS")
            }
            let codeName = try string(o["code"], "\(path).code")
            guard let code = EventCodes.code(named: codeName, type: type) else {
                let example = type == EventType.key ? "KEY_SPACE or BTN_SOUTH" : "ABS_X or ABS_HAT0X"
                throw fail("\(path).code", "unknown \(typeName) code '\(codeName)'; expected a name such as \(example)")
            }
            let target: MappingTarget
            switch (o["switch"], o["key"]) {
            case (let s?, nil): target = .switchID(SwitchID(try string(s, "\(path).switch")))
            case (nil, let k?): target = .key(try string(k, "\(path).key"))
            case (_?, _?): throw fail(path, "both \"switch\" and \"key\" given; expected exactly one")
            case (nil, nil): throw fail(path, "missing target; expected \"switch\": NAME or \"key\": NAME")
            }
            if type == EventType.key {
                for field in ["direction", "threshold", "hysteresis"] where o[field] != nil {
                    throw fail("\(path).\(field)", "only EV_ABS mappings take \(field)")
                }
                return .key(code: code, target: target)
            }
            let dirName = try string(o["direction"], "\(path).direction")
            guard let direction = AxisDirection(rawValue: dirName) else {
                throw fail("\(path).direction", "unknown direction '\(dirName)'; expected \"negative\" or \"positive\"")
            }
            let threshold = o["threshold"] == nil ? 0.5 : try number(o["threshold"], "\(path).threshold")
            guard threshold > 0, threshold <= 1 else { throw fail("\(path).threshold", "expected a number in (0, 1], got \(threshold)") }
            let hysteresis = o["hysteresis"] == nil ? 0.1 : try number(o["hysteresis"], "\(path).hysteresis")
            guard hysteresis >= 0, hysteresis < threshold else {
                throw fail("\(path).hysteresis", "expected a number in [0, threshold), got \(hysteresis)")
            }
            return .axis(code: code, direction: direction, threshold: threshold, hysteresis: hysteresis, target: target)
        }
    }
}

/// `true`/`false` from JSONSerialization output, or nil for anything else
/// (numbers included: Foundation bridges both to NSNumber).
func jsonBool(_ v: Any) -> Bool? {
    if let b = v as? NSNumber, String(cString: b.objCType) == "c" { return b.boolValue }
    if type(of: v) == Bool.self { return v as? Bool }
    return nil
}
