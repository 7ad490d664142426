import SwitchyardEngine

/// Reads one evdev device and maps its frames through a profile.
///
/// Non-blocking and poll-driven: call `readAvailable()` when `fd` polls
/// readable; it reads what is queued through `EvdevDevice.drain`, the one
/// read loop. `SYN_DROPPED` goes to the mapper, which drops the frame it
/// damaged, and every event of the resync after it is applied as a real
/// transition, so a release lost in the overflow still releases the switch.
public final class EvdevReader {
    public let info: DeviceInfo
    public let device: EvdevDevice
    public let match: ProfileMatch
    public private(set) var mapper: InputMapper
    /// Whether the kernel accepted `CLOCK_MONOTONIC` timestamps.
    public let monotonicClock: Bool
    /// This device's stamps as session instants (`DeviceTimeline`), set by the first read.
    private var timeline: DeviceTimeline?
    /// Optional tap on every raw event, `SYN_DROPPED` and its resync
    /// included, as `DeviceRecorder` records them (`live --record`).
    public var rawObserver: ((RawEvent) -> Void)?
    /// Number of `SYN_DROPPED` resyncs seen, for diagnostics.
    public private(set) var resyncCount = 0

    /// Opens the device and builds its mapper.
    public init(info: DeviceInfo, match: ProfileMatch) throws(InputDeviceError) {
        self.info = info
        self.match = match
        device = try EvdevDevice(devnode: info.devnode)
        monotonicClock = device.useMonotonicClock()
        var axes: [UInt16: AbsInfo] = [:]
        for m in match.profile.mappings {
            if case .axis(let code, _, _, _, _) = m, let a = device.absInfo(code) { axes[code] = a }
        }
        mapper = InputMapper(profile: match.profile, axes: axes)
    }

    public var fd: Int32 { device.fd }

    /// Drains all queued events and returns the mapped inputs.
    ///
    /// Kernel stamps become session instants through the device's
    /// `DeviceTimeline` (never before the previous one, never after `now`);
    /// the mapper and `rawObserver` get the events stamped with those instants.
    /// - Parameters:
    ///   - clock: the session clock.
    ///   - now: when the events are read (the live loop's `clock.now()`).
    public func readAvailable(clock: SessionClock, now: Instant) throws(InputDeviceError) -> [TimedInput] {
        var out: [TimedInput] = []
        var timeline = self.timeline ?? DeviceTimeline(clock: clock, kernelClock: monotonicClock ? .monotonic : .realtime)
        defer { self.timeline = timeline }
        func take(_ raw: RawEvent) -> RawEvent {
            let e = timeline.rebase(raw, on: clock, readAt: now)
            rawObserver?(e)
            return e
        }
        do {
            try device.drain { read in
                switch read {
                case .event(let e), .resync(let e):
                    out += mapper.feed(take(e), clock: clock)
                case .dropped(let e):
                    resyncCount += 1
                    out += mapper.feed(take(e), clock: clock)   // drops the damaged frame
                case .resynced:
                    out += mapper.flush(clock: clock)
                }
            }
        } catch {
            throw InputDeviceError.from(error, operation: "read", devnode: info.devnode)
        }
        return out
    }

    /// Releases every held target (unplug/shutdown).
    public func releaseAll(at time: Instant) -> [TimedInput] { mapper.releaseAll(at: time) }
}
