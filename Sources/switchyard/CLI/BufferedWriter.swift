/// Bytes for one open descriptor, written in large pieces: one `write(2)`
/// per `capacity` bytes (or per `flush()`), never one per line. Standard
/// output and every `OutputFile` write through one of these.
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
    /// A new file that is synced when complete (`OutputFile`): its disk
    /// writes are started each `writebackStep` bytes, while the work goes
    /// on, so the final sync waits for little.
    private let startsWriteback: Bool
    static let writebackStep = 1 << 20
    /// Bytes written to the file, and of those, whose writeback was started.
    private var sent = 0
    private var sentToDisk = 0
    private var buffer: [UInt8] = []
    /// The first write that failed; nothing is written after it.
    private(set) var failure: SystemError?

    init(fd: Int32, flushesEachWrite: Bool = false, truncatesFirst: Bool = false, startsWriteback: Bool = false) {
        self.fd = fd
        self.flushesEachWrite = flushesEachWrite
        self.truncatesFirst = truncatesFirst
        self.startsWriteback = startsWriteback
        buffer.reserveCapacity(Self.capacity)
    }

    /// Appends `s` (UTF-8).
    mutating func write(_ s: String) {
        var s = s
        s.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Appends `bytes`; a piece larger than the buffer goes out in one call.
    mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil else { return }
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

    /// Writes what is buffered.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        let pending = buffer
        buffer.removeAll(keepingCapacity: true)
        pending.withUnsafeBytes { send($0) }
    }

    /// Flushes, and cuts a file written in place that got no bytes at all.
    mutating func finish() {
        flush()
        if truncatesFirst && failure == nil { truncateOnce() }
    }

    /// Records `error` as the writer's failure, as if a write had failed.
    mutating func fail(_ error: SystemError) {
        if failure == nil { failure = error }
        buffer.removeAll()
    }

    private mutating func send(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, !bytes.isEmpty else { return }
        if truncatesFirst { truncateOnce() }
        do { try FileSystem.writeAll(fd, bytes) } catch { return fail(error) }
        sent += bytes.count
        if startsWriteback && sent - sentToDisk >= Self.writebackStep {
            FileSystem.startWriteback(fd, offset: sentToDisk, count: sent - sentToDisk)
            sentToDisk = sent
        }
    }

    private mutating func truncateOnce() {
        truncatesFirst = false
        do { try FileSystem.truncate(fd) } catch { fail(error) }
    }
}
