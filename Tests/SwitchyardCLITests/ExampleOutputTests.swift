import DeviceTestbed
import Foundation
import Testing

/// Every output of the tool on the examples, byte for byte, against the
/// snapshots under `Snapshots/examples/` (see `Snapshot` to regenerate
/// them on purpose): for each app in Examples/apps and the demo, `inspect`
/// (text and JSON for each technology, the model), `bench` for each
/// technology (table, CSV, JSON), `audit` (text, JSON) and `overlay`
/// (names, numbers, grid: the text and the SVG); for each scenario in
/// Examples/scenarios, `run` with its transcript and JUnit report (times
/// blanked); `replay` of each recording in Devices/fixtures/recordings for
/// each technology; `audit --format sarif` on them all; `scan-report` on
/// Examples; `tune` on the demo. A change to any of them is a change of
/// behaviour, made on purpose or not at all.
@Suite struct ExampleOutputTests {
    static let technologies = ["switch-control", "keyboard", "voice"]

    /// The recordings in Devices/fixtures/recordings, relative to the repository root, sorted.
    static let recordings: [String] = {
        let dir = repoRoot.appendingPathComponent("Devices/fixtures/recordings")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".evemu") }.sorted().map { "Devices/fixtures/recordings/\($0)" }
    }()

    /// The scan-report HTML reports kept as snapshots: those of the two
    /// smallest apps. The others (about 450 kB of the same markup around
    /// heat maps whose numbers their JSON reports hold) are compared by
    /// name alone, in the list of files written.
    static let scanReportHTMLKept: Set<String> = ["apps/rtl-inbox", "apps/settings"]

    @Test func theExamplesAreThere() {
        #expect(exampleApps.count >= 8)
        #expect(exampleScenarios.count >= 30)
        #expect(Self.recordings.count >= 1)
    }

    @Test(arguments: exampleApps + ["demo"])
    func app(_ app: String) throws {
        let w = try Workspace()
        let file = app == "demo" ? [] : [app]
        var outputs: [String: Data] = [:]
        outputs["inspect-model.json"] = try w.output(["inspect"] + file + ["--all-screens", "--format", "model"])
        for technology in Self.technologies {
            outputs["inspect-\(technology)"] = try w.output(["inspect"] + file + ["--all-screens", "--technology", technology])
            outputs["inspect-\(technology).json"] = try w.output(["inspect"] + file + ["--all-screens", "--technology", technology, "--format", "json"])
            outputs["bench-\(technology)"] = try w.output(["bench"] + file + ["--all-screens", "--technology", technology])
            outputs["bench-\(technology).csv"] = try w.output(["bench"] + file + ["--all-screens", "--technology", technology, "--format", "csv"])
            // JSON is one report: the start screen's.
            outputs["bench-\(technology).json"] = try w.output(["bench"] + file + ["--technology", technology, "--format", "json"])
        }
        // The exit status says whether a finding is an error; the output is the same.
        outputs["audit"] = try w.output(["audit"] + file + ["--fail-on", "never"])
        outputs["audit.json"] = try w.output(["audit"] + file + ["--format", "json", "--fail-on", "never"])
        for overlay in ["names", "numbers", "grid"] {
            outputs["overlay-\(overlay)"] = try w.output(["overlay"] + file + ["--\(overlay)", "--svg", "overlay.svg"])
            outputs["overlay-\(overlay).svg"] = try w.file("overlay.svg")
        }
        expectSnapshots(outputs, in: "examples/apps/\(URL(fileURLWithPath: app).lastPathComponent)")
    }

    @Test(arguments: exampleScenarios)
    func scenario(_ scenario: String) throws {
        let w = try Workspace()
        let run = try w.output(["run", scenario, "--transcript", "transcript.jsonl", "--junit", "junit.xml"])
        let junit = normalisingTimes(String(decoding: try w.file("junit.xml"), as: UTF8.self))
        expectSnapshots(["run": run, "transcript.jsonl": try w.file("transcript.jsonl"), "junit.xml": Data(junit.utf8)],
                        in: "examples/scenarios/\(URL(fileURLWithPath: scenario).deletingPathExtension().lastPathComponent)")
    }

    @Test(arguments: recordings)
    func replay(_ recording: String) throws {
        let w = try Workspace()
        var outputs: [String: Data] = [:]
        for technology in Self.technologies {
            let text = try w.run(["replay", recording, "--technology", technology, "--transcript", "transcript.jsonl"])
            #expect(text.status == 0, "\(text.stderr)")
            outputs[technology] = Data(text.stdout.utf8)
            outputs["\(technology).stderr"] = Data(text.stderr.utf8)
            outputs["\(technology).transcript.jsonl"] = try w.file("transcript.jsonl")
            let json = try w.run(["replay", recording, "--technology", technology, "--format", "json"])
            #expect(json.status == 0, "\(json.stderr)")
            outputs["\(technology).json"] = Data(json.stdout.utf8)
        }
        expectSnapshots(outputs, in: "examples/replay/\(URL(fileURLWithPath: recording).deletingPathExtension().lastPathComponent)")
    }

    /// SARIF once for every app: each run repeats the rules (16 kB).
    @Test func auditSARIF() throws {
        let w = try Workspace()
        let sarif = try w.output(["audit"] + exampleApps + ["demo", "--format", "sarif", "--fail-on", "never"])
        expectSnapshots(["examples.sarif": sarif], in: "examples/audit")
    }

    @Test func scanReport() throws {
        let w = try Workspace()
        var outputs = ["scan-report": try w.output(["scan-report", "Examples", "--output", "reports"])]
        let written = w.files(under: "reports")
        outputs["files"] = Data(written.map { $0 + "\n" }.joined().utf8)
        for report in written where !report.hasSuffix(".html") || report == "index.html" || Self.scanReportHTMLKept.contains((report as NSString).deletingLastPathComponent) {
            outputs["reports/\(report)"] = try w.file("reports/\(report)")
        }
        expectSnapshots(outputs, in: "examples/scan-report")
    }

    @Test func tune() throws {
        let w = try Workspace()
        expectSnapshots(["demo": try w.output(["tune"])], in: "examples/tune")
    }
}

/// A scratch folder the tool runs in, with the repository's Examples and
/// Devices linked in: inputs are named as in the repository
/// (`Examples/apps/mail.json`), and the files the tool writes by names of
/// their own, so that no output holds a scratch folder's path.
private struct Workspace {
    let scratch: TemporaryDirectory

    init() throws {
        scratch = try TemporaryDirectory()
        for folder in ["Examples", "Devices"] {
            try FileManager.default.createSymbolicLink(at: scratch.url.appendingPathComponent(folder),
                                                       withDestinationURL: repoRoot.appendingPathComponent(folder))
        }
    }

    /// Runs `switchyard ARGS` in the folder.
    func run(_ args: [String]) throws -> ToolRun { try switchyard(args, in: scratch.url) }

    /// The standard output of `switchyard ARGS`, expected to succeed with nothing on standard error.
    func output(_ args: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        let r = try run(args)
        #expect(r.status == 0, "switchyard \(args.joined(separator: " ")): exit \(r.status)", sourceLocation: sourceLocation)
        #expect(r.stderr == "", "switchyard \(args.joined(separator: " "))", sourceLocation: sourceLocation)
        return Data(r.stdout.utf8)
    }

    /// The bytes of the file `name` in the folder.
    func file(_ name: String) throws -> Data { try Data(contentsOf: scratch.url.appendingPathComponent(name)) }

    /// The regular files under `folder`, relative to it, sorted.
    func files(under folder: String) -> [String] {
        let base = scratch.url.appendingPathComponent(folder)
        let paths = FileManager.default.subpaths(atPath: base.path) ?? []
        return paths.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: base.appendingPathComponent(path).path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }
}
