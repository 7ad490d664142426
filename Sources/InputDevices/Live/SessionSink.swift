import SwitchyardEngine

/// The engine's `Session` as the live loop's sink: inputs go to
/// `Session.handle`, deadlines come from its timer queue, and the events it
/// emits go to whoever asked (`onEvents`) as they happen. A live session and
/// a headless replay of its recording drive the same `Session` with the same
/// timed inputs, so they produce the same transcript.
///
/// `live` and `replay` keep no events (`keepsEvents: false`): they stream
/// them, so a session of any length runs in memory bounded by the app.
public final class SessionSink: InputSink {
    public private(set) var session: Session
    /// The events of the session's start.
    public let startEvents: [TimedEvent]
    /// Every event so far, in order, when the sink keeps them; else the start's only.
    public private(set) var events: [TimedEvent]
    /// Called with each batch of events after the start, as it happens.
    public var onEvents: (([TimedEvent]) -> Void)?
    let keepsEvents: Bool

    /// Wraps `session` and starts it at `start` (the start events are in `startEvents` and `events`).
    /// - Parameter keepsEvents: whether `events` keeps every event (tests
    ///   read it); false keeps none past the start.
    public init(session: Session, start: Instant = .zero, keepsEvents: Bool = true) {
        self.session = session
        self.keepsEvents = keepsEvents
        startEvents = self.session.start(at: start)
        events = startEvents
    }

    public func deliver(_ input: TimedInput) -> [TimedEvent] {
        record(session.handle(input))
    }

    public var nextDeadline: Instant? { session.nextDeadline }

    public func advance(to instant: Instant) -> [TimedEvent] {
        record(session.advance(to: instant))
    }

    func record(_ new: [TimedEvent]) -> [TimedEvent] {
        if keepsEvents { events += new }
        if !new.isEmpty { onEvents?(new) }
        return new
    }

    /// Runs timed inputs headlessly (a replay): each input at its instant,
    /// then the timers up to `end`, by default the last input's instant
    /// (where the recording, and the live session it was made in, ended).
    public func replay(_ inputs: [TimedInput], until end: Instant? = nil) {
        let sorted = inputs.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        for input in sorted { _ = deliver(input) }
        if let end = end ?? sorted.last?.time { _ = advance(to: end) }
    }
}
