import SwitchyardEngine

/// Linux key codes to the keys `KeyStroke` carries: the names of the Linux
/// input headers, as libevdev spells them (`KEY_TAB`, `KEY_LEFTSHIFT`, `KEY_Z`).
public enum KeyNames {
    /// `KEY_SPACE` for 57, `KEY_FN` for 0x1d0; nil for buttons (`BTN_*`,
    /// which are switches, not keyboard keys) and codes libevdev does not name.
    /// The corresponding C function is `libevdev_event_code_get_name`.
    public static func key(forKeyCode code: UInt16) -> Key? {
        guard code > 0 else { return nil }
        let name = EventCodes.codeName(type: EventType.key, code: code)
        return name.hasPrefix("KEY_") ? Key(name) : nil
    }

    /// The key named `name` when libevdev knows it as a key (`KEY_TAB`); nil
    /// for buttons and unknown names.
    /// The corresponding C function is `libevdev_event_code_from_name`.
    public static func key(named name: String) -> Key? {
        guard name.hasPrefix("KEY_"), EventCodes.code(named: name, type: EventType.key) != nil else { return nil }
        return Key(name)
    }
}
