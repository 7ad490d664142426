import Dispatch
import Synchronization

/// The writes of a file nobody sees until it is complete: an `OutputFile`
/// that replaces its target at commit (`--transcript`, `--junit`, …). The
/// producer hands over whole pieces (a `BufferedWriter`'s buffer) and goes
/// on; a serial queue of the file's own copies them into the file and
/// starts their disk writes each `writebackStep` bytes
/// (`sync_file_range`), so the commit's `fsync` waits for little. On a
/// machine with a second core, the copy into the page cache, the start of
/// the disk writes and the first touch of the buffers' memory leave the
/// thread that does the work.
///
/// At most `piecesInFlight` pieces wait to be written: a producer faster
/// than the disk waits for it, as it would in `write(2)`, and memory stays
/// bounded. Written pieces come back emptied, for the producer to fill
/// again. The first failed write is kept and every later piece dropped, as
/// in `BufferedWriter`; `finish()` waits for the queue and gives it.
/// `abandon()` drops what waits and returns once nothing touches the
/// descriptor any more, so it may be closed.
final class WriteBehind: Sendable {
    /// The size of the pieces a `BufferedWriter` hands over: each wakes the
    /// queue, so they are larger than its own buffer.
    static let pieceSize = 1 << 20
    /// Pieces handed over and not yet written, at most.
    static let piecesInFlight = 4
    /// Bytes between two starts of disk writes.
    static let writebackStep = 1 << 20

    let fd: Int32
    private let queue = DispatchQueue(label: "switchyard.write-behind")
    private let slots = DispatchSemaphore(value: WriteBehind.piecesInFlight)
    private let state = Mutex(State())

    private struct State {
        /// Pieces handed over, in order, not yet taken by the queue.
        var waiting: [[UInt8]] = []
        /// Empty buffers of `pieceSize` bytes' room whose memory has been
        /// touched, for the producer to fill: written pieces, and one made
        /// on the queue whenever there is none.
        var spare: [[UInt8]] = []
        /// Bytes written to the file, and of those, whose disk writes were started.
        var sent = 0
        var sentToDisk = 0
        var failure: SystemError?
        /// Set by `abandon()`: the pieces still waiting are dropped.
        var abandoned = false
        /// Buffers made so far, whether on the queue or for the producer.
        var made = 0
    }

    /// - Parameters:
    ///   - fd: the file the pieces are written to.
    ///   - target: the file this one will replace, if any: its cached pages
    ///     are dropped on the queue (the rename at commit would drop them
    ///     on the producer's thread; it then only frees the file's blocks).
    init(fd: Int32, replacing target: String? = nil) {
        self.fd = fd
        queue.async { [self] in
            // One to fill first, one to take its place when it is handed over.
            makeSpare()
            makeSpare()
            if let target { FileSystem.dropCachedPages(target) }
        }
    }

    /// An empty buffer of `pieceSize` bytes' room to fill: a spare one,
    /// or a new one when there is none yet.
    func emptyBuffer() -> [UInt8] {
        let spare = state.withLock { s in
            if s.spare.isEmpty { s.made += 1 }
            return s.spare.popLast()
        }
        if let spare { return spare }
        var fresh: [UInt8] = []
        fresh.reserveCapacity(Self.pieceSize)
        return fresh
    }

    /// Hands the bytes in `buffer` over to be written after the pieces
    /// before them, and puts an empty buffer in its place (`emptyBuffer()`).
    /// Waits first while `piecesInFlight` pieces are waiting.
    func write(_ buffer: inout [UInt8]) {
        slots.wait()
        state.withLock { s in
            // Moved, not copied: the queue's is the only reference, and
            // the buffer can be emptied and used again once written.
            s.waiting.append([])
            swap(&s.waiting[s.waiting.count - 1], &buffer)
        }
        buffer = emptyBuffer()
        queue.async { [self] in
            defer { slots.signal() }
            let (taken, fails, noSpare) = state.withLock { s in
                (s.waiting.removeFirst(), s.failure != nil || s.abandoned, s.spare.isEmpty)
            }
            guard !fails else { return }
            var piece = taken
            if noSpare { makeSpare() }
            do throws(SystemError) {
                try FileSystem.writeAll(fd, piece)
            } catch {
                state.withLock { $0.failure = error }
                return
            }
            let written = piece.count
            piece.removeAll(keepingCapacity: true)
            let started: (offset: Int, count: Int)? = state.withLock { s in
                s.spare.append(piece)
                s.sent += written
                guard s.sent - s.sentToDisk >= Self.writebackStep else { return nil }
                defer { s.sentToDisk = s.sent }
                return (s.sentToDisk, s.sent - s.sentToDisk)
            }
            if let started { FileSystem.startWriteback(fd, offset: started.offset, count: started.count) }
        }
    }

    /// How many buffers this file's writes have taken so far: at most
    /// `piecesInFlight` + 3 however long the file (the one being filled,
    /// those waiting, the one being written, a spare made ahead).
    var buffersMade: Int { state.withLock { $0.made } }

    /// The first write that failed so far, if any.
    var failure: SystemError? { state.withLock { $0.failure } }

    /// Waits until every piece handed over is written.
    /// - Returns: the first write that failed, if any.
    func finish() -> SystemError? {
        queue.sync {}
        return failure
    }

    /// Drops the pieces not yet written and waits for the one being
    /// written, if any: afterwards nothing writes to `fd`.
    func abandon() {
        state.withLock { $0.abandoned = true }
        queue.sync {}
    }

    /// Adds a spare buffer whose memory is touched here, on the queue, so
    /// the producer does not take the page faults.
    private func makeSpare() {
        var b = [UInt8](repeating: 0, count: Self.pieceSize)
        b.removeAll(keepingCapacity: true)
        state.withLock { s in
            s.spare.append(b)
            s.made += 1
        }
    }
}
