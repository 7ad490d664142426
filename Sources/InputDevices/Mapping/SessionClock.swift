import SwitchyardEngine

/// Maps kernel `CLOCK_MONOTONIC` timestamps to session `Instant`s.
///
/// The session starts at `epochMicroseconds` on the monotonic clock; an event
/// stamped t µs becomes `Instant(microseconds: t − epoch)`.
public struct SessionClock: Hashable, Sendable {
    /// CLOCK_MONOTONIC at the session start, in microseconds.
    public var epochMicroseconds: Int64
    public init(epochMicroseconds: Int64) { self.epochMicroseconds = epochMicroseconds }

    /// A session starting now. The corresponding C function is `clock_gettime(CLOCK_MONOTONIC)`.
    public static func startingNow() -> SessionClock { SessionClock(epochMicroseconds: system_monotonicMicroseconds()) }

    /// The instant of a kernel timestamp.
    public func instant(_ event: RawEvent) -> Instant { Instant(microseconds: event.timestampMicroseconds - epochMicroseconds) }

    /// The current instant. The corresponding C function is `clock_gettime(CLOCK_MONOTONIC)`.
    public func now() -> Instant { Instant(microseconds: system_monotonicMicroseconds() - epochMicroseconds) }
}
