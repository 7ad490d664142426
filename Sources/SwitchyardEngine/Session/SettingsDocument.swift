import ScreenModel
import Diagnostics

/// A technology's settings file read as JSON: one object of settings by
/// name, each given once, `comment` and `$schema` skipped. Every
/// technology's `load(json:file:)` starts here, so they report syntax and
/// duplicates alike, at a line and column.
struct SettingsDocument {
    let doc: JSONDocument
    /// The settings in file order: name, value node, and where the value stands.
    let members: [(name: String, node: Int, location: SourceLocation)]
    /// Where each setting's value stands, by name.
    let locations: [String: SourceLocation]

    /// - Parameters:
    ///   - json: the file's bytes.
    ///   - file: the name used in error messages.
    ///   - technology: whose settings these are.
    /// - Throws: `SettingsError` for text that is not JSON, a document that is
    ///   not one object, or a setting given twice.
    init(json: [UInt8], file: String, technology: Technology) throws(SettingsError) {
        do {
            doc = try JSONDocument(bytes: json)
        } catch {
            throw SettingsError(.syntax(error.message), at: SourceLocation(file: file, line: error.line, column: error.column), technology: technology)
        }
        guard doc.kind(doc.root) == .object else {
            throw SettingsError(.syntax("a settings file is one JSON object of settings by name"), at: SourceLocation(file: file, line: 1, column: 1), technology: technology)
        }
        var members: [(name: String, node: Int, location: SourceLocation)] = []
        var seen: [String: SourceLocation] = [:]
        for (key, node) in doc.members(doc.root) {
            let (line, column) = doc.position(of: node)
            let here = SourceLocation(file: file, line: line, column: column)
            if let first = seen[key] {
                throw SettingsError(.duplicateSetting(name: key, firstLine: first.line ?? 0), at: here, technology: technology)
            }
            seen[key] = here
            if key == "$schema" || key == "comment" { continue }
            members.append((key, node, here))
        }
        self.members = members
        self.locations = seen
    }
}
