import Diagnostics
/// A screen-model file that cannot be used, with the file, the place in it,
/// and what was expected.
public enum ScreenModelError: Error, Hashable, Sendable, CustomStringConvertible {
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

    public var description: String {
        switch self {
        case let .syntax(file, line, column, message):
            return "\(file):\(line):\(column): error: \(message)"
        case let .wrongType(file, at, expected, found):
            return "\(file): \(at): error: expected \(expected), found \(found)"
        case let .missingField(file, at, field, expected):
            return "\(file): \(at): error: missing field '\(field)' (expected \(expected))"
        case let .unknownField(file, at, field, known):
            let hint = Suggestion.closest(to: field, among: known).map { "; did you mean '\($0)'?" } ?? "; expected one of: \(known.joined(separator: ", "))"
            return "\(file): \(at): error: unknown field '\(field)'\(hint)"
        case let .unknownTrait(file, at, name):
            let hint = Suggestion.closest(to: name, among: Trait.allCases.map(\.rawValue)).map { "did you mean '\($0)'? " } ?? ""
            return "\(file): \(at): error: unknown trait '\(name)'; \(hint)expected one of: \(Trait.allCases.map(\.rawValue).joined(separator: ", "))"
        case let .negativeFrameSize(file, at, width, height):
            return "\(file): \(at): error: frame has a negative size (\(Point.format(width))×\(Point.format(height))); expected width and height ≥ 0"
        case let .unknownScreen(file, at, name, known):
            let hint = Suggestion.closest(to: name, among: known).map { "did you mean '\($0)'? " } ?? ""
            return "\(file): \(at): error: no screen named '\(name)'; \(hint)the app has: \(known.joined(separator: ", "))"
        case let .duplicateIdentifier(file, at, identifier, firstAt):
            return "\(file): \(at): error: duplicate identifier '\(identifier)' (first used at \(firstAt)); identifiers must be unique within a screen"
        case let .unknownIdentifier(file, at, identifier):
            return "\(file): \(at): error: no element with identifier '\(identifier)' on this screen"
        case let .invalidValue(file, at, message):
            return "\(file): \(at): error: \(message)"
        case let .unreadable(file, reason):
            return "\(file): error: cannot read: \(reason)"
        }
    }
}
