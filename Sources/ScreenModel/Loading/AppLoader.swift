import Diagnostics
import Foundation

/// Loads an app from a file in any format Switchyard reads, detected by
/// content: screen-model JSON (`{`) or Appium XCUITest page source (`<`).
public enum AppLoader {
    /// The formats a file can be in.
    public enum Format: String, Sendable {
        case screenModelJSON = "screen-model JSON"
        case appiumXML = "Appium XCUITest XML"
    }

    /// Detects the format from the first non-blank character.
    public static func detect(_ bytes: [UInt8]) -> Format? {
        var k = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { k = 3 }
        while k < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[k]) { k += 1 }
        guard k < bytes.count else { return nil }
        switch bytes[k] {
        case UInt8(ascii: "{"): return .screenModelJSON
        case UInt8(ascii: "<"): return .appiumXML
        default: return nil
        }
    }

    /// Decodes `bytes` read from `file`.
    /// - Throws: `ScreenModelError` naming the file and where it went wrong.
    public static func load(_ bytes: [UInt8], file: String) throws(ScreenModelError) -> AppModel {
        switch detect(bytes) {
        case .screenModelJSON: return try AppDecoder(file: file).decode(bytes)
        case .appiumXML: return try AppiumImporter(file: file).importApp(bytes)
        case nil:
            if bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
                throw .invalidValue(file: file, at: "file", message: "the file is empty; expected screen-model JSON or Appium XML")
            }
            throw .invalidValue(file: file, at: "file", message: "unrecognised format; expected screen-model JSON (starting with '{') or Appium XCUITest XML (starting with '<')")
        }
    }

    /// Reads and decodes the file at `path`. A regular file larger than
    /// `Limits.maximumFileBytes` is refused before it is read.
    public static func load(path: String) throws(ScreenModelError) -> AppModel {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, limit: Limits.maximumFileBytes)
        } catch {
            if case .tooLarge(let size, let limit) = error { throw .tooLarge(file: path, bytes: size, limit: limit) }
            throw .unreadable(file: path, reason: error.description)
        }
        return try load(bytes, file: path)
    }
}
