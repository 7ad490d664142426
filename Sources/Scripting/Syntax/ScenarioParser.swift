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

    static let commands = ["app", "technology", "settings", "set", "start-screen", "press", "down", "up", "key", "say", "wait", "at", "expect"]
    static let expectations = ["highlighted", "activated", "screen", "announcement", "value", "no", "menu", "scanning"]

    /// Key names a `key` command accepts (besides single letters and digits).
    public static let keyNames = [
        "Tab", "Space", "Enter", "Escape", "Backspace", "Delete", "Left", "Right", "Up", "Down",
        "Home", "End", "PageUp", "PageDown",
        "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12",
    ]

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
            technology: .switchControl, technologyPosition: nil, settingsFile: nil, settingsPosition: nil,
            overrides: [], startScreen: nil, steps: [])
        var sawApp = false
        for command in Lexer.commands(in: text, file: file) {
            do throws(ScriptError) {
                if let broken = command.broken { throw broken }
                try parse(command, into: &scenario, sawApp: &sawApp)
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

    func parse(_ command: Lexer.Command, into s: inout Scenario, sawApp: inout Bool) throws(ScriptError) {
        var c = Cursor(file: file, line: command.line, tokens: command.tokens)
        let head = try c.word("a command")
        let where_ = c.position(head)
        switch head.text {
        case "app":
            guard !sawApp else { throw ScriptError("'app' given twice; a scenario drives one app", at: where_) }
            sawApp = true
            let path = try c.text("the app file (screen-model JSON or Appium XML) or 'demo'")
            s.app = path == "demo" ? .demo : .file(path)
            s.appPosition = where_
            try c.end()
        case "technology":
            let t = try c.word("a technology: \(Technology.names.joined(separator: ", "))")
            guard let tech = Technology(name: t.text) else {
                throw ScriptError("unknown technology '\(t.text)'; expected switch-control, keyboard or voice", at: c.position(t))
            }
            s.technology = tech
            s.technologyPosition = where_
            try c.end()
        case "settings":
            s.settingsFile = try c.text("a settings file")
            s.settingsPosition = where_
            try c.end()
        case "set":
            let name = try c.word("a setting name such as auto-scanning-time")
            let value = try c.value("a value for '\(name.text)'")
            try c.end()
            // Before the first step a `set` makes the initial settings; after
            // it, the setting changes from where the line stands.
            if s.steps.isEmpty {
                s.overrides.append((name.text, value, c.position(name)))
            } else {
                s.steps.append((.set(name: name.text, value: value), c.position(name)))
            }
        case "start-screen":
            s.startScreen = (try c.text("a screen name"), where_)
            try c.end()
        case "at":
            // `at 12s press next`: move the clock, then run the rest of the line there.
            let d = try duration(&c)
            s.steps.append((.at(Instant(microseconds: d.microseconds)), where_))
            if !c.atEnd {
                let inner = try c.word("a command after the time")
                guard inner.text != "at" else { throw ScriptError("'at' cannot follow 'at'", at: c.position(inner)) }
                if inner.text == "set" {
                    // `at 5s set auto-scanning-time 2`: a setting changed from that instant on.
                    let name = try c.word("a setting name such as auto-scanning-time")
                    let value = try c.text("a value for '\(name.text)'")
                    try c.end()
                    s.steps.append((.set(name: name.text, value: value), c.position(name)))
                } else {
                    s.steps.append((try parseStep(inner, &c), c.position(inner)))
                }
            }
        default:
            let step = try parseStep(head, &c)
            s.steps.append((step, where_))
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
            let t = try c.word("a key such as Tab, shift+Tab or Space")
            let (key, mods) = try keySpec(t, c)
            try c.end()
            return .key(key, modifiers: mods)
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
            return .screen(try c.text("a screen name"))
        case "announcement":
            let text = try c.quoted("the announcement text")
            return .announcement(text, within: try within(&c))
        case "value":
            let name = try elementName(&c)
            let eq = try c.next("'=' and the expected value")
            guard eq.kind == .equals else { throw ScriptError("expected '=' after the element name, found \(Cursor.describe(eq))", at: c.position(eq)) }
            return .value(name, equals: try c.quoted("the expected value"))
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
        default:
            let hint = Suggestion.closest(to: kind.text, among: Self.expectations).map { "; did you mean '\($0)'?" }
                ?? "; expected one of: \(Self.expectations.joined(separator: ", "))"
            throw ScriptError("unknown expectation '\(kind.text)'\(hint)", at: c.position(kind))
        }
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

    func keySpec(_ t: Token, _ c: Cursor) throws(ScriptError) -> (String, KeyModifiers) {
        let parts = t.text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        var mods: KeyModifiers = []
        for m in parts.dropLast() {
            guard let mod = KeyModifiers.names.first(where: { $0.0 == m.lowercased() })?.1 else {
                throw ScriptError("unknown modifier '\(m)'; expected \(KeyModifiers.names.map(\.0).joined(separator: ", "))", at: c.position(t))
            }
            mods.insert(mod)
        }
        let key = parts.last ?? ""
        if key.count == 1, let ch = key.first, ch.isLetter || ch.isNumber { return (key.lowercased(), mods) }
        if let known = Self.keyNames.first(where: { $0.lowercased() == key.lowercased() }) { return (known, mods) }
        let hint = Suggestion.closest(to: key, among: Self.keyNames).map { "; did you mean '\($0)'?" } ?? ""
        throw ScriptError("unknown key '\(key)'\(hint); expected a letter, a digit or one of: \(Self.keyNames.joined(separator: ", "))", at: c.position(t))
    }
}
