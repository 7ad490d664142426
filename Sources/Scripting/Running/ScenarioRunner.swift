import Diagnostics
import Foundation
import ScreenModel
import SwitchyardEngine

/// A scenario with its app and settings loaded and every name checked:
/// ready to run, nothing left that can be wrong with the input.
public struct PreparedScenario: Sendable {
    public var scenario: Scenario
    public var app: AppModel
    public var configuration: SessionConfiguration
    /// The session `prepare` made from the app and configuration (not
    /// started): each run starts a copy of it.
    public var session: Session
    /// Length of a `press` without `for`: 100 ms unless `set press-length` says otherwise.
    public var pressLength: Interval
    /// The app running now, for `app atspi` (nil for a screen model): the
    /// run carries the session's events out on it and waits for its changes.
    public var live: (any LiveScenarioApp)?
    /// How long the run waits for the live app after each action.
    public var liveWaits: LiveWaits
}

/// The outcome of one expectation that did not hold (or of a `bug` event:
/// something the engine did not expect, which fails the run too).
public struct ExpectationFailure: Sendable, Hashable {
    public var position: SourcePosition
    public var message: String
    /// The events just before the failure (and any at its instant), for context.
    public var context: [TimedEvent]
    public var time: Instant
}

/// What running a scenario produced. The events themselves go to the
/// runner's `each` hook as they happen (`ScenarioRunner.run(_:each:)`);
/// the result keeps none of them, so it does not grow with simulated time.
public struct ScenarioResult: Sendable {
    public var file: String
    /// Failed expectations and `bug` events, in the order they happened.
    public var failures: [ExpectationFailure]
    /// The line the run stopped at because it could not go on (an `at`
    /// earlier than the clock, after a `within` wait ran late): a scenario
    /// error, like those found before the run (exit status 2).
    public var stopped: ScriptError?
    /// How many expectations were checked.
    public var expectations: Int
    /// How many of them held.
    public var held: Int
    /// Simulated time at the end.
    public var endTime: Instant
    /// Inputs delivered: switch presses, keys, utterances.
    public var presses: Int
    /// Switch presses (`press`, `down`).
    public var switchPresses: Int
    /// Keys pressed: one per `key` chord and per character of `type`.
    public var keyPresses: Int
    /// Spoken commands (`say`).
    public var utterances: Int
    /// The technologies the scenario ran, in routing order.
    public var technologies: [Technology]
    /// The most events the runner held at once (the window since the last
    /// input and the context kept for failure reports); bounded by the app,
    /// never by the length of the scenario.
    public var peakRetainedEvents: Int
    public var passed: Bool { failures.isEmpty && stopped == nil }

    /// The inputs the run delivered through `technology`'s scenario verbs,
    /// counted: `9 switch presses`, `31 key presses`, `9 spoken commands`
    /// (a technology with no verbs here: `0 inputs`).
    public func inputs(of technology: Technology) -> String {
        switch technology {
        case .switchControl: return Plural.count(switchPresses, "switch press", "switch presses")
        case .fullKeyboardAccess: return Plural.count(keyPresses, "key press", "key presses")
        case .voiceControl: return Plural.count(utterances, "spoken command")
        default: return Plural.count(0, "input")
        }
    }
}

/// Loads what a scenario names and runs it against a `Session` in simulated
/// time: an hour of switch use runs in milliseconds. A live app
/// (`app atspi`) runs in real time beside the session: the runner waits for
/// its changes after each action (docs/scenarios.md, "Live desktop apps").
///
/// Its parts, one file each: preparing (`Prepare.swift`: the app, the
/// settings through the engine's `SettingsFiles`, every line checked), the
/// run loop (`Run.swift`), the expectations (`RunExpectations.swift`,
/// `PresentationChecks.swift`) and the waits for a live app (`RunLiveApp.swift`).
public struct ScenarioRunner: Sendable {
    /// Loads apps that are not the demo; the runner has no file system rules of its own.
    public typealias AppProvider = @Sendable (AppSource, _ scenarioFile: String) throws -> AppModel
    /// Gives the app an `app` line names: a screen model, or a live app
    /// (the runner links no accessibility library; the caller makes it).
    public typealias ScenarioAppProvider = @Sendable (AppSource, _ scenarioFile: String) throws -> ScenarioApp

    let appProvider: ScenarioAppProvider
    /// How long runs wait for a live app after each action.
    public var liveWaits = LiveWaits()

    /// A runner whose apps are screen models only.
    /// - Parameter appProvider: loads the app an `app` line names.
    public init(appProvider: @escaping AppProvider) {
        self.appProvider = { source, file in .model(try appProvider(source, file)) }
    }

    /// A runner whose apps may be live (`app atspi`).
    /// - Parameters:
    ///   - scenarioApps: gives the app an `app` line names.
    ///   - liveWaits: how long to wait for a live app after each action.
    public init(scenarioApps: @escaping ScenarioAppProvider, liveWaits: LiveWaits = LiveWaits()) {
        self.appProvider = scenarioApps
        self.liveWaits = liveWaits
    }

    public static let defaultPressLength = Interval.milliseconds(100)

    /// Resolves `path` against the folder of `scenarioFile`; against the
    /// working directory for a scenario read from `/dev/stdin` or a process
    /// substitution (`/dev/fd/63`), whose folder means nothing.
    public static func resolve(_ path: String, relativeTo scenarioFile: String) -> String {
        if path.hasPrefix("/") || scenarioFile.hasPrefix("/dev/") || scenarioFile.hasPrefix("/proc/") { return path }
        let dir = (scenarioFile as NSString).deletingLastPathComponent
        return dir.isEmpty ? path : (dir as NSString).appendingPathComponent(path)
    }

    // MARK: - Run

    /// Runs a prepared scenario to its end. Failed expectations are
    /// collected; the run goes on so that one report shows them all.
    public func run(_ p: PreparedScenario) -> ScenarioResult {
        run(p) { _ in }
    }

    /// Runs a prepared scenario, handing every event to `each` as it
    /// happens (to print or stream a transcript); the runner itself keeps
    /// only what expectations and failure reports need.
    /// - Parameters:
    ///   - p: the prepared scenario.
    ///   - each: called with every event, in order.
    /// - Returns: the failures and counts.
    public func run(_ p: PreparedScenario, each: (TimedEvent) -> Void) -> ScenarioResult {
        withoutActuallyEscaping(each) { each in
            var run = Run(prepared: p, each: each)
            run.go()
            return ScenarioResult(file: p.scenario.file, failures: run.failures, stopped: run.stopped,
                                  expectations: run.expectations, held: run.expectations - run.failedExpectations,
                                  endTime: run.cursor, presses: run.switchPresses + run.keyPresses + run.utterances,
                                  switchPresses: run.switchPresses, keyPresses: run.keyPresses, utterances: run.utterances,
                                  technologies: p.scenario.technologies, peakRetainedEvents: run.peakRetained)
        }
    }
}
