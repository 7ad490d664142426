import SwitchyardEngine

/// Maps kernel `CLOCK_MONOTONIC` timestamps to session `Instant`s.
///
/// The session starts at `epochMicroseconds` on the monotonic clock; an event
/// stamped t µs becomes `Instant(microseconds: t − epoch)`. A device that
/// keeps the kernel's default clock (`CLOCK_REALTIME`) goes through
/// `DeviceTimeline`, which uses `realtimeOffsetMicroseconds`.
public struct SessionClock: Hashable, Sendable {
    /// CLOCK_MONOTONIC at the session start, in microseconds.
    public var epochMicroseconds: Int64
    /// CLOCK_REALTIME − CLOCK_MONOTONIC at the session start, in
    /// microseconds: what turns a realtime stamp into a monotonic one. 0
    /// when the stamps are on the session's own clock (replays, tests).
    public var realtimeOffsetMicroseconds: Int64

    public init(epochMicroseconds: Int64, realtimeOffsetMicroseconds: Int64 = 0) {
        self.epochMicroseconds = epochMicroseconds
        self.realtimeOffsetMicroseconds = realtimeOffsetMicroseconds
    }

    /// A session starting now. The corresponding C function is `clock_gettime`
    /// (`CLOCK_MONOTONIC` and `CLOCK_REALTIME`).
    public static func startingNow() -> SessionClock {
        let monotonic = system_monotonicMicroseconds()
        let realtime = system_realtimeMicroseconds()
        return SessionClock(epochMicroseconds: monotonic, realtimeOffsetMicroseconds: realtime - monotonic)
    }

    /// The instant of a kernel timestamp; a stamp before the session start
    /// (an event queued before it, a machine's clock younger than the
    /// session) is the start itself, never a negative instant.
    public func instant(_ event: RawEvent) -> Instant {
        let (us, overflow) = event.timestampMicroseconds.subtractingReportingOverflow(epochMicroseconds)
        guard !overflow else { return epochMicroseconds < 0 ? .distantFuture : .zero }
        return Instant(microseconds: max(0, us))
    }

    /// The event stamped at `instant` on this clock (the inverse of `instant(_:)`).
    public func stamped(_ event: RawEvent, at instant: Instant) -> RawEvent {
        let us = instant.microseconds + epochMicroseconds
        var e = event
        e.seconds = us / 1_000_000
        e.microseconds = us % 1_000_000
        return e
    }

    /// The current instant. The corresponding C function is `clock_gettime(CLOCK_MONOTONIC)`.
    public func now() -> Instant { Instant(microseconds: system_monotonicMicroseconds() - epochMicroseconds) }
}

/// One device's kernel timestamps as session instants, whatever clock the
/// device stamps with.
///
/// The reader asks libevdev for `CLOCK_MONOTONIC`. A node that refuses
/// (umockdev, odd drivers) keeps the kernel's default, `CLOCK_REALTIME`, and
/// its stamps go through the session's realtime offset. Either way an
/// instant is:
/// - never before the device's previous one, nor before the session (0);
/// - never after the moment it was read (`now`): nothing is stamped in the future;
/// - re-anchored when a stamp is further than `tolerance` outside that range
///   (the realtime clock stepped, or the device stamps on a clock we do not
///   follow): that event reads as `now`, and the ones after it keep their
///   spacing from it.
/// So a clock step can neither stretch a held switch into an emergency exit
/// nor put an input before the session.
///
/// ```
/// stamp ─ base ──▶ i ── i < last − 1 s or i > now + 1 s ──▶ re-anchor: base = stamp − now, i = now
///                  └──▶ clamp to [last, now] ──▶ instant (and last)
/// ```
public struct DeviceTimeline: Hashable, Sendable {
    /// The clock a device's kernel stamps are on.
    public enum KernelClock: Hashable, Sendable {
        /// `CLOCK_MONOTONIC`: libevdev's `libevdev_set_clock_id` succeeded.
        case monotonic
        /// `CLOCK_REALTIME`, the kernel default: the node refused the change.
        case realtime
    }

    /// How far outside [previous instant, now] a stamp may be before the
    /// device is re-anchored (1 s).
    public static let tolerance = Interval.seconds(1)

    /// Kernel microseconds that are session instant 0 for this device.
    private var base: Int64
    /// The device's latest instant.
    public private(set) var last: Instant = .zero

    /// - Parameters:
    ///   - clock: the session clock.
    ///   - kernelClock: what the device stamps with.
    public init(clock: SessionClock, kernelClock: KernelClock) {
        switch kernelClock {
        case .monotonic: base = clock.epochMicroseconds
        case .realtime: base = clock.epochMicroseconds + clock.realtimeOffsetMicroseconds
        }
    }

    /// The instant of a kernel timestamp read at `now`.
    public mutating func instant(ofKernelMicroseconds stamp: Int64, readAt now: Instant) -> Instant {
        let upper = max(now, last)
        let (offset, overflow) = stamp.subtractingReportingOverflow(base)
        var i = Instant(microseconds: offset)
        if overflow || i > upper + Self.tolerance || i < last - Self.tolerance {
            base = stamp &- upper.microseconds
            i = upper
        }
        i = min(max(i, last), upper)
        last = i
        return i
    }

    /// `event` stamped with its session instant on `clock`'s monotonic
    /// time, as the mapper and a recording take it.
    public mutating func rebase(_ event: RawEvent, on clock: SessionClock, readAt now: Instant) -> RawEvent {
        // Any `timeval` a node gives, even one whose microseconds overflow: that one re-anchors.
        let (us, overflow) = event.seconds.multipliedReportingOverflow(by: 1_000_000)
        let stamp = overflow ? Int64.max : us &+ event.microseconds
        return clock.stamped(event, at: instant(ofKernelMicroseconds: stamp, readAt: now))
    }
}
