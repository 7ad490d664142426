import SwitchyardEngine
import ScreenModel

/// How a scenario names an element: by label, by identifier (`#id`), or by
/// path (`root/children[2]`).
public enum ElementName: Hashable, Sendable, CustomStringConvertible {
    case label(String)
    case identifier(String)
    case path(String)

    public var description: String {
        switch self {
        case .label(let s): return "\"\(s)\""
        case .identifier(let s): return "#\(s)"
        case .path(let s): return s
        }
    }
}

/// Something a scenario checks.
public enum Expectation: Hashable, Sendable {
    /// The highlight is on this element (or menu item) now; with a window,
    /// time runs until it is (the clock stops there) or the window closes.
    case highlighted(ElementName, within: Interval?)
    /// The element was activated since the last input, or within the window.
    case activated(ElementName, within: Interval?)
    /// The current screen has this name or title; with a window, time runs
    /// until it does (for a live app: the runner waits, in real time, for
    /// the app's changes) or the window closes.
    case screen(String, within: Interval?)
    /// This announcement was made since the last input, or within the window.
    case announcement(String, within: Interval?)
    /// The element's current value; with a window, as for `screen`.
    case value(ElementName, equals: String, within: Interval?)
    /// The element has the `selected` trait (a toggle on, a tab showing, a
    /// row chosen), or, with `isSelected` false, has not; with a window, as
    /// for `screen`.
    case selected(ElementName, isSelected: Bool, within: Interval?)
    /// Nothing is activated for this long.
    case noActivation(for: Interval)
    /// The scanner menu shows exactly these items.
    case menu([String])
    /// The scanner menu shows this item (among others).
    case menuContains(String)
    /// Scanning stopped since the last input, or within the window.
    case scanningStopped(within: Interval?)
    /// Full Keyboard Access's focus ring shows on this element now.
    case focused(ElementName)
    /// No focus ring shows: nothing is focused yet, or Auto-Hide hid it.
    case focusHidden
    /// Voice Control shows this overlay now (nil: none), and, when `badges`
    /// is given, exactly these badge texts in order.
    case overlay(OverlayKind?, badges: [String]?)
    /// What the overlay (or an open disambiguation) shows on this element.
    case label(ElementName, equals: String)
    /// Voice Control's disambiguation shows exactly these candidates, in order (empty: none shows).
    case disambiguation([ElementName])
}

/// One step of a scenario.
public enum ScenarioStep: Hashable, Sendable {
    /// A switch pressed now and released after `length` (the default press length when nil).
    case press(SwitchID, length: Interval?)
    /// A switch goes down and stays down.
    case down(SwitchID)
    /// A held switch comes up.
    case up(SwitchID)
    /// A key chord (`tab+z`): each key down in order, then up in reverse,
    /// all at the clock's instant (`KeyChord.strokes`).
    case key(KeyChord)
    /// Text typed on the US English layout Full Keyboard Access reads: one
    /// chord per character (Shift for capitals), all at the clock's instant.
    case type(String, chords: [KeyChord])
    /// A spoken phrase, heard at the clock's instant.
    case say(String)
    /// Let time pass.
    case wait(Interval)
    /// Move the clock to an absolute scenario time.
    case at(Instant)
    /// Check something.
    case expect(Expectation)
    /// Change a setting from this point of the scenario on (`set NAME VALUE`
    /// after the first step; those before it make the initial settings).
    case set(name: String, value: String)
    /// The length of a `press` without `for` from here on (`set press-length
    /// 250ms` after the first step): the scenario's own setting, no technology's.
    case pressLength(Interval)
}

/// A step and the place of its command in the file.
public struct StepLine: Hashable, Sendable {
    public var step: ScenarioStep
    public var position: SourcePosition

    public init(_ step: ScenarioStep, at position: SourcePosition) {
        self.step = step
        self.position = position
    }
}

/// A `set NAME VALUE` line before the first step: one of the initial settings.
public struct SettingLine: Hashable, Sendable {
    public var name: String
    /// The value as written.
    public var value: String
    /// Where the setting's name stands.
    public var position: SourcePosition

    public init(name: String, value: String, position: SourcePosition) {
        self.name = name
        self.value = value
        self.position = position
    }
}

/// The `start-screen NAME` line.
public struct StartScreenLine: Hashable, Sendable {
    public var name: String
    public var position: SourcePosition

    public init(name: String, position: SourcePosition) {
        self.name = name
        self.position = position
    }
}

/// A line of a scenario that did not parse.
public struct UnparsedCommand: Hashable, Sendable {
    /// Its 1-based line.
    public var line: Int
    /// The command it meant (`set` for `sett`), or nil when that cannot be told.
    public var command: String?

    public init(line: Int, command: String?) {
        self.line = line
        self.command = command
    }
}

/// Where a scenario's app comes from.
public enum AppSource: Hashable, Sendable {
    /// The built-in demo app.
    case demo
    /// An app file (screen-model JSON, an Appium or UiAutomator page source, XCTest debugDescription), resolved against the scenario's folder.
    case file(String)
    /// A desktop app running now, reached over AT-SPI (`app atspi "NAME"`):
    /// its accessible name or its pid, and, with `window "TITLE"`, the one
    /// window to read. The run drives it in real time (docs/scenarios.md,
    /// "Live desktop apps").
    case atspi(String, window: String?)

    /// Whether the app runs outside the session, in real time.
    public var isLive: Bool {
        switch self {
        case .demo, .file: return false
        case .atspi: return true
        }
    }
}

/// A `settings` line: a technology's settings file.
public struct SettingsFileLine: Hashable, Sendable {
    /// The technology it names (`settings voice PATH`); nil for `settings
    /// PATH`, which is the first technology's of the `technology` line.
    public var technology: Technology?
    /// The path, relative to the scenario's folder.
    public var path: String
    /// Where the line stands.
    public var position: SourcePosition

    public init(technology: Technology?, path: String, position: SourcePosition) {
        self.technology = technology
        self.path = path
        self.position = position
    }
}

/// A parsed scenario file (docs/scenarios.md).
public struct Scenario: Hashable, Sendable {
    public var file: String
    public var app: AppSource
    public var appPosition: SourcePosition
    /// The technologies the scenario runs, as the `technology` line names
    /// them, in order (default: Switch Control alone). An input goes to the
    /// one that handles it.
    public var technologies: [Technology]
    /// Where the `technology` line stands; nil without one.
    public var technologyPosition: SourcePosition?
    /// The `settings` lines, in order.
    public var settingsFiles: [SettingsFileLine]
    /// `set NAME VALUE` lines before the first step, in order: the initial
    /// settings of the technologies. Later `set` lines are steps (`ScenarioStep.set`).
    public var overrides: [SettingLine]
    /// The length of a `press` without `for` at the first step: the last
    /// `set press-length` before it (nil: `ScenarioRunner.defaultPressLength`).
    public var pressLength: Interval? = nil
    /// `start-screen NAME`.
    public var startScreen: StartScreenLine?
    public var steps: [StepLine]
    /// The lines that did not parse (their errors are reported apart), and
    /// the command each meant: preparing skips the checks they could make
    /// wrong (no element checks without the `app`, no switch checks after a
    /// `settings` or `set` line that did not parse) and makes the others.
    public var unparsed: [UnparsedCommand] = []

    /// The first technology named (Switch Control without a `technology` line).
    public var technology: Technology { technologies.first ?? .switchControl }
}
