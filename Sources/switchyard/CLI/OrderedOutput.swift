import Foundation
import Synchronization

/// What several producers running in parallel (the scenarios of `switchyard
/// run`) write to one output, kept in the producers' order without holding
/// it all in memory.
///
/// The first unfinished producer (the head) writes straight to the output.
/// The others wait in spools: memory up to `memoryLimit` bytes each, then an
/// unnamed temporary file. When the head finishes, the next producers'
/// spools are copied out in order, and the first unfinished one becomes the
/// head. Memory stays bounded however long the scenarios run.
final class OrderedOutput: Sendable {
    /// Bytes a waiting producer keeps in memory before spilling to a file.
    static let memoryLimit = 1 << 20

    let output: OutputFile
    private let state: Mutex<State>

    private struct State: ~Copyable {
        var head = 0
        var finished: [Bool]
        var spools: [Spool]
    }

    /// What a waiting producer wrote: `file` (its first `fileSize` bytes), then `memory`.
    private struct Spool {
        var memory: [UInt8] = []
        var file: Int32? = nil
        var fileSize = 0
    }

    /// - Parameters:
    ///   - output: where everything goes, in order.
    ///   - producers: how many producers write (numbered from 0).
    init(_ output: OutputFile, producers: Int) {
        self.output = output
        state = Mutex(State(finished: Array(repeating: false, count: producers), spools: Array(repeating: Spool(), count: producers)))
    }

    /// Bytes the waiting producers hold in memory (at most `memoryLimit` each).
    var memoryInUse: Int { state.withLock { $0.spools.reduce(0) { $0 + $1.memory.count } } }

    /// Appends `text` for producer `k` (from any thread).
    func write(_ text: String, from k: Int) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0), from: k) }
    }

    /// Appends `bytes` for producer `k` (from any thread).
    func write(_ bytes: UnsafeRawBufferPointer, from k: Int) {
        state.withLock { state in
            if k == state.head {
                output.write(bytes)
            } else {
                state.spools[k].memory.append(contentsOf: bytes)
                if state.spools[k].memory.count > Self.memoryLimit { spill(&state.spools[k]) }
            }
        }
    }

    /// Producer `k` wrote everything; waiting spools move out while their
    /// producers are done.
    func finish(_ k: Int) {
        state.withLock { state in
            state.finished[k] = true
            while state.head < state.finished.count && state.finished[state.head] {
                state.head += 1
                if state.head < state.spools.count { drain(&state.spools[state.head]) }
            }
        }
    }

    /// Moves a spool's memory to its file (opened on first use).
    private func spill(_ spool: inout Spool) {
        do throws(SystemError) {
            let fd: Int32
            if let open = spool.file { fd = open } else {
                fd = try FileSystem.openUnnamed(in: FileManager.default.temporaryDirectory.path, mode: 0o600, readable: true)
            }
            spool.file = fd
            try FileSystem.writeAll(fd, spool.memory)
            spool.fileSize += spool.memory.count
            spool.memory.removeAll(keepingCapacity: true)
        } catch {
            output.fail(error)
            spool.memory.removeAll()
        }
    }

    /// Copies a spool to the output and empties it.
    private func drain(_ spool: inout Spool) {
        if let fd = spool.file {
            var chunk = [UInt8](repeating: 0, count: BufferedWriter.capacity)
            var offset = 0
            while offset < spool.fileSize {
                do throws(SystemError) {
                    let n = try FileSystem.read(fd, into: &chunk, at: offset)
                    if n == 0 { break }
                    chunk.withUnsafeBytes { output.write(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                    offset += n
                } catch {
                    output.fail(error)
                    break
                }
            }
            try? FileSystem.close(fd)
        }
        spool.memory.withUnsafeBytes { output.write($0) }
        spool = Spool()
    }
}
