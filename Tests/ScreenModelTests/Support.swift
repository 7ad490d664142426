import Foundation
import Testing
@testable import ScreenModel

/// The file name every test document is decoded under.
let testFile = "test.json"

/// Decodes `json` as an app file named `test.json`.
func decode(_ json: String) throws(ScreenModelError) -> AppModel {
    try AppDecoder(file: testFile).decode(Array(json.utf8))
}

/// The text of the error decoding `json` gives, or a recorded issue when it decodes.
func decodeError(_ json: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
    do {
        _ = try decode(json)
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return String(describing: error)
    }
}

/// An app with one screen `s` whose root is `root` (a JSON object text).
func appJSON(root: String, screenFields: String = "") -> String {
    #"{"screens": {"s": {\#(screenFields)"root": \#(root)}}}"#
}

/// The screen `s` of an app whose root is `root`.
func screen(root: String, screenFields: String = "") throws -> Screen {
    try #require(try decode(appJSON(root: root, screenFields: screenFields)).screen(named: "s"))
}

/// A root holding `children` (JSON object texts).
func rootWith(_ children: [String]) -> String {
    #"{"children": [\#(children.joined(separator: ", "))]}"#
}

/// A button labelled `label` with frame `x, y, w, h` and optional extra fields.
func button(_ label: String, _ x: Double, _ y: Double, _ w: Double = 40, _ h: Double = 40, _ extra: String = "") -> String {
    let more = extra.isEmpty ? "" : ", " + extra
    return #"{"label": "\#(label)", "traits": ["button"], "frame": {"x": \#(x), "y": \#(y), "width": \#(w), "height": \#(h)}\#(more)}"#
}

extension Screen {
    /// Effective labels of `indices` (a combined element's label is merged).
    func labels(_ indices: [ElementIndex]) -> [String] {
        indices.map { label(of: $0) ?? "<\(path(of: $0))>" }
    }

    /// The index of the element with `identifier`.
    func id(_ identifier: String) -> ElementIndex { identifiers[identifier]! }
}

extension NavigationOrder {
    /// A readable picture of the group tree: `[A, B, (C, D)]`; container
    /// groups are written `(…)`, rows `row(…)`, blocks `block(…)`.
    func outline(_ screen: Screen) -> String {
        render(.group(0), screen)
    }

    private func render(_ node: NavigationNode, _ screen: Screen) -> String {
        switch node {
        case .stop(let k): return screen.label(of: k) ?? "?"
        case .group(let g):
            let inner = groups[g].members.map { render($0, screen) }.joined(separator: ", ")
            switch groups[g].kind {
            case .screen: return "[\(inner)]"
            case .container: return "(\(inner))"
            case .row: return "row(\(inner))"
            case .block: return "block(\(inner))"
            }
        }
    }
}

/// The repository root, found from this file's path.
let repoRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The error importing `bytes` as an Appium page source named `file`, or nil.
func appiumImportError(_ bytes: [UInt8], file: String, maximumBytes: Int = Limits.maximumFileBytes) -> ScreenModelError? {
    do {
        _ = try AppiumImporter(file: file, maximumBytes: maximumBytes).importApp(bytes)
        return nil
    } catch {
        return error
    }
}
