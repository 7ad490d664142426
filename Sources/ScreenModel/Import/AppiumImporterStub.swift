// Temporary until the importer lands (branch imp).
public struct AppiumImporter {
    public var file: String
    public init(file: String) { self.file = file }
    public func importApp(_ bytes: [UInt8]) throws(ScreenModelError) -> AppModel {
        throw .invalidValue(file: file, at: "file", message: "Appium import is not available yet")
    }
}
