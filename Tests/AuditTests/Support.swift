import Foundation
import ScreenModel
@testable import Audit

/// The repository's root, from this file's place in it.
let repoRoot = String(#filePath.dropLast("Tests/AuditTests/Support.swift".count))

/// The example app `name` (Examples/apps), and its bytes.
func example(_ name: String) throws -> (AppModel, [UInt8]) {
    let path = repoRoot + "Examples/apps/" + name
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    return (try AppLoader.load(bytes, file: "Examples/apps/" + name), bytes)
}

/// An app of one screen `s` whose root has `children` (JSON objects, as
/// written in a screen-model file), 390 × 844 pt.
func app(_ children: [String], platform: String? = nil, screens more: [String: [String]] = [:]) throws -> AppModel {
    func screen(_ name: String, _ children: [String]) -> String {
        "\"\(name)\": {\"size\": {\"width\": 390, \"height\": 844}, \"root\": {\"children\": [\(children.joined(separator: ",\n"))]}}"
    }
    let screens = [screen("s", children)] + more.sorted { $0.key < $1.key }.map { screen($0.key, $0.value) }
    let json = "{\"name\": \"Test\", \"startScreen\": \"s\", \"screens\": {\(screens.joined(separator: ",\n"))}}"
    var model = try AppDecoder(file: "test.json").decode(Array(json.utf8))
    if let platform { model.platform = Platform(rawValue: platform)! }
    return model
}

/// A button: `{"label": …, "traits": ["button"], "frame": …, "onActivate": …}`.
func button(_ label: String?, x: Int = 16, y: Int, width: Int = 358, height: Int = 44, id: String? = nil, traits: [String] = ["button"],
            effects: String = "[{\"effect\": \"announce\", \"message\": \"done\"}]", extra: String = "") -> String {
    var fields: [String] = []
    if let id { fields.append("\"identifier\": \"\(id)\"") }
    if let label { fields.append("\"label\": \"\(label)\"") }
    fields.append("\"traits\": [" + traits.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
    fields.append("\"frame\": {\"x\": \(x), \"y\": \(y), \"width\": \(width), \"height\": \(height)}")
    fields.append("\"onActivate\": \(effects)")
    if !extra.isEmpty { fields.append(extra) }
    return "{" + fields.joined(separator: ", ") + "}"
}

/// Each finding as `rule screen/path`, for literal comparison.
func summary(_ findings: [Finding]) -> [String] {
    findings.map { "\($0.rule.id) \($0.place)" }
}
