import Diagnostics

/// A runtime failure of the hardware layer, with what the user can do about it.
///
/// A device error points at the device node (`/dev/input/event3: error: …`);
/// a file that could not be used carries that file's own diagnostics.
public enum InputDeviceError: DiagnosticError, Equatable, Sendable {
    /// Opening the node was refused (`EACCES`/`EPERM`).
    case permissionDenied(devnode: String)
    /// The device disappeared (`ENODEV`, or the node is gone).
    case deviceGone(devnode: String)
    /// Another process holds an exclusive grab (`EBUSY` from `EVIOCGRAB`).
    case grabBusy(devnode: String)
    /// Enumeration found no usable input device.
    case noDevicesFound
    /// A node asked for (`--device PATH`) does not exist.
    case noSuchDevice(devnode: String)
    /// A node asked for exists but is not an input device udev knows.
    case notAnInputDevice(devnode: String)
    /// A node asked for is an input device no profile applies to.
    case noProfile(devnode: String, name: String)
    /// libudev could not be initialised.
    case udevUnavailable(Errno)
    /// A recording, profile or GameControllerDB file could not be used: its diagnostics (file, line, what was expected).
    case invalidFile([Diagnostic])
    /// Any other system error, with the operation that failed (`devnode` "-" when no device is involved).
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

    /// A file's error (a recording, profile or GameControllerDB file's `Diagnostic`) as an input-device error.
    public static func invalidFile(_ error: some DiagnosticError) -> InputDeviceError { .invalidFile(error.diagnostics) }

    /// The device node the error is about, if any.
    public var location: SourceLocation? {
        switch self {
        case .permissionDenied(let node), .deviceGone(let node), .grabBusy(let node), .noSuchDevice(let node),
             .notAnInputDevice(let node), .noProfile(let node, _):
            return SourceLocation(file: node)
        case .system(_, let node, _): return node == "-" ? nil : SourceLocation(file: node)
        case .noDevicesFound, .udevUnavailable, .invalidFile: return nil
        }
    }

    /// What went wrong and what to do next, without location or severity.
    public var message: String {
        switch self {
        case .permissionDenied:
            return "permission denied; install Devices/udev/70-switchyard.rules into /etc/udev/rules.d/, "
                + "run 'udevadm control --reload && udevadm trigger', then re-plug the device (or add yourself to the 'input' group)"
        case .deviceGone:
            return "the device is gone (unplugged?); plug it back in and it will be picked up again"
        case .grabBusy:
            return "grabbed by another program (EBUSY); close the other program (another switchyard, a game, "
                + "input-remapper) or run without --grab"
        case .noDevicesFound:
            return "no input devices found; plug in a switch interface, keyboard or controller, "
                + "and check that /dev/input/event* is readable (see Devices/udev/70-switchyard.rules)"
        case .noSuchDevice:
            return "no such device node; 'switchyard devices --all' lists the input devices"
        case .notAnInputDevice:
            return "not an input device; 'switchyard devices --all' lists the input devices"
        case .noProfile(_, let name):
            return "no device profile applies to \"\(name)\"; pass --profile NAME to use one ('switchyard devices --all' shows each device's match)"
        case .udevUnavailable(let e):
            return "libudev could not start (\(e)); is /sys mounted?"
        case .invalidFile(let diagnostics):
            return diagnostics.map(\.message).joined(separator: "; ")
        case .system(let op, _, let e):
            return "\(op) failed: \(e)"
        }
    }

    public var diagnostics: [Diagnostic] {
        if case .invalidFile(let diagnostics) = self { return diagnostics }
        return [Diagnostic(.error, message, at: location)]
    }
}
