import ScreenModel

/// The screens and sessions the engine's benchmarks (and the scan-time
/// benchmark's speed figures) drive.
public enum BenchmarkScreens {
    /// A grid of `count` buttons, `pitch` points apart (each `pitch × 0.9`
    /// square, 36 × 36 every 40 by default), `columns` to a row, labelled
    /// `"<label> 1"`…, inside one `contain` container when `contained`.
    public static func grid(count: Int, columns: Int, label: String, contained: Bool, pitch: Int = 40) -> AppModel {
        precondition(count >= 1, "the benchmark screen needs at least one button")
        let side = pitch * 9 / 10
        var children: [String] = []
        children.reserveCapacity(count)
        for i in 0..<count {
            let x = (i % columns) * pitch
            let y = (i / columns) * pitch
            children.append("{\"label\": \"\(label) \(i + 1)\", \"traits\": [\"button\"], \"frame\": {\"x\": \(x), \"y\": \(y), \"width\": \(side), \"height\": \(side)}}")
        }
        var body = children.joined(separator: ",")
        if contained { body = "{\"childBehavior\": \"contain\", \"children\": [\(body)]}" }
        let json = "{\"name\": \"Bench\", \"screens\": {\"grid\": {\"size\": {\"width\": \(columns * pitch), \"height\": \((count / columns + 1) * pitch)}, \"root\": {\"children\": [\(body)]}}}}"
        do {
            return try AppDecoder(file: "bench.json").decode(Array(json.utf8))
        } catch {
            preconditionFailure("the benchmark screen is valid: \(error)")
        }
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
