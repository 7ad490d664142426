import ScreenModel
import Diagnostics

/// A settings file read as JSON: one object of settings by name. It is
/// parsed once: the loader (`SettingsFiles`) tells whose settings it holds
/// from its names, then that technology's `load(_:)` reads the values, so
/// every technology reports syntax and duplicates alike, at a line and column.
struct SettingsDocument {
    /// One key of the object, in file order.
    struct Key {
        let name: String
        /// Where the key stands.
        let keyLocation: SourceLocation
        /// The value's node.
        let node: Int
        /// Where the value stands.
        let location: SourceLocation
    }

    /// One setting to apply: its name, its value's node and where the value stands.
    typealias Member = (name: String, node: Int, location: SourceLocation)

    let doc: JSONDocument
    /// The name used in error messages.
    let file: String
    /// Every key in file order, `comment`, `$schema` and keys given twice included.
    let keys: [Key]
    /// Where each setting's value stands, by name (its first appearance).
    let locations: [String: SourceLocation]

    /// - Parameters:
    ///   - json: the file's bytes.
    ///   - file: the name used in error messages.
    ///   - technology: whose settings its errors name.
    /// - Throws: `SettingsError` for text that is not JSON, or a document that is not one object.
    init(json: [UInt8], file: String, technology: Technology) throws(SettingsError) {
        do {
            doc = try JSONDocument(bytes: json)
        } catch {
            throw SettingsError(.syntax(error.message), at: SourceLocation(file: file, line: error.line, column: error.column), technology: technology)
        }
        guard doc.kind(doc.root) == .object else {
            throw SettingsError(.syntax("a settings file is one JSON object of settings by name"), at: SourceLocation(file: file, line: 1, column: 1), technology: technology)
        }
        self.file = file
        var keys: [Key] = []
        var locations: [String: SourceLocation] = [:]
        for (name, node) in doc.members(doc.root) {
            // An object's children alternate key and value on the tape: the key is just before its value.
            let (keyLine, keyColumn) = doc.position(of: node - 1)
            let (line, column) = doc.position(of: node)
            let here = SourceLocation(file: file, line: line, column: column)
            keys.append(Key(name: name, keyLocation: SourceLocation(file: file, line: keyLine, column: keyColumn), node: node, location: here))
            if locations[name] == nil { locations[name] = here }
        }
        self.keys = keys
        self.locations = locations
    }

    /// The settings in file order, `comment` and `$schema` skipped.
    /// - Parameter technology: whose settings these are (named in the error).
    /// - Throws: `SettingsError` for a setting given twice, at its second value.
    func members(of technology: Technology) throws(SettingsError) -> [Member] {
        var members: [Member] = []
        var seen: Set<String> = []
        for key in keys {
            guard seen.insert(key.name).inserted else {
                throw SettingsError(.duplicateSetting(name: key.name, firstLine: locations[key.name]?.line ?? 0), at: key.location, technology: technology)
            }
            if key.name == "$schema" || key.name == "comment" { continue }
            members.append((key.name, key.node, key.location))
        }
        return members
    }
}
