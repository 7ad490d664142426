import Diagnostics

/// A file or device that keeps a command from starting or finishing, found
/// by the tool itself (exit status 2). Errors from the modules (a screen
/// model's `ScreenModelError`, a settings file's `SettingsError`, …) are
/// thrown as they are, never wrapped.
enum SetupError: DiagnosticError, Equatable {
    /// A file named on the command line cannot be read: `kind` is e.g.
    /// "settings file", `reason` what `InputFile` said ("no such file").
    case cannotRead(file: String, kind: String, reason: String)
    /// A file named on the command line is not UTF-8 text.
    case notText(file: String, kind: String)
    /// `command` could not write `file`; `reason` is the system's (`strerror`).
    case cannotWrite(command: String, file: String, reason: String)
    /// An output (`--transcript FILE`) names a file the command reads.
    case outputIsInput(command: String, option: String, file: String, input: String)
    /// A report `command` would write into the folder `output` is the
    /// input file `input` (a screen model found in that folder).
    case reportReplacesInput(command: String, output: String, report: String, input: String)
    /// Two outputs name the same file.
    case sameOutput(command: String, options: [String], files: [String])
    /// Standard output could not be written (disk full, `> /dev/full`);
    /// `command` is nil before a command was found.
    case cannotWriteStandardOutput(command: String?, reason: String)
    /// `--device PATH` names no input device.
    case noDevice(command: String, devnode: String)
    /// `--device terminal` without a terminal on standard input;
    /// `byDefault`: the terminal is the default device (Voice Control alone).
    case notATerminal(command: String, byDefault: Bool = false)
    /// No device profile matches the device a recording was made with.
    case noProfileMatches(recording: String, device: String)
    /// An element named on the command line is not on the screen, or is not one element.
    case noSuchElement(command: String, message: String)
    /// `scan-report` found no screen model in the folders it searched.
    case noScreenModels(command: String, folders: [String])

    var diagnostics: [Diagnostic] {
        switch self {
        case let .cannotRead(file, kind, reason):
            return [Diagnostic(.error, "cannot read the \(kind): \(reason)", at: SourceLocation(file: file))]
        case let .notText(file, kind):
            return [Diagnostic(.error, "the \(kind) is not UTF-8 text", at: SourceLocation(file: file))]
        case let .cannotWrite(command, file, reason):
            return [Diagnostic(.error, "cannot write '\(file)': \(reason)", at: SourceLocation(file: "switchyard \(command)"))]
        case let .outputIsInput(command, option, file, input):
            return [Diagnostic(.error, "\(option) '\(file)' is the input file '\(input)'; write the output to another file", at: SourceLocation(file: "switchyard \(command)"))]
        case let .reportReplacesInput(command, output, report, input):
            let same = report == input ? "'\(input)'" : "'\(report)', which is '\(input)'"
            return [Diagnostic(.error, "--output '\(output)' would write a report over the input file \(same); write the reports to another folder",
                               at: SourceLocation(file: "switchyard \(command)"))]
        case let .sameOutput(command, options, files):
            let what = Set(files).count == 1 ? "both name '\(files[0])'" : "name the same file (" + files.map { "'\($0)'" }.joined(separator: ", ") + ")"
            return [Diagnostic(.error, options.joined(separator: " and ") + " \(what); give each output its own file", at: SourceLocation(file: "switchyard \(command)"))]
        case let .cannotWriteStandardOutput(command, reason):
            return [Diagnostic(.error, "cannot write standard output: \(reason)", at: SourceLocation(file: "switchyard" + (command.map { " " + $0 } ?? "")))]
        case let .noDevice(command, devnode):
            return [Diagnostic(.error, "no input device at '\(devnode)'; 'switchyard devices --all' lists them", at: SourceLocation(file: "switchyard \(command)"))]
        case let .notATerminal(command, byDefault):
            let what = byDefault ? "--device terminal (the default for --technology voice alone) reads the utterances typed at this terminal"
                                 : "--device terminal reads this terminal's keys"
            return [Diagnostic(.error, "\(what), but standard input is not a terminal; run it in a terminal, or use --device auto or a device node", at: SourceLocation(file: "switchyard \(command)"))]
        case let .noProfileMatches(recording, device):
            return [Diagnostic(.error, "no device profile matches the recorded device (\(device)); pass --profile NAME", at: SourceLocation(file: recording))]
        case let .noSuchElement(command, message):
            return [Diagnostic(.error, message, at: SourceLocation(file: "switchyard \(command)"))]
        case let .noScreenModels(command, folders):
            return [Diagnostic(.error, "no screen models in " + folders.map { "'\($0)'" }.joined(separator: ", ")
                               + "; expected *.switchyard.json files, JSON files that declare \"$schema\": \"…/screen-model.schema.json\", Appium or Android XML page sources, or XCTest debugDescription .txt files (docs/importing.md)",
                               at: SourceLocation(file: "switchyard \(command)"))]
        }
    }
}
