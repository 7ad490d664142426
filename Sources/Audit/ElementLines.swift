import ScreenModel

/// Where each element of a screen-model JSON file is written: the line and
/// column of the element's `{`, found again on the JSON tape
/// (`JSONDocument`) after the decoder has read the app.
///
/// The decoder keeps no positions in the model, and parsing the text a
/// second time costs about as much as reading it once, so the audit does
/// that, only for files with findings. The tape and the element tables
/// agree: the decoder reads each screen's `root`, then each element's
/// `children` in order, which is the preorder of `Screen.elements`.
/// Other formats (Appium XML) have no lines here; their findings are
/// located by the element path alone.
public enum ElementLines {
    // MARK: - API

    /// `findings` with `line` and `column` set from `bytes`, when `bytes`
    /// is a screen-model JSON text whose screens match the findings'.
    /// - Parameters:
    ///   - findings: findings on an app decoded from `bytes`.
    ///   - bytes: the file's text.
    /// - Returns: the findings, located where possible; unchanged otherwise.
    public static func locate(_ findings: [Finding], in bytes: [UInt8]) -> [Finding] {
        guard !findings.isEmpty, AppLoader.detect(bytes) == .json,
              let doc = try? JSONDocument(bytes: bytes), doc.kind(doc.root) == .object,
              let screens = doc.members(doc.root).first(where: { $0.key == "screens" })?.value,
              doc.kind(screens) == .object else { return findings }
        var tables: [String: [Int]] = [:]
        for (name, node) in doc.members(screens) where tables[name] == nil {
            tables[name] = elementNodes(doc, screen: node)
        }
        var wanted: [Int] = []
        var which: [Int] = []
        for (i, f) in findings.enumerated() {
            guard let table = tables[f.screen], f.element < table.count else { continue }
            wanted.append(table[f.element])
            which.append(i)
        }
        var out = findings
        for (i, p) in zip(which, doc.positions(of: wanted)) {
            out[i].line = p.line
            out[i].column = p.column
        }
        return out
    }

    /// The element objects of one screen, in preorder: the node of `root`,
    /// then of each element's `children`, depth first, without recursion.
    static func elementNodes(_ doc: JSONDocument, screen: Int) -> [Int] {
        guard doc.kind(screen) == .object, let root = doc.members(screen).first(where: { $0.key == "root" })?.value else { return [] }
        var out: [Int] = []
        var stack = [root]
        while let node = stack.popLast() {
            guard doc.kind(node) == .object else { continue }
            out.append(node)
            if let children = doc.members(node).first(where: { $0.key == "children" })?.value, doc.kind(children) == .array {
                stack.append(contentsOf: doc.elements(children).reversed())
            }
        }
        return out
    }
}
