import Diagnostics

/// A Full Keyboard Access command that the engine carries out, by the name a
/// settings file and a `set` line use (Settings › Accessibility › Keyboards ›
/// Full Keyboard Access › Commands; docs/keyboard-access.md lists each with
/// its source). Commands Apple lists that mean nothing in a model of one
/// app's screens (Home, Siri, gestures, pass-through, …) are not here; their
/// keys are unbound (docs/keyboard-access.md, "Not modelled").
public enum KeyboardCommand: String, Hashable, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    case help
    /// To the next focus group (Tab).
    case moveForward = "move-forward"
    /// To the previous focus group (Shift-Tab).
    case moveBackward = "move-backward"
    case moveUp = "move-up"
    case moveDown = "move-down"
    case moveLeft = "move-left"
    case moveRight = "move-right"
    /// To the first item of the group (Tab-Left).
    case moveToBeginning = "move-to-beginning"
    /// To the last item of the group (Tab-Right).
    case moveToEnd = "move-to-end"
    /// To the next item in navigation order, into and through groups (Control-Tab); also leaves text editing.
    case moveToNextItem = "move-to-next-item"
    /// To the previous item in navigation order (Control-Shift-Tab).
    case moveToPreviousItem = "move-to-previous-item"
    case find
    case activate
    /// Escape: close a sheet, else go back a screen (Tab-B).
    case goBack = "go-back"
    /// The focused element's actions list (Tab-Z).
    case actions

    /// The title Settings shows, also the line Help shows: `Move forward`.
    public var title: String {
        switch self {
        case .help: return "Help"
        case .moveForward: return "Move forward"
        case .moveBackward: return "Move backward"
        case .moveUp: return "Move up"
        case .moveDown: return "Move down"
        case .moveLeft: return "Move left"
        case .moveRight: return "Move right"
        case .moveToBeginning: return "Move to beginning"
        case .moveToEnd: return "Move to end"
        case .moveToNextItem: return "Move to next item"
        case .moveToPreviousItem: return "Move to previous item"
        case .find: return "Find"
        case .activate: return "Activate"
        case .goBack: return "Go back"
        case .actions: return "Actions"
        }
    }

    /// `move-forward`.
    public var description: String { rawValue }

    /// In documentation order (the order of `allCases`).
    public static func < (a: KeyboardCommand, b: KeyboardCommand) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The keys a command is bound to: a key, the modifiers held with it, and
/// whether Tab is held (Full Keyboard Access's own modifier, [Apple doc] S31).
/// Written as a chord: `tab+z`, `shift+tab`, `ctrl+shift+tab`, `space`.
///
/// A Tab chord acts when its key goes down while Tab is held; Tab alone
/// (with or without modifiers) acts when Tab comes up with no other key
/// pressed meanwhile (docs/keyboard-access.md, "Keys").
public struct KeyCombo: Hashable, Sendable, CustomStringConvertible {
    /// The key that acts (never a modifier key).
    public var key: Key
    /// The modifiers held.
    public var modifiers: KeyModifiers
    /// Whether Tab is held (a Tab chord such as Tab-Z).
    public var tab: Bool

    /// - Parameters:
    ///   - key: the key that acts.
    ///   - modifiers: the modifiers held.
    ///   - tab: whether Tab is held.
    public init(_ key: Key, modifiers: KeyModifiers = [], tab: Bool = false) {
        self.key = key
        self.modifiers = modifiers
        self.tab = tab
    }

    // MARK: - API

    /// Reads a binding such as `tab+z`, `ctrl+shift+tab` or `space`.
    /// - Parameter spec: a key chord (`KeyChord`) whose held keys are modifiers or Tab.
    /// - Returns: the combination.
    /// - Throws: `KeyChordError` for an unknown key, or a chord that holds a
    ///   key that is neither a modifier nor Tab, or ends with a modifier.
    public static func parse(_ spec: String) throws(KeyChordError) -> KeyCombo {
        let chord = try KeyChord.parse(spec)
        let last = chord.keys[chord.keys.count - 1]
        guard !last.isModifier else {
            throw KeyChordError(message: "'\(spec)' ends with a modifier key; a binding ends with the key that acts, e.g. shift+tab")
        }
        var combo = KeyCombo(last)
        for k in chord.keys.dropLast() {
            if let m = k.modifier {
                combo.modifiers.insert(m)
            } else if k == .tab {
                combo.tab = true
            } else {
                throw KeyChordError(message: "'\(spec)' holds \(KeyChord.name(of: k)); only modifiers (shift, ctrl, alt, cmd, fn) and tab can be held in a binding")
            }
        }
        return combo
    }

    /// Apple's order: `ctrl+alt+shift+cmd+fn+tab+z`.
    public var description: String {
        let order: [(String, KeyModifiers)] = [("ctrl", .control), ("alt", .option), ("shift", .shift), ("cmd", .command), ("fn", .function)]
        var parts = order.filter { modifiers.contains($0.1) }.map(\.0)
        if tab { parts.append("tab") }
        parts.append(KeyChord.name(of: key))
        return parts.joined(separator: "+")
    }
}

/// Every Full Keyboard Access setting: the command bindings and Auto-Hide
/// (docs/keyboard-access.md lists each with its source).
public struct KeyboardAccessSettings: Hashable, Sendable {
    /// The keys of each command; a command may have several, or none
    /// (unbound). Default: `defaultBindings`.
    public var bindings: [KeyboardCommand: [KeyCombo]] = KeyboardAccessSettings.defaultBindings
    /// Auto-Hide: how long without a key before the focus ring hides; nil
    /// is off. Default on, 15 s; 1 to 60 s in whole seconds ([third-party] S9d).
    public var autoHide: Interval? = KeyboardAccessSettings.defaultAutoHide

    public init() {}

    /// The default bindings: the Commands page of iOS Settings ([third-party]
    /// S9c; Tab as the modifier, Tab-Z, Tab-F and Control-Tab [Apple doc] S31).
    public static let defaultBindings: [KeyboardCommand: [KeyCombo]] = [
        .help: [KeyCombo(Key("KEY_H"), tab: true)],
        .moveForward: [KeyCombo(.tab)],
        .moveBackward: [KeyCombo(.tab, modifiers: .shift)],
        .moveUp: [KeyCombo(.up)],
        .moveDown: [KeyCombo(.down)],
        .moveLeft: [KeyCombo(.left)],
        .moveRight: [KeyCombo(.right)],
        .moveToBeginning: [KeyCombo(.left, tab: true)],
        .moveToEnd: [KeyCombo(.right, tab: true)],
        .moveToNextItem: [KeyCombo(.tab, modifiers: .control)],
        .moveToPreviousItem: [KeyCombo(.tab, modifiers: [.control, .shift])],
        .find: [KeyCombo(Key("KEY_F"), tab: true)],
        .activate: [KeyCombo(.space)],
        .goBack: [KeyCombo(Key("KEY_B"), tab: true)],
        .actions: [KeyCombo(Key("KEY_Z"), tab: true)],
    ]

    /// Auto-Hide's default: on, 15 s.
    public static let defaultAutoHide: Interval = .seconds(15)
    /// Auto-Hide's range: 1 to 60 s in steps of 1 s ([third-party] S9d).
    public static let autoHideRange: ClosedRange<Int64> = 1...60

    /// The settings' names as written in files and `set` lines: `auto-hide`,
    /// then one per command, in documentation order.
    public static let names: [String] = ["auto-hide"] + KeyboardCommand.allCases.map(\.rawValue)

    /// The keys of `command` (empty when unbound).
    public func keys(of command: KeyboardCommand) -> [KeyCombo] { bindings[command] ?? [] }

    /// The command each bound key runs.
    /// - Returns: the table; when two commands share a key (which `validate()`
    ///   rejects), the first in documentation order keeps it.
    public func commandTable() -> [KeyCombo: KeyboardCommand] {
        var table: [KeyCombo: KeyboardCommand] = [:]
        for c in KeyboardCommand.allCases {
            for k in keys(of: c) where table[k] == nil { table[k] = c }
        }
        return table
    }

    /// The first key bound to two commands, with both, in documentation order.
    public var firstConflict: (key: KeyCombo, first: KeyboardCommand, second: KeyboardCommand)? {
        var owner: [KeyCombo: KeyboardCommand] = [:]
        for c in KeyboardCommand.allCases {
            for k in keys(of: c) {
                if let o = owner[k], o != c { return (k, o, c) }
                owner[k] = c
            }
        }
        return nil
    }

    /// The problem with Auto-Hide, or nil when it is in range.
    var autoHideProblem: SettingsError.Problem? {
        guard let t = autoHide else { return nil }
        let us = t.microseconds
        if us % 1_000_000 == 0, Self.autoHideRange.contains(us / 1_000_000) { return nil }
        return .invalidValue(name: "auto-hide", value: t.description, expected: "a whole number of seconds from 1 to 60, or off")
    }

    /// The message for a key bound to two commands.
    static func conflictMessage(_ key: String, _ a: String, _ b: String) -> String {
        "\(key) is bound to both '\(a)' and '\(b)'; give each key to one command (bind the other elsewhere, or unbind it with null)"
    }

    /// Checks Auto-Hide's range and that no key is bound to two commands.
    /// - Throws: `SessionError` naming the setting, or both commands of a conflict.
    public func validate() throws(SessionError) {
        if let p = autoHideProblem { throw .invalidSetting(p) }
        if let c = firstConflict {
            throw .contradictorySettings(Self.conflictMessage(c.key.description, c.first.rawValue, c.second.rawValue), settings: [c.first.rawValue, c.second.rawValue])
        }
    }

    /// What Help lists: one line per command, `Find: tab+f`, `none` when unbound.
    public var commandLines: [String] {
        KeyboardCommand.allCases.map { c in
            let keys = keys(of: c)
            return "\(c.title): " + (keys.isEmpty ? "none" : keys.map(\.description).joined(separator: ", "))
        }
    }
}
