import Foundation
import ScreenModel

/// The switchyard command-line tool: parses arguments and calls the modules.
let usage = """
    usage: switchyard <command> [options]

    commands:
      demo      run the built-in demo app through a scenario per technology
      run       run scenario files in simulated time; JUnit and JSON Lines reports
      inspect   show a screen's tree and navigation order (the demo app when no file is given)
      devices   list input devices and the profile each one gets
      live      drive a screen model with a switch, keyboard or game controller, in real time
      record    record a device's events to an evemu file
      replay    run an evemu recording headlessly and print the transcript

    Run 'switchyard <command> --help' for a command's options.
    """

func runTool(_ argv: [String]) -> ExitStatus {
    guard let command = argv.first else {
        Output.err(usage)
        return .unusableInput
    }
    let rest = Array(argv.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
        switch command {
        case InspectCommand.name: Output.out(InspectCommand.usage + "\n")
        case RunCommand.name: Output.out(RunCommand.usage + "\n")
        case DemoCommand.name: Output.out(DemoCommand.usage + "\n")
        case DevicesCommand.name: Output.out(DevicesCommand.usage + "\n")
        case LiveCommand.name: Output.out(LiveCommand.usage + "\n")
        case RecordCommand.name: Output.out(RecordCommand.usage + "\n")
        case ReplayCommand.name: Output.out(ReplayCommand.usage + "\n")
        default: Output.out(usage + "\n")
        }
        return .success
    }
    do {
        switch command {
        case InspectCommand.name:
            return try InspectCommand(rest).run()
        case RunCommand.name:
            return try RunCommand(rest).run()
        case DemoCommand.name:
            return try DemoCommand(rest).run()
        case DevicesCommand.name:
            return try DevicesCommand(rest).run()
        case LiveCommand.name:
            return try LiveCommand(rest).run()
        case RecordCommand.name:
            return try RecordCommand(rest).run()
        case ReplayCommand.name:
            return try ReplayCommand(rest).run()
        case "--help", "-h", "help":
            Output.out(usage + "\n")
            return .success
        default:
            Output.err("switchyard: error: unknown command '\(command)'\n\(usage)")
            return .unusableInput
        }
    } catch let e as UsageError {
        // A UsageError is printed with the command's usage (CLI/Arguments.swift).
        Output.err("\(e)\n\(commandUsage(e.command))")
        return .unusableInput
    } catch {
        Output.err("\(error)")
        return .unusableInput
    }
}

/// The usage text of `command`, or the tool's.
func commandUsage(_ command: String) -> String {
    switch command {
    case InspectCommand.name: return InspectCommand.usage
    case RunCommand.name: return RunCommand.usage
    case DemoCommand.name: return DemoCommand.usage
    default: return usage
    }
}

exit(runTool(Array(CommandLine.arguments.dropFirst())).rawValue)
