import SwitchyardEngine

/// The engine's `Session` as the live loop's sink: inputs go to
/// `Session.handle`, deadlines come from its timer queue, and every event it
/// emits is kept (the transcript). A live session and a headless replay of
/// its recording drive the same `Session` with the same timed inputs, so
/// they produce the same transcript.
public final class SessionSink: InputSink {
    public private(set) var session: Session
    /// Every event so far, in order.
    public private(set) var events: [TimedEvent] = []

    /// Wraps `session` and starts it at `start` (the start events are kept in `events`).
    public init(session: Session, start: Instant = .zero) {
        self.session = session
        events = self.session.start(at: start)
    }

    public func deliver(_ input: TimedInput) -> [TimedEvent] {
        let new = session.handle(input)
        events += new
        return new
    }

    public var nextDeadline: Instant? { session.nextDeadline }

    public func advance(to instant: Instant) -> [TimedEvent] {
        let new = session.advance(to: instant)
        events += new
        return new
    }

    /// Runs timed inputs headlessly (a replay): each input at its instant,
    /// then the timers up to `end`.
    public func replay(_ inputs: [TimedInput], until end: Instant? = nil) {
        for input in inputs.sorted(by: { $0.time < $1.time }) { _ = deliver(input) }
        if let end { _ = advance(to: end) }
    }
}
