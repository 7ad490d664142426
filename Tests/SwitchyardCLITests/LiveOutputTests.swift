import DeviceTestbed
import Foundation
import Glibc
import Testing

/// `switchyard live` with this terminal's keys (a pseudo-terminal here):
/// the transcript streams as the session goes and is complete when a
/// signal ends it; a standard output nobody reads ends the session.
@Suite(.serialized, .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal on this machine"))
struct LiveOutputTests {
    /// The demo's first event.
    static let firstLine = #"{"time_us":0,"event":"screenChanged","screen":"home"}"#

    /// What arrives on `fd` until `lines` newlines have come, the writer
    /// closed it, or `seconds` passed without anything arriving.
    static func read(_ fd: Int32, lines: Int = .max, seconds: Int32 = 30) -> String {
        var text: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while text.count(where: { $0 == 0x0A }) < lines {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, seconds * 1000) == 1 else { break }
            let n = Glibc.read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            text += buffer[0..<n]
        }
        return String(decoding: text, as: UTF8.self)
    }

    @Test func theTranscriptStreamsAndIsCompleteAfterASignal() throws {
        let pty = try PseudoTerminal()
        let scratch = try TemporaryDirectory()
        let fifo = scratch.url.appendingPathComponent("t.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        var whileRunning = ""
        let r = try switchyard(["live", "--device", "terminal", "--transcript", "t.fifo"], in: scratch.url,
                               stdin: FileHandle(fileDescriptor: pty.slave, closeOnDealloc: false)) { process in
            // The first events arrive while the session runs.
            whileRunning = Self.read(reader, lines: 2)
            process.terminate()
        }
        let transcript = whileRunning + Self.read(reader)
        #expect(whileRunning.hasPrefix(Self.firstLine + "\n"))
        #expect(r.status == 143)
        #expect(r.stderr == "switchyard live: stopped by SIGTERM; devices released\n")
        let lines = transcript.split(separator: "\n")
        #expect(lines.count >= 2)
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"time_us":"#) && $0.hasSuffix("}") })
        // Standard output (not a terminal) shows the same events, one line each.
        #expect(r.stdout.split(separator: "\n").count == lines.count)
        #expect(r.stdout.hasPrefix("0s screen home\n"))
    }

    /// `switchyard live | head -1`: once the reader is gone the session
    /// ends (as a signal would end it), the devices and the terminal are
    /// released, the transcript is written, and the tool exits with 141.
    @Test func aClosedStandardOutputEndsTheSession() throws {
        let pty = try PseudoTerminal()
        let scratch = try TemporaryDirectory()
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let r = try switchyard(["live", "--device", "terminal", "--transcript", "t.jsonl"], in: scratch.url,
                               stdin: FileHandle(fileDescriptor: pty.slave, closeOnDealloc: false), stdout: pipe.fileHandleForWriting)
        #expect(r.status == 141)
        #expect(r.stderr == "switchyard live: stopped by signal 13; devices released\n")
        let transcript = try String(contentsOf: scratch.url.appendingPathComponent("t.jsonl"), encoding: .utf8)
        #expect(transcript.hasPrefix(Self.firstLine + "\n"))
        #expect(pty.canonical)
    }
}
