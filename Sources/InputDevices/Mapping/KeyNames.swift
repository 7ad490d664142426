import SwitchyardEngine

/// Linux key codes to the keys `KeyStroke` carries: the names of the Linux
/// input headers, as libevdev spells them (`KEY_TAB`, `KEY_LEFTSHIFT`, `KEY_Z`).
public enum KeyNames {
    /// `KEY_SPACE` for 57, `KEY_FN` for 0x1d0; nil for buttons (`BTN_*`,
    /// which are switches, not keyboard keys) and codes libevdev does not name.
    /// The corresponding C function is `libevdev_event_code_get_name`.
    public static func key(forKeyCode code: UInt16) -> Key? {
        guard code > 0 else { return nil }
        // KEY_MAX, which libevdev names too, is no key: the kernel's list decides.
        return Key(linuxName: EventCodes.codeName(type: EventType.key, code: code))
    }


}
