import Foundation
import ScreenModel

/// Where the fuzz targets find the repository's own files (`Examples/`,
/// `Devices/`), derived from this file's path.
public enum FuzzFiles {
    /// Root of the source checkout.
    public static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }   // FuzzSupport, Sources, SwitchyardFuzz, Tests, root
        return url.path
    }()

    /// A scenario "file" inside `Examples/scenarios/`, so that a fuzzed
    /// scenario's relative `app` and `settings` lines reach the examples.
    public static var scenarioFile: String { repositoryRoot + "/Examples/scenarios/fuzz.swy" }

    /// The bytes of `path` when it is a regular file of at most 1 MiB, else nil.
    /// Fuzzed names never reach devices or FIFOs (a read of `/dev/zero`
    /// never ends), nor large files.
    public static func smallRegularFile(_ path: String) -> [UInt8]? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = attributes[.size] as? Int, size <= 1 << 20,
              let data = FileManager.default.contents(atPath: path) else { return nil }
        return [UInt8](data)
    }
}

/// Apps loaded from files, by path, so that a fuzzed scenario naming an
/// example app pays for decoding it once. The fuzz targets are single-threaded.
nonisolated(unsafe) private var appCache: [String: AppModel] = [:]

/// The app at `path` (any format `AppLoader` reads), cached.
/// - Throws: `ScreenModelError`, or `FuzzFileError` for a path that is not a small regular file.
public func cachedApp(at path: String) throws -> AppModel {
    if let app = appCache[path] { return app }
    guard let bytes = FuzzFiles.smallRegularFile(path) else { throw FuzzFileError(path: path) }
    let app = try AppLoader.load(bytes, file: path)
    appCache[path] = app
    return app
}

/// A fuzzed path the fuzz targets do not open.
public struct FuzzFileError: Error, CustomStringConvertible {
    public var path: String
    public var description: String { "\(path): not a regular file of at most 1 MiB (fuzz targets open no others)" }
}
