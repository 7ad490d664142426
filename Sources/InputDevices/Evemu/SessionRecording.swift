import SwitchyardEngine

/// The recording of a live session (`live --record`): the raw events of the
/// first device that sends any (or, when none does, of the first device
/// opened), stamped with their session instants (the reader's
/// `DeviceTimeline`), from the empty frame (`SYN_REPORT`) the adapter gives
/// when it opens the device to an empty frame at the instant the session
/// ended; then, as input lines (`InputLines`), the inputs of the adapters
/// that have no raw events (the terminal: typed utterances, its keys and
/// switches, the terminal added and removed). Its replay therefore ends
/// where the session did, with the same closing inputs, and gives the same
/// transcript.
public final class SessionRecording {
    public let clock: SessionClock
    /// The device's recording so far; nil until a device sends an event.
    public private(set) var recorder: EvemuRecorder?
    /// The inputs of the adapters without raw events, in the order they came.
    public private(set) var inputs: [TimedInput] = []
    private var syspath: String?
    /// The devices opened before any sent an event, with the empty frame
    /// that marked their opening, in the order they opened.
    private var opened: [(info: DeviceInfo, frame: RawEvent)] = []

    public init(clock: SessionClock) { self.clock = clock }

    /// An adapter's `rawObserver`: keeps the events of the first device that
    /// sends any, from the frame that marked its opening.
    public func observe(_ info: DeviceInfo, _ event: RawEvent) {
        if recorder == nil {
            let known = opened.firstIndex { $0.info.syspath == info.syspath }
            if known == nil && event.isReport {
                opened.append((info, event))   // the device opened
                return
            }
            start(info)
            if let known { recorder?.append(opened[known].frame) }
        }
        guard info.syspath == syspath else { return }
        recorder?.append(event)
    }

    private func start(_ info: DeviceInfo) {
        recorder = EvemuRecorder(description: EvemuDescription(info: info), clock: clock)
        syspath = info.syspath
    }

    /// An adapter's `inputObserver`: keeps every input it gives.
    public func observeInput(_ input: TimedInput) {
        inputs.append(input)
    }

    /// Marks the end of the session (`LiveLoop.endedAt`).
    public func end(at instant: Instant) {
        if recorder == nil, let first = opened.first {
            start(first.info)
            recorder?.append(first.frame)
        }
        recorder?.append(clock.stamped(RawEvent(seconds: 0, microseconds: 0, type: EventType.syn, code: EventType.synReport, value: 0), at: instant))
    }

    /// The text: the evemu recording of the device, then the input lines
    /// after their header; nil when nothing was recorded.
    public var text: String? {
        guard recorder != nil || !inputs.isEmpty else { return nil }
        var out = recorder?.text ?? ""
        if !inputs.isEmpty {
            out += InputLines.header + "\n"
            for input in inputs { out += InputLines.format(input) + "\n" }
        }
        return out
    }
}
