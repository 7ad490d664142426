import Diagnostics
import ScreenModel

/// A user-model or weights file that cannot be used, or settings and a user
/// that cannot go together: what is wrong, at the file's line and column.
public struct BenchFileError: DiagnosticError, Hashable, Sendable {
    /// What is wrong and what was expected.
    public var message: String
    public var location: SourceLocation?

    public init(_ message: String, at location: SourceLocation?) {
        self.message = message
        self.location = location
    }

    public var diagnostics: [Diagnostic] { [Diagnostic(.error, message, at: location)] }

    /// Where `node` of `doc` stands in `file`.
    static func location(_ doc: JSONDocument, _ node: Int, _ file: String) -> SourceLocation {
        let (line, column) = doc.position(of: node)
        return SourceLocation(file: file, line: line, column: column)
    }

    /// Parses `json` as one JSON object; `what` says what the file must be.
    static func object(_ json: [UInt8], file: String, what: String) throws(BenchFileError) -> JSONDocument {
        let doc: JSONDocument
        do {
            doc = try JSONDocument(bytes: json)
        } catch {
            throw BenchFileError(error.message, at: SourceLocation(file: file, line: error.line, column: error.column))
        }
        guard doc.kind(doc.root) == .object else { throw BenchFileError(what, at: SourceLocation(file: file, line: 1, column: 1)) }
        return doc
    }
}
