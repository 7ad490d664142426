import Foundation
import Diagnostics
import ScreenModel
import ScanBench

/// `switchyard scan-report [PATH…] [--output DIR] [--technology T]…`: the
/// scan-time benchmark of every screen model in a folder (found by
/// `ScreenModelSearch`'s rule), every screen, under each technology, written
/// as HTML reports with heat maps, JSON, and one index page. The
/// `scan-report` package plugin (Plugins/ScanReport) runs it on a package.
struct ScanReportCommand: Command {
    static let name = "scan-report"
    static let summary = "scan-time reports for every screen model in a folder: HTML with heat maps, JSON, an index"
    static let usage = """
        usage: switchyard scan-report [PATH...] [--output DIR] [--skip FOLDER]... [--technology switch-control|keyboard|voice]...
                                      [--settings FILE] [--user FILE] [--app-format NAME] [--density D]
          PATH          a folder to search for screen models (default: the current folder), or an app file;
                        the rule: *.switchyard.json, JSON declaring screen-model.schema.json, .xml page sources
                        (Appium, UiAutomator), .txt XCTest debugDescriptions; hidden folders, other packages
                        and DIR are not searched
          --skip        a folder not to search (repeat for several)
          --output      the folder the reports go to (default: scan-reports), made when missing:
                        DIR/index.html, and DIR/<file>/<technology>.html and .json for each screen model
          --technology  one technology to report; repeat for several (default: all three)
          --settings    a settings file for the technology (with one --technology)
          --user        a user-model file (docs/scan-bench.md)
        \(Arguments.importUsage(column: 16))
        """

    var paths: [String] = ["."]
    var output = "scan-reports"
    var skip: [String] = []
    var technologies: [Technology] = Technology.allCases
    var settings: String?
    var user: String?
    /// `--app-format`, `--density`: for every file found (the density for
    /// the Android captures among them, without a warning for the others).
    var importOptions = ImportOptions()

    init(arguments args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name, options: Arguments.importOptionNames.union(["output", "skip", "technology", "settings", "user"]), flags: [])
        if !a.positionals.isEmpty { paths = a.positionals }
        output = a.value("output") ?? output
        skip = a.options["skip"] ?? []
        if let names = a.options["technology"] {
            var chosen: [Technology] = []
            for name in names {
                guard let t = Technology(name: name) else {
                    throw UsageError(command: Self.name, message: "'--technology \(name)' is not valid; expected one of: \(Technology.names.joined(separator: ", "))")
                }
                if !chosen.contains(t) { chosen.append(t) }
            }
            technologies = chosen
        }
        settings = a.value("settings")
        user = a.value("user")
        importOptions = try a.importOptions(command: Self.name)
        importOptions.warnsOfUnusedDensity = false
    }

    func validate() throws(UsageError) {
        if settings != nil && technologies.count != 1 {
            throw UsageError(command: Self.name, message: "--settings belongs to one technology; give exactly one --technology with it")
        }
        if output.isEmpty { throw UsageError(command: Self.name, message: "'--output' needs a folder") }
    }

    /// One screen model found, and where its reports go.
    struct Found {
        /// The file, as the command reads it.
        var path: String
        /// Its reports' folder under `--output`: its path relative to the
        /// folder searched, without the extension.
        var name: String
    }

    /// The screen models under the paths, by the rule (`ScreenModelSearch`).
    func search() throws(SetupError) -> [Found] {
        try ScreenModelSearch.files(paths, skipping: [output] + skip, command: Self.name).map { Found(path: $0.path, name: Self.reportName($0.relative)) }
    }

    /// `apps/mail.json` → `apps/mail`; `home.switchyard.json` → `home`.
    static func reportName(_ relative: String) -> String {
        for suffix in [".switchyard.json", ".json", ".xml", ".txt"] where relative.hasSuffix(suffix) {
            return String(relative.dropLast(suffix.count))
        }
        return relative
    }

    func run() throws -> ExitStatus {
        let found = try search()
        let person = try user.map { f throws in try UserModel.load(json: BenchCommand.read(f, kind: "user-model file"), file: f) } ?? UserModel()
        var entries: [HTMLReport.IndexEntry] = []
        var failures: [(file: String, message: String)] = []
        var pages: [(path: String, text: String)] = []
        for file in found {
            let app: AppModel
            do {
                app = try AppScreens.loadApp(file.path, options: importOptions)
            } catch {
                Output.report(error)
                failures.append((file.path, error.diagnostics.map(\.message).joined(separator: "; ")))
                continue
            }
            for technology in technologies {
                let bench = BenchCommand(app: file.path, technology: technology, settings: settings)
                var sections: [(report: BenchReport, svg: String?)] = []
                do {
                    for screen in app.screens {
                        let report = try bench.makeReport(app, screen, person, nil)
                        sections.append((report, BenchCommand.heatMap(report, screen).svg()))
                    }
                } catch {
                    Output.report(error)
                    failures.append((file.path, "\(technology.name): \((error as? any DiagnosticError)?.diagnostics.map(\.message).joined(separator: "; ") ?? "\(error)")"))
                    continue
                }
                let base = "\(file.name)/\(technology.name)"
                pages.append(("\(base).html", HTMLReport.render(sections, title: "Scan times: \(app.name) (\(technology))")))
                pages.append(("\(base).json", ReportFormat.json(sections.map(\.report)).text + "\n"))
                entries += sections.map { HTMLReport.IndexEntry(source: file.path, report: $0.report, link: "\(base).html") }
            }
        }
        pages.append(("index.html", HTMLReport.index(entries, failures: failures, title: "Scan-time reports")))
        try write(pages)

        // One line per file and technology: its screens, the mean of their
        // means, the worst p90 and the unreachable elements in all.
        let n = ReportFormat.statistic
        var rows = [["file", "technology", "screens", "mean s", "p90 s", "unreachable"]]
        var groups: [[HTMLReport.IndexEntry]] = []
        for entry in entries {
            if let last = groups.last?.last, last.source == entry.source, last.report.technology == entry.report.technology {
                groups[groups.count - 1].append(entry)
            } else {
                groups.append([entry])
            }
        }
        for group in groups {
            let summaries = group.map(\.report.summary)
            rows.append([TerminalText.escaped(group[0].source, keepNewlines: false), group[0].report.technology.name, String(group.count),
                         n(Self.mean(summaries.compactMap(\.meanSeconds))),
                         n(summaries.compactMap(\.p90Seconds).max()), String(summaries.map(\.unreachable).reduce(0, +))])
        }
        var lines = TextTable.lines(rows, leftAligned: [0, 1])
        lines.append("")
        lines.append("wrote \((pages.count - 1) / 2) HTML reports with their JSON, and \(TerminalText.escaped(ScreenModelSearch.join(output, "index.html"), keepNewlines: false))")
        Output.out(lines.joined(separator: "\n") + "\n")
        return failures.isEmpty ? .success : .unusableInput
    }

    /// The mean of the screens' means (the screens that have one); nil for none.
    static func mean(_ means: [Double]) -> Double? {
        means.isEmpty ? nil : means.reduce(0, +) / Double(means.count)
    }

    /// Writes every page under `--output`, making the folders it needs.
    func write(_ pages: [(path: String, text: String)]) throws(SetupError) {
        for page in pages {
            let path = ScreenModelSearch.join(output, page.path)
            let folder = (path as NSString).deletingLastPathComponent
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .cannotWrite(command: Self.name, file: folder, reason: "cannot make the folder (\((error as NSError).localizedDescription))")
            }
            do {
                let file = try OutputFile.open(path, option: "--output")
                file.write(page.text)
                try file.commit()
            } catch {
                throw .cannotWrite(command: Self.name, file: path, reason: error.description)
            }
        }
    }
}
