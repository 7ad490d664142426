/// A runtime failure of the hardware layer, with what the user can do about it.
///
/// `description` is the full user-visible text: what went wrong, which device,
/// and what to do next.
public enum InputDeviceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Opening the node was refused (`EACCES`/`EPERM`).
    case permissionDenied(devnode: String)
    /// The device disappeared (`ENODEV`, or the node is gone).
    case deviceGone(devnode: String)
    /// Another process holds an exclusive grab (`EBUSY` from `EVIOCGRAB`).
    case grabBusy(devnode: String)
    /// Enumeration found no usable input device.
    case noDevicesFound
    /// libudev could not be initialised.
    case udevUnavailable(Errno)
    /// A recording or profile file could not be used; the text names file and line or JSON path.
    case invalidFile(String)
    /// Any other system error, with the operation that failed.
    case system(operation: String, devnode: String, Errno)

    /// Maps an errno from `operation` on `devnode` to the most helpful case.
    public static func from(_ errno: Errno, operation: String, devnode: String) -> InputDeviceError {
        switch errno {
        case .permissionDenied, .notPermitted: return .permissionDenied(devnode: devnode)
        case .noDevice, .noSuchFile: return .deviceGone(devnode: devnode)
        case .busy where operation == "grab": return .grabBusy(devnode: devnode)
        default: return .system(operation: operation, devnode: devnode, errno)
        }
    }

    public var description: String {
        switch self {
        case .permissionDenied(let node):
            return "permission denied opening \(node); install Devices/udev/70-switchyard.rules into /etc/udev/rules.d/, "
                + "run 'udevadm control --reload && udevadm trigger', then re-plug the device (or add yourself to the 'input' group)"
        case .deviceGone(let node):
            return "\(node) is gone (unplugged?); plug it back in and it will be picked up again"
        case .grabBusy(let node):
            return "\(node) is grabbed by another program (EBUSY); close the other program (another switchyard, a game, "
                + "input-remapper) or run without --grab"
        case .noDevicesFound:
            return "no input devices found; plug in a switch interface, keyboard or controller, "
                + "and check that /dev/input/event* is readable (see Devices/udev/70-switchyard.rules)"
        case .udevUnavailable(let e):
            return "libudev could not start (\(e)); is /sys mounted?"
        case .invalidFile(let message):
            return message
        case .system(let op, let node, let e):
            return "\(op) failed on \(node): \(e)"
        }
    }
}
