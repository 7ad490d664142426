import ScreenModel
import SwitchyardEngine

/// Replays recordings: the device's evemu events through the profile its
/// description matches, and the recorded input lines (`InputLines`: the
/// terminal's utterances, keys and switches), keeping the recorded timing.
///
/// The first recorded event lands at `AdapterOptions.replayStart`; later ones
/// keep their offsets. `.deviceAdded` comes at the start, `.deviceRemoved`
/// (after releasing anything still held) at the last event. At one instant
/// the device's inputs come before the input lines', as the live loop
/// orders its adapters (the evdev devices first, then the terminal).
public final class EvemuReplayAdapter: InputAdapter {
    public static let kind = "evemu"
    public static let summary = "replay of evemu recordings (E: lines) with their recorded timing"
    public static func make(_ options: AdapterOptions) throws(InputDeviceError) -> EvemuReplayAdapter {
        var devices: [Replay] = []
        for path in options.recordings {
            do {
                devices.append(Replay(session: try RecordedSession.load(path), source: path, profiles: options.profiles,
                                      start: .zero, override: options.profileOverride, technologies: options.technologies))
            } catch {
                throw InputDeviceError.invalidFile(error)
            }
        }
        return EvemuReplayAdapter(replays: devices, start: options.replayStart)
    }

    /// One recording, fully mapped ahead of time.
    public struct Replay: Sendable {
        /// The recorded device and its profile; nil for a recording of the terminal alone.
        public var device: DiscoveredDevice?
        public var inputs: [TimedInput]

        /// Maps a recording's device (as `init(recording:…)`) and adds its
        /// input lines, shifted by `start`, in time order (the device's first
        /// at one instant).
        public init(session: RecordedSession, source: String, profiles: ProfileMatcher, start: Instant = .zero,
                    override: String? = nil, technologies: [Technology] = []) {
            var mapped: [TimedInput] = []
            if let recording = session.device {
                let replay = Replay(recording: recording, source: source, profiles: profiles, start: start,
                                    override: override, technologies: technologies)
                device = replay.device
                mapped = replay.inputs
            }
            let shift = Interval(microseconds: start.microseconds)
            let all = mapped + session.inputs.map { TimedInput($0.input, at: $0.time + shift) }
            inputs = all.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }

        /// Maps `recording` through the best profile (with the mappings of
        /// `technologies`, `ProfileMatch.applying(_:)`); `start` is where its first event lands.
        public init(recording: EvemuRecording, source: String, profiles: ProfileMatcher, start: Instant = .zero,
                    override: String? = nil, technologies: [Technology] = []) {
            let info = DeviceInfo(evemu: recording.description, source: source)
            let match = profiles.match(info, override: override)?.applying(technologies)
            device = DiscoveredDevice(info: info, match: match)
            inputs = Self.map(recording, info: info, match: match, start: start)
        }

        /// The inputs a recording produces: each event at its recorded time
        /// (seconds since the recording's zero, which `record` and live
        /// `--record` set to the session start) plus `start`. The device is
        /// added at `start`, removed at the last event.
        public static func map(_ recording: EvemuRecording, info: DeviceInfo, match: ProfileMatch?, start: Instant) -> [TimedInput] {
            guard let match, !recording.events.isEmpty else { return [] }
            let clock = SessionClock(epochMicroseconds: -start.microseconds)
            var mapper = InputMapper(profile: match.profile, axes: recording.description.absInfo)
            var out = [TimedInput(.deviceAdded(info.name), at: start)]
            for e in recording.events { out += mapper.feed(e, clock: clock) }
            out += mapper.flush(clock: clock)
            let end = clock.instant(recording.events[recording.events.count - 1])
            out += mapper.releaseAll(at: end)
            out.append(TimedInput(.deviceRemoved(info.name), at: end))
            return out
        }
    }

    public private(set) var replays: [Replay]
    private var pending: [TimedInput] = []

    public init(replays: [Replay], start: Instant) {
        self.replays = replays
        var all: [TimedInput] = []
        for r in replays {
            let shift = Interval(microseconds: start.microseconds - (r.inputs.first?.time.microseconds ?? 0))
            all += r.inputs.map { TimedInput($0.input, at: $0.time + shift) }
        }
        pending = all.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    public func discover() throws(InputDeviceError) -> [DiscoveredDevice] { replays.compactMap(\.device) }
    public func start(clock: SessionClock) throws(InputDeviceError) -> [TimedInput] { [] }
    public var pollDescriptors: [Int32] { [] }
    public var nextWakeup: Instant? { pending.first?.time }
    public var isFinished: Bool { pending.isEmpty }

    public func service(readable: Set<Int32>, now: Instant, clock: SessionClock) throws(InputDeviceError) -> [TimedInput] {
        let due = pending.prefix { $0.time <= now }
        pending.removeFirst(due.count)
        return Array(due)
    }

    public func stop() { pending.removeAll() }
}
