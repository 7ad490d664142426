import FuzzSupport
import ScreenModel

/// XCTest's `debugDescription` text: `AppLoader`'s detection, then
/// `XCTestImporter` (UTF-8 check, the quoted-string check, the line
/// reader); for an imported app, `checkApp` as for the other importers.
func fuzzXCTest(_ bytes: [UInt8]) {
    _ = AppLoader.detect(bytes)
    do {
        checkApp(try XCTestImporter(file: "debug-description.txt").importApp(bytes), from: String(decoding: bytes, as: UTF8.self))
    } catch {
        render(error)
    }
}
