import FuzzSupport
import ScreenModel

/// Android UiAutomator page source, both forms (Appium UiAutomator2's
/// class-named tags, `uiautomator dump`'s `<node>`s): `AppLoader`'s
/// detection, then `AndroidImporter` (libxml2's SAX2 parser through
/// `CLibxml2`), with the density guessed for an input of even length and
/// given (420 dpi) for an odd one. For an imported app: it is on Android,
/// the density was guessed exactly when none was given, and `checkApp`
/// (orders, reports, sketches, the encoder's round trip, a Switch Control
/// session) holds.
func fuzzAndroid(_ bytes: [UInt8]) {
    _ = AppLoader.detect(bytes)
    let given = bytes.count % 2 == 1 ? AndroidDensity(parsing: "420") : nil
    do {
        let capture = try AndroidImporter(file: "capture_1080x2400.xml", density: given).importCapture(bytes)
        invariant(capture.app.platform == .android, "an Android capture imported as \(capture.app.platform)")
        invariant(capture.densityGuessed == (given == nil), "density guessed: \(capture.densityGuessed), given: \(String(describing: given))")
        invariant(AndroidDensity.range.contains(capture.density.scale), "density \(capture.density) outside its range")
        for note in capture.notes(file: "capture_1080x2400.xml") { render(note) }
        checkApp(capture.app, from: String(decoding: bytes, as: UTF8.self))
    } catch {
        render(error)
    }
}
