/// One command of the tool (`switchyard run`, `switchyard live`, …), in
/// swift-argument-parser's shape: a name, a one-line summary and a usage,
/// a parser, a check and a body.
///
/// A command is registered by adding its type to `Tool.commands`; the
/// tool's usage, `--help`, dispatch and the usage printed after a usage
/// error all come from that one list.
protocol Command: Sendable {
    /// The word after `switchyard`.
    static var name: String { get }
    /// One line for the tool's usage.
    static var summary: String { get }
    /// The command's synopsis and options: printed by `--help` and after a usage error.
    static var usage: String { get }

    /// Parses the arguments after the command's name (with `Arguments`).
    /// - Parameter arguments: the command line after the command's name.
    /// - Throws: `UsageError` for an unknown option, a missing value or a bad value.
    init(arguments: [String]) throws(UsageError)

    /// Checks the options against each other; runs after parsing, before `run()`.
    /// - Throws: `UsageError` naming the options that do not go together.
    func validate() throws(UsageError)

    /// Does the command's work.
    /// - Returns: the exit status (`ExitStatus`).
    /// - Throws: the typed error that kept the command from finishing; the
    ///   tool prints it (`Output.report`) and exits with status 2.
    func run() throws -> ExitStatus
}

extension Command {
    /// Nothing to check beyond parsing.
    func validate() throws(UsageError) {}
}
