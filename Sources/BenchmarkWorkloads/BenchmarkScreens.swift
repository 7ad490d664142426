import ScreenModel
import SwitchyardEngine

/// The screens and sessions the engine's benchmarks (and the scan-time
/// benchmark's speed figures) drive, built with the model's API.
public enum BenchmarkScreens {
    /// A grid of `count` buttons, `pitch` points apart (each `pitch × 0.9`
    /// square, 36 × 36 every 40 by default), `columns` to a row, labelled
    /// `"<label> 1"`…, inside one `contain` container when `contained`: the
    /// app "Bench", its one screen "grid".
    public static func grid(count: Int, columns: Int, label: String, contained: Bool, pitch: Int = 40) -> AppModel {
        precondition(count >= 1, "the benchmark screen needs at least one button")
        let side = Double(pitch * 9 / 10)
        var table: [Element] = []
        table.reserveCapacity(count + 2)
        var parent = Element.append(Element(), parent: nil, to: &table)
        if contained {
            var container = Element()
            container.childBehavior = .contain
            parent = Element.append(container, parent: parent, to: &table)
        }
        for i in 0..<count {
            var button = Element()
            button.label = "\(label) \(i + 1)"
            button.traits = .button
            button.frame = Rect(x: Double((i % columns) * pitch), y: Double((i / columns) * pitch), width: side, height: side)
            _ = Element.append(button, parent: parent, to: &table)
        }
        let size = Rect(x: 0, y: 0, width: Double(columns * pitch), height: Double((count / columns + 1) * pitch))
        return AppModel(name: "Bench", startScreen: "grid", screens: [Screen(name: "grid", size: size, elements: table)])
    }

    /// A session on `app` running `technology`, started at zero.
    static func session(_ app: AppModel, _ technology: TechnologySettings) -> Session {
        var session: Session
        do {
            session = try Session(app: app, configuration: SessionConfiguration(technology: technology))
        } catch {
            preconditionFailure("the benchmark settings are valid: \(error)")
        }
        _ = session.start(at: .zero)
        return session
    }
}
