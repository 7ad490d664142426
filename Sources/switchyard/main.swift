import Foundation

// The switchyard command-line tool: `Tool` lists the commands and runs one.
// A closed pipe is an `EPIPE` from write(2), handled by `Output`; no signal
// stays blocked.
FileSystem.prepareSignals()
exit(Tool.main(Array(CommandLine.arguments.dropFirst())).rawValue)
