import Diagnostics
import ScreenModel

/// One problem the audit found: which rule, on which screen and element
/// (its path, as in errors and scripts, and its frame), what is wrong and
/// how to fix it, and where in the file the element is written when the
/// format keeps lines (screen-model JSON; `ElementLines`).
public struct Finding: Hashable, Sendable {
    /// The rule that found it.
    public var rule: AuditRule
    /// The screen's name in the app model.
    public var screen: String
    /// The element's index in the screen's element table (preorder).
    public var element: ElementIndex
    /// The element's path: `root/children[2]/children[0]` (`ElementPaths`).
    public var path: String
    /// Where the element is on screen, in points (dp on Android).
    public var frame: Rect
    /// The element's label as technologies read it, when it has one.
    public var label: String?
    /// What is wrong, without location or severity.
    public var message: String
    /// The element's line and column in the file (1-based), when known.
    public var line: Int? = nil
    public var column: Int? = nil

    /// - Parameters:
    ///   - rule: the rule that found it.
    ///   - element: the element, on `facts`' screen.
    ///   - facts: the screen's facts (paths, labels, frames).
    ///   - message: what is wrong.
    init(_ rule: AuditRule, _ element: ElementIndex, _ facts: ScreenFacts, _ message: String) {
        self.rule = rule
        self.screen = facts.screen.name
        self.element = element
        self.path = facts.paths.path(of: element)
        self.frame = facts.screen.frames[element]
        self.label = facts.screen.label(of: element)
        self.message = message
    }

    /// The rule's severity.
    public var severity: Severity { rule.severity }
    /// The rule's fix, in one sentence.
    public var fix: String { rule.fix }

    /// `screen/root/children[2]`: the element's logical location.
    public var place: String { screen + "/" + path }

    /// The finding in the project's one diagnostic shape, on one line, as
    /// compilers write it: the file and `screen/path`, the severity, the
    /// message, the fix and the rule id. When the file keeps lines the
    /// location is `file:line:column` and `screen/path` opens the message,
    /// so that editors and CI logs, which read `file:line:column: warning:`,
    /// pick it up:
    ///
    ///     app.json:14:9: error: menu/root/children[1]: interactive element has no label; fix: … [label-missing]
    ///     capture.xml: capture/root/children[3]: error: interactive element has no label; fix: … [label-missing]
    ///
    /// Newlines from labels and names are shown escaped (`TerminalText`).
    /// - Parameter file: the file as the user named it.
    public func diagnostic(file: String) -> Diagnostic {
        var fix = self.fix
        if fix.hasSuffix(".") { fix.removeLast() }
        let oneLine = { (s: String) in TerminalText.escaped(s, keepNewlines: false) }
        let text = oneLine("\(message); fix: \(fix) [\(rule.id)]")
        guard let line else {
            return Diagnostic(severity, text, at: SourceLocation(file: oneLine(file), path: oneLine(place)))
        }
        return Diagnostic(severity, oneLine(place) + ": " + text, at: SourceLocation(file: oneLine(file), line: line, column: column))
    }
}

/// What the audit found in one app: its findings in screen order, then
/// element (document) order, then rule order.
public struct AuditReport: Sendable {
    /// The file the app was read from, as the user named it.
    public var file: String
    /// The app's name and platform.
    public var app: String
    public var platform: Platform
    /// The screens audited, in the app's order.
    public var screens: [String]
    public var findings: [Finding]

    public init(file: String, app: String, platform: Platform, screens: [String], findings: [Finding]) {
        self.file = file
        self.app = app
        self.platform = platform
        self.screens = screens
        self.findings = findings
    }

    /// How many findings have each severity.
    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }
}
