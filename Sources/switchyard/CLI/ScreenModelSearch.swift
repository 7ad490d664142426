import Foundation
import ScreenModel

/// The rule by which `switchyard scan-report` (and the `scan-report`
/// package plugin) finds the screen models in a folder (docs/importing.md,
/// "Which files scan-report reads"):
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
/// `skipping`, and symbolic links to folders inside the folder searched
/// (the folder named may be one).
enum ScreenModelSearch {
    /// How much of a file the rule reads to decide.
    static let sniffLength = 4096

    /// The screen models under `folder`, as paths relative to it, sorted.
    /// - Parameter skipping: folders not searched (the reports' own folder).
    static func find(in folder: String, skipping: [String] = []) -> [String] {
        // The folder named may itself be a symbolic link (a checkout's
        // `Examples` linked into a scratch folder); links inside it are not followed.
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath()
        let skipped = Set(skipping.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
        guard let walk = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isDirectoryKey, .isRegularFileKey, .isSymbolicLinkKey],
            options: [.skipsHiddenFiles]) else { return [] }
        var found: [String] = []
        for case let url as URL in walk {
            let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isRegularFileKey, .isSymbolicLinkKey])
            if values?.isDirectory == true {
                if skipped.contains(url.standardizedFileURL.path) || values?.isSymbolicLink == true
                    || FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                    walk.skipDescendants()
                }
                continue
            }
            let relative = String(String(url.standardizedFileURL.path.dropFirst(root.path.count)).drop { $0 == "/" })
            if isScreenModel(join(folder, relative)) { found.append(relative) }
        }
        return found.sorted()
    }

    /// The screen models `paths` name: each folder's, found by the rule
    /// (joined to the folder), and each file as it is.
    /// - Parameters:
    ///   - paths: folders and files from the command line.
    ///   - skipping: folders not searched.
    ///   - command: the command, for the error when nothing is found.
    /// - Returns: each model's path as the command reads it, and its path
    ///   relative to the folder searched (a file's: its name).
    /// - Throws: `SetupError` for a path that does not exist, or when no
    ///   screen model is found.
    static func files(_ paths: [String], skipping: [String], command: String) throws(SetupError) -> [(path: String, relative: String)] {
        var found: [(path: String, relative: String)] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .cannotRead(file: path, kind: "folder or screen model", reason: "no such file or folder")
            }
            if isDirectory.boolValue {
                found += find(in: path, skipping: skipping).map { (join(path, $0), $0) }
            } else {
                found.append((path, (path as NSString).lastPathComponent))
            }
        }
        guard !found.isEmpty else { throw .noScreenModels(command: command, folders: paths) }
        return found
    }

    /// `folder/relative` (`relative` alone in the current folder).
    static func join(_ folder: String, _ relative: String) -> String {
        if folder == "." { return relative }
        return folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }

    /// Whether the file at `path` is a screen model by the rule.
    static func isScreenModel(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        if name.hasSuffix(".switchyard.json") { return true }
        guard name.hasSuffix(".json") || name.hasSuffix(".xml") || name.hasSuffix(".txt"),
              let handle = FileHandle(forReadingAtPath: path),
              let data = try? handle.read(upToCount: sniffLength) else { return false }
        try? handle.close()
        if name.hasSuffix(".json") {
            return declaresSchema(String(decoding: data, as: UTF8.self))
        }
        let format = AppLoader.detect([UInt8](data))
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
}
