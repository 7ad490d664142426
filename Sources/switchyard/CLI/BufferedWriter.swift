/// Bytes for one open descriptor, written in large pieces: one `write(2)`
/// per `capacity` bytes (or per `flush()`), never one per line. Standard
/// output and every `OutputFile` write through one of these; a file that
/// replaces its target at commit hands its pieces to a `WriteBehind`.
///
/// The first failed write is kept in `failure` and everything after it is
/// dropped, as C's `ferror` does; whoever owns the writer reports it once.
struct BufferedWriter: ~Copyable {
    /// Bytes kept before a `write(2)`.
    static let capacity = 64 * 1024

    let fd: Int32
    /// Write after every `write(_:)` call (a terminal, where each line or
    /// frame must show at once).
    let flushesEachWrite: Bool
    /// Cut the file to nothing before the first bytes reach it (a file
    /// written in place, opened without `O_TRUNC`).
    private var truncatesFirst: Bool
    /// Where the pieces go when nobody sees the file until it is complete
    /// (`OutputFile` replacing its target): written on a queue of their
    /// own, their disk writes started as they go.
    private let behind: WriteBehind?
    private var buffer: [UInt8] = []
    /// The first write that failed here; nothing is written after it.
    private var ownFailure: SystemError?

    init(fd: Int32, flushesEachWrite: Bool = false, truncatesFirst: Bool = false) {
        self.fd = fd
        self.flushesEachWrite = flushesEachWrite
        self.truncatesFirst = truncatesFirst
        behind = nil
        buffer.reserveCapacity(Self.capacity)
    }

    /// A writer whose pieces `behind` writes (to its descriptor).
    init(behind: WriteBehind) {
        fd = behind.fd
        flushesEachWrite = false
        truncatesFirst = false
        self.behind = behind
        // Its buffers come from `behind`, the first when the first bytes do.
    }

    /// The first write that failed (here, or on the write-behind queue so
    /// far); nothing is written after it.
    var failure: SystemError? { ownFailure ?? behind?.failure }

    /// Appends `s` (UTF-8).
    mutating func write(_ s: String) {
        var s = s
        s.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Appends `bytes`; a piece larger than the buffer goes out in one call
    /// (written behind, it is cut into pieces of `WriteBehind.pieceSize`).
    mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard ownFailure == nil else { return }
        if let behind { return fill(bytes, behind) }
        if buffer.count + bytes.count > Self.capacity {
            flush()
            if bytes.count >= Self.capacity {
                send(bytes)
                return
            }
        }
        buffer.append(contentsOf: bytes)
        if flushesEachWrite { flush() }
    }

    /// Copies `bytes` into buffers of `WriteBehind.pieceSize` bytes,
    /// handing each to `behind` when it is full.
    private mutating func fill(_ bytes: UnsafeRawBufferPointer, _ behind: WriteBehind) {
        var rest = bytes[...]
        while !rest.isEmpty {
            if buffer.capacity == 0 { buffer = behind.emptyBuffer() }
            let n = min(WriteBehind.pieceSize - buffer.count, rest.count)
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: rest.prefix(n)))
            rest = rest.dropFirst(n)
            if buffer.count == WriteBehind.pieceSize { behind.write(&buffer) }
        }
    }

    /// Writes what is buffered.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        if let behind {
            // The buffer itself is handed over; an emptied one takes its place.
            return behind.write(&buffer)
        }
        let pending = buffer
        buffer.removeAll(keepingCapacity: true)
        pending.withUnsafeBytes { send($0) }
    }

    /// Flushes, waits for the pieces written behind, and cuts a file
    /// written in place that got no bytes at all.
    mutating func finish() {
        flush()
        if let error = behind?.finish(), ownFailure == nil { ownFailure = error }
        if truncatesFirst && failure == nil { truncateOnce() }
    }

    /// Drops what is buffered or waits to be written behind: afterwards
    /// nothing writes to `fd`, which may be closed.
    mutating func abandon() {
        buffer.removeAll()
        behind?.abandon()
    }

    /// Records `error` as the writer's failure, as if a write had failed.
    mutating func fail(_ error: SystemError) {
        if ownFailure == nil { ownFailure = error }
        buffer.removeAll()
    }

    private mutating func send(_ bytes: UnsafeRawBufferPointer) {
        guard ownFailure == nil, !bytes.isEmpty else { return }
        if truncatesFirst { truncateOnce() }
        do { try FileSystem.writeAll(fd, bytes) } catch { return fail(error) }
    }

    private mutating func truncateOnce() {
        truncatesFirst = false
        do { try FileSystem.truncate(fd) } catch { fail(error) }
    }
}
