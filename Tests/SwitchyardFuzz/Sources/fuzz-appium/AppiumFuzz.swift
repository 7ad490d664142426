import FuzzSupport
import ScreenModel

/// Appium XCUITest page source: import (XMLParser over libxml2) and validate;
/// for an imported app, the navigation order and `inspect` report for every
/// technology, and the encoder's output decodes back to the same app (`checkApp`).
func fuzzAppium(_ bytes: [UInt8]) {
    do {
        checkApp(try AppiumImporter(file: "capture_390x844.xml").importApp(bytes), from: String(decoding: bytes, as: UTF8.self))
    } catch {
        render(error)
    }
}
