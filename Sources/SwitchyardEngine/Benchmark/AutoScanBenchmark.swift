import ScreenModel

/// The measurable core of the Switch Control auto-scan benchmark: a screen of
/// `stops` buttons, Group Items off (every step lands on one of the stops),
/// loops unlimited, Apple's default 1 s Auto Scanning Time, and no input.
///
/// The engine reads no clock; `switchyard-bench` times `run(for:)`.
public struct AutoScanBenchmark {
    /// The session being driven.
    public var session: Session
    /// The number of stops on the screen.
    public let stops: Int

    /// Builds the screen and starts the session at zero.
    /// - Parameter stops: the number of buttons (at least 1).
    public init(stops: Int) {
        precondition(stops >= 1, "the benchmark screen needs at least one stop")
        self.stops = stops
        var children: [String] = []
        children.reserveCapacity(stops)
        let columns = 10
        for i in 0..<stops {
            let x = (i % columns) * 40
            let y = (i / columns) * 40
            children.append("{\"label\": \"Item \(i + 1)\", \"traits\": [\"button\"], \"frame\": {\"x\": \(x), \"y\": \(y), \"width\": 36, \"height\": 36}}")
        }
        let json = "{\"name\": \"Bench\", \"screens\": {\"grid\": {\"size\": {\"width\": 400, \"height\": \((stops / columns + 1) * 40)}, \"root\": {\"children\": [\(children.joined(separator: ","))]}}}}"
        let app: AppModel
        do {
            app = try AppDecoder(file: "bench.json").decode(Array(json.utf8))
        } catch {
            preconditionFailure("the benchmark screen is valid: \(error)")
        }
        var settings = SwitchControlSettings()
        settings.loops = nil
        settings.groupItems = false
        do {
            session = try Session(app: app, configuration: SessionConfiguration(technology: .switchControl(settings)))
        } catch {
            preconditionFailure("the benchmark settings are valid: \(error)")
        }
        _ = session.start(at: .zero)
    }

    /// Advances the session by `simulated` time with no input.
    /// - Parameter simulated: how much virtual time to run.
    /// - Returns: the number of highlight steps taken.
    public mutating func run(for simulated: Interval) -> Int {
        var steps = 0
        session.advance(to: session.now + simulated) { e in
            if case .highlighted = e.event { steps &+= 1 }
        }
        return steps
    }
}
