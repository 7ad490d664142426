import DeviceTestbed
import Foundation
import Testing
import Glibc

/// `switchyard audit` end to end: the text, JSON and SARIF outputs, the exit
/// status `--fail-on` sets, folders, and errors.
@Suite struct AuditCommandTests {
    @Test func theFailingExampleInText() throws {
        let r = try switchyard(["audit", "Examples/apps/audit-fails.json"])
        #expect(r.status == 1)
        #expect(r.stderr == "")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 15)
        #expect(lines[0] == "Examples/apps/audit-fails.json:13:11: error: home/root/children[1]: interactive element has no label; Voice Control can show it only as a number, and speech has nothing to say; fix: Give it an accessibilityLabel that says what it does in a word or two, such as 'Share' [label-missing]")
        #expect(lines[2] == "Examples/apps/audit-fails.json:15:11: warning: home/root/children[3]: tap target is 30×30 pt, under the 44×44 pt minimum (Apple's Human Interface Guidelines); fix: Make the tappable area at least the minimum, padding the hit area around a smaller visible icon [target-too-small]")
        #expect(lines.map { $0.split(separator: " ").last.map(String.init) ?? "" }.dropLast() == [
            "[label-missing]", "[label-not-speakable]", "[target-too-small]", "[label-duplicate]", "[label-repeats-trait]",
            "[input-labels-too-many]", "[adjustable-value-missing]", "[image-unlabelled]", "[unreachable]", "[back-on-start-screen]",
            "[sheet-focus-not-returned]", "[rows-not-combined]", "[modal-without-escape]", "[activation-over-budget]",
        ])
        #expect(lines[14] == "14 findings (4 errors, 10 warnings) in 1 app, 5 screens")
    }

    @Test(arguments: [("error", Int32(1)), ("warning", Int32(1)), ("never", Int32(0))])
    func failOnSetsTheStatusForTheFailingExample(_ level: String, _ status: Int32) throws {
        let r = try switchyard(["audit", "Examples/apps/audit-fails.json", "--fail-on", level])
        #expect(r.status == status)
    }

    /// Corner Café (mini) has warnings only: they fail the run from `warning` down.
    @Test(arguments: [("error", Int32(0)), ("warning", Int32(1)), ("never", Int32(0))])
    func failOnWithWarningsOnly(_ level: String, _ status: Int32) throws {
        let r = try switchyard(["audit", "Examples/apps/corner-cafe-mini.json", "--fail-on", level])
        #expect(r.status == status)
        #expect(r.stdout.hasSuffix("\n2 findings (2 warnings) in 1 app, 3 screens\n"))
    }

    @Test func theCleanExampleHasNoFindings() throws {
        let r = try switchyard(["audit", "Examples/apps/mail.json", "--fail-on", "warning"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == "no findings in 1 app, 4 screens\n")
    }

    /// The demo app, when no app is named: no lines (it is built in), paths.
    @Test func theDemoApp() throws {
        let r = try switchyard(["audit", "--screen", "product"])
        #expect(r.status == 0)
        #expect(r.stdout == "demo-app.json: product/root/children[0]: warning: tap target is 70×32 pt, under the 44×44 pt minimum (Apple's Human Interface Guidelines); fix: Make the tappable area at least the minimum, padding the hit area around a smaller visible icon [target-too-small]\n"
            + "1 finding (1 warning) in 1 app, 1 screen\n")
    }

    /// An Appium capture keeps no lines: findings name the file and path.
    @Test func aCaptureIsLocatedByPath() throws {
        let dir = try TemporaryDirectory()
        try dir.write("small.xml", """
            <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Tiny" label="Tiny" enabled="true" visible="true" x="0" y="0" width="390" height="844">
              <XCUIElementTypeButton type="XCUIElementTypeButton" name="Go" label="Go" enabled="true" visible="true" x="16" y="100" width="30" height="30"/>
            </XCUIElementTypeApplication>
            """)
        let r = try switchyard(["audit", "small.xml"], in: dir.url)
        #expect(r.status == 0)
        #expect(r.stdout == "small.xml: small/root/children[0]: warning: tap target is 30×30 pt, under the 44×44 pt minimum (Apple's Human Interface Guidelines); fix: Make the tappable area at least the minimum, padding the hit area around a smaller visible icon [target-too-small]\n"
            + "1 finding (1 warning) in 1 app, 1 screen\n")
    }

    @Test func theBudgetIsAnOption() throws {
        let r = try switchyard(["audit", "Examples/apps/audit-fails.json", "--screen", "shelves", "--budget", "14"])
        #expect(r.stdout.components(separatedBy: "[activation-over-budget]").count - 1 == 2)
        #expect(r.stdout.contains("takes 14.5 s with Switch Control's default settings (auto scanning, 1 s per item), over the 14 s budget"))
    }

    @Test func json() throws {
        let r = try switchyard(["audit", "Examples/apps/corner-cafe-mini.json", "--format", "json"])
        #expect(r.status == 0)
        #expect(r.stdout == """
            {
              "budget": 15,
              "apps": [
                {
                  "file": "Examples/apps/corner-cafe-mini.json",
                  "app": "Corner Café (mini)",
                  "platform": "ios",
                  "screens": ["menu", "detail", "order-sheet"],
                  "findings": [
                    {
                      "rule": "target-too-small",
                      "severity": "warning",
                      "screen": "detail",
                      "path": "root/children[0]",
                      "line": 45,
                      "column": 11,
                      "label": "Back",
                      "frame": {"x": 8, "y": 56, "width": 70, "height": 32},
                      "message": "tap target is 70×32 pt, under the 44×44 pt minimum (Apple's Human Interface Guidelines)",
                      "fix": "Make the tappable area at least the minimum, padding the hit area around a smaller visible icon."
                    },
                    {
                      "rule": "target-too-small",
                      "severity": "warning",
                      "screen": "order-sheet",
                      "path": "root/children[1]",
                      "line": 73,
                      "column": 11,
                      "label": "Close",
                      "frame": {"x": 300, "y": 404, "width": 74, "height": 32},
                      "message": "tap target is 74×32 pt, under the 44×44 pt minimum (Apple's Human Interface Guidelines)",
                      "fix": "Make the tappable area at least the minimum, padding the hit area around a smaller visible icon."
                    }
                  ]
                }
              ],
              "summary": {"findings": 2, "errors": 0, "warnings": 2, "notes": 0}
            }

            """)
    }

    /// A folder is searched by scan-report's rule; `--skip` leaves folders out.
    @Test func aFolder() throws {
        let r = try switchyard(["audit", "Examples", "--fail-on", "never"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout.hasSuffix("\n24 findings (4 errors, 20 warnings) in 8 apps, 18 screens\n"))
        let skipped = try switchyard(["audit", "Examples", "--skip", "Examples/apps"])
        #expect(skipped.status == 2)
        #expect(skipped.stderr.hasPrefix("switchyard audit: error: no screen models in 'Examples'"))
    }

    /// An app of a folder that cannot be read is reported; the others are audited; status 2.
    @Test func aFolderWithAnUnusableApp() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("apps"), withIntermediateDirectories: true)
        try dir.write("apps/bad.switchyard.json", "{\"screens\": 3}")
        try dir.write("apps/good.switchyard.json", "{\"screens\": {\"s\": {\"root\": {\"label\": \"Hello\"}}}}")
        let r = try switchyard(["audit", "apps"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stderr == "apps/bad.switchyard.json: screens: error: expected an object of screens by name, found a number\n")
        #expect(r.stdout == "no findings in 1 app, 1 screen\n")
    }

    /// A folder holding a FIFO named like a screen model: the FIFO is never
    /// opened (the tool hung on it), it is skipped with a warning, and the
    /// app beside it is audited.
    @Test func aFIFOInAFolderIsSkipped() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("apps"), withIntermediateDirectories: true)
        try dir.write("apps/good.switchyard.json", "{\"screens\": {\"s\": {\"root\": {\"label\": \"Hello\"}}}}")
        #expect(mkfifo(dir.url.appendingPathComponent("apps/pipe.json").path, 0o600) == 0)
        #expect(mkfifo(dir.url.appendingPathComponent("apps/wait.switchyard.json").path, 0o600) == 0)
        let r = try switchyard(["audit", "apps"], in: dir.url)
        #expect(r.status == 0)
        #expect(r.stderr == "apps/pipe.json: warning: skipped: a FIFO, not a regular file\n"
            + "apps/wait.switchyard.json: warning: skipped: a FIFO, not a regular file\n")
        #expect(r.stdout == "no findings in 1 app, 1 screen\n")
    }

    /// A folder that cannot be read is reported, the apps of the others are
    /// audited, and the exit status is 2 (docs/audit.md).
    @Test(.enabled(if: canMakeUnreadableFolders, "the tests run as root and setpriv is missing: every folder is readable"))
    func anUnreadableFolderIsReported() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("apps/locked"), withIntermediateDirectories: true)
        try dir.write("apps/good.switchyard.json", "{\"screens\": {\"s\": {\"root\": {\"label\": \"Hello\"}}}}")
        try dir.write("apps/locked/hidden.switchyard.json", "{\"screens\": {\"s\": {\"root\": {\"label\": \"Hello\"}}}}")
        let locked = dir.url.appendingPathComponent("apps/locked").path
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked) }
        let r = try switchyardWithoutPrivileges(["audit", "apps"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stderr == "apps/locked: error: cannot read the folder: Permission denied\n")
        #expect(r.stdout == "no findings in 1 app, 1 screen\n")
    }

    @Test(arguments: [
        (["audit", "--budget", "0"], "switchyard audit: error: '--budget 0' is not valid; expected seconds from 0.001 to 3600"),
        (["audit", "--budget", "nan"], "switchyard audit: error: '--budget nan' is not valid; expected seconds from 0.001 to 3600"),
        (["audit", "--budget", "0x1p3"], "switchyard audit: error: '--budget 0x1p3' is not valid; expected seconds from 0.001 to 3600"),
        (["audit", "--format", "xml"], "switchyard audit: error: '--format xml' is not valid; expected one of: text, json, sarif"),
        (["audit", "--fail-on", "note"], "switchyard audit: error: '--fail-on note' is not valid; expected one of: error, warning, never"),
        (["audit", "a.json", "b.json", "--screen", "home"], "switchyard audit: error: --screen names a screen of one app; give one APP with it, not 2"),
    ])
    func usageErrors(_ arguments: [String], _ error: String) throws {
        let r = try switchyard(arguments)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == error + "\n" + (try snapshot("help", "audit")))
    }

    @Test(arguments: [
        (["audit", "nowhere.json"], "nowhere.json: error: cannot read the folder or screen model: no such file or folder\n"),
        (["audit", "Examples/apps/mail.json", "--screen", "inbx"], "Examples/apps/mail.json: --screen: error: no screen named 'inbx'; did you mean 'inbox'? the app has: inbox, message, delete-alert, mail-settings\n"),
        (["audit", "Examples", "--screen", "inbox"], "switchyard audit: error: --screen names a screen of one app, but the folder holds 8; give one APP with it\n"),
    ])
    func inputErrors(_ arguments: [String], _ error: String) throws {
        let r = try switchyard(arguments)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix(error))
    }
}

/// The SARIF log, decoded and checked against the SARIF 2.1.0 schema's
/// required properties and the values its enums allow
/// (sarif-schema-2.1.0.json: `sarifLog` needs `version` and `runs`; `run`
/// `tool`; `tool` `driver`; `toolComponent` `name`; `reportingDescriptor`
/// `id`; `multiformatMessageString` `text`; `result` `message`; `message`
/// `text` or `id`; `physicalLocation` `artifactLocation` or `address`;
/// `region` `startLine`, `charOffset` or `byteOffset`; levels `none`,
/// `note`, `warning`, `error`).
@Suite struct AuditSARIFTests {
    let log: [String: Any]
    let run: [String: Any]
    let rules: [[String: Any]]
    let results: [[String: Any]]

    init() throws {
        let r = try switchyard(["audit", "Examples/apps/audit-fails.json", "--format", "sarif"])
        #expect(r.status == 1)
        #expect(r.stderr == "")
        log = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        run = runs[0]
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        rules = try #require(driver["rules"] as? [[String: Any]])
        results = try #require(run["results"] as? [[String: Any]])
    }

    @Test func theLog() throws {
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
        #expect(Set(log.keys) == ["$schema", "version", "runs"])
        #expect(Set(run.keys) == ["tool", "artifacts", "results"])
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "switchyard audit")
        #expect(driver["informationUri"] as? String == "https://switchyard.invalid/docs/audit.md")
        let artifacts = try #require(run["artifacts"] as? [[String: Any]])
        #expect(artifacts.count == 1)
        #expect((artifacts[0]["location"] as? [String: Any])?["uri"] as? String == "Examples/apps/audit-fails.json")
        #expect(artifacts[0]["roles"] as? [String] == ["analysisTarget"])
    }

    @Test func theRules() throws {
        #expect(rules.compactMap { $0["id"] as? String } == [
            "label-missing", "label-not-speakable", "label-duplicate", "label-repeats-trait", "input-labels-too-many",
            "target-too-small", "adjustable-value-missing", "image-unlabelled", "rows-not-combined",
            "modal-without-escape", "back-on-start-screen", "sheet-focus-not-returned", "activation-over-budget", "unreachable",
        ])
        #expect(rules.compactMap { ($0["defaultConfiguration"] as? [String: Any])?["level"] as? String } == [
            "error", "warning", "warning", "warning", "warning", "warning", "warning", "warning", "warning", "error", "error", "warning", "warning", "error",
        ])
        for rule in rules {
            #expect(Set(rule.keys) == ["id", "shortDescription", "fullDescription", "help", "defaultConfiguration"])
            for key in ["shortDescription", "fullDescription", "help"] {
                #expect(((rule[key] as? [String: Any])?["text"] as? String)?.isEmpty == false, "\(rule["id"] ?? "") \(key)")
            }
        }
        #expect((rules[0]["shortDescription"] as? [String: Any])?["text"] as? String == "An interactive element has no label.")
    }

    @Test func theResults() throws {
        #expect(results.count == 14)
        for result in results {
            #expect(Set(result.keys) == ["ruleId", "ruleIndex", "level", "message", "locations", "properties"])
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            #expect(["none", "note", "warning", "error"].contains(result["level"] as? String ?? ""))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let locations = try #require(result["locations"] as? [[String: Any]])
            #expect(locations.count == 1)
            let physical = try #require(locations[0]["physicalLocation"] as? [String: Any])
            let artifact = try #require(physical["artifactLocation"] as? [String: Any])
            #expect(artifact["uri"] as? String == "Examples/apps/audit-fails.json")
            #expect(artifact["index"] as? Int == 0)
            let region = try #require(physical["region"] as? [String: Any])
            #expect((region["startLine"] as? Int ?? 0) >= 1)
            #expect((region["startColumn"] as? Int ?? 0) >= 1)
            let logical = try #require(locations[0]["logicalLocations"] as? [[String: Any]])
            #expect(logical.count == 1)
            #expect(logical[0]["kind"] as? String == "element")
        }
        let first = results[0]
        #expect(first["ruleId"] as? String == "label-missing")
        #expect(first["ruleIndex"] as? Int == 0)
        #expect(first["level"] as? String == "error")
        #expect((first["message"] as? [String: Any])?["text"] as? String == "interactive element has no label; Voice Control can show it only as a number, and speech has nothing to say")
        let location = try #require((first["locations"] as? [[String: Any]])?.first)
        #expect(((location["physicalLocation"] as? [String: Any])?["region"] as? [String: Any])?["startLine"] as? Int == 13)
        #expect(((location["physicalLocation"] as? [String: Any])?["region"] as? [String: Any])?["startColumn"] as? Int == 11)
        let logical = try #require((location["logicalLocations"] as? [[String: Any]])?.first)
        #expect(logical["fullyQualifiedName"] as? String == "home/root/children[1]")
        #expect(logical["name"] as? String == "root/children[1]")
        let properties = try #require(first["properties"] as? [String: Any])
        #expect(properties["screen"] as? String == "home")
        #expect(properties["fix"] as? String == "Give it an accessibilityLabel that says what it does in a word or two, such as 'Share'.")
        let frame = try #require(properties["frame"] as? [String: Any])
        #expect(frame["width"] as? Int == 44)
    }
}
