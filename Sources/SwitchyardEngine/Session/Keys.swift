import Diagnostics

/// A key, by its name in the Linux input headers (`linux/input-event-codes.h`):
/// `KEY_TAB`, `KEY_LEFTSHIFT`, `KEY_Z`, `KEY_SPACE`, `KEY_ENTER`, `KEY_ESC`,
/// `KEY_LEFT`. The evdev path names keys this way (`libevdev_event_code_get_name`),
/// so a key from a keyboard reaches the engine unchanged; scripts and binding
/// files write friendlier names that `KeyChord` translates (`tab`, `shift`, `z`).
public struct Key: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The Linux name, `KEY_TAB`.
    public var name: String

    /// The key named `name` (a Linux name such as `KEY_TAB`; not checked).
    public init(_ name: String) { self.name = name }

    /// The key with the Linux name `name`, when the kernel defines it
    /// (`KernelKeyNames`): nil for `KEY_TABB`, for buttons (`BTN_SOUTH`,
    /// switches rather than keys) and anything else. The one check of a Linux
    /// key name, wherever one is written.
    public init?(linuxName name: String) {
        guard KernelKeyNames.contains(name) else { return nil }
        self.name = name
    }
    public init(stringLiteral value: String) { self.name = value }
    public static func < (a: Key, b: Key) -> Bool { a.name < b.name }
    /// `KEY_TAB`.
    public var description: String { name }

    // MARK: - Keys the engine reads by name

    public static let tab: Key = "KEY_TAB"
    public static let space: Key = "KEY_SPACE"
    public static let enter: Key = "KEY_ENTER"
    /// The keypad's Enter, read like Return.
    public static let keypadEnter: Key = "KEY_KPENTER"
    public static let escape: Key = "KEY_ESC"
    public static let backspace: Key = "KEY_BACKSPACE"
    public static let left: Key = "KEY_LEFT"
    public static let right: Key = "KEY_RIGHT"
    public static let up: Key = "KEY_UP"
    public static let down: Key = "KEY_DOWN"
    public static let leftShift: Key = "KEY_LEFTSHIFT"
    public static let rightShift: Key = "KEY_RIGHTSHIFT"
    public static let leftControl: Key = "KEY_LEFTCTRL"
    public static let rightControl: Key = "KEY_RIGHTCTRL"
    public static let leftAlt: Key = "KEY_LEFTALT"
    public static let rightAlt: Key = "KEY_RIGHTALT"
    public static let leftMeta: Key = "KEY_LEFTMETA"
    public static let rightMeta: Key = "KEY_RIGHTMETA"
    public static let function: Key = "KEY_FN"

    /// The modifier this key holds while it is down; nil for other keys.
    public var modifier: KeyModifiers? {
        switch name {
        case "KEY_LEFTSHIFT", "KEY_RIGHTSHIFT": return .shift
        case "KEY_LEFTCTRL", "KEY_RIGHTCTRL": return .control
        case "KEY_LEFTALT", "KEY_RIGHTALT": return .option
        case "KEY_LEFTMETA", "KEY_RIGHTMETA": return .command
        case "KEY_FN": return .function
        default: return nil
        }
    }

    /// Whether the key is a modifier key (Shift, Control, Alt/Option, Meta/Command, Fn).
    public var isModifier: Bool { modifier != nil }

    /// The character the key types on a US English layout, with or without
    /// Shift: `a`/`A` for `KEY_A`, `1`/`!` for `KEY_1`, a space for
    /// `KEY_SPACE`; nil for keys that type nothing (Tab, arrows, Return…).
    /// [model choice] One layout, US QWERTY: the evdev path delivers key
    /// positions, not characters.
    /// - Parameter shifted: whether Shift is held.
    /// - Returns: the character, or nil.
    public func character(shifted: Bool) -> Character? {
        guard name.hasPrefix("KEY_") else { return nil }
        let bare = name.utf8.dropFirst(4)
        if bare.count == 1, let b = bare.first {
            if b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") {
                return Character(Unicode.Scalar(shifted ? b : b + 32))
            }
            if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                if !shifted { return Character(Unicode.Scalar(b)) }
                return Array(")!@#$%^&*(")[Int(b - UInt8(ascii: "0"))]
            }
            return nil
        }
        guard let pair = Self.punctuation[name] else { return nil }
        return shifted ? pair.1 : pair.0
    }

    /// The key that types `character` on a US English layout, and whether
    /// Shift is needed: `("KEY_A", true)` for `A`; nil for characters no key
    /// types. The inverse of `character(shifted:)`.
    /// - Parameter character: one character.
    /// - Returns: the key and whether Shift is held.
    public static func typing(_ character: Character) -> (key: Key, shifted: Bool)? {
        guard let a = character.asciiValue else { return nil }
        if a >= UInt8(ascii: "a") && a <= UInt8(ascii: "z") { return (Key("KEY_" + String(character).uppercased()), false) }
        if a >= UInt8(ascii: "A") && a <= UInt8(ascii: "Z") { return (Key("KEY_" + String(character)), true) }
        if a >= UInt8(ascii: "0") && a <= UInt8(ascii: "9") { return (Key("KEY_" + String(character)), false) }
        if let i = Array(")!@#$%^&*(").firstIndex(of: character) { return (Key("KEY_\(i)"), true) }
        for (name, pair) in punctuation {
            if pair.0 == character { return (Key(name), false) }
            if pair.1 == character { return (Key(name), true) }
        }
        return nil
    }

    /// Keys that type punctuation (US layout): unshifted, shifted.
    static let punctuation: [String: (Character, Character)] = {
        // Built from a string, unshifted then shifted character per key (a
        // literal of tuples is slow to type-check).
        let names = ["KEY_SPACE", "KEY_MINUS", "KEY_EQUAL", "KEY_LEFTBRACE", "KEY_RIGHTBRACE", "KEY_SEMICOLON",
                     "KEY_APOSTROPHE", "KEY_GRAVE", "KEY_BACKSLASH", "KEY_COMMA", "KEY_DOT", "KEY_SLASH"]
        let pairs = Array("  -_=+[{]};:'\"`~\\|,<.>/?")
        var d: [String: (Character, Character)] = [:]
        for (i, name) in names.enumerated() { d[name] = (pairs[2 * i], pairs[2 * i + 1]) }
        return d
    }()
}

/// Keys pressed together, written `tab+z` or `shift+Tab`: every key but the
/// last is held, in order, while the last is pressed; then all come up in
/// reverse order. What a scenario's `key` line, a Full Keyboard Access
/// binding and the terminal adapter write.
///
/// Names are case-insensitive: a letter or digit (`z`, `7`), a word
/// (`tab`, `space`, `enter`/`return`, `esc`/`escape`, `backspace`, `delete`,
/// `left`, `right`, `up`, `down`, `home`, `end`, `pageup`, `pagedown`,
/// `f1`…`f24`, punctuation words such as `period` or the character itself),
/// a modifier (`shift`, `ctrl`/`control`, `alt`/`option`, `cmd`/`command`/`meta`,
/// `fn`/`function`; the left-hand key), or any Linux name as written in the
/// headers (`KEY_RIGHTSHIFT`, `KEY_VOLUMEUP`), checked against the kernel's
/// list (`KernelKeyNames`: `KEY_TABB` is an error that suggests `KEY_TAB`).
///
/// Modifier keys arrive as transitions of their own, as on the evdev path:
/// `shift+Tab` is `KEY_LEFTSHIFT` down, `KEY_TAB` down and up with `shift`
/// held, `KEY_LEFTSHIFT` up (`strokes`).
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    /// The keys, pressed in this order and released in reverse.
    public var keys: [Key]

    /// - Parameter keys: at least one key, each once.
    public init(_ keys: [Key]) {
        precondition(!keys.isEmpty, "a chord has at least one key")
        self.keys = keys
    }

    // MARK: - API

    /// Reads a chord such as `tab+z`, `shift+Tab`, `ctrl+shift+tab`, `KEY_F5`.
    /// - Parameter spec: keys joined with `+`.
    /// - Returns: the chord.
    /// - Throws: `KeyChordError` quoting the part it does not know, with a
    ///   suggestion when one is close.
    public static func parse(_ spec: String) throws(KeyChordError) -> KeyChord {
        let parts = spec.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        var keys: [Key] = []
        for part in parts {
            guard !part.isEmpty else {
                throw KeyChordError(message: "'\(spec)' has an empty key; write keys joined with '+', e.g. tab+z or shift+tab")
            }
            guard let key = key(named: part) else {
                let place = part == spec ? "" : " in '\(spec)'"
                if part.hasPrefix("KEY_") {
                    throw KeyChordError(message: "unknown key '\(part)'\(place): the kernel defines no such key (linux/input-event-codes.h)"
                                        + Suggestion.hint(for: part, among: KernelKeyNames.all))
                }
                let hint = Suggestion.closest(to: part.lowercased(), among: names).map { "; did you mean '\($0)'?" } ?? ""
                throw KeyChordError(message: "unknown key '\(part)'\(place); expected a letter, a digit, a key name such as tab, space, enter, esc, left, shift, ctrl, alt, cmd, fn, or a Linux name such as KEY_TAB\(hint)")
            }
            guard !keys.contains(key) else {
                throw KeyChordError(message: "'\(spec)' names \(key) twice; give each key once")
            }
            keys.append(key)
        }
        return KeyChord(keys)
    }

    /// The key transitions of the chord, in order: each key goes down, then
    /// each comes up in reverse order; each transition carries the
    /// modifiers held just before it (`KeyStroke`).
    public var strokes: [KeyStroke] {
        var out: [KeyStroke] = []
        out.reserveCapacity(keys.count * 2)
        var held: KeyModifiers = []
        var holding: [Key] = []
        for k in keys {
            out.append(KeyStroke(key: k, modifiers: held, phase: .down))
            holding.append(k)
            held = Self.modifiers(holding)
        }
        while let k = holding.popLast() {
            out.append(KeyStroke(key: k, modifiers: held, phase: .up))
            held = Self.modifiers(holding)
        }
        return out
    }

    /// `shift+tab`, `tab+z`: the keys by their short names.
    public var description: String { keys.map(Self.name(of:)).joined(separator: "+") }

    /// The key a chord part names (case-insensitive), or nil.
    /// - Parameter name: `z`, `Tab`, `shift`, `period`, `KEY_F5`.
    /// - Returns: the key.
    public static func key(named name: String) -> Key? {
        if name.hasPrefix("KEY_") { return Key(linuxName: name) }
        let lower = name.lowercased()
        if let k = byName[lower] { return k }
        if lower.count == 1, let c = lower.unicodeScalars.first, c.isASCII {
            let v = UInt8(c.value)
            if (v >= UInt8(ascii: "a") && v <= UInt8(ascii: "z")) || (v >= UInt8(ascii: "0") && v <= UInt8(ascii: "9")) {
                return Key("KEY_" + String(Character(c)).uppercased())
            }
        }
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), n >= 1, n <= 24, String(n) == lower.dropFirst() {
            return Key("KEY_F\(n)")
        }
        return nil
    }

    /// The short name of `key` as chords write it: `tab`, `shift`, `z`,
    /// `left`; the Linux name for keys without one (`KEY_RIGHTSHIFT`).
    public static func name(of key: Key) -> String {
        if let n = shortNames[key] { return n }
        let bare = key.name.dropFirst(4)
        if key.name.hasPrefix("KEY_"), bare.count == 1 { return bare.lowercased() }
        if key.name.hasPrefix("KEY_F"), let n = Int(key.name.dropFirst(5)), n >= 1, n <= 24 { return "f\(n)" }
        return key.name
    }

    /// Every word a chord accepts besides letters, digits, `f1`…`f24` and Linux names.
    public static let names: [String] = words.map(\.0)

    /// Words and the keys they name; the first word for a key is its short name.
    static let words: [(String, Key)] = [
        ("tab", Key.tab), ("space", Key.space), ("enter", Key.enter), ("return", Key.enter), ("esc", Key.escape), ("escape", Key.escape),
        ("backspace", Key.backspace), ("delete", Key("KEY_DELETE")), ("insert", Key("KEY_INSERT")),
        ("left", Key.left), ("right", Key.right), ("up", Key.up), ("down", Key.down),
        ("home", Key("KEY_HOME")), ("end", Key("KEY_END")), ("pageup", Key("KEY_PAGEUP")), ("pagedown", Key("KEY_PAGEDOWN")),
        ("shift", Key.leftShift), ("ctrl", Key.leftControl), ("control", Key.leftControl), ("alt", Key.leftAlt), ("option", Key.leftAlt),
        ("cmd", Key.leftMeta), ("command", Key.leftMeta), ("meta", Key.leftMeta), ("fn", Key.function), ("function", Key.function),
        ("minus", Key("KEY_MINUS")), ("-", Key("KEY_MINUS")), ("equal", Key("KEY_EQUAL")), ("=", Key("KEY_EQUAL")),
        ("leftbrace", Key("KEY_LEFTBRACE")), ("[", Key("KEY_LEFTBRACE")), ("rightbrace", Key("KEY_RIGHTBRACE")), ("]", Key("KEY_RIGHTBRACE")),
        ("semicolon", Key("KEY_SEMICOLON")), (";", Key("KEY_SEMICOLON")), ("apostrophe", Key("KEY_APOSTROPHE")), ("'", Key("KEY_APOSTROPHE")),
        ("grave", Key("KEY_GRAVE")), ("`", Key("KEY_GRAVE")), ("backslash", Key("KEY_BACKSLASH")), ("\\", Key("KEY_BACKSLASH")),
        ("comma", Key("KEY_COMMA")), (",", Key("KEY_COMMA")), ("period", Key("KEY_DOT")), ("dot", Key("KEY_DOT")), (".", Key("KEY_DOT")),
        ("slash", Key("KEY_SLASH")), ("/", Key("KEY_SLASH")),
    ]

    static let byName: [String: Key] = {
        var d: [String: Key] = [:]
        for (w, k) in words where d[w] == nil { d[w] = k }
        return d
    }()

    static let shortNames: [Key: String] = {
        var d: [Key: String] = [:]
        for (w, k) in words where d[k] == nil { d[k] = w }
        return d
    }()

    /// The modifiers that `keys` hold.
    static func modifiers(_ keys: [Key]) -> KeyModifiers {
        var m: KeyModifiers = []
        for k in keys { if let x = k.modifier { m.insert(x) } }
        return m
    }
}

/// A key chord that cannot be read: the message quotes what was written and
/// says what is accepted. It has no place of its own; the caller that read
/// the chord (a scenario line, a settings file) adds it.
public struct KeyChordError: DiagnosticError, Hashable, Sendable {
    /// The message without location or severity.
    public var message: String
    public init(message: String) { self.message = message }
    public var diagnostics: [Diagnostic] { [Diagnostic(.error, message)] }
}
