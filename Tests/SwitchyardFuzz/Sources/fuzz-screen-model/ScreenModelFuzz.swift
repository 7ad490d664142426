import FuzzSupport
import ScreenModel

/// Screen-model JSON: decode and validate; for a valid app, the navigation
/// order and `inspect` report of every screen for every technology, and the
/// encoder's output decodes back to the same app (`checkApp`).
func fuzzScreenModel(_ bytes: [UInt8]) {
    do {
        checkApp(try AppDecoder(file: "fuzz.json").decode(bytes), from: String(decoding: bytes, as: UTF8.self))
    } catch {
        render(error)
    }
}
