import DeviceTestbed
import Foundation
import Glibc
import Testing
@testable import switchyard

/// A file that replaces its target at commit is written behind the work
/// (`WriteBehind`): in order, in bounded memory, its first failure kept,
/// and nothing written once it is abandoned.
@Suite struct WriteBehindTests {
    let scratch: TemporaryDirectory
    init() throws {
        scratch = try TemporaryDirectory()
    }

    func open(_ name: String, _ flags: Int32) throws -> Int32 {
        let fd = Glibc.open(scratch.url.appendingPathComponent(name).path, flags | O_CLOEXEC, 0o644)
        try #require(fd >= 0)
        return fd
    }

    func bytes(of name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: scratch.url.appendingPathComponent(name)))
    }

    /// 9 MiB and a bit, in lines and in pieces larger than a piece, reach
    /// the file whole and in order; the buffers written come back to be
    /// filled again, so no more are made than can be in use at once.
    @Test func everyByteArrivesInOrderInBoundedMemory() throws {
        let fd = try open("out.bin", O_WRONLY | O_CREAT | O_TRUNC)
        defer { close(fd) }
        let behind = WriteBehind(fd: fd)
        var writer = BufferedWriter(behind: behind)
        var expected: [UInt8] = []
        for k in 0..<150_000 {
            let piece: [UInt8] = k % 50_000 == 7
                ? [UInt8](repeating: UInt8(k % 251), count: WriteBehind.pieceSize + 3 * k % 1_000)
                : Array("line \(k) of a long transcript\n".utf8)
            piece.withUnsafeBytes { writer.write($0) }
            expected += piece
        }
        writer.finish()
        #expect(writer.failure == nil)
        #expect(expected.count > 7 * WriteBehind.pieceSize)
        #expect(try bytes(of: "out.bin") == expected)
        #expect(behind.buffersMade <= WriteBehind.piecesInFlight + 3)
    }

    /// A piece that cannot be written (here a descriptor open only for
    /// reading) fails the file; the pieces after it are dropped, and the
    /// writer reports that first failure.
    @Test func theFirstFailureIsKeptAndWhatFollowsDropped() throws {
        try Data("kept\n".utf8).write(to: scratch.url.appendingPathComponent("read-only.txt"))
        let fd = try open("read-only.txt", O_RDONLY)
        defer { close(fd) }
        let behind = WriteBehind(fd: fd)
        var writer = BufferedWriter(behind: behind)
        let line = Array(String(repeating: "x", count: 99).utf8) + [0x0A]
        for _ in 0..<(3 * WriteBehind.pieceSize / line.count) { line.withUnsafeBytes { writer.write($0) } }
        writer.finish()
        #expect(writer.failure == SystemError(code: EBADF))
        #expect(behind.failure == SystemError(code: EBADF))
        #expect(try bytes(of: "read-only.txt") == Array("kept\n".utf8))
    }

    /// Once abandoned, nothing more reaches the descriptor: what was
    /// written by then stays as it is, and a piece handed over later is
    /// dropped.
    @Test func anAbandonedFileGetsNothingMore() throws {
        let fd = try open("out.bin", O_WRONLY | O_CREAT | O_TRUNC)
        defer { close(fd) }
        let behind = WriteBehind(fd: fd)
        var piece = [UInt8](repeating: 0x61, count: WriteBehind.pieceSize)
        for _ in 0..<3 {
            var copy = piece
            behind.write(&copy)
        }
        behind.abandon()
        let written = try bytes(of: "out.bin")
        #expect(written.count % WriteBehind.pieceSize == 0 && written.count <= 3 * WriteBehind.pieceSize)
        behind.write(&piece)
        #expect(behind.finish() == nil)
        #expect(try bytes(of: "out.bin") == written)
    }
}
