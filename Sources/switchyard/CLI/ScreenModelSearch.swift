import Glibc
import Diagnostics
import ScreenModel

/// The rule by which `switchyard scan-report` and `switchyard audit` (and
/// their package plugins) find the screen models in a folder
/// (docs/importing.md, "Which files scan-report and audit read"):
///
/// - a file named `*.switchyard.json`;
/// - a `.json` file that declares the screen-model schema near its start
///   (`"$schema": "…/screen-model.schema.json"`, as docs/screen-model.md
///   suggests for editors);
/// - an `.xml` file that `AppLoader.detect` reads as a page source: its
///   root element is an Appium XCUITest page source's (`<AppiumAUT>` or
///   `<XCUIElementType…>`) or an Android UiAutomator one's (`<hierarchy>`);
/// - a `.txt` file that `AppLoader.detect` reads as XCTest's
///   debugDescription (it starts with `Attributes:`, `Element subtree:`
///   or `→`).
///
/// Folders are searched to any depth. Not searched: hidden files and
/// folders (`.build`, `.git`, `.swiftpm`), a folder that holds a
/// `Package.swift` of its own (another package), the folders named in
/// `skipping` (compared by device and inode), and symbolic links to
/// folders inside the folder searched (the folder named may be one).
///
/// Each file's type is looked at (`lstat`, then `stat` through a link)
/// before it is opened: a FIFO, socket or device with a screen model's
/// name is never opened (a FIFO would wait for a writer for ever); it is
/// skipped with a warning. A folder that cannot be listed, and a file the
/// rule must read but cannot, are errors: the search goes on, and the
/// command ends with exit status 2, since a model may have been missed.
enum ScreenModelSearch {
    /// How much of a file the rule reads to decide.
    static let sniffLength = 4096

    /// What a search found.
    struct Search {
        /// Each model's path as the command reads it, and its path relative
        /// to the folder searched (a file named on the command line: its name).
        var models: [(path: String, relative: String)] = []
        /// What was skipped (warnings) and what could not be searched (errors).
        var problems: [Diagnostic] = []
        /// Whether something could not be searched (a model may be missing).
        var isIncomplete: Bool { problems.contains { $0.severity == .error } }
    }

    // MARK: - API

    /// The screen models `paths` name: each folder's, found by the rule
    /// (joined to the folder), and each file as it is (a file named on the
    /// command line is read whatever its name or type, `<(…)` too). The
    /// problems met are printed (`Output.report`) before this returns.
    /// - Parameters:
    ///   - paths: folders and files from the command line.
    ///   - skipping: folders not searched.
    ///   - command: the command, for the error when nothing is found.
    /// - Throws: `SetupError` for a path that does not exist, or when no
    ///   screen model is found.
    static func files(_ paths: [String], skipping: [String], command: String) throws(SetupError) -> Search {
        var search = Search()
        let skipped = skipping.compactMap { try? FileSystem.status($0) }
        for path in paths {
            let status: FileSystem.Status
            do { status = try FileSystem.status(path) } catch {
                throw .cannotRead(file: path, kind: "folder or screen model", reason: error.code == ENOENT ? "no such file or folder" : error.description)
            }
            if status.isDirectory {
                let found = find(in: path, skipping: skipped)
                search.models += found.models.map { (join(path, $0.relative), $0.relative) }
                search.problems += found.problems
            } else {
                search.models.append((path, OutputFile.split(path).name))
            }
        }
        Output.report(search.problems)
        guard !search.models.isEmpty else { throw .noScreenModels(command: command, folders: paths) }
        return search
    }

    /// The screen models under `folder`, as paths relative to it, sorted,
    /// and the problems met, in the order of their paths.
    /// - Parameter skipping: folders not searched (the reports' own folder).
    static func find(in folder: String, skipping: [FileSystem.Status] = []) -> Search {
        var search = Search()
        var pending = [""]
        while let relative = pending.popLast() {
            let here = relative.isEmpty ? folder : join(folder, relative)
            let names: [String]
            do { names = try FileSystem.folderEntries(here) } catch {
                search.problems += SetupError.cannotRead(file: here, kind: "folder", reason: error.description).diagnostics
                continue
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                let inner = relative.isEmpty ? name : relative + "/" + name
                let path = join(folder, inner)
                // Gone since the folder was listed: nothing to search.
                guard var status = try? FileSystem.linkStatus(path) else { continue }
                if status.isSymbolicLink {
                    do { status = try FileSystem.status(path) } catch {
                        if mayBeScreenModel(name) { search.problems.append(skipped(path, "a symbolic link to nothing (\(error))")) }
                        continue
                    }
                    // Links to folders are not followed.
                    if status.isDirectory { continue }
                }
                if status.isDirectory {
                    let isSkipped = skipping.contains { $0.isSameFile(as: status) }
                    let isPackage = (try? FileSystem.status(join(path, "Package.swift"))) != nil
                    if !isSkipped && !isPackage { pending.append(inner) }
                    continue
                }
                guard mayBeScreenModel(name) else { continue }
                if let kind = status.specialKind {
                    search.problems.append(skipped(path, kind + ", not a regular file"))
                    continue
                }
                do {
                    if try isScreenModel(path) { search.models.append((path, inner)) }
                } catch {
                    search.problems += SetupError.cannotRead(file: path, kind: "file to tell whether it is a screen model", reason: error.description).diagnostics
                }
            }
        }
        search.models.sort { $0.relative < $1.relative }
        search.problems.sort { ($0.location?.file ?? "") < ($1.location?.file ?? "") }
        return search
    }

    /// `folder/relative` (`relative` alone in the current folder).
    static func join(_ folder: String, _ relative: String) -> String {
        if folder == "." { return relative }
        return folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }

    /// Whether the regular file at `path` is a screen model by the rule:
    /// by its name, or by its first `sniffLength` bytes. It is opened
    /// without waiting (`O_NONBLOCK`) and read only if it is still a
    /// regular file once open.
    /// - Throws: the `SystemError` that kept it from being read.
    static func isScreenModel(_ path: String) throws(SystemError) -> Bool {
        let name = OutputFile.split(path).name
        if name.hasSuffix(".switchyard.json") { return true }
        guard mayBeScreenModel(name) else { return false }
        let fd = try FileSystem.open(path, O_RDONLY | O_NONBLOCK)
        defer { try? FileSystem.close(fd) }
        guard try FileSystem.status(fd: fd).isRegular else { return false }
        var start = [UInt8](repeating: 0, count: sniffLength)
        let n = try FileSystem.read(fd, into: &start, at: 0)
        let data = Array(start[0..<n])
        if name.hasSuffix(".json") {
            return declaresSchema(String(decoding: data, as: UTF8.self))
        }
        let format = AppLoader.detect(data)
        if name.hasSuffix(".txt") { return format == .xctest }
        return format == .appiumIOS || format?.isAndroid == true
    }

    /// `"$schema"` followed by a string that ends in `screen-model.schema.json`.
    static func declaresSchema(_ text: String) -> Bool {
        var rest = Substring(text)
        while let key = rest.range(of: "\"$schema\"") {
            rest = rest[key.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard rest.first == ":" else { continue }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard rest.first == "\"", let end = rest.dropFirst().firstIndex(of: "\"") else { continue }
            if rest[rest.index(after: rest.startIndex)..<end].hasSuffix("screen-model.schema.json") { return true }
        }
        return false
    }

    // MARK: - Parts

    /// Whether a file named `name` can be a screen model by the rule (its
    /// extension is one the rule reads).
    private static func mayBeScreenModel(_ name: String) -> Bool {
        name.hasSuffix(".json") || name.hasSuffix(".xml") || name.hasSuffix(".txt")
    }

    /// `path: warning: skipped: WHY`.
    private static func skipped(_ path: String, _ why: String) -> Diagnostic {
        Diagnostic(.warning, "skipped: " + why, at: SourceLocation(file: path))
    }
}
