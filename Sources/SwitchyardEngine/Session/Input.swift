/// The name of one switch, as configured: `select`, `next`, `previous`, or
/// any name a settings file gives a switch. Device profiles map evdev codes
/// (`EV_KEY`/`KEY_SPACE`, `BTN_SOUTH`, an `ABS_X` half-axis) to these names.
public struct SwitchID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The switch's name.
    public var name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { self.name = value }
    public static func < (a: SwitchID, b: SwitchID) -> Bool { a.name < b.name }
    public var description: String { name }

    /// The conventional first switch: with one switch, it is Select Item.
    public static let select: SwitchID = "select"
    /// The conventional Move To Next Item switch.
    public static let next: SwitchID = "next"
    /// The conventional Move To Previous Item switch.
    public static let previous: SwitchID = "previous"
}

/// Modifier keys held with a key stroke, as Full Keyboard Access reads them.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift (`KEY_LEFTSHIFT`, `KEY_RIGHTSHIFT`).
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Control (`KEY_LEFTCTRL`, `KEY_RIGHTCTRL`).
    public static let control = KeyModifiers(rawValue: 1 << 1)
    /// Option, Alt on a PC keyboard (`KEY_LEFTALT`, `KEY_RIGHTALT`).
    public static let option = KeyModifiers(rawValue: 1 << 2)
    /// Command, Meta or the Windows key on a PC keyboard (`KEY_LEFTMETA`, `KEY_RIGHTMETA`).
    public static let command = KeyModifiers(rawValue: 1 << 3)
    /// Function, Globe (`KEY_FN`).
    public static let function = KeyModifiers(rawValue: 1 << 4)

    /// Names as written in scripts and transcripts: `shift`, `ctrl`, `alt`, `cmd`, `fn`.
    public static let names: [(String, KeyModifiers)] = [
        ("shift", .shift), ("ctrl", .control), ("alt", .option), ("cmd", .command), ("fn", .function),
    ]

    /// The names of the modifiers held, in the order of `names`: `["shift", "ctrl"]`.
    public var names: [String] { Self.names.filter { contains($0.1) }.map(\.0) }
}

/// Whether a key went down or came up.
public enum KeyPhase: String, Hashable, Sendable {
    case down, up
}

/// One key transition: `KEY_TAB` down with `shift` held, `KEY_SPACE` up.
///
/// Keys are named as in the Linux input headers (`Key`), so the evdev path
/// feeds them as they come. Modifier keys (`KEY_LEFTSHIFT`, …) arrive as
/// transitions of their own too; `modifiers` are the modifiers held just
/// before this transition (X11's rule): `KEY_LEFTSHIFT` down carries `[]`,
/// the `KEY_TAB` down that follows carries `[shift]`, and `KEY_LEFTSHIFT` up
/// carries `[shift]`. `KeyChord` turns `shift+tab` into those transitions.
public struct KeyStroke: Hashable, Sendable, CustomStringConvertible {
    /// The key, by its Linux name.
    public var key: Key
    /// The modifiers held just before this transition.
    public var modifiers: KeyModifiers
    public var phase: KeyPhase
    public init(key: Key, modifiers: KeyModifiers = [], phase: KeyPhase) {
        self.key = key
        self.modifiers = modifiers
        self.phase = phase
    }
    /// `shift+KEY_TAB down`.
    public var description: String {
        (modifiers.names + [key.name]).joined(separator: "+") + " " + phase.rawValue
    }
}

/// Something that happened at the user's end, named after what happened (not
/// what it should cause): a switch went down, a key came up, a phrase was
/// spoken, a device was plugged in.
public enum Input: Hashable, Sendable {
    /// A switch was pressed.
    case switchDown(SwitchID)
    /// A switch was released.
    case switchUp(SwitchID)
    /// A key went down or up.
    case key(KeyStroke)
    /// The user spoke a phrase (Voice Control), e.g. `tap Pay`.
    case utterance(String)
    /// An input device appeared (hotplug), with a readable name.
    case deviceAdded(String)
    /// An input device went away.
    case deviceRemoved(String)
    /// An app that runs outside the session (a desktop app over AT-SPI)
    /// shows a new picture of its screen.
    case screenReplaced(ScreenUpdate)
}

/// An input with the virtual instant at which it happened.
public struct TimedInput: Hashable, Sendable {
    public var time: Instant
    public var input: Input
    public init(_ input: Input, at time: Instant) {
        self.time = time
        self.input = input
    }
}
