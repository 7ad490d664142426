import ScreenModel
import SwitchyardEngine

/// The accessibility audit (docs/audit.md): every rule of `AuditRule` on
/// each screen of an app, from the model alone — the tree, the navigation
/// order every technology reads, the engine's `Session` and the scan-time
/// benchmark (ScanBench). Nothing here reads a clock or a file.
public struct Auditor: Sendable {
    public var settings: AuditSettings

    /// - Parameter settings: the budget and thresholds (defaults when absent).
    public init(settings: AuditSettings = AuditSettings()) {
        self.settings = settings
    }

    // MARK: - API

    /// The findings on `screens` of `app`, by screen (in the order given),
    /// then element (document order), then rule (`AuditRule.allCases`).
    /// - Parameters:
    ///   - app: the app; sheets presented from the screens are checked
    ///     against the app's other screens.
    ///   - screens: the screens to audit (default: every screen).
    /// - Throws: `SessionError` when a session on the app cannot be made
    ///   (the benchmark and the sheet check drive the engine).
    public func audit(_ app: AppModel, screens: [Screen]? = nil) throws -> [Finding] {
        var facts: [String: ScreenFacts] = [:]
        func factsOf(_ name: String) -> ScreenFacts? {
            if let f = facts[name] { return f }
            guard let s = app.screen(named: name) else { return nil }
            let f = ScreenFacts(app: app, screen: s)
            facts[name] = f
            return f
        }
        var sheets = SheetFocusRule(app: app)
        var out: [Finding] = []
        for screen in screens ?? app.screens {
            let f = factsOf(screen.name) ?? ScreenFacts(app: app, screen: screen)
            var found = LabelRules.missingOrUnspeakable(f)
            found += LabelRules.duplicates(f)
            found += LabelRules.repeatsTrait(f)
            found += LabelRules.tooManyInputLabels(f)
            found += ElementRules.targetSize(f)
            found += ElementRules.adjustableValue(f)
            found += ElementRules.unlabelledImage(f)
            found += StructureRules.rowsNotCombined(f)
            found += StructureRules.modalWithoutEscape(f)
            found += StructureRules.backOnStartScreen(f)
            found += try sheets.findings(f, sheets: factsOf)
            found += try ScanTimeRules.findings(f, budget: settings.budget)
            out += found
        }
        return Self.ordered(out, screens: app.screens.map(\.name))
    }

    /// `found` by screen (in `screens`' order), element, then rule.
    static func ordered(_ found: [Finding], screens: [String]) -> [Finding] {
        let rank = Dictionary(uniqueKeysWithValues: AuditRule.allCases.enumerated().map { ($1, $0) })
        let screenRank = Dictionary(screens.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        return found.sorted {
            (screenRank[$0.screen] ?? 0, $0.element, rank[$0.rule]!, $0.message) < (screenRank[$1.screen] ?? 0, $1.element, rank[$1.rule]!, $1.message)
        }
    }
}
