import DeviceTestbed
import SwitchyardEngine
import Testing
@testable import InputDevices

/// Kernel stamps become session instants that never go back, never lie in
/// the future, and survive a clock step (`DeviceTimeline`).
@Suite struct DeviceTimelineTests {
    /// Monotonic 100 s is the session start; the realtime clock reads 1.7e9 s more.
    static let clock = SessionClock(epochMicroseconds: 100_000_000, realtimeOffsetMicroseconds: 1_700_000_000_000_000)

    /// Kernel microseconds of a session instant on the monotonic clock…
    static func monotonic(_ seconds: Double) -> Int64 { 100_000_000 + Int64((seconds * 1_000_000).rounded()) }
    /// …and on the realtime clock.
    static func realtime(_ seconds: Double) -> Int64 { 1_700_000_100_000_000 + Int64((seconds * 1_000_000).rounded()) }

    @Test func monotonicStampsAreSessionTime() {
        var t = DeviceTimeline(clock: Self.clock, kernelClock: .monotonic)
        #expect(t.instant(ofKernelMicroseconds: Self.monotonic(0.25), readAt: .seconds(1)) == .milliseconds(250))
        #expect(t.instant(ofKernelMicroseconds: Self.monotonic(0.5), readAt: .seconds(1)) == .milliseconds(500))
    }

    @Test func realtimeStampsGoThroughTheSessionsOffset() {
        var t = DeviceTimeline(clock: Self.clock, kernelClock: .realtime)
        #expect(t.instant(ofKernelMicroseconds: Self.realtime(0.25), readAt: .seconds(1)) == .milliseconds(250))
        #expect(t.instant(ofKernelMicroseconds: Self.realtime(0.75), readAt: .seconds(1)) == .milliseconds(750))
    }

    /// A realtime device read as if it were monotonic is 54 years in the
    /// future; the timeline puts it at the read and keeps its spacing.
    @Test func aStampOnAClockNotFollowedIsReadAsNow() {
        var t = DeviceTimeline(clock: Self.clock, kernelClock: .monotonic)
        #expect(t.instant(ofKernelMicroseconds: Self.realtime(0.25), readAt: .seconds(1)) == .seconds(1))
        #expect(t.instant(ofKernelMicroseconds: Self.realtime(0.45), readAt: .seconds(2)) == .milliseconds(1200))
    }

    @Test func nothingIsStampedAfterItWasRead() {
        var t = DeviceTimeline(clock: Self.clock, kernelClock: .monotonic)
        #expect(t.instant(ofKernelMicroseconds: Self.monotonic(1.5), readAt: .seconds(1)) == .seconds(1))
    }

    /// The realtime clock steps an hour forward while a switch is held, then
    /// a day back: neither stretches the hold nor goes back in time.
    @Test func aClockStepReAnchorsTheDeviceKeepingItsSpacing() {
        var t = DeviceTimeline(clock: Self.clock, kernelClock: .realtime)
        #expect(t.instant(ofKernelMicroseconds: Self.realtime(0.25), readAt: .seconds(1)) == .milliseconds(250))
        #expect(t.instant(ofKernelMicroseconds: Self.realtime(3600.5), readAt: .seconds(2)) == .seconds(2))
        #expect(t.instant(ofKernelMicroseconds: Self.realtime(3600.7), readAt: .seconds(3)) == .milliseconds(2200))
        #expect(t.instant(ofKernelMicroseconds: Self.realtime(-86_400), readAt: .seconds(4)) == .seconds(4))
        #expect(t.instant(ofKernelMicroseconds: Self.realtime(-86_399.5), readAt: .seconds(5)) == .milliseconds(4500))
    }

    @Test func stampsBeforeTheSessionNeverGiveANegativeInstant() {
        var t = DeviceTimeline(clock: Self.clock, kernelClock: .monotonic)
        #expect(t.instant(ofKernelMicroseconds: Self.monotonic(-0.5), readAt: .seconds(1)) == .zero)
        #expect(t.instant(ofKernelMicroseconds: Self.monotonic(-95), readAt: .seconds(2)) == .seconds(2))
        #expect(t.instant(ofKernelMicroseconds: Self.monotonic(-94.75), readAt: .seconds(3)) == .milliseconds(2250))
    }

    @Test func aDevicesInstantsNeverGoBack() {
        var t = DeviceTimeline(clock: Self.clock, kernelClock: .monotonic)
        #expect(t.instant(ofKernelMicroseconds: Self.monotonic(2), readAt: .seconds(3)) == .seconds(2))
        #expect(t.instant(ofKernelMicroseconds: Self.monotonic(1.5), readAt: .seconds(3)) == .seconds(2))
    }

    @Test func anOverflowingTimevalIsReadAsNow() {
        var t = DeviceTimeline(clock: Self.clock, kernelClock: .monotonic)
        let e = RawEvent(seconds: .max, microseconds: 0, type: EventType.key, code: 57, value: 1)
        #expect(Self.clock.instant(t.rebase(e, on: Self.clock, readAt: .seconds(7))) == .seconds(7))
    }

    @Test func aSessionStartingNowKnowsTheRealtimeOffset() {
        let clock = SessionClock.startingNow()
        let offset = system_realtimeMicroseconds() - system_monotonicMicroseconds()
        #expect(abs(clock.realtimeOffsetMicroseconds - offset) < 1_000_000)
    }

    /// The live sessions the hardware tests build (`sessionStartedLongAgo`)
    /// hold on a machine booted 30 s ago: the session began before the boot,
    /// and the device's stamps are still positive and read as the instants
    /// they were written at.
    @Test func aSessionOlderThanTheMachineReadsItsDeviceStamps() throws {
        let (clock, t0) = sessionStartedLongAgo(monotonicNow: 30_000_000)
        #expect(clock.epochMicroseconds == -970_000_000)
        let press = ev(t0 + 0.5, "EV_KEY", "KEY_SPACE", 1)
        #expect(press.seconds > 0)
        var timeline = DeviceTimeline(clock: clock, kernelClock: .realtime)
        #expect(timeline.instant(ofKernelMicroseconds: press.timestampMicroseconds, readAt: .seconds(1000)) == .milliseconds(100_500))
    }
}
