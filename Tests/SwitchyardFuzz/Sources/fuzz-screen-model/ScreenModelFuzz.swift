import FuzzSupport
import ScreenModel

/// Screen-model JSON: decode and validate; for a valid app, the navigation
/// order and `inspect` report of every screen for every technology, and the
/// encoder's output decodes back to the same app.
func fuzzScreenModel(_ bytes: [UInt8]) {
    let app: AppModel
    do {
        app = try AppDecoder(file: "fuzz.json").decode(bytes)
    } catch {
        render(error)
        return
    }
    inspectEveryScreen(app)
    let text = AppEncoder().encode(app)
    do {
        let again = try AppDecoder(file: "encoded.json").decode(Array(text.utf8))
        invariant(again == app, "the encoded app decodes to a different app:\n\(text)")
    } catch {
        invariant(false, "the encoded app does not decode: \(error)\n\(text)")
    }
}

/// The navigation order and both `inspect` reports of every screen, for every technology.
func inspectEveryScreen(_ app: AppModel) {
    for screen in app.screens {
        for technology in Technology.allCases {
            let report = InspectionReport(app: app, screen: screen, technology: technology)
            invariant(Set(report.order.stops).count == report.order.stops.count, "a stop is listed twice on \(screen.name)")
            invariant(report.order.stops.allSatisfy { screen.elements.indices.contains($0) }, "a stop is not an element of \(screen.name)")
            _ = report.text()
            _ = report.json()
        }
    }
}
