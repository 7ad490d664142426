import Diagnostics

/// The switchyard command-line tool: the one list of commands, and the
/// dispatch, help and usage errors derived from it.
enum Tool {
    // MARK: - API

    /// Every command, in the order the tool's usage lists them.
    static let commands: [any Command.Type] = [
        DemoCommand.self,
        RunCommand.self,
        InspectCommand.self,
        OverlayCommand.self,
        BenchCommand.self,
        TuneCommand.self,
        ScanReportCommand.self,
        AuditCommand.self,
        DevicesCommand.self,
        AppsCommand.self,
        LiveCommand.self,
        RecordCommand.self,
        ReplayCommand.self,
    ]

    /// The tool's usage: one line per command, from `commands`.
    static let usage: String = {
        let width = commands.map { $0.name.count }.max()! + 3
        let lines = commands.map { "  " + $0.name + String(repeating: " ", count: width - $0.name.count) + $0.summary }
        return "usage: switchyard <command> [options]\n\ncommands:\n" + lines.joined(separator: "\n")
            + "\n\nRun 'switchyard <command> --help' for a command's options."
    }()

    /// Runs the command line `argv` (without the program name), then
    /// flushes standard output (`Output.finish`).
    /// - Returns: the exit status.
    static func main(_ argv: [String]) -> ExitStatus {
        let result: ExitStatus
        do {
            result = try dispatch(argv)
        } catch {
            result = status(after: error)
        }
        return Output.finish(result, command: argv.first.flatMap { try? command(named: $0) }?.name)
    }

    /// The command named `name`.
    /// - Throws: `UsageError` for a name no command has, with "did you mean".
    static func command(named name: String) throws(UsageError) -> any Command.Type {
        guard let command = commands.first(where: { $0.name == name }) else {
            throw UsageError(command: nil, message: "unknown command '\(name)'" + Suggestion.hint(for: name, among: commands.map { $0.name }))
        }
        return command
    }

    // MARK: - Dispatch

    /// The words that ask for the tool's usage instead of a command.
    static let helpWords: Set<String> = ["help", "--help", "-h"]

    /// Finds the command, parses, validates and runs it.
    /// - Throws: `EarlyExit` for help and a missing command, `UsageError`,
    ///   or the command's own error.
    static func dispatch(_ argv: [String]) throws -> ExitStatus {
        guard let name = argv.first else { throw EarlyExit.noCommand }
        if helpWords.contains(name) { throw EarlyExit.help(usage) }
        let type = try command(named: name)
        Output.commandStarted(type.name)
        let arguments = Array(argv.dropFirst())
        if arguments.contains("--help") || arguments.contains("-h") { throw EarlyExit.help(type.usage) }
        let command = try type.init(arguments: arguments)
        try command.validate()
        return try command.run()
    }

    /// Prints how the tool ended before finishing and gives the exit status:
    /// the one place an error becomes an exit status. A usage error is
    /// followed by the usage of the command it is about.
    static func status(after error: any Error) -> ExitStatus {
        switch error {
        case EarlyExit.help(let text):
            Output.out(text + "\n")
            return .success
        case EarlyExit.noCommand:
            Output.err(usage)
            return .unusableInput
        case let e as UsageError:
            Output.report(e)
            Output.err(e.command.flatMap { try? command(named: $0) }?.usage ?? usage)
            return .unusableInput
        default:
            Output.report(error)
            return .unusableInput
        }
    }
}

/// Ending on purpose before a command runs.
enum EarlyExit: Error, Equatable {
    /// `--help`, `-h` or `help`: this usage text on standard output, exit status 0.
    case help(String)
    /// No command: the tool's usage on standard error, exit status 2.
    case noCommand
}
