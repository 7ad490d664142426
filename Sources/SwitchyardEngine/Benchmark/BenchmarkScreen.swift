import ScreenModel

/// The screen the engine benchmarks drive: `count` buttons named `Item 1` …
/// `Item N`, laid out in a grid of `columns` columns, `pitch` points apart,
/// each `pitch × 0.9` square; one technology runs on it, started at zero.
enum BenchmarkScreen {
    /// A started session on the benchmark screen.
    /// - Parameters:
    ///   - count: the number of buttons (at least 1).
    ///   - columns: buttons per row.
    ///   - pitch: points from one button to the next.
    ///   - technology: the technology and its settings.
    static func session(buttons count: Int, columns: Int, pitch: Int, technology: TechnologySettings) -> Session {
        precondition(count >= 1, "the benchmark screen needs at least one button")
        let side = pitch * 9 / 10
        var children: [String] = []
        children.reserveCapacity(count)
        for i in 0..<count {
            children.append("{\"label\": \"Item \(i + 1)\", \"traits\": [\"button\"], \"frame\": {\"x\": \((i % columns) * pitch), \"y\": \((i / columns) * pitch), \"width\": \(side), \"height\": \(side)}}")
        }
        let json = "{\"name\": \"Bench\", \"screens\": {\"grid\": {\"size\": {\"width\": \(columns * pitch), \"height\": \((count / columns + 1) * pitch)}, \"root\": {\"children\": [\(children.joined(separator: ","))]}}}}"
        let app: AppModel
        do {
            app = try AppDecoder(file: "bench.json").decode(Array(json.utf8))
        } catch {
            preconditionFailure("the benchmark screen is valid: \(error)")
        }
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
