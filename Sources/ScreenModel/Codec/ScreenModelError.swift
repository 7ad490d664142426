import Diagnostics

/// A screen-model file that cannot be used, with the file, the place in it,
/// and what was expected.
///
/// Rendered by `Diagnostic`: `file:line:col: error: …` when the line is
/// known (syntax errors), else `file: path: error: …` with the element or
/// JSON path of the bad value.
public enum ScreenModelError: DiagnosticError, Hashable, Sendable {
    /// Not JSON (or not XML, for imports).
    case syntax(file: String, line: Int, column: Int, message: String)
    /// A field holds the wrong kind of value.
    case wrongType(file: String, at: String, expected: String, found: String)
    /// A required field is absent.
    case missingField(file: String, at: String, field: String, expected: String)
    /// A field this format does not have (usually a typo).
    case unknownField(file: String, at: String, field: String, known: [String])
    /// A trait name Apple's API does not have.
    case unknownTrait(file: String, at: String, name: String)
    /// A frame with negative width or height.
    case negativeFrameSize(file: String, at: String, width: Double, height: Double)
    /// An effect or the start screen names a screen that does not exist.
    case unknownScreen(file: String, at: String, name: String, known: [String])
    /// Two elements of one screen share an identifier.
    case duplicateIdentifier(file: String, at: String, identifier: String, firstAt: String)
    /// An effect or `accessibilityElements` names an identifier absent from the screen.
    case unknownIdentifier(file: String, at: String, identifier: String)
    /// A value outside what the field accepts.
    case invalidValue(file: String, at: String, message: String)
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The file is larger than the limit (`Limits.maximumFileBytes`).
    case tooLarge(file: String, bytes: Int, limit: Int)

    // MARK: - API

    /// Where: the file and line/column for syntax errors, else the file and
    /// the element or JSON path.
    public var location: SourceLocation {
        switch self {
        case let .syntax(file, line, column, _):
            return SourceLocation(file: file, line: line, column: column)
        case let .wrongType(file, at, _, _), let .missingField(file, at, _, _), let .unknownField(file, at, _, _),
             let .unknownTrait(file, at, _), let .negativeFrameSize(file, at, _, _), let .unknownScreen(file, at, _, _),
             let .duplicateIdentifier(file, at, _, _), let .unknownIdentifier(file, at, _), let .invalidValue(file, at, _):
            return SourceLocation(file: file, path: at)
        case let .unreadable(file, _), let .tooLarge(file, _, _):
            return SourceLocation(file: file)
        }
    }

    /// What is wrong and what was expected, without location or severity.
    public var message: String {
        switch self {
        case let .syntax(_, _, _, message):
            return message
        case let .wrongType(_, _, expected, found):
            return "expected \(expected), found \(found)"
        case let .missingField(_, _, field, expected):
            return "missing field '\(field)' (expected \(expected))"
        case let .unknownField(_, _, field, known):
            return "unknown field '\(field)'" + Suggestion.hint(for: field, among: known, fallback: "; expected one of: \(known.joined(separator: ", "))")
        case let .unknownTrait(_, _, name):
            let traits = Trait.allCases.map(\.rawValue)
            let hint = Suggestion.closest(to: name, among: traits).map { "did you mean '\($0)'? " } ?? ""
            return "unknown trait '\(name)'; \(hint)expected one of: \(traits.joined(separator: ", "))"
        case let .negativeFrameSize(_, _, width, height):
            return "frame has a negative size (\(Point.format(width))×\(Point.format(height))); expected width and height ≥ 0"
        case let .unknownScreen(_, _, name, known):
            let hint = Suggestion.closest(to: name, among: known).map { "did you mean '\($0)'? " } ?? ""
            return "no screen named '\(name)'; \(hint)the app has: \(known.joined(separator: ", "))"
        case let .duplicateIdentifier(_, _, identifier, firstAt):
            return "duplicate identifier '\(identifier)' (first used at \(firstAt)); identifiers must be unique within a screen"
        case let .unknownIdentifier(_, _, identifier):
            return "no element with identifier '\(identifier)' on this screen"
        case let .invalidValue(_, _, message):
            return message
        case let .unreadable(_, reason):
            return "cannot read: \(reason)"
        case let .tooLarge(_, bytes, limit):
            return "the file is \(bytes) bytes, over the limit of \(Limits.describe(bytes: limit)); expected a smaller capture or model"
        }
    }

    public var diagnostics: [Diagnostic] { [Diagnostic(.error, message, at: location)] }
}
