import DeviceTestbed
import Foundation
import Testing

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
}
