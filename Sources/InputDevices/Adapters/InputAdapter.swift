import ScreenModel
import SwitchyardEngine

/// A source of live inputs: evdev hardware, an evemu recording, the terminal.
///
/// Lifecycle, driven by `LiveLoop`: `start` once → (`pollDescriptors`,
/// `nextWakeup` → poll → `service`)* → `stop` (always, on every exit path).
/// Adding an adapter = one conforming type + one line in `AdapterRegistry.standard`.
public protocol InputAdapter: AnyObject {
    /// Registry name, e.g. `evdev`.
    static var kind: String { get }
    /// One-line description for `--help`.
    static var summary: String { get }
    /// Builds the adapter from command-line options.
    static func make(_ options: AdapterOptions) throws(InputDeviceError) -> Self

    /// Devices this adapter would use, with their profile match (for `switchyard devices`).
    func discover() throws(InputDeviceError) -> [DiscoveredDevice]
    /// Opens (and, if asked, grabs) devices; returns `.deviceAdded` inputs.
    func start(clock: SessionClock) throws(InputDeviceError) -> [TimedInput]
    /// The fds to poll for `POLLIN` now (changes after hotplug).
    var pollDescriptors: [Int32] { get }
    /// The instant at which the adapter has something due without fd activity (replay), or nil.
    var nextWakeup: Instant? { get }
    /// Handles readable fds (possibly none: a wakeup) at `now`; returns inputs in time order.
    func service(readable: Set<Int32>, now: Instant, clock: SessionClock) throws(InputDeviceError) -> [TimedInput]
    /// True when the adapter has nothing more to give (replay ended, terminal quit).
    var isFinished: Bool { get }
    /// The signal the input that finished the adapter stands for (Ctrl-C
    /// in the terminal: `SIGINT`), so the session ends as if it had
    /// arrived; nil for a plain end (`q`). Default: nil.
    var finishSignal: Int32? { get }
    /// The inputs that close the session at `instant`, when it ends for any
    /// reason: held switches released, devices removed (as a replay does at
    /// the end of its recording). Called once, before `stop()`. Default: none.
    func finish(at instant: Instant) -> [TimedInput]
    /// Releases grabs, restores the terminal, closes fds. Idempotent.
    func stop()
    /// Per-device problems that did not stop the adapter (one node not
    /// readable), for the caller to show as warnings. Default: none.
    var warnings: [InputDeviceError] { get }
    /// A tap on every raw event the adapter reads, with its device (live
    /// `--record`). Default: adapters without raw events never call it.
    var rawObserver: ((DeviceInfo, RawEvent) -> Void)? { get set }
    /// A tap on every input of an adapter that has no raw events to record
    /// (the terminal: keys, switches, utterances, its device), so that a
    /// recording keeps them as input lines (live `--record`). Default:
    /// adapters with raw events never call it.
    var inputObserver: ((TimedInput) -> Void)? { get set }
    /// The line being typed at the adapter's utterance prompt while it is
    /// open (the live view shows it); nil when there is none. Default: nil.
    var promptLine: String? { get }
    /// Whether this adapter's end ends the session even while other
    /// adapters go on (the terminal: the user quit). Default: false; the
    /// session then ends when every adapter has finished.
    var finishEndsSession: Bool { get }
}

extension InputAdapter {
    public var warnings: [InputDeviceError] { [] }
    public var finishSignal: Int32? { nil }
    public func finish(at instant: Instant) -> [TimedInput] { [] }
    public var rawObserver: ((DeviceInfo, RawEvent) -> Void)? {
        get { nil }
        set {}
    }
    public var inputObserver: ((TimedInput) -> Void)? {
        get { nil }
        set {}
    }
    public var promptLine: String? { nil }
    public var finishEndsSession: Bool { false }

    /// Everything a timed adapter (one with no fds to poll: a replay) gives,
    /// run headlessly in simulated time: `start`, then `service` at each
    /// `nextWakeup` until there is none, then `stop`.
    public func runInSimulatedTime(clock: SessionClock) throws(InputDeviceError) -> [TimedInput] {
        precondition(pollDescriptors.isEmpty, "runInSimulatedTime is for adapters without descriptors to poll (replays)")
        defer { stop() }
        var inputs = try start(clock: clock)
        while let t = nextWakeup { inputs += try service(readable: [], now: t, clock: clock) }
        return inputs
    }
}

/// A device an adapter found, and the profile it would use.
public struct DiscoveredDevice: Hashable, Sendable, CustomStringConvertible {
    public var info: DeviceInfo
    /// nil: no profile applies; the device is ignored.
    public var match: ProfileMatch?
    public init(info: DeviceInfo, match: ProfileMatch?) {
        self.info = info
        self.match = match
    }
    /// `/dev/input/event7  usb 045e:028e v0114  "Xbox pad"  ID_INPUT_JOYSTICK  → xbox-controller (vendor/product 045e:028e)`.
    public var description: String {
        "\(info)  → " + (match.map { "\($0.profile.name) (\($0.reason))" } ?? "no profile (ignored)")
    }
}

/// Options every adapter may read; each uses what applies to it.
public struct AdapterOptions: Sendable {
    public var profiles: ProfileMatcher
    /// Take exclusive grabs (evdev).
    public var grab: Bool
    /// Only these devnodes (evdev); empty = all with a profile.
    public var devnodes: [String]
    /// Recording files (evemu replay).
    public var recordings: [String]
    /// Instant at which a replay starts.
    public var replayStart: Instant
    /// Use this profile (by name) for every device instead of matching (`--profile`).
    public var profileOverride: String?
    /// Start even when no usable device is present yet, and wait for hotplug (evdev).
    public var waitForDevices: Bool
    /// How long a terminal key press holds its switch (terminal: a terminal
    /// reports presses, not releases). Zero: down and up at once.
    public var keyPressLength: Interval
    /// The technologies the inputs are for, in the order given
    /// (`--technology`): a profile's `technologyMappings` for the first of
    /// them it has apply instead of its `mappings`; the terminal is a
    /// keyboard when Full Keyboard Access is among them, a switch box when
    /// Switch Control is, and has an utterance prompt when Voice Control is
    /// (`TerminalKeyboardAdapter.Layout`).
    public var technologies: [Technology]
    public init(profiles: ProfileMatcher, grab: Bool = true, devnodes: [String] = [], recordings: [String] = [],
                replayStart: Instant = .zero, profileOverride: String? = nil, waitForDevices: Bool = false,
                keyPressLength: Interval = .zero, technologies: [Technology] = [.switchControl]) {
        self.profiles = profiles
        self.keyPressLength = keyPressLength
        self.technologies = technologies
        self.waitForDevices = waitForDevices
        self.profileOverride = profileOverride
        self.grab = grab
        self.devnodes = devnodes
        self.recordings = recordings
        self.replayStart = replayStart
    }

    /// The profile `device` gets: the one `--profile` names, else the best
    /// match, with the mappings of the technologies in use (`ProfileMatch.applying(_:)`).
    /// - Parameter device: the device.
    /// - Returns: the match, or nil when no profile applies.
    public func match(_ device: DeviceInfo) -> ProfileMatch? {
        profiles.match(device, override: profileOverride)?.applying(technologies)
    }
}

/// The known adapters by kind.
public struct AdapterRegistry {
    public let types: [any InputAdapter.Type]

    /// Every adapter Switchyard ships. Register a new one here.
    public static var standard: AdapterRegistry { AdapterRegistry(types: [
        EvdevAdapter.self,
        EvemuReplayAdapter.self,
        TerminalKeyboardAdapter.self,
    ]) }

    public var kinds: [String] { types.map { $0.kind } }

    /// Builds the adapter named `kind`, or nil if unknown.
    public func make(_ kind: String, _ options: AdapterOptions) throws(InputDeviceError) -> (any InputAdapter)? {
        guard let t = types.first(where: { $0.kind == kind }) else { return nil }
        return try t.make(options)
    }
}
