import ScreenModel
import Diagnostics

// Switch Control's entry in the technology list (`Technology.allCases`).
//
// Its settings file (docs/switch-control.md, "Settings file") is one JSON
// object whose keys are setting names in kebab-case (`auto-scanning-time`);
// every key is optional and a missing one keeps its default. Times are
// seconds. A toggled duration is `false`/`null` (off), `true` (on with its
// default time) or a number of seconds. Values are checked against the ranges
// after the whole file is read (so `apple-ranges` may come anywhere in it).
//
// A `set` line (`set auto-scanning-time 1.5`) takes a number of seconds for
// times; `on`/`off` (or `true`/`false`) for toggles and toggled durations;
// `unlimited` (or `0`) for loops; the kebab-case option name for choices; for
// `switches`, a comma-separated list of `name=action` or
// `name=action/long-press-action`. The ranges are checked by `validate()` (a
// scenario checks after each `set`). Both are `SettingsFormat`'s.

extension Technology {
    /// Switch Control: item and point scanning with switches.
    public static var switchControl: Technology { Technology(SwitchControlSettings.self) }
}

extension TechnologySettings {
    /// Switch Control with `settings`.
    public static func switchControl(_ settings: SwitchControlSettings) -> TechnologySettings { TechnologySettings(settings) }

    /// The settings when they are Switch Control's.
    public var switchControl: SwitchControlSettings? { settings as? SwitchControlSettings }
}

extension SwitchControlSettings: SettingsFormat {
    static let kind = TechnologyKind(name: "switch-control", aliases: ["switch", "switchcontrol"], title: "Switch Control", navigation: .scanning)

    func makeTechnology(navigation: NavigationOptions, screen: Screen) -> any AssistiveTechnology {
        SwitchControl(settings: self, navigation: navigation, screen: screen)
    }

    /// A switch press or release of a switch no entry configures.
    func problem(with input: Input) -> String? {
        let id: SwitchID
        switch input {
        case .switchDown(let s), .switchUp(let s): id = s
        default: return nil
        }
        guard assignment(of: id) == nil else { return nil }
        let names = switches.map(\.switchID.name)
        let hint = Suggestion.hint(for: id.name, among: names, fallback: "; the configured switches are: \(names.joined(separator: ", "))")
        return "unknown switch '\(id.name)'\(hint)"
    }

    static var inputSettingNames: Set<String> { ["switches"] }

    // MARK: - API

    /// Checks the ranges (`SettingRange`) and that the settings fit together
    /// (switches for the scanning style; Hold Duration and Ignore Repeat
    /// shorter than the Auto Tap time).
    /// - Throws: `SessionError` naming the setting.
    public func validate() throws(SessionError) {
        if let problem = rangeProblems().first { throw .invalidSetting(problem) }
        let ids = switches.map(\.switchID)
        // Which switches a scanning style needs: settings that contradict each other.
        func switchesProblem(_ message: String) -> SessionError { .contradictorySettings(message, settings: ["switches", "scanning-style"]) }
        guard !ids.isEmpty else { throw switchesProblem("no switches are configured; add one, e.g. {\"switch\": \"select\", \"action\": \"select-item\"}") }
        var seen: Set<SwitchID> = []
        for id in ids where !seen.insert(id).inserted {
            throw switchesProblem("the switch '\(id)' is configured twice; give each switch one entry")
        }
        let actions = switches.map(\.action)
        let configured = ids.map(\.name).joined(separator: ", ")
        switch scanningStyle {
        case .autoScanning:
            break
        case .manualScanning:
            let moves = actions.contains(.moveToNextItem) || actions.contains(.moveToPreviousItem)
            let selects = actions.contains(.selectItem) || actions.contains(.tap)
            if !(moves && selects) || ids.count < 2 {
                throw switchesProblem("Manual Scanning needs at least two switches, one that moves (move-to-next-item or move-to-previous-item) and one that selects (select-item or tap); configured: \(configured). Add a switch, e.g. {\"switch\": \"next\", \"action\": \"move-to-next-item\"}, or use auto-scanning.")
            }
        case .singleSwitchStepScanning:
            if !(actions.contains(.selectItem) || actions.contains(.moveToNextItem)) {
                throw switchesProblem("Single Switch Step Scanning needs a switch that moves (select-item or move-to-next-item); configured: \(configured)")
            }
        }
        if let h = holdDuration, h >= autoTapTime {
            throw .contradictorySettings("hold-duration \(h) is not shorter than auto-tap-time \(autoTapTime); Hold Duration must be shorter than the Auto Tap time so that a double press can still open the scanner menu", settings: ["hold-duration", "auto-tap-time"])
        }
        if let r = ignoreRepeat, r >= autoTapTime {
            throw .contradictorySettings("ignore-repeat \(r) is not shorter than auto-tap-time \(autoTapTime); Ignore Repeat must be shorter than the Auto Tap time so that a double press can still open the scanner menu", settings: ["ignore-repeat", "auto-tap-time"])
        }
    }

    // MARK: - Reading

    /// `switches` is the one setting whose value is an array (of objects).
    static func readStructured(_ doc: JSONDocument, _ node: Int, name: String) throws(SettingsError) -> SettingValue {
        guard name == "switches", doc.kind(node) == .array else {
            throw SettingsError(.invalidValue(name: name, value: doc.kind(node).noun, expected: "a number, a string or a boolean"))
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
            let fields = ["switch", "action", "long-press-action"]
            var seenFields: Set<String> = []
            for (k, v) in doc.members(item) {
                let (vl, vc) = doc.position(of: v)
                let at = SourceLocation(file: nil, line: vl, column: vc)
                guard seenFields.insert(k).inserted else {
                    throw SettingsError(.duplicateSetting(name: "switches.\(k)", firstLine: line), at: at)
                }
                guard fields.contains(k) else {
                    let hint = Suggestion.closest(to: k, among: fields).map { "; did you mean '\($0)'?" } ?? ""
                    throw SettingsError(.invalidValue(name: "switches", value: "an entry with the key '\(k)'", expected: "the keys \(fields.map { "'\($0)'" }.joined(separator: ", "))\(hint)"), at: at)
                }
                guard let text = doc.string(v) else {
                    throw SettingsError(.invalidValue(name: "switches.\(k)", value: doc.kind(v).noun, expected: "a string"), at: at)
                }
                do {
                    switch k {
                    case "switch": id = text
                    case "action": action = try Self.action(text, name: "switches.action")
                    default: long = try Self.action(text, name: "switches.long-press-action")
                    }
                } catch {
                    throw SettingsError(error.problem, at: at)
                }
            }
            guard let id, !id.isEmpty, let action else {
                throw SettingsError(.invalidValue(name: name, value: "a switch without 'switch' or 'action'", expected: "both fields, e.g. {\"switch\": \"select\", \"action\": \"select-item\"}"), at: here)
            }
            list.append(SwitchAssignment(SwitchID(id), action, longPress: long))
        }
        return .switches(list)
    }

    /// A `set` line's `switches`: `name=action` or `name=action/long-press-action`, comma-separated.
    static func parseStructured(name: String, text value: String) throws(SettingsError) -> SettingValue? {
        guard name == "switches" else { return nil }
        var list: [SwitchAssignment] = []
        for part in value.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces }
            guard pieces.count == 2, !pieces[0].isEmpty else {
                throw SettingsError(.invalidValue(name: name, value: "'\(part)'", expected: "name=action, e.g. select=select-item"))
            }
            let acts = pieces[1].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard acts.count <= 2 else {
                throw SettingsError(.invalidValue(name: name, value: "'\(part)'", expected: "name=action or name=action/long-press-action"))
            }
            let action = try Self.action(acts[0], name: name)
            let long = try acts.count > 1 ? Self.action(acts[1], name: name) : nil
            list.append(SwitchAssignment(SwitchID(pieces[0]), action, longPress: long))
        }
        return .switches(list)
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
        let read = SettingReader(name: name, value: value, technology: Self.technology)
        func bad(_ expected: String) -> SettingsError { read.bad(expected) }
        // A number of seconds, checked as it becomes an Interval (not NaN,
        // infinite or negative) and against the hard limits (1 ms to 1 hour,
        // so that no timer can fire twice at one instant); Apple's ranges
        // are checked afterwards.
        func seconds() throws(SettingsError) -> Interval {
            guard case .number(let n, _) = value, let d = Interval(seconds: n), SettingRange.durationLimits.contains(d.microseconds) else {
                throw bad("a number of seconds from 0.001 to 3600")
            }
            return d
        }
        func toggled(_ fallback: Interval) throws(SettingsError) -> Interval? {
            switch value {
            case .null, .bool(false): return nil
            case .bool(true): return fallback
            case .number: return try seconds()
            case .string, .switches: throw bad("off, on, or a number of seconds")
            }
        }
        func flag() throws(SettingsError) -> Bool { try read.flag() }
        func whole(_ range: ClosedRange<Double>) throws(SettingsError) -> Int { try read.whole(range) }
        func choice<E: RawRepresentable & CaseIterable>(_ type: E.Type, aliases: [String: E] = [:]) throws(SettingsError) -> E where E.RawValue == String {
            try read.choice(type, aliases: aliases)
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
            case .number(let n, _) where n == 0: loops = nil
            default:
                guard case .number(let n, _) = value, n.isFinite, n == n.rounded(), n >= 1, n <= 1_000_000 else {
                    throw bad("a whole number of loops, or 0 / null for unlimited")
                }
                loops = Int(n)
            }
        case "move-repeat": moveRepeat = try toggled(Self.defaultMoveRepeat)
        case "long-press": longPress = try toggled(Self.defaultLongPress)
        case "tap-behavior": tapBehavior = try choice(TapBehavior.self)
        case "auto-tap-time": autoTapTime = try seconds()
        case "focused-item-after-tap": focusedItemAfterTap = try choice(FocusAfterTap.self)
        case "hold-duration": holdDuration = try toggled(Self.defaultHoldDuration)
        case "ignore-repeat": ignoreRepeat = try toggled(Self.defaultIgnoreRepeat)
        case "group-items": groupItems = try flag()
        case "max-group-size": maxGroupSize = try whole(2...10_000)
        case "row-overlap":
            guard case .number(let n, _) = value, n.isFinite, n >= 0, n <= 1 else { throw bad("a fraction from 0 to 1") }
            rowOverlap = n
        case "gliding-cursor-selection": glidingCursorSelection = try choice(GlidingSelection.self)
        case "gliding-cursor-speed": glidingCursorSpeed = try whole(1...120)
        case "gliding-refine-band":
            guard case .number(let n, _) = value, n.isFinite, n >= 1, n <= 100_000 else { throw bad("a width in points from 1 to 100000") }
            glidingRefineBand = n
        case "dwell-time": dwellTime = try seconds()
        case "start-highlighted": startHighlighted = try flag()
        case "freeze-scan-while-held": freezeScanWhileHeld = try flag()
        case "menu-button": menuButton = try choice(MenuButtonPlacement.self)
        case "apple-ranges": appleRanges = try flag()
        default:
            throw SettingsError(.unknownSetting(name: name, suggestion: Suggestion.closest(to: name, among: Self.names)))
        }
    }
}
