import Glibc
import SwitchyardEngine

/// The terminal as a switch box, for trying Switchyard without hardware.
///
/// stdin is put in raw mode, restored by `stop()`, which the live loop calls
/// on every exit path (SIGINT/SIGTERM/SIGHUP and the emergency chord
/// included), and, should the process die another way, by an `atexit`
/// function and handlers for the fatal signals (`system_terminal_guard`).
///
/// A terminal reports key presses, not releases. A switch key therefore
/// holds its switch for `pressLength` (the Hold Duration when it is on, so
/// that every press counts; zero, down and up at once, when it is off); the
/// same key again while it is held (the terminal's autorepeat of a key kept
/// down) keeps it held, so holding Space holds `select` (Long Press, the
/// emergency chord). Other keys go down and up at once.
///
/// | key            | input                         |
/// |----------------|-------------------------------|
/// | Space          | switch `select`               |
/// | Enter, `n`     | switch `next`                 |
/// | `p`            | switch `previous`             |
/// | Tab            | key `Tab`                     |
/// | arrows         | keys `Up` `Down` `Right` `Left`|
/// | Escape         | key `Escape` (5× in 2 s = emergency exit) |
/// | `q`, Ctrl-D    | quit                          |
/// | Ctrl-C         | quit as if interrupted (`SIGINT`) |
public final class TerminalKeyboardAdapter: InputAdapter {
    public static let kind = "terminal"
    public static let summary = "the terminal: Space=select, Enter/n=next, p=previous, q or Ctrl-C quits"
    public static func make(_ options: AdapterOptions) throws(InputDeviceError) -> TerminalKeyboardAdapter {
        TerminalKeyboardAdapter(pressLength: options.keyPressLength)
    }

    /// What a byte sequence means.
    public enum Action: Hashable, Sendable {
        case input(MappingTarget)
        case quit
        /// Ctrl-C: quit, and end the session as `SIGINT` would.
        case interrupt
    }

    public let fd: Int32
    /// How long a switch key holds its switch.
    public let pressLength: Interval
    private var saved: SavedTerminal?
    /// Switches held by a key press, and when each is released.
    private var held: [SwitchID: Instant] = [:]
    public private(set) var isFinished = false
    public private(set) var finishSignal: Int32?

    public init(fd: Int32 = STDIN_FILENO, pressLength: Interval = .zero) {
        self.fd = fd
        self.pressLength = pressLength
    }
    deinit { stop() }

    public func discover() throws(InputDeviceError) -> [DiscoveredDevice] {
        let info = DeviceInfo(syspath: "terminal:\(fd)", devnode: "stdin", name: "Terminal keyboard",
                              id: DeviceID(bus: 0, vendor: 0, product: 0, version: 0), classes: [.key])
        let profile = DeviceProfile(name: "terminal", match: ProfileMatchRule(namePattern: "Terminal keyboard"), mappings: [])
        return [DiscoveredDevice(info: info, match: ProfileMatch(profile: profile, reason: "built in", specificity: 0))]
    }

    /// Whether `fd` is a terminal this adapter can use. The corresponding C function is `isatty`.
    public static func isTerminal(_ fd: Int32 = STDIN_FILENO) -> Bool { system_isatty(fd) == 1 }

    /// Puts the terminal in raw mode; the keyboard is there from the session's start (instant 0).
    public func start(clock: SessionClock) throws(InputDeviceError) -> [TimedInput] {
        guard Self.isTerminal(fd) else { throw .system(operation: "raw mode", devnode: "stdin", .notATerminal) }
        do { saved = try system_terminal_makeRaw(fd) } catch { throw .system(operation: "raw mode", devnode: "stdin", error) }
        if let saved { system_terminal_guard(fd, saved) }
        return [TimedInput(.deviceAdded("Terminal keyboard"), at: .zero)]
    }

    public var pollDescriptors: [Int32] { isFinished ? [] : [fd] }
    /// The next release of a held switch.
    public var nextWakeup: Instant? { held.values.min() }

    public func service(readable: Set<Int32>, now: Instant, clock: SessionClock) throws(InputDeviceError) -> [TimedInput] {
        var out = releases(dueBy: now)
        guard readable.contains(fd), !isFinished else { return out }
        var buf = [UInt8](repeating: 0, count: 64)
        let n = buf.withUnsafeMutableBytes { system_read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { isFinished = true; return out }
        for action in Self.actions(for: Array(buf[0..<n])) {
            switch action {
            case .quit:
                isFinished = true
            case .interrupt:
                isFinished = true
                finishSignal = SIGINT
            case .input(.switchID(let s)):
                if pressLength == .zero {
                    out += [TimedInput(.switchDown(s), at: now), TimedInput(.switchUp(s), at: now)]
                } else {
                    if held[s] == nil { out.append(TimedInput(.switchDown(s), at: now)) }
                    held[s] = now + pressLength
                }
            case .input(.key(let k)):
                out += [TimedInput(.key(KeyStroke(key: k, phase: .down)), at: now), TimedInput(.key(KeyStroke(key: k, phase: .up)), at: now)]
            }
        }
        return out
    }

    /// The held switches whose press length is over by `now`, released at their instants.
    private func releases(dueBy now: Instant) -> [TimedInput] {
        let due = held.filter { $0.value <= now }.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
        for (s, _) in due { held[s] = nil }
        return due.map { TimedInput(.switchUp($0.key), at: $0.value) }
    }

    /// Releases the switches still held and removes the keyboard.
    public func finish(at instant: Instant) -> [TimedInput] {
        let up = held.keys.sorted().map { TimedInput(.switchUp($0), at: instant) }
        held.removeAll()
        return up + [TimedInput(.deviceRemoved("Terminal keyboard"), at: instant)]
    }

    /// Restores the terminal. Idempotent.
    public func stop() {
        if let s = saved {
            system_terminal_restore(fd, s)
            system_terminal_unguard()
        }
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
            case UInt8(ascii: "q"), 0x04: out.append(.quit)
            case 0x03: out.append(.interrupt)
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
