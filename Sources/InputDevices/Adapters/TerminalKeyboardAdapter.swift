import Glibc
import SwitchyardEngine

/// The terminal as a switch box, for trying Switchyard without hardware.
///
/// stdin is put in raw mode (restored by `stop()`, which the live loop calls on
/// every exit path, including SIGINT/SIGTERM and the emergency chord). A
/// terminal reports key presses, not releases, so each key gives down and up
/// at the same instant.
///
/// | key            | input                         |
/// |----------------|-------------------------------|
/// | Space          | switch `select`               |
/// | Enter, `n`     | switch `next`                 |
/// | `p`            | switch `previous`             |
/// | Tab            | key `Tab`                     |
/// | arrows         | keys `Up` `Down` `Right` `Left`|
/// | Escape         | key `Escape` (5× in 2 s = emergency exit) |
/// | `q`, Ctrl-C, Ctrl-D | quit                     |
public final class TerminalKeyboardAdapter: InputAdapter {
    public static let kind = "terminal"
    public static let summary = "the terminal: Space=select, Enter/n=next, p=previous, q or Ctrl-C quits"
    public static func make(_ options: AdapterOptions) throws(InputDeviceError) -> TerminalKeyboardAdapter { TerminalKeyboardAdapter() }

    /// What a byte sequence means.
    public enum Action: Hashable, Sendable {
        case input(MappingTarget)
        case quit
    }

    public let fd: Int32
    private var saved: SavedTerminal?
    public private(set) var isFinished = false

    public init(fd: Int32 = STDIN_FILENO) { self.fd = fd }
    deinit { stop() }

    public func discover() throws(InputDeviceError) -> [DiscoveredDevice] {
        let info = DeviceInfo(syspath: "terminal:\(fd)", devnode: "stdin", name: "Terminal keyboard",
                              id: DeviceID(bus: 0, vendor: 0, product: 0, version: 0), classes: [.key])
        let profile = DeviceProfile(name: "terminal", match: ProfileMatchRule(namePattern: "Terminal keyboard"), mappings: [])
        return [DiscoveredDevice(info: info, match: ProfileMatch(profile: profile, reason: "built in", specificity: 0))]
    }

    public func start(clock: SessionClock) throws(InputDeviceError) -> [TimedInput] {
        guard system_isatty(fd) == 1 else { throw .system(operation: "raw mode", devnode: "stdin", .notATerminal) }
        do { saved = try system_terminal_makeRaw(fd) } catch { throw .system(operation: "raw mode", devnode: "stdin", error) }
        return [TimedInput(.deviceAdded("Terminal keyboard"), at: clock.now())]
    }

    public var pollDescriptors: [Int32] { isFinished ? [] : [fd] }
    public var nextWakeup: Instant? { nil }

    public func service(readable: Set<Int32>, now: Instant, clock: SessionClock) throws(InputDeviceError) -> [TimedInput] {
        guard readable.contains(fd) else { return [] }
        var buf = [UInt8](repeating: 0, count: 64)
        let n = buf.withUnsafeMutableBytes { system_read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { isFinished = true; return [] }
        var out: [TimedInput] = []
        for action in Self.actions(for: Array(buf[0..<n])) {
            switch action {
            case .quit: isFinished = true
            case .input(.switchID(let s)): out += [TimedInput(.switchDown(s), at: now), TimedInput(.switchUp(s), at: now)]
            case .input(.key(let k)):
                out += [TimedInput(.key(KeyStroke(key: k, phase: .down)), at: now), TimedInput(.key(KeyStroke(key: k, phase: .up)), at: now)]
            }
        }
        return out
    }

    /// Restores the terminal. Idempotent.
    public func stop() {
        if let s = saved { system_terminal_restore(fd, s) }
        saved = nil
    }

    /// Decodes bytes read from a raw terminal (pure; see the table above).
    public static func actions(for bytes: [UInt8]) -> [Action] {
        var out: [Action] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            switch b {
            case 0x20: out.append(.input(.switchID(.select)))
            case 0x0d, 0x0a, UInt8(ascii: "n"): out.append(.input(.switchID(.next)))
            case UInt8(ascii: "p"): out.append(.input(.switchID(.previous)))
            case 0x09: out.append(.input(.key("Tab")))
            case UInt8(ascii: "q"), 0x03, 0x04: out.append(.quit)
            case 0x1b:
                if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "[") {
                    let names: [UInt8: String] = [0x41: "Up", 0x42: "Down", 0x43: "Right", 0x44: "Left", 0x5a: "Tab"]
                    if let k = names[bytes[i + 1]] { out.append(.input(.key(k))); i += 2; continue }
                }
                out.append(.input(.key("Escape")))
            default:
                continue
            }
        }
        return out
    }
}
