import Diagnostics
import Foundation
import Glibc

/// A fresh directory under the system's temporary directory, removed when
/// released.
///
/// Named by `mkdtemp`, not `UUID()`: Foundation's `UUID` reads
/// `/dev/urandom`, and under umockdev's preload every `/dev` node opened
/// while no testbed exists leaves a socket behind (docs/hardware.md,
/// "Descriptors").
public final class TemporaryDirectory {
    public let url: URL

    /// Creates `switchyard-XXXXXX` (or `PREFIX-XXXXXX`) in the temporary directory.
    /// The corresponding C function is `mkdtemp`.
    public init(prefix: String = "switchyard") throws {
        var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-XXXXXX").path.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Diagnostic(.error, "cannot create a temporary directory: \(String(cString: strerror(errno)))")
        }
        url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }

    /// The path of `name` inside the directory.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` inside the directory and returns its URL.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> URL {
        let f = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: f)
        return f
    }

    /// The text of `name` inside the directory.
    public func read(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
