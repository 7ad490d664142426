import FuzzSupport
import ScreenModel

/// Appium XCUITest page source: import (XMLParser over libxml2) and validate;
/// for an imported app, the navigation order and `inspect` report for every
/// technology, and the encoder's output decodes as screen-model JSON.
func fuzzAppium(_ bytes: [UInt8]) {
    let app: AppModel
    do {
        app = try AppiumImporter(file: "capture_390x844.xml").importApp(bytes)
    } catch {
        render(error)
        return
    }
    for screen in app.screens {
        for technology in Technology.allCases {
            let report = InspectionReport(app: app, screen: screen, technology: technology)
            invariant(Set(report.order.stops).count == report.order.stops.count, "a stop is listed twice")
            _ = report.text()
            _ = report.json()
        }
    }
    let text = AppEncoder().encode(app)
    do {
        _ = try AppDecoder(file: "encoded.json").decode(Array(text.utf8))
    } catch {
        invariant(false, "the imported app, encoded, does not decode: \(error)\n\(text)")
    }
}
