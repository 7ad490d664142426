import Glibc
import ScreenModel
import SwitchyardEngine

/// The terminal as a switch box, as a keyboard for Full Keyboard Access,
/// or as the place where utterances for Voice Control are typed, for trying
/// Switchyard without hardware.
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
/// emergency chord). Keys give all their transitions at the same instant.
///
/// As a switch box (`Layout.switches`: Switch Control without Full Keyboard Access):
///
/// | key            | input                         |
/// |----------------|-------------------------------|
/// | Space          | switch `select`               |
/// | Enter, `n`     | switch `next`                 |
/// | `p`            | switch `previous`             |
/// | Tab            | key `KEY_TAB`                 |
/// | arrows         | keys `KEY_UP` `KEY_DOWN` `KEY_RIGHT` `KEY_LEFT` |
/// | Escape         | key `KEY_ESC` (5× in 2 s = emergency exit) |
/// | `q`, Ctrl-D    | quit                          |
/// | Ctrl-C         | quit as if interrupted (`SIGINT`) |
///
/// As a keyboard (`Layout.keyboard`: Full Keyboard Access is among the
/// technologies), every key is a `KeyChord`'s transitions (modifier keys included):
///
/// | terminal sends                 | chord                           |
/// |--------------------------------|---------------------------------|
/// | a letter, digit, punctuation   | that key (`shift+` for capitals and shifted symbols) |
/// | Space, Tab, Enter, Backspace   | `space`, `tab`, `enter`, `backspace` |
/// | Shift-Tab (`ESC [ Z`)          | `shift+tab`                     |
/// | arrows (with Shift, Ctrl)      | `up` … (`shift+up`, `ctrl+up`)  |
/// | Alt-*letter* (`ESC` *letter*)  | `tab+`*letter*: a terminal cannot hold Tab, so Alt stands for it (Alt-Z is Tab-Z) |
/// | Alt-arrow                      | `tab+left` …                    |
/// | Alt-Tab (`ESC` Tab), where the window manager lets it through | `ctrl+tab` |
/// | Ctrl-*letter*                  | `ctrl+`*letter*                 |
/// | Escape                         | `esc` (5× in 2 s = emergency exit) |
/// | Ctrl-D                         | quit                            |
/// | Ctrl-C                         | quit as if interrupted (`SIGINT`) |
///
/// Utterances (`UtterancePrompt`): with Voice Control alone
/// (`Layout.utterances`), every line typed is an utterance, sent with
/// Return. With Voice Control beside Switch Control or Full Keyboard Access
/// (`utterancePrompt`), `:` opens the prompt; Return sends the line and
/// Escape cancels it, and either closes the prompt, giving the keys back to
/// the layout. Escape always goes on as `KEY_ESC` too, so five of them within
/// 2 s are the emergency exit wherever the prompt stands.
public final class TerminalKeyboardAdapter: InputAdapter {
    public static let kind = "terminal"
    public static let summary = "the terminal: Space=select, Enter/n=next, p=previous, q or Ctrl-C quits; with --technology keyboard, a keyboard (Ctrl-C quits); with voice, an utterance prompt"
    public static func make(_ options: AdapterOptions) throws(InputDeviceError) -> TerminalKeyboardAdapter {
        let t = options.technologies
        let layout: Layout = t.contains(.fullKeyboardAccess) ? .keyboard : t.contains(.switchControl) ? .switches : .utterances
        return TerminalKeyboardAdapter(layout: layout, utterancePrompt: layout != .utterances && t.contains(.voiceControl),
                                       pressLength: options.keyPressLength)
    }

    /// What the terminal's keys stand for.
    public enum Layout: Hashable, Sendable {
        /// A switch box (the table's first part).
        case switches
        /// A keyboard for Full Keyboard Access.
        case keyboard
        /// Lines of text, each an utterance for Voice Control.
        case utterances
    }

    /// What a byte sequence means.
    public enum Action: Hashable, Sendable {
        /// A switch or a single key (switch-box layout).
        case input(MappingTarget)
        /// Keys pressed together (keyboard layout).
        case chord(KeyChord)
        case quit
        /// Ctrl-C: quit, and end the session as `SIGINT` would.
        case interrupt
    }

    /// The key that opens the utterance prompt when Voice Control runs
    /// beside another technology (`:`).
    public static let promptKey = UInt8(ascii: ":")

    public let fd: Int32
    public let layout: Layout
    /// Whether `:` opens the utterance prompt (Voice Control beside the layout's technology).
    public let utterancePrompt: Bool
    /// How long a switch key holds its switch.
    public let pressLength: Interval
    /// The utterance prompt's line editor.
    public private(set) var prompt: UtterancePrompt
    private var saved: SavedTerminal?
    /// Switches held by a key press, and when each is released.
    private var held: [SwitchID: Instant] = [:]
    public private(set) var isFinished = false
    public private(set) var finishSignal: Int32?
    public var inputObserver: ((TimedInput) -> Void)?

    public init(fd: Int32 = STDIN_FILENO, layout: Layout = .switches, utterancePrompt: Bool = false, pressLength: Interval = .zero) {
        self.fd = fd
        self.layout = layout
        self.utterancePrompt = utterancePrompt && layout != .utterances
        self.pressLength = pressLength
        prompt = UtterancePrompt(closesAfterLine: layout != .utterances)
    }
    deinit { stop() }

    /// The name the terminal has as a device (`deviceAdded`).
    public static let deviceName = "Terminal keyboard"

    public func discover() throws(InputDeviceError) -> [DiscoveredDevice] {
        let info = DeviceInfo(syspath: "terminal:\(fd)", devnode: "stdin", name: Self.deviceName,
                              id: DeviceID(bus: 0, vendor: 0, product: 0, version: 0), classes: [.key])
        let profile = DeviceProfile(name: "terminal", match: ProfileMatchRule(namePattern: Self.deviceName), mappings: [])
        return [DiscoveredDevice(info: info, match: ProfileMatch(profile: profile, reason: "built in", specificity: 0))]
    }

    public var promptLine: String? { prompt.isOpen ? prompt.line : nil }
    /// The user quit at the terminal: the session ends, whatever other adapters do.
    public var finishEndsSession: Bool { true }

    /// Whether `fd` is a terminal this adapter can use. The corresponding C function is `isatty`.
    public static func isTerminal(_ fd: Int32 = STDIN_FILENO) -> Bool { system_isatty(fd) == 1 }

    /// Puts the terminal in raw mode; the keyboard is there from the session's start (instant 0).
    public func start(clock: SessionClock) throws(InputDeviceError) -> [TimedInput] {
        guard Self.isTerminal(fd) else { throw .system(operation: "raw mode", devnode: "stdin", .notATerminal) }
        do { saved = try system_terminal_makeRaw(fd) } catch { throw .system(operation: "raw mode", devnode: "stdin", error) }
        if let saved { system_terminal_guard(fd, saved) }
        return observed([TimedInput(.deviceAdded(Self.deviceName), at: .zero)])
    }

    public var pollDescriptors: [Int32] { isFinished ? [] : [fd] }
    /// The next release of a held switch.
    public var nextWakeup: Instant? { held.values.min() }

    public func service(readable: Set<Int32>, now: Instant, clock: SessionClock) throws(InputDeviceError) -> [TimedInput] {
        var out = releases(dueBy: now)
        guard readable.contains(fd), !isFinished else { return observed(out) }
        var buf = [UInt8](repeating: 0, count: 256)
        let n = buf.withUnsafeMutableBytes { system_read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { isFinished = true; return observed(out) }
        var rest = buf[0..<n]
        while !rest.isEmpty, !isFinished {
            if prompt.isOpen {
                let (actions, used) = prompt.feed(rest)
                rest = rest.dropFirst(used)
                for a in actions { out += perform(a, at: now) }
                continue
            }
            // The layout's keys, up to the key that opens the prompt.
            let cut = utterancePrompt ? rest.firstIndex(of: Self.promptKey) : nil
            let chunk = Array(rest[..<(cut ?? rest.endIndex)])
            for action in layout == .keyboard ? Self.keyboardActions(for: chunk) : Self.actions(for: chunk) where !isFinished {
                out += perform(action, at: now)
            }
            guard let cut else { break }
            prompt.open()
            rest = rest[(cut + 1)...]
        }
        return observed(out)
    }

    /// The inputs of one decoded key.
    private func perform(_ action: Action, at now: Instant) -> [TimedInput] {
        switch action {
        case .quit:
            isFinished = true
        case .interrupt:
            isFinished = true
            finishSignal = SIGINT
        case .input(.switchID(let s)):
            if pressLength == .zero { return [TimedInput(.switchDown(s), at: now), TimedInput(.switchUp(s), at: now)] }
            defer { held[s] = now + pressLength }
            if held[s] == nil { return [TimedInput(.switchDown(s), at: now)] }
        case .input(.key(let k)):
            return KeyChord([k]).strokes.map { TimedInput(.key($0), at: now) }
        case .input(.chord(let c)), .chord(let c):
            return c.strokes.map { TimedInput(.key($0), at: now) }
        }
        return []
    }

    /// The inputs of one action of the utterance prompt.
    private func perform(_ action: UtterancePrompt.Action, at now: Instant) -> [TimedInput] {
        switch action {
        case .utterance(let text): return [TimedInput(.utterance(text), at: now)]
        case .escape: return perform(Action.input(.key(.escape)), at: now)
        case .quit: return perform(Action.quit, at: now)
        case .interrupt: return perform(Action.interrupt, at: now)
        }
    }

    /// `inputs`, after showing them to `inputObserver`.
    private func observed(_ inputs: [TimedInput]) -> [TimedInput] {
        if let inputObserver { inputs.forEach(inputObserver) }
        return inputs
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
        return observed(up + [TimedInput(.deviceRemoved(Self.deviceName), at: instant)])
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
            case 0x09: out.append(.input(.key(.tab)))
            case UInt8(ascii: "q"), 0x04: out.append(.quit)
            case 0x03: out.append(.interrupt)
            case 0x1b:
                if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "[") {
                    let names: [UInt8: Key] = [0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x5a: .tab]
                    if let k = names[bytes[i + 1]] { out.append(.input(.key(k))); i += 2; continue }
                }
                out.append(.input(.key(.escape)))
            default:
                continue
            }
        }
        return out
    }

    /// Decodes bytes read from a raw terminal into chords (keyboard layout;
    /// pure; see the table above).
    public static func keyboardActions(for bytes: [UInt8]) -> [Action] {
        var out: [Action] = []
        func chord(_ keys: [Key]) { out.append(.chord(KeyChord(keys))) }
        /// The chord for a typed ASCII byte, Shift added for capitals and shifted symbols.
        func typed(_ b: UInt8, held: [Key] = []) -> [Key]? {
            guard let t = Key.typing(Character(Unicode.Scalar(b))) else { return nil }
            return held + (t.shifted ? [.leftShift] : []) + [t.key]
        }
        let arrows: [UInt8: Key] = [0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left]
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            switch b {
            case 0x04: out.append(.quit)
            case 0x03: out.append(.interrupt)
            case 0x09: chord([.tab])
            case 0x0d, 0x0a: chord([.enter])
            case 0x7f, 0x08: chord([.backspace])
            case 0x1b:
                guard i < bytes.count else { chord([.escape]); continue }
                let next = bytes[i]
                if next == UInt8(ascii: "["), i + 1 < bytes.count {
                    // CSI: ESC [ A, ESC [ Z, or ESC [ 1 ; m A with m = 1 + (shift 1, alt 2, ctrl 4).
                    var j = i + 1
                    var modifier = 1
                    if bytes[j] == UInt8(ascii: "1"), j + 2 < bytes.count, bytes[j + 1] == UInt8(ascii: ";") {
                        modifier = Int(bytes[j + 2]) - Int(UInt8(ascii: "0"))
                        j += 3
                    }
                    guard j < bytes.count else { chord([.escape]); continue }
                    if bytes[j] == UInt8(ascii: "Z") { chord([.leftShift, .tab]); i = j + 1; continue }
                    if let arrow = arrows[bytes[j]] {
                        let m = max(0, modifier - 1)
                        var keys: [Key] = []
                        if m & 4 != 0 { keys.append(.leftControl) }
                        if m & 1 != 0 { keys.append(.leftShift) }
                        if m & 2 != 0 { keys.append(.tab) }   // Alt stands for Tab
                        chord(keys + [arrow])
                        i = j + 1
                        continue
                    }
                    chord([.escape])
                    continue
                }
                if next == 0x09 { chord([.leftControl, .tab]); i += 1; continue }
                if next >= 0x21 && next < 0x7f, let keys = typed(next, held: [.tab]) { chord(keys); i += 1; continue }
                chord([.escape])
            case 0x01...0x1a:
                // Ctrl-letter (Tab, Enter, Ctrl-C, Ctrl-D and Backspace are taken above).
                chord([.leftControl, Key("KEY_" + String(Character(Unicode.Scalar(b + 0x40))))])
            case 0x20...0x7e:
                if let keys = typed(b) { chord(keys) }
            default:
                continue
            }
        }
        return out
    }
}
