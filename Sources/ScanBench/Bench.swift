import Diagnostics
import ScreenModel
import SwitchyardEngine

/// The benchmark's entry points: one screen, one technology, one user.
public enum Bench {
    /// Switch Control's costs on `screen`: analytic (the Monte Carlo mean of
    /// the simulation through `Session` instead, when `simulate`).
    /// - Parameters:
    ///   - app: the app (the simulation starts a session on `screen`).
    ///   - screen: the screen to cost.
    ///   - settings: Switch Control's settings.
    ///   - user: the user model.
    ///   - weights: target probabilities; uniform when nil.
    ///   - simulate: run the simulation instead of the analytic model.
    ///   - progress: with `simulate`, called after each simulated trial
    ///     with the trials run and the trials in all (`SwitchScanSimulation.costs(progress:)`).
    /// - Throws: `SessionError` (settings), a `Diagnostic` (user or weights).
    public static func switchControl(app: AppModel, screen: Screen, settings: SwitchControlSettings, user: UserModel,
                                     weights: TargetWeights? = nil, simulate: Bool = false,
                                     progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> BenchReport {
        let model = try SwitchScanModel(screen: screen, settings: settings, user: user)
        // Elements scrolled out of view are reached through the scanner
        // menu's Scroll, which only the simulation costs.
        let simulation = try SwitchScanSimulation(model: model, app: app)
        let costs = simulate ? simulation.costs(progress: progress) : model.costs(afterScrolling: simulation.costAfterScrolling)
        let how = simulate ? (model.missesModelled ? "monte carlo through Session" : "simulation through Session") : "analytic"
        return try report(app, screen, .switchControl, model.method, settingsList(settings), user, how, costs, weights)
    }

    static func report(_ app: AppModel, _ screen: Screen, _ technology: Technology, _ method: String, _ settings: [(String, String)],
                       _ user: UserModel, _ how: String, _ costs: [ElementCost], _ weights: TargetWeights?) throws(Diagnostic) -> BenchReport {
        var costs = costs
        if let weights {
            let w = try weights.weights(of: costs.map(\.element), on: screen)
            for i in costs.indices { costs[i].weight = w[i] }
        }
        return BenchReport(app: app.name, screen: screen.name, technology: technology, method: method, settings: settings, user: user, computedBy: how, elements: costs)
    }

    /// The settings as `name: value` pairs, for the report.
    static func settingsList(_ s: SwitchControlSettings) -> [(String, String)] {
        func t(_ i: Interval?) -> String { i.map { Point.format($0.seconds) } ?? "off" }
        return [
            ("scanning-style", s.scanningStyle.rawValue), ("mode", s.mode.rawValue),
            ("switches", s.switches.map { "\($0.switchID)=\($0.action.rawValue)" }.joined(separator: ",")),
            ("auto-scanning-time", t(s.autoScanningTime)), ("pause-on-first-item", t(s.pauseOnFirstItem)),
            ("loops", s.loops.map(String.init) ?? "unlimited"), ("tap-behavior", s.tapBehavior.rawValue),
            ("auto-tap-time", t(s.autoTapTime)), ("hold-duration", t(s.holdDuration)), ("ignore-repeat", t(s.ignoreRepeat)),
            ("group-items", s.groupItems ? "on" : "off"), ("max-group-size", String(s.maxGroupSize)),
            ("gliding-cursor-selection", s.glidingCursorSelection.rawValue), ("gliding-cursor-speed", String(s.glidingCursorSpeed)),
            ("dwell-time", t(s.dwellTime)), ("start-highlighted", s.startHighlighted ? "on" : "off"),
        ]
    }

    /// The technologies the benchmark costs, in the technology list's order:
    /// those with a cost model here (`report(app:screen:settings:…)`).
    public static var technologies: [Technology] {
        Technology.allCases.filter { [.switchControl, .fullKeyboardAccess, .voiceControl].contains($0) }
    }

    /// The costs on `screen` under `settings`, by the cost model of their
    /// technology: the one entry point for a technology named at run time.
    /// - Parameters:
    ///   - app: the app.
    ///   - screen: the screen to cost.
    ///   - settings: the technology's settings.
    ///   - user: the user model.
    ///   - weights: target probabilities; uniform when nil.
    ///   - simulate: Switch Control: run the simulation instead of the analytic model.
    ///   - progress: with `simulate`, called after each simulated trial.
    /// - Returns: the report; nil for a technology the benchmark has no cost model of (not in `technologies`).
    /// - Throws: `SessionError` (settings), `BenchFileError` (user or weights).
    public static func report(app: AppModel, screen: Screen, settings: TechnologySettings, user: UserModel, weights: TargetWeights? = nil,
                              simulate: Bool = false, progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> BenchReport? {
        if let s = settings.switchControl {
            return try switchControl(app: app, screen: screen, settings: s, user: user, weights: weights, simulate: simulate, progress: progress)
        }
        if let s = settings.keyboard { return try keyboard(app: app, screen: screen, settings: s, user: user, weights: weights) }
        if let s = settings.voiceControl { return try voice(app: app, screen: screen, settings: s, user: user, weights: weights) }
        return nil
    }
}

extension Bench {
    /// Full Keyboard Access's costs on `screen` (breadth-first search through the engine).
    /// - Throws: `SessionError` (settings), a `Diagnostic` (weights).
    public static func keyboard(app: AppModel, screen: Screen, settings: KeyboardAccessSettings, user: UserModel, weights: TargetWeights? = nil) throws -> BenchReport {
        let costs = try KeyboardCosts(app: app, screen: screen, settings: settings, user: user).costs()
        return try report(app, screen, .fullKeyboardAccess, "key commands from no focus, then Activate", [("key-time", Point.format(user.keyTime.seconds))],
                          user, "search through Session", costs, weights)
    }

    /// Voice Control's costs on `screen` (each command tried through the engine).
    /// - Throws: `SessionError` (settings), a `Diagnostic` (weights).
    public static func voice(app: AppModel, screen: Screen, settings: VoiceControlSettings, user: UserModel, weights: TargetWeights? = nil) throws -> BenchReport {
        let costs = try VoiceCosts(app: app, screen: screen, settings: settings, user: user).costs()
        return try report(app, screen, .voiceControl, "spoken commands: name, disambiguation number, or numbers overlay",
                          [("overlay", settings.overlay?.rawValue ?? "none"), ("name-matching", settings.nameMatching.rawValue)],
                          user, "commands through Session", costs, weights)
    }
}
