import SwitchyardEngine

/// The recording of a live session (`live --record`): the raw events of the
/// first device that sends any, stamped with their session instants (the
/// reader's `DeviceTimeline`), and an empty frame (`SYN_REPORT`) at the
/// instant the session ended. Its replay therefore ends where the session
/// did, with the same closing inputs, and gives the same transcript.
public final class SessionRecording {
    public let clock: SessionClock
    /// The recording so far; nil until a device sends an event.
    public private(set) var recorder: EvemuRecorder?
    private var syspath: String?

    public init(clock: SessionClock) { self.clock = clock }

    /// An adapter's `rawObserver`: keeps the events of the first device seen.
    public func observe(_ info: DeviceInfo, _ event: RawEvent) {
        if recorder == nil {
            recorder = EvemuRecorder(description: EvemuDescription(info: info), clock: clock)
            syspath = info.syspath
        }
        guard info.syspath == syspath else { return }
        recorder?.append(event)
    }

    /// Marks the end of the session (`LiveLoop.endedAt`).
    public func end(at instant: Instant) {
        recorder?.append(clock.stamped(RawEvent(seconds: 0, microseconds: 0, type: EventType.syn, code: EventType.synReport, value: 0), at: instant))
    }

    /// The evemu text, or nil when no device sent anything.
    public var text: String? { recorder?.text }
}
