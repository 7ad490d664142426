import ScreenModel
import SwitchyardEngine

/// What must hold for every app a parser accepts: the navigation order,
/// both `inspect` reports and the terminal sketch (`live`, `demo`) of every
/// screen, for every technology, come out (no stop listed twice or outside
/// its screen); the encoder's JSON decodes back to the same app; and Switch
/// Control drives it (`drive`).
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
    drive(app)
}

/// Drives `app` with Switch Control for 40 simulated seconds, once with the
/// default settings (Auto Scanning, groups) and once in point mode, pressing
/// select every 1.3 s, and checks the engine invariants. `back` and
/// `dismiss` with nothing to go back to are the app model's errors
/// (`appModelError` events, docs/transcript.md), not `bug` events.
func drive(_ app: AppModel) {
    var point = SwitchControlSettings()
    point.mode = .point
    point.loops = 2
    for settings in [SwitchControlSettings(), point] {
        guard var session = try? Session(app: app, configuration: SessionConfiguration(technology: .switchControl(settings))) else {
            invariant(false, "a valid app makes no session")
            return
        }
        var events = session.start(at: .zero)
        for k in 1...30 {
            let t = Instant.milliseconds(Int64(k) * 1_300)
            events += session.handle(TimedInput(.switchDown(.select), at: t))
            events += session.handle(TimedInput(.switchUp(.select), at: t + .milliseconds(120)))
        }
        events += session.advance(to: .seconds(40))
        checkTimeline(events, from: .zero, to: session.now)
    }
}
