import Diagnostics
import ScreenModel

/// The bench's own input files, user models and weights: each one JSON
/// object, whose errors are `Diagnostic`s at the file's line and column.
enum BenchFile {
    /// Where `node` of `doc` stands in `file`.
    static func location(_ doc: JSONDocument, _ node: Int, _ file: String) -> SourceLocation {
        let (line, column) = doc.position(of: node)
        return SourceLocation(file: file, line: line, column: column)
    }

    /// Parses `json` as one JSON object; `what` says what the file must be.
    static func object(_ json: [UInt8], file: String, what: String) throws(Diagnostic) -> JSONDocument {
        let doc: JSONDocument
        do {
            doc = try JSONDocument(bytes: json)
        } catch {
            throw Diagnostic(.error, error.message, at: SourceLocation(file: file, line: error.line, column: error.column))
        }
        guard doc.kind(doc.root) == .object else { throw Diagnostic(.error, what, at: SourceLocation(file: file, line: 1, column: 1)) }
        return doc
    }
}
