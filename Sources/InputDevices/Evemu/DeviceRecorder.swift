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

    /// udev properties copied into the recording.
    static let keptProperties = ["ID_INPUT", "ID_BUS", "ID_VENDOR_ID", "ID_MODEL_ID", "ID_PATH"] + DeviceClass.allCases.map(\.rawValue)

    /// Opens `info.devnode` (grabbing it if asked, so recording presses don't act on the desktop).
    public init(info: DeviceInfo, clock: SessionClock, grab: Bool = false) throws(InputDeviceError) {
        self.info = info
        device = try EvdevDevice(devnode: info.devnode)
        device.useMonotonicClock()
        if grab { try device.grab() }
        var description = EvemuDescription(device: device)
        description.udevProperties = Self.keptProperties.compactMap { key in info.properties[key].map { (key, $0) } }
        recorder = EvemuRecorder(description: description, clock: clock)
    }

    public var fd: Int32 { device.fd }

    /// Appends every queued event (sync deltas included, as they are what the
    /// mapper sees). Returns how many were appended.
    @discardableResult
    public func readAvailable() throws(InputDeviceError) -> Int {
        var count = 0
        do {
            loop: while true {
                switch try device.next(.normal) {
                case .drained: break loop
                case .event(let e): recorder.append(e); count += 1
                case .sync:
                    sync: while true {
                        switch try device.next(.sync) {
                        case .sync(let e), .event(let e): recorder.append(e); count += 1
                        case .drained: break sync
                        }
                    }
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
