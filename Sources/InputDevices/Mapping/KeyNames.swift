import SwitchyardEngine

/// Linux key codes to the key names `KeyStroke` uses (`Tab`, `Space`, `a`, `7`).
public enum KeyNames {
    /// Names that are not simply the title-cased libevdev name.
    static let special: [String: String] = [
        "KEY_ESC": "Escape", "KEY_ENTER": "Enter", "KEY_KPENTER": "Enter", "KEY_PAGEUP": "PageUp", "KEY_PAGEDOWN": "PageDown",
        "KEY_BACKSPACE": "Backspace", "KEY_CAPSLOCK": "CapsLock", "KEY_MINUS": "-", "KEY_EQUAL": "=", "KEY_LEFTBRACE": "[",
        "KEY_RIGHTBRACE": "]", "KEY_SEMICOLON": ";", "KEY_APOSTROPHE": "'", "KEY_GRAVE": "`", "KEY_BACKSLASH": "\\",
        "KEY_COMMA": ",", "KEY_DOT": ".", "KEY_SLASH": "/",
    ]

    /// Modifier keys: tracked as `KeyModifiers`, not sent as keys themselves.
    public static let modifiers: [UInt16: KeyModifiers] = [
        42: .shift, 54: .shift, 29: .control, 97: .control, 56: .option, 100: .option, 125: .command, 126: .command,
    ]

    /// `Space` for KEY_SPACE (57), `a` for KEY_A, `F5` for KEY_F5; nil for codes
    /// at or above BTN_MISC (buttons are not keyboard keys).
    public static func name(forKeyCode code: UInt16) -> String? {
        guard code > 0, code < EventType.btnMisc else { return nil }
        let evdevName = EventCodes.codeName(type: EventType.key, code: code)
        if let s = special[evdevName] { return s }
        guard evdevName.hasPrefix("KEY_") else { return nil }
        let bare = String(evdevName.dropFirst(4))
        if bare.count == 1 { return bare.lowercased() }
        if bare.first == "F", Int(bare.dropFirst()) != nil { return bare }
        return bare.prefix(1) + bare.dropFirst().lowercased()
    }
}
