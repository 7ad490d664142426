import Foundation
import Diagnostics
import ScreenModel
import SwitchyardEngine
import Audit
import DemoApp

/// `switchyard audit [APP|FOLDER…] [--screen S | --all-screens] [--format text|json|sarif]
/// [--fail-on error|warning|never] [--budget SECONDS] [--skip FOLDER]…`: the accessibility
/// audit (docs/audit.md) of every screen of each app, with the findings as
/// compiler-style lines, JSON or SARIF 2.1.0. Folders are searched for
/// screen models by `ScreenModelSearch`'s rule, as `scan-report` does; the
/// `audit-screens` package plugin (Plugins/AuditScreens) passes the
/// package's folders.
struct AuditCommand: Command {
    static let name = "audit"
    static let summary = "check every screen for switch, keyboard and voice access: findings as text, JSON or SARIF"
    static let usage = """
        usage: switchyard audit [APP | FOLDER]... [--screen NAME | --all-screens] [--format text|json|sarif]
                                [--fail-on error|warning|never] [--budget SECONDS] [--skip FOLDER]... [--app-format NAME] [--density D]
          APP            screen-model JSON, an Appium (iOS) or UiAutomator (Android) page source, or XCTest's
                         debugDescription, detected by content; the built-in demo app when absent (or 'demo')
          FOLDER         a folder searched for screen models as scan-report does (docs/importing.md): *.switchyard.json,
                         JSON declaring screen-model.schema.json, page sources, debugDescription .txt files
          --skip         a folder not to search (repeat for several)
          --screen       the one screen to audit (with one APP); sheets it presents are checked too
          --all-screens  every screen of each app (the default)
          --format       text (default): one finding per line as compilers write them, FILE:LINE:COL: SEVERITY: SCREEN/PATH:
                         MESSAGE [rule-id] (FILE: SCREEN/PATH: SEVERITY: … where the format has no lines); json;
                         sarif (SARIF 2.1.0, for code-scanning tools)
          --fail-on      the least severity that makes the exit status 1: error (default), warning, or never
          --budget       seconds Switch Control may take to reach and activate an element at its defaults (default 15)
        \(Arguments.importUsage(column: 17))
        exit status: 0 no finding at or above --fail-on, 1 there is one, 2 an app could not be used
        """

    /// What `--fail-on` accepts: a severity, or never.
    enum FailOn: String, CaseIterable {
        case error, warning, never

        /// Whether a finding of `severity` fails the run.
        func fails(_ severity: Severity) -> Bool {
            switch self {
            case .error: return severity == .error
            case .warning: return severity == .error || severity == .warning
            case .never: return false
            }
        }
    }

    var paths: [String] = []
    var skip: [String] = []
    var screen: String?
    var allScreens = false
    var format: AuditFormat = .text
    var failOn: FailOn = .error
    var settings = AuditSettings()
    /// `--app-format`, `--density`: how each app file is imported.
    var importOptions = ImportOptions()

    init(arguments args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name, options: Arguments.importOptionNames.union(["screen", "format", "fail-on", "budget", "skip"]),
                              flags: ["all-screens"])
        importOptions = try a.importOptions(command: Self.name)
        paths = a.positionals
        skip = a.options["skip"] ?? []
        screen = a.value("screen")
        allScreens = a.flags.contains("all-screens")
        if let f = try a.choice("format", command: Self.name, allowed: AuditFormat.allCases.map(\.rawValue)) { format = AuditFormat(rawValue: f)! }
        if let f = try a.choice("fail-on", command: Self.name, allowed: FailOn.allCases.map(\.rawValue)) { failOn = FailOn(rawValue: f)! }
        if let written = a.value("budget") {
            guard let budget = AuditSettings.budget(written) else {
                let range = AuditSettings.budgetRange
                throw UsageError(command: Self.name, message: "'--budget \(written)' is not valid; expected seconds from \(Point.format(range.lowerBound)) to \(Point.format(range.upperBound))")
            }
            settings.budget = budget
        }
    }

    func validate() throws(UsageError) {
        if allScreens && screen != nil {
            throw UsageError(command: Self.name, message: "--screen and --all-screens do not go together; give one")
        }
        if screen != nil && paths.count > 1 {
            throw UsageError(command: Self.name, message: "--screen names a screen of one app; give one APP with it, not \(paths.count)")
        }
    }

    func run() throws -> ExitStatus {
        let (apps, incomplete) = try inputs()
        if screen != nil && apps.count > 1 {
            throw UsageError(command: Self.name, message: "--screen names a screen of one app, but the folder holds \(apps.count); give one APP with it")
        }
        var reports: [AuditReport] = []
        var unusable = 0
        for app in apps {
            do {
                reports.append(try audit(app))
            } catch let e as ScreenModelError where apps.count > 1 {
                // The other apps of a folder are still audited; the exit status says one was unusable.
                Output.report(e)
                unusable += 1
            }
        }
        Output.out(format.render(reports, settings: settings))
        if unusable > 0 || incomplete { return .unusableInput }
        return reports.contains { $0.findings.contains { failOn.fails($0.severity) } } ? .failure : .success
    }

    /// The apps to audit: nil for the demo app, else a file's path; and
    /// whether a folder (or a file in one) could not be searched.
    func inputs() throws(SetupError) -> (apps: [String?], incomplete: Bool) {
        var out: [String?] = []
        var named: [String] = []
        for path in paths {
            if path == "demo" { out.append(nil) } else { named.append(path) }
        }
        if paths.isEmpty { out.append(nil) }
        guard !named.isEmpty else { return (out, false) }
        let search = try ScreenModelSearch.files(named, skipping: skip, command: Self.name)
        return (out + search.models.map { $0.path }, search.isIncomplete)
    }

    /// One app's report: its screens audited, the findings given the lines
    /// of a screen-model JSON file.
    func audit(_ file: String?) throws -> AuditReport {
        let app: AppModel
        let bytes: [UInt8]
        if let file {
            bytes = try AppLoader.read(path: file)
            app = try AppScreens.loadApp(file, bytes: bytes, options: importOptions)
        } else {
            app = DemoApp.load()
            bytes = []
        }
        var screens = app.screens
        if let name = screen {
            guard let s = app.screen(named: name) else {
                throw ScreenModelError.unknownScreen(file: file ?? DemoApp.fileName, at: "--screen", name: name, known: app.screens.map(\.name))
            }
            screens = [s]
        }
        let findings = ElementLines.locate(try Auditor(settings: settings).audit(app, screens: screens), in: bytes)
        return AuditReport(file: file ?? DemoApp.fileName, app: app.name, platform: app.platform, screens: screens.map(\.name), findings: findings)
    }
}
