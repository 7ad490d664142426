import Diagnostics
import ScreenModel

/// How likely each element is to be the one the user wants: a weights file,
/// one JSON object from element name to a weight (`{"Pay": 3, "#help": 0.5,
/// "root/children[2]": 1}`: a label, `#identifier` or element path). Weights
/// need not sum to 1; elements the file does not name weigh `default`
/// (key `"*"`, default 0 when the file names any element).
public struct TargetWeights: Hashable, Sendable {
    /// Weights by element name as written.
    public var byName: [(name: String, weight: Double, location: SourceLocation)]
    /// The weight of elements the file does not name.
    public var otherwise: Double

    public static func == (a: TargetWeights, b: TargetWeights) -> Bool {
        a.otherwise == b.otherwise && a.byName.map(\.name) == b.byName.map(\.name) && a.byName.map(\.weight) == b.byName.map(\.weight)
    }
    public func hash(into h: inout Hasher) {
        h.combine(otherwise)
        for e in byName { h.combine(e.name); h.combine(e.weight) }
    }

    /// Weights from a list (`"Pay": 3`), for code and tests.
    public init(_ weights: [(String, Double)], otherwise: Double = 0) {
        byName = weights.map { ($0.0, $0.1, SourceLocation(file: "<weights>")) }
        self.otherwise = otherwise
    }

    /// Reads a weights file.
    /// - Throws: a `Diagnostic` at the line and column of a weight that is
    ///   not a finite number from 0, or a name given twice; at the object's
    ///   start when every weight is 0.
    public static func load(json: [UInt8], file: String) throws(Diagnostic) -> TargetWeights {
        let doc = try BenchFile.object(json, file: file, what: "a weights file is one JSON object from element name (label, #identifier or path) to weight")
        var out = TargetWeights([], otherwise: 0)
        var seen: Set<String> = []
        for (key, node) in doc.members(doc.root) {
            let here = BenchFile.location(doc, node, file)
            guard seen.insert(key).inserted else { throw Diagnostic(.error, "'\(key)' is given twice; give each element one weight", at: here) }
            if key == "comment" || key == "$schema" { continue }
            guard let v = doc.number(node), v.isFinite, v >= 0, v <= 1e12 else {
                throw Diagnostic(.error, "the weight of '\(key)' cannot be \(doc.numberText(node) ?? doc.kind(node).noun); expected a number from 0 to 1e12", at: here)
            }
            if key == "*" { out.otherwise = v } else { out.byName.append((key, v, here)) }
        }
        if out.byName.isEmpty && !seen.contains("*") { out.otherwise = 1 }
        // Weights that sum to 0 make no element a target: nothing to average.
        guard out.otherwise > 0 || out.byName.contains(where: { $0.weight > 0 }) else {
            throw Diagnostic(.error, "every weight is 0, so no element is ever the target; give at least one element (or \"*\", the others) a weight above 0",
                             at: BenchFile.location(doc, doc.root, file))
        }
        return out
    }

    /// Each candidate's weight on `screen`.
    /// - Parameters:
    ///   - candidates: the elements costed, in report order.
    ///   - screen: their screen.
    /// - Throws: a `Diagnostic` at a name that matches no candidate.
    func weights(of candidates: [ElementIndex], on screen: Screen) throws(Diagnostic) -> [Double] {
        var w = Array(repeating: otherwise, count: candidates.count)
        for (name, weight, location) in byName {
            let hits = candidates.indices.filter { Self.names(candidates[$0], on: screen, name) }
            guard !hits.isEmpty else {
                throw Diagnostic(.error, "'\(name)' names no element costed on screen '\(screen.name)'; use a label, #identifier or root/… path", at: location)
            }
            for h in hits { w[h] = weight }
        }
        return w
    }

    static func names(_ k: ElementIndex, on screen: Screen, _ name: String) -> Bool {
        if name.hasPrefix("#") { return screen.elements[k].identifier == String(name.dropFirst()) }
        if name == "root" || name.hasPrefix("root/") { return screen.path(of: k) == name }
        return screen.label(of: k) == name
    }
}
