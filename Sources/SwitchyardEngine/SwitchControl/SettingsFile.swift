import ScreenModel
import Diagnostics

/// A setting's value as read from a file or a `set` command, before it is checked.
enum SettingValue {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case switches([SwitchAssignment])

    var text: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return String(b)
        case .number(let n): return Interval.seconds(n).description.dropLast().description
        case .string(let s): return "'\(s)'"
        case .switches(let s): return "\(s.count) switches"
        }
    }
}

extension SwitchControlSettings {
    // MARK: - API

    /// Reads a settings file (docs/switch-control.md, "Settings file").
    ///
    /// The file is one JSON object whose keys are setting names in kebab-case
    /// (`auto-scanning-time`); every key is optional and a missing one keeps
    /// its default. Times are seconds. A toggled duration is `false`/`null`
    /// (off), `true` (on with its default time) or a number of seconds.
    /// - Parameters:
    ///   - json: the file's bytes.
    ///   - file: the name used in error messages.
    /// - Returns: the settings.
    /// - Throws: `SettingsError` quoting the bad name or value.
    public static func load(json: [UInt8], file: String) throws(SettingsError) -> SwitchControlSettings {
        let doc: JSONDocument
        do {
            doc = try JSONDocument(bytes: json)
        } catch {
            throw SettingsError(.syntax(error.message), at: SourceLocation(file: file, line: error.line, column: error.column))
        }
        guard doc.kind(doc.root) == .object else {
            throw SettingsError(.syntax("a settings file is one JSON object of settings by name"), at: SourceLocation(file: file, line: 1, column: 1))
        }
        var s = SwitchControlSettings()
        var seen: [String: Int] = [:]
        for (key, node) in doc.members(doc.root) {
            let (line, column) = doc.position(of: node)
            let here = SourceLocation(file: file, line: line, column: column)
            if let first = seen[key] { throw SettingsError(.duplicateSetting(name: key, firstLine: first), at: here) }
            seen[key] = line
            if key == "$schema" || key == "comment" { continue }
            do {
                let value = try readValue(doc, node, name: key)
                try s.apply(key, value)
            } catch {
                var location = error.location ?? here
                location.file = file
                throw SettingsError(error.problem, at: location)
            }
        }
        return s
    }

    /// Changes one setting from text, as a script's `set auto-scanning-time 1.5` does.
    ///
    /// Values: a number of seconds for times; `on`/`off` (or `true`/`false`)
    /// for toggles and toggled durations; `unlimited` (or `0`) for loops; the
    /// kebab-case option name for choices; for `switches`, a comma-separated
    /// list of `name=action` or `name=action/long-press-action`.
    /// - Parameters:
    ///   - name: the setting's kebab-case name.
    ///   - value: the value as written.
    /// - Throws: `SettingsError` quoting the bad name or value.
    public mutating func set(_ name: String, _ value: String) throws(SettingsError) {
        let v: SettingValue
        let lower = value.lowercased()
        if name == "switches" {
            var list: [SwitchAssignment] = []
            for part in value.split(separator: ",") {
                let pieces = part.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces }
                guard pieces.count == 2 else {
                    throw SettingsError(.invalidValue(name: name, value: "'\(part)'", expected: "name=action, e.g. select=select-item"))
                }
                let acts = pieces[1].split(separator: "/").map(String.init)
                let action = try Self.action(acts[0], name: name)
                let long = try acts.count > 1 ? Self.action(acts[1], name: name) : nil
                list.append(SwitchAssignment(SwitchID(pieces[0]), action, longPress: long))
            }
            v = .switches(list)
        } else if lower == "on" || lower == "true" {
            v = .bool(true)
        } else if lower == "off" || lower == "false" {
            v = .bool(false)
        } else if lower == "null" || lower == "unlimited" {
            v = .null
        } else if let n = Double(value) {
            v = .number(n)
        } else {
            v = .string(value)
        }
        try apply(name, v)
    }

    // MARK: - Reading

    static func readValue(_ doc: JSONDocument, _ node: Int, name: String) throws(SettingsError) -> SettingValue {
        switch doc.kind(node) {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(doc.number(node)!)
        case .string: return .string(doc.string(node)!)
        case .object:
            throw SettingsError(.invalidValue(name: name, value: "an object", expected: "a number, a string or a boolean"))
        case .array:
            guard name == "switches" else {
                throw SettingsError(.invalidValue(name: name, value: "an array", expected: "a number, a string or a boolean"))
            }
            var list: [SwitchAssignment] = []
            for item in doc.elements(node) {
                let (line, column) = doc.position(of: item)
                let here = SourceLocation(file: nil, line: line, column: column)
                guard doc.kind(item) == .object else {
                    throw SettingsError(.invalidValue(name: name, value: doc.kind(item).noun, expected: "objects like {\"switch\": \"select\", \"action\": \"select-item\"}"), at: here)
                }
                var id: String? = nil
                var action: SwitchAction? = nil
                var long: SwitchAction? = nil
                for (k, v) in doc.members(item) {
                    guard let text = doc.string(v) else {
                        throw SettingsError(.invalidValue(name: "switches.\(k)", value: doc.kind(v).noun, expected: "a string"), at: here)
                    }
                    switch k {
                    case "switch": id = text
                    case "action": action = try Self.action(text, name: "switches.action")
                    case "long-press-action": long = try Self.action(text, name: "switches.long-press-action")
                    default:
                        throw SettingsError(.unknownSetting(name: "switches.\(k)", suggestion: Suggestion.closest(to: k, among: ["switch", "action", "long-press-action"])), at: here)
                    }
                }
                guard let id, let action else {
                    throw SettingsError(.invalidValue(name: name, value: "a switch without 'switch' or 'action'", expected: "both fields, e.g. {\"switch\": \"select\", \"action\": \"select-item\"}"), at: here)
                }
                list.append(SwitchAssignment(SwitchID(id), action, longPress: long))
            }
            return .switches(list)
        }
    }

    static func action(_ text: String, name: String) throws(SettingsError) -> SwitchAction {
        let aliases: [String: SwitchAction] = [
            "select": .selectItem, "next": .moveToNextItem, "previous": .moveToPreviousItem, "menu": .scannerMenu,
        ]
        if let a = SwitchAction(rawValue: text) ?? aliases[text] { return a }
        throw SettingsError(.invalidValue(name: name, value: "'\(text)'", expected: "one of: \(SwitchAction.allCases.map(\.rawValue).joined(separator: ", "))"))
    }

    // MARK: - Applying

    mutating func apply(_ name: String, _ value: SettingValue) throws(SettingsError) {
        func bad(_ expected: String) -> SettingsError {
            SettingsError(.invalidValue(name: name, value: value.text, expected: expected))
        }
        func seconds(positive: Bool = true) throws(SettingsError) -> Interval {
            guard case .number(let n) = value, n.isFinite, positive ? n > 0 : n >= 0, n <= 3600 else {
                throw bad("a number of seconds greater than 0 (at most 3600)")
            }
            return .seconds(n)
        }
        func toggled(_ fallback: Interval) throws(SettingsError) -> Interval? {
            switch value {
            case .null, .bool(false): return nil
            case .bool(true): return fallback
            case .number: return try seconds()
            case .string, .switches: throw bad("off, on, or a number of seconds")
            }
        }
        func flag() throws(SettingsError) -> Bool {
            guard case .bool(let b) = value else { throw bad("true or false") }
            return b
        }
        func choice<E: RawRepresentable & CaseIterable>(_ type: E.Type, aliases: [String: E] = [:]) throws(SettingsError) -> E where E.RawValue == String {
            guard case .string(let s) = value, let e = E(rawValue: s) ?? aliases[s] else {
                throw bad("one of: \(E.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return e
        }
        switch name {
        case "scanning-style":
            scanningStyle = try choice(ScanningStyle.self, aliases: ["auto": .autoScanning, "manual": .manualScanning, "step": .singleSwitchStepScanning])
        case "mode": mode = try choice(ScanMode.self)
        case "switches":
            guard case .switches(let list) = value, !list.isEmpty else { throw bad("at least one switch") }
            switches = list
        case "auto-scanning-time": autoScanningTime = try seconds()
        case "pause-on-first-item": pauseOnFirstItem = try toggled(Self.defaultPauseOnFirstItem)
        case "pause-on-first-item-adds": pauseOnFirstItemAdds = try flag()
        case "pause-on-first-item-after-loop": pauseOnFirstItemAfterLoop = try flag()
        case "loops":
            switch value {
            case .null: loops = nil
            case .number(let n) where n == n.rounded() && n >= 0 && n <= 1_000_000: loops = n == 0 ? nil : Int(n)
            default: throw bad("a whole number of loops, or 0 / null for unlimited")
            }
        case "move-repeat": moveRepeat = try toggled(Self.defaultMoveRepeat)
        case "long-press": longPress = try toggled(Self.defaultLongPress)
        case "tap-behavior": tapBehavior = try choice(TapBehavior.self)
        case "auto-tap-time": autoTapTime = try seconds()
        case "focused-item-after-tap": focusedItemAfterTap = try choice(FocusAfterTap.self)
        case "hold-duration": holdDuration = try toggled(Self.defaultHoldDuration)
        case "ignore-repeat": ignoreRepeat = try toggled(Self.defaultIgnoreRepeat)
        case "group-items": groupItems = try flag()
        case "gliding-cursor-selection": glidingCursorSelection = try choice(GlidingSelection.self)
        case "gliding-cursor-speed":
            guard case .number(let n) = value, n == n.rounded(), n >= 1, n <= 120 else { throw bad("a whole number from 1 to 120") }
            glidingCursorSpeed = Int(n)
        case "gliding-refine-band":
            guard case .number(let n) = value, n > 0, n.isFinite else { throw bad("a number of points greater than 0") }
            glidingRefineBand = n
        case "dwell-time": dwellTime = try seconds()
        case "start-highlighted": startHighlighted = try flag()
        default:
            throw SettingsError(.unknownSetting(name: name, suggestion: Suggestion.closest(to: name, among: Self.names)))
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
