import Foundation
import Glibc
import Testing
import DeviceTestbed
@testable import switchyard

/// Outputs never destroy anything (`OutputFile`, `Outputs`): checked before
/// the work, refused when they are an input or shared, written through
/// links and into devices and FIFOs, regular files replaced atomically.
@Suite struct OutputFileTests {
    static let ok = "app demo\nexpect highlighted \"Cart\""
    /// What `run ok.swy --transcript FILE` writes.
    static let okTranscript = #"{"scenario":"ok.swy","time_us":0,"event":"screenChanged","screen":"home"}"# + "\n"
        + #"{"scenario":"ok.swy","time_us":0,"event":"highlighted","highlight":"element","element":{"screen":"home","index":3,"label":"Cart","identifier":"cart-button","frame":{"x":320,"y":60,"width":54,"height":32}},"technology":"switch-control"}"# + "\n"

    let scratch: TemporaryDirectory
    init() throws {
        scratch = try TemporaryDirectory()
        try scratch.write("ok.swy", Self.ok)
    }

    func contents(_ name: String) throws -> String {
        try String(contentsOf: scratch.url.appendingPathComponent(name), encoding: .utf8)
    }

    func kind(_ name: String) throws -> FileAttributeType? {
        try FileManager.default.attributesOfItem(atPath: scratch.url.appendingPathComponent(name).path)[.type] as? FileAttributeType
    }

    // MARK: - Inputs and other outputs

    /// `run scenario.swy --transcript scenario.swy` emptied the scenario.
    /// The same file under another name (a link, `./`) is the same file.
    @Test(arguments: [("--transcript", "ok.swy"), ("--junit", "./ok.swy"), ("--transcript", "alias.swy")])
    func anOutputThatIsTheScenarioIsRefused(_ option: String, _ path: String) throws {
        try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent("alias.swy").path, withDestinationPath: "ok.swy")
        let r = try switchyard(["run", "ok.swy", option, path], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "switchyard run: error: \(option) '\(path)' is the input file 'ok.swy'; write the output to another file\n")
        #expect(try contents("ok.swy") == Self.ok)
        #expect(try kind("alias.swy") == .typeSymbolicLink)
    }

    /// The app and settings files a scenario names are inputs too: an
    /// output that is one is refused before the run, as the scenario itself
    /// is (nothing runs, nothing is printed), compared by device and inode
    /// (a hard link to the app is the app; written in place, it was
    /// emptied as the run streamed the transcript into it).
    @Test(arguments: [("--transcript", "mail.json", "mail.json"), ("--junit", "./mail.json", "mail.json"),
                      ("--transcript", "hard-link.json", "mail.json"), ("--junit", "voice.json", "voice.json"),
                      ("--transcript", "link-to-voice.json", "voice.json")])
    func anOutputThatIsTheScenariosAppOrSettingsIsRefusedBeforeTheRun(_ option: String, _ path: String, _ input: String) throws {
        let app = try String(contentsOf: repoRoot.appendingPathComponent("Examples/apps/mail.json"), encoding: .utf8)
        try scratch.write("mail.json", app)
        try scratch.write("voice.json", "{}")
        try FileManager.default.linkItem(at: scratch.url.appendingPathComponent("mail.json"), to: scratch.url.appendingPathComponent("hard-link.json"))
        try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent("link-to-voice.json").path, withDestinationPath: "voice.json")
        try scratch.write("mail.swy", "app mail.json\ntechnology switch-control voice\nsettings voice voice.json\nexpect highlighted \"Inbox\"")
        let r = try switchyard(["run", "mail.swy", option, path], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "switchyard run: error: \(option) '\(path)' is the input file '\(input)'; write the output to another file\n")
        #expect(try contents("mail.json") == app)
        #expect(try contents("voice.json") == "{}")
    }

    @Test(arguments: [
        (["--transcript", "out.txt", "--junit", "out.txt"], "switchyard run: error: --transcript and --junit both name 'out.txt'; give each output its own file\n"),
        (["--transcript", "out.txt", "--junit", "./out.txt"], "switchyard run: error: --transcript and --junit name the same file ('out.txt', './out.txt'); give each output its own file\n"),
    ])
    func twoOutputsInOneFileAreRefused(_ options: [String], _ error: String) throws {
        try scratch.write("out.txt", "keep")
        let r = try switchyard(["run", "ok.swy"] + options, in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == error)
        #expect(try contents("out.txt") == "keep")
    }

    // MARK: - What a path is

    /// A link's target is written; the link stays a link.
    @Test(arguments: ["--transcript", "--junit"])
    func aSymbolicLinkIsWrittenThrough(_ option: String) throws {
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("real"), withIntermediateDirectories: false)
        try scratch.write("real/out.txt", "old")
        try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent("link.txt").path, withDestinationPath: "real/out.txt")
        let r = try switchyard(["run", "--quiet", "ok.swy", option, "link.txt"], in: scratch.url)
        #expect(r.status == 0)
        #expect(try kind("link.txt") == .typeSymbolicLink)
        #expect(try contents("real/out.txt").hasPrefix(option == "--transcript" ? Self.okTranscript : "<?xml"))
    }

    /// A FIFO is written, not replaced by a regular file.
    @Test func aFIFOIsWrittenInto() throws {
        let fifo = scratch.url.appendingPathComponent("events.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // A reader that is already there, so neither side waits.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let r = try switchyard(["run", "--quiet", "ok.swy", "--transcript", "events.fifo"], in: scratch.url)
        #expect(r.status == 0)
        #expect(r.stderr == "")
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(reader, &buffer, buffer.count)
        #expect(String(decoding: buffer[0..<max(0, n)], as: UTF8.self) == Self.okTranscript)
        var st = stat()
        #expect(lstat(fifo, &st) == 0 && st.st_mode & S_IFMT == S_IFIFO)
    }

    /// A device is written as it is; `/dev/full` says why it cannot be.
    @Test func aFullDeviceIsAnError() throws {
        let r = try switchyard(["run", "--quiet", "ok.swy", "--transcript", "/dev/full"], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stdout == "1 passed, 0 failed\n")
        #expect(r.stderr == "switchyard run: error: cannot write '/dev/full': No space left on device\n")
        #expect(try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType == .typeCharacterSpecial)
    }

    /// `/dev/stdout` and `-` are standard output, wherever it goes (here a
    /// file), and then the transcript is all it holds: the report goes to
    /// standard error.
    @Test(arguments: ["/dev/stdout", "-"])
    func devStdoutIsStandardOutput(_ path: String) throws {
        let r = try switchyard(["run", "--quiet", "ok.swy", "--transcript", path], in: scratch.url)
        #expect(r.status == 0)
        #expect(r.stderr == "1 passed, 0 failed\n")
        #expect(r.stdout == Self.okTranscript)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdout") == "/proc/self/fd/1")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("-").path))
    }

    /// A picture or report written to standard output is the only thing
    /// there: the picture's text and the tables go to standard error, and
    /// no "wrote" line names standard output.
    @Test(arguments: [
        (["overlay", "--names", "--svg", "-"], "<?xml", "</svg>\n", "Corner Café — Shop: names overlay\n"),
        (["overlay", "--grid", "--svg", "/dev/stdout"], "<?xml", "</svg>\n", "Corner Café — Shop: grid overlay\n"),
        (["bench", "--svg", "-"], "<?xml", "</svg>\n", "Corner Café — home: switch-control"),
        (["bench", "--html", "/dev/stdout", "--format", "csv"], "<!DOCTYPE html>", "</html>\n", "path,label,"),
    ])
    func aPictureOnStandardOutputIsAllThatIsThere(_ args: [String], _ starts: String, _ ends: String, _ text: String) throws {
        let r = try switchyard(args, in: scratch.url)
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix(starts))
        #expect(r.stdout.hasSuffix(ends))
        #expect(r.stdout.components(separatedBy: starts).count == 2)
        #expect(r.stderr.hasPrefix(text))
        #expect(!r.stderr.contains("wrote"))
    }

    /// Two outputs on standard output would interleave: refused.
    @Test func twoOutputsOnStandardOutputAreRefused() throws {
        let r = try switchyard(["overlay", "--names", "--svg", "-", "--png", "/dev/stdout"], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "switchyard overlay: error: --svg and --png name the same file ('-', '/dev/stdout'); give each output its own file\n")
    }

    /// A replaced file keeps its permissions; nothing is left beside it.
    @Test func aReplacedFileKeepsItsPermissions() throws {
        let report = scratch.url.appendingPathComponent("report.xml").path
        try scratch.write("report.xml", "old")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: report)
        let r = try switchyard(["run", "--quiet", "ok.swy", "--junit", "report.xml", "--transcript", "new.jsonl"], in: scratch.url)
        #expect(r.status == 0)
        #expect(try contents("report.xml").hasPrefix("<?xml"))
        #expect(try FileManager.default.attributesOfItem(atPath: report)[.posixPermissions] as? Int == 0o640)
        #expect(try contents("new.jsonl") == Self.okTranscript)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == ["new.jsonl", "ok.swy", "report.xml"])
    }

    /// A file with another hard link is written in place: both names see it.
    @Test func aHardLinkStaysLinked() throws {
        try scratch.write("out.jsonl", "old")
        try FileManager.default.linkItem(at: scratch.url.appendingPathComponent("out.jsonl"), to: scratch.url.appendingPathComponent("also.jsonl"))
        let r = try switchyard(["run", "--quiet", "ok.swy", "--transcript", "out.jsonl"], in: scratch.url)
        #expect(r.status == 0)
        #expect(try contents("out.jsonl") == Self.okTranscript)
        #expect(try contents("also.jsonl") == Self.okTranscript)
    }

    // MARK: - Checked before the work

    /// `live` ran the whole session and only then found it could not write
    /// the transcript; now nothing starts.
    @Test func liveChecksItsOutputsBeforeStarting() throws {
        let pty = try PseudoTerminal()
        let r = try switchyard(["live", "--device", "terminal", "--transcript", "no/such/dir/t.jsonl"], in: scratch.url,
                               stdin: FileHandle(fileDescriptor: pty.slave, closeOnDealloc: false))
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "switchyard live: error: cannot write 'no/such/dir/t.jsonl': No such file or directory\n")
    }

    @Test func recordChecksItsOutputBeforeRecording() throws {
        let r = try switchyard(["record", "--device", "/dev/input/no-such-device", "--out", "no/such/dir/r.evemu"], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stderr == "switchyard record: error: cannot write 'no/such/dir/r.evemu': No such file or directory\n")
    }

    @Test func aDirectoryIsNotAnOutput() throws {
        let r = try switchyard(["run", "ok.swy", "--junit", "."], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stderr == "switchyard run: error: cannot write '.': Is a directory\n")
    }
}

/// Standard output: buffered, and a failed write is an exit status, never a trap.
@Suite struct StandardOutputTests {
    /// `switchyard inspect > /dev/full` trapped in `FileHandle.write`.
    @Test(arguments: [["inspect"], ["demo", "--quiet"]])
    func aFullDiskIsOneLineAndStatusTwo(_ args: [String]) throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let r = try switchyard(args, stdout: full)
        #expect(r.status == 2)
        #expect(!r.signalled)
        #expect(r.stderr == "switchyard \(args[0]): error: cannot write standard output: No space left on device\n")
    }

    /// `switchyard … | head -1`: the reader is gone. The tool ends quietly
    /// with 141 (as `SIGPIPE` would), after writing its files.
    @Test func aClosedPipeEndsQuietlyAfterWritingTheFiles() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("ok.swy", OutputFileTests.ok)
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let r = try switchyard(["run", "ok.swy", "--junit", "report.xml"], in: scratch.url, stdout: pipe.fileHandleForWriting)
        #expect(r.status == 141)
        #expect(!r.signalled)
        #expect(r.stderr == "")
        #expect(try String(contentsOf: scratch.url.appendingPathComponent("report.xml"), encoding: .utf8).hasPrefix("<?xml"))
    }

    /// One `write(2)` per buffer, not per line: nothing reaches the
    /// descriptor until the buffer is full or flushed.
    @Test func writesAreBuffered() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        var writer = BufferedWriter(fd: fds[1])
        for k in 0..<100 { writer.write("line \(k)\n") }
        var buffer = [UInt8](repeating: 0, count: 4096)
        #expect(read(fds[0], &buffer, buffer.count) == -1)
        writer.flush()
        let n = read(fds[0], &buffer, buffer.count)
        #expect(n == (0..<100).map { "line \($0)\n".utf8.count }.reduce(0, +))
        #expect(writer.failure == nil)
    }
}

/// `run`'s transcript: scenarios run in parallel, their events stream to
/// one file in the order the scenarios were given, in bounded memory.
@Suite struct OrderedOutputTests {
    @Test func producersAreWrittenInOrderAndWaitingOnesSpill() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.url.appendingPathComponent("out.txt").path
        let file = try OutputFile.open(path, option: "--transcript")
        let ordered = OrderedOutput(file, producers: 3)
        ordered.write("c1\n", from: 2)
        ordered.write("b1\n", from: 1)
        ordered.write("a1\n", from: 0)
        // A waiting producer that writes more than it may keep spills to a file.
        let big = String(repeating: "c2 0123456789abcdef\n", count: 3 * OrderedOutput.memoryLimit / 20)
        ordered.write(big, from: 2)
        #expect(ordered.memoryInUse <= OrderedOutput.memoryLimit)
        ordered.finish(2)
        ordered.finish(0)
        ordered.write("b2\n", from: 1)
        ordered.finish(1)
        #expect(ordered.memoryInUse == 0)
        try file.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "a1\nb1\nb2\nc1\n" + big)
    }

    /// A file replaced at commit is written behind the work (`WriteBehind`),
    /// its disk writes started each `writebackStep` bytes (a hint to the
    /// kernel), and the old file's cached pages dropped; until the commit
    /// the old file reads as it was, and after it the file holds every
    /// byte, in order, pieces of every size among them.
    @Test func aLongOutputReadsBackWhole() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.url.appendingPathComponent("long.jsonl").path
        try scratch.write("long.jsonl", "the old file\n")
        let file = try OutputFile.open(path, option: "--transcript")
        var expected = ""
        for k in 0..<80_000 {
            // Lines, and now and then a piece larger than the buffer.
            let piece = k % 20_000 == 0 ? String(repeating: "x", count: BufferedWriter.capacity + k % 7) + "\n" : "line \(k) of a long transcript, fifty bytes or so\n"
            file.write(piece)
            expected += piece
        }
        #expect(expected.utf8.count > 3 * WriteBehind.writebackStep)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "the old file\n")
        try file.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
    }

    @Test func runWritesTheTranscriptInTheScenariosOrder() throws {
        let scratch = try TemporaryDirectory()
        let names = ["c.swy", "a.swy", "b.swy"]
        for name in names { try scratch.write(name, "app demo\nwait 3s") }
        let r = try switchyard(["run", "--quiet", "--transcript", "t.jsonl"] + names, in: scratch.url)
        #expect(r.status == 0)
        let scenarios = try String(contentsOf: scratch.url.appendingPathComponent("t.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { $0.prefix(while: { $0 != "," }) }
        #expect(scenarios.count > 6)
        var seen: [Substring] = []
        for s in scenarios where seen.last != s { seen.append(s) }
        #expect(seen == names.map { "{\"scenario\":\"\($0)\"" })
    }
}
