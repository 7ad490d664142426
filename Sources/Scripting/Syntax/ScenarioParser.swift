import Foundation
import SwitchyardEngine
import ScreenModel
import Diagnostics

/// Parses the scenario language (docs/scenarios.md). Every error names file,
/// line and column and says what was expected; all errors of a file are
/// collected before anything runs.
public struct ScenarioParser {
    public var file: String

    public init(file: String) { self.file = file }

    static let commands = ["app", "technology", "settings", "set", "start-screen", "press", "down", "up", "key", "type", "say", "wait", "at", "expect"]
    static let expectations = ["highlighted", "activated", "screen", "announcement", "value", "selected", "not", "no", "menu", "scanning",
                               "focused", "focus", "overlay", "label", "disambiguation"]

    /// Parses `text`.
    /// - Throws: `ScriptErrors` with every syntax error found, in file order.
    public func parse(_ text: String) throws(ScriptErrors) -> Scenario {
        let (scenario, errors) = parsePartially(text)
        if !errors.isEmpty { throw ScriptErrors(errors: errors) }
        return scenario
    }

    /// Parses `text`, keeping every command that parses: the scenario
    /// without the lines that did not parse (listed in `Scenario.unparsed`,
    /// so that preparing can still check the rest), and their errors.
    /// - Returns: the scenario and the syntax errors, in file order.
    public func parsePartially(_ text: String) -> (scenario: Scenario, errors: [ScriptError]) {
        var errors: [ScriptError] = []
        var scenario = Scenario(
            file: file, app: .demo, appPosition: SourcePosition(file: file, line: 1, column: 1),
            technologies: [.switchControl], technologyPosition: nil, settingsFiles: [],
            overrides: [], startScreen: nil, steps: [])
        var sawApp = false
        for command in Lexer.commands(in: text, file: file) {
            do throws(ScriptError) {
                if let broken = command.broken { throw broken }
                try parse(command, into: &scenario, sawApp: &sawApp, errors: &errors)
            } catch {
                errors.append(error)
                scenario.unparsed.append(UnparsedCommand(line: command.line, command: Self.intended(command.tokens.first)))
            }
        }
        if !sawApp && !scenario.unparsed.contains(where: { $0.command == "app" }) {
            errors.append(ScriptError("missing 'app' line; expected e.g. 'app Examples/shop.json' or 'app demo'", at: SourcePosition(file: file, line: 1, column: 1)))
        }
        return (scenario, errors.sorted { $0.position < $1.position })
    }

    /// The command a line meant: its first word when that is a command,
    /// else the command it is closest to (`sett` meant `set`), else nil.
    static func intended(_ head: Token?) -> String? {
        guard let head, head.kind == .word else { return nil }
        return commands.contains(head.text) ? head.text : Suggestion.closest(to: head.text, among: commands)
    }

    // MARK: - Commands

    struct Cursor {
        let file: String
        let line: Int
        let tokens: [Token]
        var k = 0

        var atEnd: Bool { k >= tokens.count }
        var endColumn: Int { (tokens.last.map { $0.column + $0.text.count + ($0.kind == .string ? 2 : 0) }) ?? 1 }

        func position(_ t: Token? = nil) -> SourcePosition {
            SourcePosition(file: file, line: line, column: (t ?? (atEnd ? nil : tokens[k]))?.column ?? endColumn)
        }

        func error(_ message: String) -> ScriptError { ScriptError(message, at: position()) }

        mutating func next(_ what: String) throws(ScriptError) -> Token {
            guard !atEnd else { throw ScriptError("expected \(what) at the end of the line", at: position()) }
            defer { k += 1 }
            return tokens[k]
        }

        mutating func word(_ what: String) throws(ScriptError) -> Token {
            let t = try next(what)
            guard t.kind == .word else { throw ScriptError("expected \(what), found \(Self.describe(t))", at: position(t)) }
            return t
        }

        mutating func text(_ what: String) throws(ScriptError) -> String {
            let t = try next(what)
            guard t.kind != .equals else { throw ScriptError("expected \(what), found '='", at: position(t)) }
            return t.text
        }

        /// A setting's value: a quoted string, or the words and `=` signs
        /// written together without spaces (`select=select-item,next=move-to-next-item`).
        mutating func value(_ what: String) throws(ScriptError) -> String {
            let first = try next(what)
            guard first.kind != .equals else { throw ScriptError("expected \(what), found '='", at: position(first)) }
            guard first.kind == .word else { return first.text }
            var text = first.text
            var end = first.column + first.text.count
            while !atEnd, tokens[k].kind != .string, tokens[k].column == end {
                text += tokens[k].text
                end += tokens[k].text.count
                k += 1
            }
            return text
        }

        mutating func quoted(_ what: String) throws(ScriptError) -> String {
            let t = try next(what)
            guard t.kind == .string else { throw ScriptError("expected \(what) in double quotes, found \(Self.describe(t))", at: position(t)) }
            return t.text
        }

        mutating func accept(_ w: String) -> Bool {
            if !atEnd, tokens[k].kind == .word, tokens[k].text == w { k += 1; return true }
            return false
        }

        func end() throws(ScriptError) {
            if !atEnd { throw ScriptError("unexpected \(Self.describe(tokens[k])) at the end of the command", at: position()) }
        }

        static func describe(_ t: Token) -> String {
            switch t.kind {
            case .word: return "'\(t.text)'"
            case .string: return "\"\(t.text)\""
            case .equals: return "'='"
            }
        }
    }

    /// Parses one command into `s`. A `set press-length` whose value is not a
    /// duration is an error in `errors` that leaves the line parsed (it sets
    /// nothing a later check could depend on).
    func parse(_ command: Lexer.Command, into s: inout Scenario, sawApp: inout Bool, errors: inout [ScriptError]) throws(ScriptError) {
        var c = Cursor(file: file, line: command.line, tokens: command.tokens)
        let head = try c.word("a command")
        let where_ = c.position(head)
        switch head.text {
        case "app":
            guard !sawApp else { throw ScriptError("'app' given twice; a scenario drives one app", at: where_) }
            sawApp = true
            if !c.atEnd, c.tokens[c.k].kind == .word, c.tokens[c.k].text == "atspi" {
                c.k += 1
                s.app = try atspiApp(&c)
            } else {
                let path = try c.text("the app file (screen-model JSON, a page source or XCTest debugDescription), 'demo' or 'atspi \"NAME\"'")
                s.app = path == "demo" ? .demo : .file(path)
            }
            s.appPosition = where_
            try c.end()
        case "technology":
            guard s.technologyPosition == nil else {
                throw ScriptError("'technology' given twice; name every technology on one line, e.g. 'technology switch-control voice'", at: where_)
            }
            s.technologies = try technologies(&c)
            s.technologyPosition = where_
        case "settings":
            // `settings PATH`, or `settings TECHNOLOGY PATH` for one of several technologies.
            var technology: Technology? = nil
            if c.tokens.count - c.k >= 2, c.tokens[c.k].kind == .word, let t = Technology(name: c.tokens[c.k].text) {
                technology = t
                c.k += 1
            }
            let path = try c.text("a settings file")
            try c.end()
            s.settingsFiles.append(SettingsFileLine(technology: technology, path: path, position: where_))
        case "set":
            let name = try c.word("a setting name such as auto-scanning-time")
            let value = try c.value("a value for '\(name.text)'")
            try c.end()
            // Before the first step a `set` makes the initial settings; after
            // it, the setting changes from where the line stands.
            if name.text == Self.pressLength {
                guard let d = Self.pressLength(value, at: c.position(name), errors: &errors) else { break }
                if s.steps.isEmpty { s.pressLength = d } else { s.steps.append(StepLine(.pressLength(d), at: c.position(name))) }
            } else if s.steps.isEmpty {
                s.overrides.append(SettingLine(name: name.text, value: value, position: c.position(name)))
            } else {
                s.steps.append(StepLine(.set(name: name.text, value: value), at: c.position(name)))
            }
        case "start-screen":
            s.startScreen = StartScreenLine(name: try c.text("a screen name"), position: where_)
            try c.end()
        case "at":
            // `at 12s press next`: move the clock, then run the rest of the line there.
            let d = try duration(&c)
            s.steps.append(StepLine(.at(Instant(microseconds: d.microseconds)), at: where_))
            if !c.atEnd {
                let inner = try c.word("a command after the time")
                guard inner.text != "at" else { throw ScriptError("'at' cannot follow 'at'", at: c.position(inner)) }
                if inner.text == "set" {
                    // `at 5s set auto-scanning-time 2`: a setting changed from that instant on.
                    let name = try c.word("a setting name such as auto-scanning-time")
                    let value = try c.text("a value for '\(name.text)'")
                    try c.end()
                    if name.text == Self.pressLength {
                        if let d = Self.pressLength(value, at: c.position(name), errors: &errors) { s.steps.append(StepLine(.pressLength(d), at: c.position(name))) }
                    } else {
                        s.steps.append(StepLine(.set(name: name.text, value: value), at: c.position(name)))
                    }
                } else {
                    s.steps.append(StepLine(try parseStep(inner, &c), at: c.position(inner)))
                }
            }
        default:
            let step = try parseStep(head, &c)
            s.steps.append(StepLine(step, at: where_))
        }
    }

    /// The scenario's own setting: the length of a `press` without `for`.
    static let pressLength = "press-length"

    /// A `set press-length` value (bare seconds allowed), read once here;
    /// nil, with the error in `errors`, when it is not a duration.
    static func pressLength(_ value: String, at position: SourcePosition, errors: inout [ScriptError]) -> Interval? {
        switch DurationSyntax.parse(value, bareSeconds: true) {
        case .success(let d): return d
        case .failure(let p):
            errors.append(ScriptError(p.message(value, for: pressLength), at: position))
            return nil
        }
    }

    func parseStep(_ head: Token, _ c: inout Cursor) throws(ScriptError) -> ScenarioStep {
        switch head.text {
        case "press":
            let id = SwitchID(try c.word("a switch name such as select").text)
            var length: Interval? = nil
            if c.accept("for") { length = try duration(&c) }
            try c.end()
            return .press(id, length: length)
        case "down", "up":
            let id = SwitchID(try c.word("a switch name such as select").text)
            try c.end()
            return head.text == "down" ? .down(id) : .up(id)
        case "key":
            let chord = try keyChord(&c)
            try c.end()
            return .key(chord)
        case "type":
            let t = try c.next("the text to type in double quotes, e.g. type \"Latte\"")
            guard t.kind == .string else { throw ScriptError("expected the text to type in double quotes, e.g. type \"Latte\", found \(Cursor.describe(t))", at: c.position(t)) }
            try c.end()
            return .type(t.text, chords: try typedChords(t, c))
        case "say":
            let phrase = try c.quoted("a phrase such as \"tap Pay\"")
            try c.end()
            return .say(phrase)
        case "wait":
            let d = try duration(&c)
            try c.end()
            return .wait(d)
        case "expect":
            let e = try expectation(&c)
            try c.end()
            return .expect(e)
        case "app", "technology", "settings", "set", "start-screen", "at":
            throw ScriptError("'\(head.text)' must start its own command", at: c.position(head))
        default:
            let hint = Suggestion.closest(to: head.text, among: Self.commands).map { "; did you mean '\($0)'?" }
                ?? "; expected one of: \(Self.commands.joined(separator: ", "))"
            throw ScriptError("unknown command '\(head.text)'\(hint)", at: c.position(head))
        }
    }

    func expectation(_ c: inout Cursor) throws(ScriptError) -> Expectation {
        let kind = try c.word("what to expect: \(Self.expectations.joined(separator: ", "))")
        switch kind.text {
        case "highlighted":
            let name = try elementName(&c)
            return .highlighted(name, within: try within(&c))
        case "activated":
            let name = try elementName(&c)
            return .activated(name, within: try within(&c))
        case "screen":
            let name = try c.text("a screen name")
            return .screen(name, within: try within(&c))
        case "announcement":
            let text = try c.quoted("the announcement text")
            return .announcement(text, within: try within(&c))
        case "value":
            let name = try elementName(&c)
            let eq = try c.next("'=' and the expected value")
            guard eq.kind == .equals else { throw ScriptError("expected '=' after the element name, found \(Cursor.describe(eq))", at: c.position(eq)) }
            let expected = try c.quoted("the expected value")
            return .value(name, equals: expected, within: try within(&c))
        case "selected":
            let name = try elementName(&c)
            return .selected(name, isSelected: true, within: try within(&c))
        case "not":
            let w = try c.word("'selected'")
            guard w.text == "selected" else { throw ScriptError("expected 'expect not selected NAME', found '\(w.text)'", at: c.position(w)) }
            let name = try elementName(&c)
            return .selected(name, isSelected: false, within: try within(&c))
        case "no":
            let what = try c.word("'activation'")
            guard what.text == "activation" else { throw ScriptError("expected 'expect no activation for DURATION', found '\(what.text)'", at: c.position(what)) }
            guard c.accept("for") else { throw c.error("expected 'for' and a duration, e.g. 'expect no activation for 5s'") }
            return .noActivation(for: try duration(&c))
        case "menu":
            if c.accept("contains") { return .menuContains(try c.quoted("a menu item")) }
            var items: [String] = []
            while !c.atEnd { items.append(try c.quoted("a menu item")) }
            guard !items.isEmpty else { throw c.error("expected the menu items in quotes, or 'contains \"ITEM\"'") }
            return .menu(items)
        case "scanning":
            let w = try c.word("'stopped'")
            guard w.text == "stopped" else { throw ScriptError("expected 'expect scanning stopped', found '\(w.text)'", at: c.position(w)) }
            return .scanningStopped(within: try within(&c))
        case "focused":
            return .focused(try elementName(&c))
        case "focus":
            let w = try c.word("'hidden'")
            guard w.text == "hidden" else { throw ScriptError("expected 'expect focus hidden' or 'expect focused NAME', found '\(w.text)'", at: c.position(w)) }
            return .focusHidden
        case "overlay":
            let kinds = OverlayKind.allCases.map(\.rawValue) + ["none"]
            let w = try c.word("the overlay: \(kinds.joined(separator: ", "))")
            if w.text == "none" { return .overlay(nil, badges: nil) }
            guard let kind = OverlayKind(rawValue: w.text) else {
                let hint = Suggestion.hint(for: w.text, among: kinds, fallback: "; expected \(kinds.joined(separator: ", "))")
                throw ScriptError("unknown overlay '\(w.text)'\(hint)", at: c.position(w))
            }
            var badges: [String] = []
            while !c.atEnd {
                let b = try c.next("a badge: a name in quotes or a number")
                guard b.kind != .equals else { throw ScriptError("expected a badge (a name in quotes or a number), found '='", at: c.position(b)) }
                badges.append(b.text)
            }
            return .overlay(kind, badges: badges.isEmpty ? nil : badges)
        case "label":
            guard c.accept("of") else { throw c.error("expected 'of', e.g. 'expect label of \"Wi-Fi\" = \"6\"'") }
            let name = try elementName(&c)
            let eq = try c.next("'=' and the badge text")
            guard eq.kind == .equals else { throw ScriptError("expected '=' after the element name, found \(Cursor.describe(eq))", at: c.position(eq)) }
            let shown = try c.next("the badge text in quotes")
            guard shown.kind != .equals else { throw ScriptError("expected the badge text in quotes, found '='", at: c.position(shown)) }
            return .label(name, equals: shown.text)
        case "disambiguation":
            if c.tokens.count - c.k == 1, c.tokens[c.k].kind == .word, c.tokens[c.k].text == "none" {
                c.k += 1
                return .disambiguation([])
            }
            var names: [ElementName] = []
            while !c.atEnd { names.append(try elementName(&c)) }
            guard !names.isEmpty else { throw c.error("expected the candidates in order (labels in quotes, #identifiers or paths), or 'none'") }
            return .disambiguation(names)
        default:
            let hint = Suggestion.closest(to: kind.text, among: Self.expectations).map { "; did you mean '\($0)'?" }
                ?? "; expected one of: \(Self.expectations.joined(separator: ", "))"
            throw ScriptError("unknown expectation '\(kind.text)'\(hint)", at: c.position(kind))
        }
    }

    /// `app atspi "NAME"` or `app atspi PID` (after `atspi`), then
    /// optionally `window "TITLE"`: a desktop app running now.
    func atspiApp(_ c: inout Cursor) throws(ScriptError) -> AppSource {
        let what = "the app's accessible name in double quotes or its pid, e.g. 'app atspi \"gedit\"' or 'app atspi 4242'"
        let t = try c.next(what)
        switch t.kind {
        case .string:
            guard !t.text.isEmpty else { throw ScriptError("expected \(what), found \"\"", at: c.position(t)) }
        case .word:
            guard t.text.allSatisfy({ $0.isASCII && $0.isNumber }), let pid = Int(t.text), pid > 0 else {
                throw ScriptError("expected \(what), found '\(t.text)'; a name is written in double quotes", at: c.position(t))
            }
        case .equals:
            throw ScriptError("expected \(what), found '='", at: c.position(t))
        }
        var window: String? = nil
        if c.accept("window") {
            let title = try c.quoted("the window's title")
            guard !title.isEmpty else { throw ScriptError("expected the window's title, found \"\"", at: c.position(c.tokens[c.k - 1])) }
            window = title
        } else if !c.atEnd {
            throw ScriptError("expected 'window \"TITLE\"' or the end of the line after the app, found \(Cursor.describe(c.tokens[c.k]))", at: c.position())
        }
        return .atspi(t.text, window: window)
    }

    func within(_ c: inout Cursor) throws(ScriptError) -> Interval? {
        c.accept("within") ? try duration(&c) : nil
    }

    func elementName(_ c: inout Cursor) throws(ScriptError) -> ElementName {
        let t = try c.next("an element: a label in quotes, #identifier or a path such as root/children[1]")
        switch t.kind {
        case .string: return .label(t.text)
        case .equals: throw ScriptError("expected an element name, found '='", at: c.position(t))
        case .word:
            if t.text.hasPrefix("#") && t.text.count > 1 { return .identifier(String(t.text.dropFirst())) }
            if t.text == "root" || t.text.hasPrefix("root/") { return .path(t.text) }
            return .label(t.text)
        }
    }

    /// `1.5s`, `500ms`, `2m`, `1min`, at most `Interval.maximum` (`DurationSyntax`).
    func duration(_ c: inout Cursor) throws(ScriptError) -> Interval {
        let t = try c.word("a duration such as 1.5s or 500ms")
        switch DurationSyntax.parse(t.text) {
        case .success(let d): return d
        case .failure(let problem): throw ScriptError(problem.message(t.text), at: c.position(t))
        }
    }

    /// `technology NAME…`: each name once (aliases as `Technology` reads
    /// them), and no pair that cannot run together
    /// (`SessionConfiguration.conflict(adding:beside:)`).
    func technologies(_ c: inout Cursor) throws(ScriptError) -> [Technology] {
        var out: [Technology] = []
        repeat {
            let t = try c.word("a technology: \(Technology.names.joined(separator: ", "))")
            guard let tech = Technology(name: t.text) else {
                let hint = Suggestion.hint(for: t.text, among: Technology.names, fallback: "; expected switch-control, keyboard or voice")
                throw ScriptError("unknown technology '\(t.text)'\(hint)", at: c.position(t))
            }
            for other in out {
                if let problem = SessionConfiguration.conflict(adding: tech, beside: other) { throw ScriptError(problem, at: c.position(t)) }
            }
            out.append(tech)
        } while !c.atEnd
        return out
    }

    /// A `key` line's chord, read by the engine (`KeyChord.parse`): the
    /// words and `=` signs written together without spaces (`shift+=`).
    func keyChord(_ c: inout Cursor) throws(ScriptError) -> KeyChord {
        let what = "a key such as tab, shift+tab, tab+z, KEY_LEFT or escape"
        let first = try c.next(what)
        if first.kind == .string {
            throw ScriptError("expected \(what), found \(Cursor.describe(first)); to type text, write 'type \"\(first.text)\"'", at: c.position(first))
        }
        var spec = first.text
        var end = first.column + first.text.count
        while !c.atEnd, c.tokens[c.k].kind != .string, c.tokens[c.k].column == end {
            spec += c.tokens[c.k].text
            end += c.tokens[c.k].text.count
            c.k += 1
        }
        do {
            return try KeyChord.parse(spec)
        } catch {
            // At the part the engine does not know, when it is one part.
            var column = first.column
            for part in spec.split(separator: "+", omittingEmptySubsequences: false) {
                if part.isEmpty || KeyChord.key(named: String(part)) == nil { break }
                column += part.count + 1
            }
            if column >= first.column + spec.count { column = first.column }
            throw ScriptError(error.message, at: SourcePosition(file: file, line: c.line, column: column))
        }
    }

    /// The chords that type `text` on the US English layout (`Key.typing`):
    /// a character's key, with Shift held for a capital or a shifted symbol.
    func typedChords(_ t: Token, _ c: Cursor) throws(ScriptError) -> [KeyChord] {
        guard !t.text.isEmpty else { throw ScriptError("expected text to type, found \"\"", at: c.position(t)) }
        var chords: [KeyChord] = []
        for (k, character) in t.text.enumerated() {
            guard let (key, shifted) = Key.typing(character) else {
                let shown = TerminalText.escaped(String(character), keepNewlines: false)
                throw ScriptError("'\(shown)' (character \(k + 1) of the text) has no key on the US English layout Full Keyboard Access types with; type letters, digits, spaces and ASCII punctuation, and send other keys with 'key'", at: c.position(t))
            }
            chords.append(KeyChord(shifted ? [.leftShift, key] : [key]))
        }
        return chords
    }
}
