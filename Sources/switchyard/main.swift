import Foundation

// The switchyard command-line tool: `Tool` lists the commands and runs one.
exit(Tool.main(Array(CommandLine.arguments.dropFirst())).rawValue)
