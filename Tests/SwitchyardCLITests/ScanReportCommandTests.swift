import DeviceTestbed
import Foundation
import Testing
import Glibc
@testable import switchyard

/// `switchyard scan-report` (and so the `scan-report` package plugin, which
/// runs it): the rule that finds screen models in a folder, the reports it
/// writes, and the files it cannot cost.
@Suite struct ScanReportCommandTests {
    /// A screen model of one screen with two buttons, named `name`.
    static func app(_ name: String, schema: Bool) -> String {
        """
        {\(schema ? #""$schema": "../docs/screen-model.schema.json", "# : "")"name": "\(name)", "startScreen": "s", "screens": {"s": {"root": {"children": [
          {"label": "One", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 100, "height": 44}},
          {"label": "Two", "traits": ["button"], "frame": {"x": 0, "y": 50, "width": 100, "height": 44}}]}}}}
        """
    }

    static let appium = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- captured by hand -->
        <AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Tiny" label="Tiny" enabled="true" visible="true" x="0" y="0" width="390" height="844">
        <XCUIElementTypeButton type="XCUIElementTypeButton" name="Go" label="Go" enabled="true" visible="true" x="0" y="100" width="100" height="44"/>
        </XCUIElementTypeApplication></AppiumAUT>
        """

    /// A folder with one file of each kind the rule takes, and of each it leaves.
    func folder() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        let files: [String: String] = [
            "screens/home.switchyard.json": Self.app("Named", schema: false),
            "screens/declared.json": Self.app("Declared", schema: true),
            "screens/capture.xml": Self.appium,
            "screens/plain.json": Self.app("Plain", schema: false),
            "screens/other.xml": "<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            ".hidden/secret.switchyard.json": Self.app("Hidden", schema: false),
            "Nested/Package.swift": "// swift-tools-version: 6.0\n",
            "Nested/inner.switchyard.json": Self.app("Inner", schema: false),
            "Fixtures/broken.switchyard.json": Self.app("Skipped", schema: false),
        ]
        for (path, text) in files {
            let url = dir.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        // A link to a folder is not followed.
        try FileManager.default.createSymbolicLink(atPath: dir.url.appendingPathComponent("link").path,
                                                   withDestinationPath: dir.url.appendingPathComponent("screens").path)
        return dir
    }

    @Test func findsScreenModelsByTheRuleAndWritesReports() throws {
        let dir = try folder()
        let r = try switchyard(["scan-report", "--skip", "Fixtures", "--technology", "switch-control", "--technology", "voice"], in: dir.url)
        #expect(r.stderr == "")
        #expect(r.status == 0)
        #expect(r.stdout == """
            file                          technology      screens  mean s  p90 s  unreachable
            screens/capture.xml           switch-control        1       1      1            0
            screens/capture.xml           voice                 1       2      2            0
            screens/declared.json         switch-control        1     1.5      2            0
            screens/declared.json         voice                 1       2      2            0
            screens/home.switchyard.json  switch-control        1     1.5      2            0
            screens/home.switchyard.json  voice                 1       2      2            0

            wrote 6 HTML reports with their JSON, and scan-reports/index.html

            """)
        let written = try FileManager.default.subpathsOfDirectory(atPath: dir.url.appendingPathComponent("scan-reports").path).sorted()
        #expect(written == [
            "index.html", "screens",
            "screens/capture", "screens/capture/switch-control.html", "screens/capture/switch-control.json",
            "screens/capture/voice.html", "screens/capture/voice.json",
            "screens/declared", "screens/declared/switch-control.html", "screens/declared/switch-control.json",
            "screens/declared/voice.html", "screens/declared/voice.json",
            "screens/home", "screens/home/switch-control.html", "screens/home/switch-control.json",
            "screens/home/voice.html", "screens/home/voice.json",
        ])
        let index = try String(contentsOf: dir.url.appendingPathComponent("scan-reports/index.html"), encoding: .utf8)
        #expect(index.contains(#"<tr><td>screens/declared.json</td><td>Declared</td><td><a href="screens/declared/switch-control.html">switch-control</a></td><td>s</td><td class="n">2</td><td class="n">1.5</td>"#))
        #expect(!index.contains("Not costed"))
        let json = try Data(contentsOf: dir.url.appendingPathComponent("scan-reports/screens/home/switch-control.json"))
        let reports = try #require(try JSONSerialization.jsonObject(with: json) as? [[String: Any]])
        #expect(reports.count == 1)
        #expect(reports.first?["app"] as? String == "Named")
        #expect((reports.first?["elements"] as? [[String: Any]])?.map { $0["label"] as? String } == ["One", "Two"])
        let html = try String(contentsOf: dir.url.appendingPathComponent("scan-reports/screens/capture/voice.html"), encoding: .utf8)
        #expect(html.contains("<title>Scan times: Tiny (Voice Control)</title>"))
    }

    /// A file that does not load is reported in the one diagnostic shape and
    /// listed in the index; the others are still written; exit status 2.
    @Test func aFileThatDoesNotLoadIsReportedAndTheRestWritten() throws {
        let dir = try folder()
        try #"{"$schema": "screen-model.schema.json", "name": "Bad", "startScreen": 3}"#
            .write(to: dir.url.appendingPathComponent("screens/bad.json"), atomically: true, encoding: .utf8)
        let r = try switchyard(["scan-report", "screens", "--technology", "keyboard", "--output", "out"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stderr == "screens/bad.json: app: error: missing field 'screens' (expected an object of screens by name)\n")
        #expect(r.stdout.hasSuffix("wrote 3 HTML reports with their JSON, and out/index.html\n"))
        let index = try String(contentsOf: dir.url.appendingPathComponent("out/index.html"), encoding: .utf8)
        #expect(index.contains("<h2>Not costed</h2>\n<ul>\n<li><code>screens/bad.json</code>: missing field &apos;screens&apos; (expected an object of screens by name)</li>\n</ul>\n"))
    }

    @Test(arguments: [
        (["scan-report", "empty"], "switchyard scan-report: error: no screen models in 'empty'; expected *.switchyard.json files, JSON files that declare \"$schema\": \"…/screen-model.schema.json\", Appium or Android XML page sources, or XCTest debugDescription .txt files (docs/importing.md)\n"),
        (["scan-report", "nowhere"], "nowhere: error: cannot read the folder or screen model: no such file or folder\n"),
        (["scan-report", "--settings", "s.json"], "switchyard scan-report: error: --settings belongs to one technology; give exactly one --technology with it\n"),
        (["scan-report", "--technology", "morse"], "switchyard scan-report: error: '--technology morse' is not valid; expected one of: switch-control, keyboard, voice\n"),
    ])
    func errors(_ arguments: [String], _ expected: String) throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let r = try switchyard(arguments, in: dir.url)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(expected))
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("scan-reports").path))
    }

    /// This package's own screens: every example app, under each technology.
    @Test func examplesOfThisPackage() throws {
        let dir = try TemporaryDirectory()
        let r = try switchyard(["scan-report", "Examples", "--output", dir.url.path])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 1 + 8 * 3 + 1)
        #expect(lines[1].hasPrefix("Examples/apps/audit-fails.json       switch-control        5"))
        #expect(lines[4].hasPrefix("Examples/apps/corner-cafe-mini.json  switch-control        3"))
        #expect(lines.last == "wrote 24 HTML reports with their JSON, and \(dir.url.path)/index.html")
    }

    // MARK: - Reports never overwrite each other or their inputs

    /// Writes `files` (path → text) under `dir`, making the folders.
    func write(_ files: [String: String], in dir: TemporaryDirectory) throws {
        for (path, text) in files {
            let url = dir.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// The name of the app a JSON report was made for.
    func reportedApp(_ path: String, in dir: TemporaryDirectory) throws -> String? {
        let json = try Data(contentsOf: dir.url.appendingPathComponent(path))
        return (try JSONSerialization.jsonObject(with: json) as? [[String: Any]])?.first?["app"] as? String
    }

    /// Two folders that each hold `app.switchyard.json`, and `app.xml`
    /// beside one: three files whose reports would all be `app/`. Each gets
    /// a folder of its own, and the index links each row to its own report.
    @Test func filesWithTheSameNameGetReportsOfTheirOwn() throws {
        let dir = try TemporaryDirectory()
        try write(["a/app.switchyard.json": Self.app("First", schema: false), "b/app.switchyard.json": Self.app("Second", schema: false),
                   "b/app.xml": Self.appium], in: dir)
        let r = try switchyard(["scan-report", "a", "b", "--technology", "keyboard", "--output", "out"], in: dir.url)
        #expect(r.stderr == "")
        #expect(r.status == 0)
        #expect(r.stdout.hasSuffix("\nwrote 3 HTML reports with their JSON, and out/index.html\n"))
        #expect(try FileManager.default.subpathsOfDirectory(atPath: dir.url.appendingPathComponent("out").path).sorted() == [
            "app", "app-2", "app-2/keyboard.html", "app-2/keyboard.json", "app-3", "app-3/keyboard.html", "app-3/keyboard.json",
            "app/keyboard.html", "app/keyboard.json", "index.html",
        ])
        #expect(try reportedApp("out/app/keyboard.json", in: dir) == "First")
        #expect(try reportedApp("out/app-2/keyboard.json", in: dir) == "Second")
        #expect(try reportedApp("out/app-3/keyboard.json", in: dir) == "Tiny")
        let index = try String(contentsOf: dir.url.appendingPathComponent("out/index.html"), encoding: .utf8)
        #expect(index.contains(#"<tr><td>a/app.switchyard.json</td><td>First</td><td><a href="app/keyboard.html">"#))
        #expect(index.contains(#"<tr><td>b/app.switchyard.json</td><td>Second</td><td><a href="app-2/keyboard.html">"#))
        #expect(index.contains(#"<tr><td>b/app.xml</td><td>Tiny</td><td><a href="app-3/keyboard.html">"#))
    }

    /// The rule that keeps report folders apart, ignoring case: a part
    /// that clashes (a name taken, a page such as `index.html` or
    /// `keyboard.html`, `.`) gets `-2`, `-3`…; the first file keeps its name.
    @Test func reportFoldersNeverClash() {
        #expect(ScanReportCommand.reportFolders([
            "app.switchyard.json", "app.xml", "App.json", "index.html", "a.json", "a/keyboard.html.json", "a/b.json", "..json", "x/y/z.txt",
        ]) == ["app", "app-2", "App-3", "index.html-2", "a", "a/keyboard.html-2", "a/b", ".-2", "x/y/z"])
    }

    /// Index links are percent-encoded: a space, `#` or `%` in a file's name
    /// still leads to its report.
    @Test func indexLinksArePercentEncoded() throws {
        let dir = try TemporaryDirectory()
        try write(["x #1%.switchyard.json": Self.app("Odd", schema: false)], in: dir)
        let r = try switchyard(["scan-report", "--technology", "keyboard"], in: dir.url)
        #expect(r.status == 0)
        let index = try String(contentsOf: dir.url.appendingPathComponent("scan-reports/index.html"), encoding: .utf8)
        #expect(index.contains(#"<a href="x%20%231%25/keyboard.html">keyboard</a>"#))
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("scan-reports/x #1%/keyboard.html").path))
    }

    /// `--output .`: the reports go beside the screen models.
    @Test func theCurrentFolderIsAnOutput() throws {
        let dir = try TemporaryDirectory()
        try write(["home.switchyard.json": Self.app("Home", schema: false)], in: dir)
        let r = try switchyard(["scan-report", "--output", ".", "--technology", "keyboard"], in: dir.url)
        #expect(r.stderr == "")
        #expect(r.status == 0)
        #expect(r.stdout.hasSuffix("\nwrote 1 HTML report with its JSON, and index.html\n"))
        #expect(try FileManager.default.subpathsOfDirectory(atPath: dir.url.path).sorted() == [
            "home", "home.switchyard.json", "home/keyboard.html", "home/keyboard.json", "index.html",
        ])
    }

    /// An output folder whose reports would replace a screen model found
    /// (`app/keyboard.json` is the keyboard report of `app.switchyard.json`)
    /// is refused before any work; nothing is written.
    @Test func reportsOverAScreenModelAreRefused() throws {
        let dir = try TemporaryDirectory()
        try write(["app.switchyard.json": Self.app("App", schema: false), "app/keyboard.json": Self.app("Model", schema: true)], in: dir)
        let r = try switchyard(["scan-report", "--output", "."], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "switchyard scan-report: error: --output '.' would write a report over the input file 'app/keyboard.json'; write the reports to another folder\n")
        #expect(try String(contentsOf: dir.url.appendingPathComponent("app/keyboard.json"), encoding: .utf8) == Self.app("Model", schema: true))
        #expect(try FileManager.default.subpathsOfDirectory(atPath: dir.url.path).sorted() == ["app", "app.switchyard.json", "app/keyboard.json"])
    }

    /// An `--output` that is a file (or goes through one) is refused in
    /// words, before the search: here the folder holds no screen model at all.
    @Test(arguments: [
        ("notes.txt", "switchyard scan-report: error: cannot write 'notes.txt': it is a file, not a folder; --output names the folder the reports go to (made when missing)\n"),
        ("notes.txt/reports", "switchyard scan-report: error: cannot write 'notes.txt/reports': 'notes.txt' is a file, not a folder\n"),
    ])
    func anOutputThatIsAFileIsRefused(_ output: String, _ error: String) throws {
        let dir = try TemporaryDirectory()
        try dir.write("notes.txt", "keep")
        let r = try switchyard(["scan-report", "--output", output], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == error)
        #expect(try String(contentsOf: dir.url.appendingPathComponent("notes.txt"), encoding: .utf8) == "keep")
    }

    /// A FIFO or a socket with a screen model's name is never opened (a
    /// FIFO would hang the tool): skipped with a warning, the rest reported.
    @Test func aFIFOOrASocketIsSkipped() throws {
        let dir = try TemporaryDirectory()
        try write(["screens/home.switchyard.json": Self.app("Home", schema: false)], in: dir)
        #expect(mkfifo(dir.url.appendingPathComponent("screens/pipe.xml").path, 0o600) == 0)
        try makeSocketFile(dir.url.appendingPathComponent("screens/sock.switchyard.json").path)
        let r = try switchyard(["scan-report", "screens", "--technology", "keyboard"], in: dir.url)
        #expect(r.status == 0)
        #expect(r.stderr == "screens/pipe.xml: warning: skipped: a FIFO, not a regular file\n"
            + "screens/sock.switchyard.json: warning: skipped: a socket, not a regular file\n")
        #expect(r.stdout.contains("\nscreens/home.switchyard.json  keyboard "))
        #expect(r.stdout.hasSuffix("\nwrote 1 HTML report with its JSON, and scan-reports/index.html\n"))
    }

    /// A folder that cannot be read is reported, the others are costed, and
    /// the exit status is 2 (a screen model may be missing from the reports).
    @Test(.enabled(if: canMakeUnreadableFolders, "the tests run as root and setpriv is missing: every folder is readable"))
    func anUnreadableFolderIsReported() throws {
        let dir = try TemporaryDirectory()
        try write(["screens/home.switchyard.json": Self.app("Home", schema: false), "screens/locked/hidden.switchyard.json": Self.app("Locked", schema: false)], in: dir)
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.url.appendingPathComponent("out").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: dir.url.appendingPathComponent("screens/locked").path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.url.appendingPathComponent("screens/locked").path) }
        let r = try switchyardWithoutPrivileges(["scan-report", "screens", "--technology", "keyboard", "--output", "out"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stderr == "screens/locked: error: cannot read the folder: Permission denied\n")
        #expect(r.stdout.contains("\nscreens/home.switchyard.json  keyboard"))
    }
}
