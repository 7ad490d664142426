import SwitchyardEngine

/// Records one evdev device to evemu text (the `record` command).
///
/// The description comes from libevdev (what the device reports) plus the
/// udev identity and classification lines (`# udev:`), so a recording carries
/// its profile match when replayed. Poll `fd`; call `readAvailable()` when
/// readable; write `text` at the end. `stop()` ungrabs and closes.
public final class DeviceRecorder {
    public let info: DeviceInfo
    public let device: EvdevDevice
    public private(set) var recorder: EvemuRecorder
    /// The device's stamps as session instants (a node that keeps
    /// `CLOCK_REALTIME` records the same instants as a monotonic one).
    private var timeline: DeviceTimeline

    /// udev properties copied into the recording.
    static let keptProperties = ["ID_INPUT", "ID_BUS", "ID_VENDOR_ID", "ID_MODEL_ID", "ID_PATH"] + DeviceClass.allCases.map(\.rawValue)

    /// Opens `info.devnode` (grabbing it if asked, so recording presses don't act on the desktop).
    public init(info: DeviceInfo, clock: SessionClock, grab: Bool = false) throws(InputDeviceError) {
        self.info = info
        device = try EvdevDevice(devnode: info.devnode)
        timeline = DeviceTimeline(clock: clock, kernelClock: device.useMonotonicClock() ? .monotonic : .realtime)
        if grab { try device.grab() }
        var description = EvemuDescription(device: device)
        description.udevProperties = Self.keptProperties.compactMap { key in info.properties[key].map { (key, $0) } }
        recorder = EvemuRecorder(description: description, clock: clock)
    }

    public var fd: Int32 { device.fd }

    /// Appends every queued event, stamped with its session instant
    /// (`DeviceTimeline`): as the live reader reads them (`EvdevDevice.drain`),
    /// `SYN_DROPPED` and the resync after it included, so that the replay's
    /// mapper drops the damaged frame and applies the resync as the live
    /// one did.
    /// - Parameter now: when the events are read (default: the clock's now).
    /// - Returns: how many were appended.
    @discardableResult
    public func readAvailable(now: Instant? = nil) throws(InputDeviceError) -> Int {
        var count = 0
        let clock = recorder.clock
        let now = now ?? clock.now()
        func append(_ e: RawEvent) {
            recorder.append(timeline.rebase(e, on: clock, readAt: now))
            count += 1
        }
        do {
            try device.drain { read in
                switch read {
                case .event(let e), .dropped(let e), .resync(let e): append(e)
                case .resynced: break
                }
            }
        } catch {
            throw InputDeviceError.from(error, operation: "read", devnode: info.devnode)
        }
        return count
    }

    /// The recording so far.
    public var recording: EvemuRecording { recorder.recording }
    /// The evemu text so far.
    public var text: String { recorder.text }

    /// Ungrabs and closes. Idempotent.
    public func stop() { device.close() }
    deinit { stop() }
}
