import ScreenModel

/// What must hold for every app a parser accepts: the navigation order,
/// both `inspect` reports and the terminal sketch (`live`, `demo`) of every
/// screen, for every technology, come out (no stop listed twice or outside
/// its screen), and the encoder's JSON decodes back to the same app.
/// - Parameters:
///   - app: an app a parser accepted.
///   - source: what it was read from, for the message of a broken invariant.
public func checkApp(_ app: AppModel, from source: @autoclosure () -> String) {
    for screen in app.screens {
        for technology in Technology.allCases {
            let report = InspectionReport(app: app, screen: screen, technology: technology)
            let stops = report.order.stops
            invariant(Set(stops).count == stops.count, "a stop is listed twice on \(screen.name)")
            invariant(stops.allSatisfy { screen.elements.indices.contains($0) }, "a stop is not an element of \(screen.name)")
            _ = report.text()
            _ = report.json()
            let sketch = ScreenSketch(columns: 16, rows: 8).render(screen, order: report.order, highlight: stops.first.map { screen.frames[$0] })
            invariant(sketch.count == 10, "the sketch of \(screen.name) has \(sketch.count) lines, not 10")
        }
    }
    let text = AppEncoder().encode(app)
    do {
        let again = try AppDecoder(file: "encoded.json").decode(Array(text.utf8))
        invariant(again == app, "the encoded app decodes to a different app:\n\(text)\nfrom \(source())")
    } catch {
        invariant(false, "the encoded app does not decode: \(error)\n\(text)\nfrom \(source())")
    }
}
