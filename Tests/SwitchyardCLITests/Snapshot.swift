import Foundation
import Testing

/// Expected output kept in files: `Snapshots/<folder>/<name>.txt` in the
/// source tree, named after what it is, compared byte for byte.
///
/// To change expected output on purpose, run the tests that compare it with
/// `SWITCHYARD_UPDATE_SNAPSHOTS=1`: every file that differs (or is missing,
/// or is no longer made) is rewritten (or removed), each change is reported
/// as a failure so that a run that rewrote something never passes, and the
/// files show in `git diff` for review:
///
///     SWITCHYARD_UPDATE_SNAPSHOTS=1 swift test --skip-build --filter SwitchyardCLITests
enum Snapshot {
    /// The folder that holds every snapshot.
    static let root = repoRoot.appendingPathComponent("Tests/SwitchyardCLITests/Snapshots")

    /// Whether this run writes snapshots instead of comparing them.
    static let updating = ProcessInfo.processInfo.environment["SWITCHYARD_UPDATE_SNAPSHOTS"] == "1"

    /// The file of snapshot `name` in `folder`.
    static func file(_ folder: String, _ name: String) -> URL {
        root.appendingPathComponent("\(folder)/\(name).txt")
    }

    /// The path of `url` from the repository root, as failures print it.
    static func shown(_ url: URL) -> String {
        String(url.path.dropFirst(repoRoot.path.count + 1))
    }

    /// Where `actual` and `expected` first differ, as a line number and both lines.
    static func firstDifference(_ actual: Data, _ expected: Data) -> String {
        let a = actual.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let e = expected.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let line = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
        func text(_ lines: [Data]) -> String {
            line < lines.count ? String(decoding: lines[line].prefix(300), as: UTF8.self).debugDescription : "(no such line)"
        }
        return "line \(line + 1) (\(actual.count) bytes, expected \(expected.count)):\n  got      \(text(a))\n  expected \(text(e))"
    }
}

/// The text of snapshot `name` in `folder`.
func snapshot(_ folder: String, _ name: String) throws -> String {
    try String(contentsOf: Snapshot.file(folder, name), encoding: .utf8)
}

/// Expects `actual` to be snapshot `name` in `folder`, byte for byte (or,
/// with `SWITCHYARD_UPDATE_SNAPSHOTS=1`, makes it so).
func expectSnapshot(_ actual: String, _ folder: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    expectSnapshot(Data(actual.utf8), folder, name, sourceLocation: sourceLocation)
}

/// Expects `actual` to be snapshot `name` in `folder`, byte for byte (or,
/// with `SWITCHYARD_UPDATE_SNAPSHOTS=1`, makes it so).
func expectSnapshot(_ actual: Data, _ folder: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let file = Snapshot.file(folder, name)
    let expected = try? Data(contentsOf: file)
    if expected == actual { return }
    guard Snapshot.updating else {
        if let expected {
            Issue.record("\(Snapshot.shown(file)) differs at \(Snapshot.firstDifference(actual, expected))", sourceLocation: sourceLocation)
        } else {
            Issue.record("no snapshot \(Snapshot.shown(file)); write it with SWITCHYARD_UPDATE_SNAPSHOTS=1", sourceLocation: sourceLocation)
        }
        return
    }
    do {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try actual.write(to: file)
        Issue.record("wrote \(Snapshot.shown(file)): review it, then run again without SWITCHYARD_UPDATE_SNAPSHOTS", sourceLocation: sourceLocation)
    } catch {
        Issue.record("cannot write \(Snapshot.shown(file)): \(error)", sourceLocation: sourceLocation)
    }
}

/// Expects the snapshots in `folder` (its subfolders included) to be
/// `outputs`, each by name, byte for byte, and no other (or, with
/// `SWITCHYARD_UPDATE_SNAPSHOTS=1`, makes it so: a snapshot no longer
/// made is removed).
func expectSnapshots(_ outputs: [String: Data], in folder: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for (name, output) in outputs.sorted(by: { $0.key < $1.key }) {
        expectSnapshot(output, folder, name, sourceLocation: sourceLocation)
    }
    let base = Snapshot.root.appendingPathComponent(folder)
    for stale in snapshotNames(in: base).subtracting(outputs.keys).sorted() {
        let file = Snapshot.file(folder, stale)
        guard Snapshot.updating else {
            Issue.record("\(Snapshot.shown(file)) is no longer made; remove it with SWITCHYARD_UPDATE_SNAPSHOTS=1", sourceLocation: sourceLocation)
            continue
        }
        do {
            try FileManager.default.removeItem(at: file)
            Issue.record("removed \(Snapshot.shown(file)), no longer made", sourceLocation: sourceLocation)
        } catch {
            Issue.record("cannot remove \(Snapshot.shown(file)): \(error)", sourceLocation: sourceLocation)
        }
    }
}

/// The names of the snapshots under `folder` (`sub/name` for
/// `sub/name.txt`), none when it does not exist.
private func snapshotNames(in folder: URL) -> Set<String> {
    guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
    var names: Set<String> = []
    for case let url as URL in walk where url.pathExtension == "txt" && (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
        let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
        names.insert(String(relative.dropLast(4)))
    }
    return names
}
