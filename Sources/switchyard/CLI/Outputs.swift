import Foundation

/// The output files of one command, opened together before its work
/// starts: every path is checked against the command's inputs and the
/// other outputs (by device and inode, never by spelling), then opened
/// (`OutputFile`). A command that cannot write an output reports it before
/// anything runs, and nothing is changed.
///
/// An output that is standard output (`--svg -`, `--png /dev/stdout`) is
/// the only thing written there: the command's text goes to standard error
/// instead (`Output.moveTextToStandardError`), and only one output may be
/// standard output. A closed pipe there ends the tool quietly (status 141),
/// as it does for standard output itself.
struct Outputs {
    /// The open outputs, in the order the command named them.
    private(set) var files: [OutputFile] = []
    let command: String

    /// Opens every `(option, path)` whose path is given.
    /// - Parameters:
    ///   - wanted: the outputs, in the order the command documents them; a
    ///     nil path is an output not asked for.
    ///   - inputs: the files the command reads (a directory stands for the
    ///     files in it).
    ///   - command: the command's name, for messages.
    /// - Throws: `SetupError.outputIsInput`, `.sameOutput` or `.cannotWrite`;
    ///   outputs already opened are dropped, untouched.
    init(_ wanted: [(option: String, path: String?)], inputs: [String?], command: String) throws(SetupError) {
        self.command = command
        var opened: [OutputFile] = []
        for case let (option, path?) in wanted {
            let file: OutputFile
            do { file = try OutputFile.open(path, option: option) } catch {
                opened.forEach { $0.discard() }
                throw .cannotWrite(command: command, file: path, reason: error.description)
            }
            if file.isStandardOutput, let other = opened.first(where: \.isStandardOutput) {
                opened.forEach { $0.discard() }
                file.discard()
                throw .sameOutput(command: command, options: [other.option, option], files: [other.path, path])
            }
            if case .stream = file.identity {} else if let other = opened.first(where: { $0.identity == file.identity }) {
                opened.forEach { $0.discard() }
                file.discard()
                throw .sameOutput(command: command, options: [other.option, option], files: [other.path, path])
            }
            opened.append(file)
        }
        files = opened
        do { try check(against: inputs.compactMap { $0 }) } catch {
            opened.forEach { $0.discard() }
            throw error
        }
        if writesStandardOutput { Output.moveTextToStandardError() }
    }

    /// Whether one of the outputs is standard output.
    var writesStandardOutput: Bool { files.contains(where: \.isStandardOutput) }

    /// The output of `option`, if it was asked for.
    subscript(option: String) -> OutputFile? { files.first { $0.option == option } }

    /// Refuses an output that is one of `inputs` (files a command learns
    /// of while it works, e.g. the apps scenarios name, are checked again
    /// before committing).
    /// - Throws: `SetupError.outputIsInput`.
    func check(against inputs: [String]) throws(SetupError) {
        for input in Self.expand(inputs) {
            for file in files where file.isSameFile(as: input) {
                throw .outputIsInput(command: command, option: file.option, file: file.path, input: input)
            }
        }
    }

    /// Commits every output (`OutputFile.commit`), in order.
    /// - Returns: the errors of those that could not be written (the others are written).
    func commit() -> [SetupError] {
        var errors: [SetupError] = []
        for file in files {
            do { try file.commit() } catch where file.isStandardOutput && error == .brokenPipe {
                Output.outputFileMetClosedPipe()
            } catch {
                errors.append(.cannotWrite(command: command, file: file.path, reason: error.description))
            }
        }
        return errors
    }

    /// Drops every output: each target keeps what it had.
    func discard() {
        for file in files { file.discard() }
    }

    /// `inputs` with each directory replaced by the files in it.
    static func expand(_ inputs: [String]) -> [String] {
        inputs.flatMap { input -> [String] in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue else { return [input] }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: input)) ?? []
            return names.sorted().map { (input as NSString).appendingPathComponent($0) }
        }
    }
}
