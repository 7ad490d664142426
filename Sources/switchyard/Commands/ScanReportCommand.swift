import SwitchyardEngine
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
    var technologies: [Technology] = Bench.technologies
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
        /// Its reports' folder under `--output` (`reportFolders`).
        var name: String
    }

    /// The screen models under the paths, by the rule (`ScreenModelSearch`),
    /// each with a folder of its own for its reports; and whether something
    /// could not be searched.
    func search() throws(SetupError) -> (found: [Found], incomplete: Bool) {
        let search = try ScreenModelSearch.files(paths, skipping: [output] + skip, command: Self.name)
        let names = Self.reportFolders(search.models.map(\.relative))
        return (zip(search.models, names).map { Found(path: $0.path, name: $1) }, search.isIncomplete)
    }

    /// `apps/mail.json` → `apps/mail`; `home.switchyard.json` → `home`.
    static func reportName(_ relative: String) -> String {
        for suffix in [".switchyard.json", ".json", ".xml", ".txt"] where relative.hasSuffix(suffix) {
            return String(relative.dropLast(suffix.count))
        }
        return relative
    }

    /// The pages a report folder holds: `TECHNOLOGY.html` and `.json` for
    /// every technology (all of them, so a folder's name does not depend
    /// on the `--technology` given).
    static let pageNames: Set<String> = Set(Technology.allCases.flatMap { ["\($0.name).html", "\($0.name).json"] })

    /// Each file's reports' folder under `--output`, in the order given:
    /// its path relative to the folder searched without the extension
    /// (`reportName`), so that no two files share one. Where a folder would
    /// be another file's (two folders searched that each hold
    /// `app.switchyard.json`; `app.xml` beside `app.switchyard.json`), or
    /// one of its parts would be a page (`index.html`, `keyboard.json`, …)
    /// or `.`/`..`, that part gets `-2` (or `-3`, …): the first file in
    /// order keeps the plain name. Names are compared ignoring case, so the
    /// reports stay apart on a file system that ignores it too.
    static func reportFolders(_ relatives: [String]) -> [String] {
        var names = Set<String>()
        var files: Set<String> = ["index.html"]
        var folders = Set<String>()
        return relatives.map { relative -> String in
            var parts = reportName(relative).split(separator: "/").map(String.init)
            if parts.isEmpty { parts = [relative] }
            var name = ""
            for k in parts.indices {
                let last = k == parts.count - 1
                func candidate(_ n: Int) -> String {
                    let part = n == 1 ? parts[k] : parts[k] + "-\(n)"
                    return name.isEmpty ? part : name + "/" + part
                }
                func clashes(_ n: Int) -> Bool {
                    let c = candidate(n).lowercased()
                    if n == 1 && (parts[k] == "." || parts[k] == "..") { return true }
                    if files.contains(c) { return true }
                    return last && (names.contains(c) || pageNames.contains { folders.contains(c + "/" + $0) })
                }
                var n = 1
                while clashes(n) { n += 1 }
                name = candidate(n)
                folders.insert(name.lowercased())
            }
            names.insert(name.lowercased())
            for page in pageNames { files.insert((name + "/" + page).lowercased()) }
            return name
        }
    }

    /// Refuses an `--output` that cannot be the reports' folder, before the
    /// search: a file, or a path through a file.
    /// - Throws: `SetupError.cannotWrite` saying which file is in the way.
    func checkOutputFolder() throws(SetupError) {
        var path = output
        while true {
            if let s = try? FileSystem.status(path) {
                guard s.isDirectory else {
                    throw .cannotWrite(command: Self.name, file: output, reason: path == output
                        ? "it is a file, not a folder; --output names the folder the reports go to (made when missing)"
                        : "'\(path)' is a file, not a folder")
                }
                return
            }
            let parent = OutputFile.split(path).directory
            if parent == path { return }
            path = parent
        }
    }

    /// Refuses reports that would be written over one of the command's
    /// inputs (a screen model found, `--settings`, `--user`), or where a
    /// file stands in the way of a report folder, before any work. Compared
    /// by device and inode, through links.
    /// - Parameter pages: every page the run may write, relative to `--output`.
    /// - Throws: `SetupError.reportReplacesInput` or `.cannotWrite`.
    func checkPages(_ pages: [String], against inputs: [String]) throws(SetupError) {
        let read = inputs.compactMap { input in (try? FileSystem.status(input)).map { (input, $0) } }.filter { $0.1.isRegular }
        var folders = Set<String>()
        for page in pages {
            let path = ScreenModelSearch.join(output, page)
            var folder = OutputFile.split(page).directory
            while folder != "." && !folders.contains(folder) {
                folders.insert(folder)
                let at = ScreenModelSearch.join(output, folder)
                if let s = try? FileSystem.status(at), !s.isDirectory {
                    if let input = read.first(where: { $0.1.isSameFile(as: s) }) {
                        throw .reportReplacesInput(command: Self.name, output: output, report: at, input: input.0)
                    }
                    throw .cannotWrite(command: Self.name, file: path, reason: "'\(at)' is a file, where a folder of reports goes")
                }
                folder = OutputFile.split(folder).directory
            }
            guard let s = try? FileSystem.status(path) else { continue }
            if let input = read.first(where: { $0.1.isSameFile(as: s) }) {
                throw .reportReplacesInput(command: Self.name, output: output, report: path, input: input.0)
            }
            if s.isDirectory { throw .cannotWrite(command: Self.name, file: path, reason: SystemError.isDirectory.description) }
        }
    }

    func run() throws -> ExitStatus {
        try checkOutputFolder()
        let (found, incomplete) = try search()
        let planned = ["index.html"] + found.flatMap { file in technologies.flatMap { ["\(file.name)/\($0.name).html", "\(file.name)/\($0.name).json"] } }
        try checkPages(planned, against: found.map(\.path) + [settings, user].compactMap { $0 })
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
        let reports = (pages.count - 1) / 2
        lines.append("wrote \(Plural.count(reports, "HTML report")) with \(Plural.noun(reports, "its", "their")) JSON, and \(TerminalText.escaped(ScreenModelSearch.join(output, "index.html"), keepNewlines: false))")
        Output.out(lines.joined(separator: "\n") + "\n")
        return failures.isEmpty && !incomplete ? .success : .unusableInput
    }

    /// The mean of the screens' means (the screens that have one); nil for none.
    static func mean(_ means: [Double]) -> Double? {
        means.isEmpty ? nil : means.reduce(0, +) / Double(means.count)
    }

    /// Writes every page under `--output`, making the folders it needs;
    /// each page replaces its file when complete (`OutputFile`).
    func write(_ pages: [(path: String, text: String)]) throws(SetupError) {
        var made = Set<String>()
        for page in pages {
            let path = ScreenModelSearch.join(output, page.path)
            try makeFolders(for: page.path, made: &made)
            do {
                let file = try OutputFile.open(path, option: "--output")
                file.write(page.text)
                try file.commit()
            } catch {
                throw .cannotWrite(command: Self.name, file: path, reason: error.description)
            }
        }
    }

    /// Makes `--output` and the folders under it that hold `page`, each once.
    private func makeFolders(for page: String, made: inout Set<String>) throws(SetupError) {
        var chain: [String] = []
        var folder = ScreenModelSearch.join(output, OutputFile.split(page).directory)
        if OutputFile.split(page).directory == "." { folder = output }
        while !made.contains(folder), folder != ".", folder != "/" {
            chain.append(folder)
            let parent = OutputFile.split(folder).directory
            if parent == folder { break }
            folder = parent
        }
        for f in chain.reversed() {
            do { try FileSystem.makeFolder(f) } catch {
                throw .cannotWrite(command: Self.name, file: f, reason: "cannot make the folder (\(error))")
            }
            made.insert(f)
        }
    }
}
