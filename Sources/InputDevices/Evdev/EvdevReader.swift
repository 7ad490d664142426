import SwitchyardEngine

/// Reads one evdev device and maps its frames through a profile.
///
/// Non-blocking and poll-driven: call `readAvailable()` when `fd` polls
/// readable; it drains until `-EAGAIN`. On `SYN_DROPPED` (libevdev returns
/// `LIBEVDEV_READ_STATUS_SYNC`), the damaged frame is dropped and the resync is
/// drained with `LIBEVDEV_READ_FLAG_SYNC` while it returns SYNC; every sync
/// delta is applied as a real transition, so a release lost in the overflow
/// still releases the switch.
public final class EvdevReader {
    public let info: DeviceInfo
    public let device: EvdevDevice
    public let match: ProfileMatch
    public private(set) var mapper: InputMapper
    /// Whether the kernel accepted `CLOCK_MONOTONIC` timestamps.
    public let monotonicClock: Bool
    /// Optional tap on every raw event, sync deltas included (recording).
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
    public func readAvailable(clock: SessionClock) throws(InputDeviceError) -> [TimedInput] {
        var out: [TimedInput] = []
        do {
            loop: while true {
                switch try device.next(.normal) {
                case .drained:
                    break loop
                case .event(let e):
                    rawObserver?(e)
                    out += mapper.feed(e, clock: clock)
                case .sync:
                    resyncCount += 1
                    mapper.discardPartialFrame()
                    sync: while true {
                        switch try device.next(.sync) {
                        case .sync(let delta):
                            rawObserver?(delta)
                            out += mapper.feed(delta, clock: clock)
                        case .event(let e):
                            rawObserver?(e)
                            out += mapper.feed(e, clock: clock)
                            break sync
                        case .drained: break sync
                        }
                    }
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
