import Diagnostics

/// A file or device that keeps a command from starting or finishing, found
/// by the tool itself (exit status 2). Errors from the modules (a screen
/// model's `ScreenModelError`, a settings file's `SettingsError`, …) are
/// thrown as they are, never wrapped.
enum SetupError: DiagnosticError, Equatable {
    /// A file named on the command line cannot be read: `kind` is e.g. "settings file".
    case cannotRead(file: String, kind: String)
    /// A file named on the command line is not UTF-8 text.
    case notText(file: String, kind: String)
    /// `command` could not write `file`.
    case cannotWrite(command: String, file: String)
    /// `--device PATH` names no input device.
    case noDevice(command: String, devnode: String)
    /// No device profile matches the device a recording was made with.
    case noProfileMatches(recording: String, device: String)

    var diagnostics: [Diagnostic] {
        switch self {
        case let .cannotRead(file, kind):
            return [Diagnostic(.error, "cannot read the \(kind)", at: SourceLocation(file: file))]
        case let .notText(file, kind):
            return [Diagnostic(.error, "the \(kind) is not UTF-8 text", at: SourceLocation(file: file))]
        case let .cannotWrite(command, file):
            return [Diagnostic(.error, "cannot write '\(file)'", at: SourceLocation(file: "switchyard \(command)"))]
        case let .noDevice(command, devnode):
            return [Diagnostic(.error, "no input device at '\(devnode)'; 'switchyard devices --all' lists them", at: SourceLocation(file: "switchyard \(command)"))]
        case let .noProfileMatches(recording, device):
            return [Diagnostic(.error, "no device profile matches the recorded device (\(device)); pass --profile NAME", at: SourceLocation(file: recording))]
        }
    }
}
