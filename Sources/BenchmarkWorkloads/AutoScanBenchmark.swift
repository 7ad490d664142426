import ScreenModel
import SwitchyardEngine

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
        self.stops = stops
        var settings = SwitchControlSettings()
        settings.loops = nil
        settings.groupItems = false
        session = BenchmarkScreens.session(BenchmarkScreens.grid(count: stops, columns: 10, label: "Item", contained: false), .switchControl(settings))
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
