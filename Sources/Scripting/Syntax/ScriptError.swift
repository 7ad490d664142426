/// A place in a scenario file: 1-based line and column.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
    public static func < (a: SourcePosition, b: SourcePosition) -> Bool { (a.line, a.column) < (b.line, b.column) }
    /// `checkout.swy:12:5`.
    public var description: String { "\(file):\(line):\(column)" }
}

/// A scenario that cannot run, with where and what was expected. Printed as
/// `checkout.swy:12:5: error: unknown command 'prss'; did you mean 'press'?`.
public struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    public var position: SourcePosition
    public var message: String
    public init(_ message: String, at position: SourcePosition) {
        self.position = position
        self.message = message
    }
    public var description: String { "\(position): error: \(message)" }
}

/// Several errors in one file, reported together (nothing runs until the
/// whole file is clean).
public struct ScriptErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [ScriptError]
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
