import DeviceTestbed
import Foundation
import Testing

/// Files named on the command line that cannot be used: each error is the
/// file's own diagnostic (`file:line:col: error: …`), exit status 2.
@Suite struct SetupErrorTests {
    static let recording = repoRoot.appendingPathComponent("Devices/fixtures/recordings/xbox-pad-session.evemu").path

    static let badSettings: [(file: String, text: String?, error: String)] = [
        ("broken.json", "{\"loops\": 2,}", "broken.json:1:13: error: expected a quoted member name, found '}'"),
        ("typo.json", "{\n  \"auto-scaning-time\": 2\n}", "typo.json:2:24: error: unknown Switch Control setting 'auto-scaning-time'; did you mean 'auto-scanning-time'?"),
        ("manual.json", "{\"scanning-style\": \"manual\"}", "manual.json: error: Manual Scanning needs at least two switches, one that moves (move-to-next-item or move-to-previous-item) and one that selects (select-item or tap); configured: select. Add a switch, e.g. {\"switch\": \"next\", \"action\": \"move-to-next-item\"}, or use auto-scanning."),
        ("nope.json", nil, "nope.json: error: cannot read the settings file: no such file"),
    ]

    @Test(arguments: badSettings)
    func replayWithABadSettingsFile(_ file: String, _ text: String?, _ error: String) throws {
        let scratch = try TemporaryDirectory()
        if let text { try scratch.write(file, text) }
        let r = try switchyard(["replay", Self.recording, "--settings", file], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("replaying \(Self.recording) ") == true)
        #expect(lines.dropFirst() == [Substring(error), ""])
    }

    @Test func replayWithAMissingApp() throws {
        let scratch = try TemporaryDirectory()
        let r = try switchyard(["replay", Self.recording, "--app", "nowhere.json"], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stderr.hasSuffix("\nnowhere.json: error: cannot read: no such file\n"))
    }

    /// The output is checked before the recording is replayed.
    @Test func replayToAnUnwritableTranscript() throws {
        let scratch = try TemporaryDirectory()
        let r = try switchyard(["replay", Self.recording, "--transcript", "no/such/dir/out.jsonl"], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "switchyard replay: error: cannot write 'no/such/dir/out.jsonl': No such file or directory\n")
    }

    @Test func inspectAMissingApp() throws {
        let r = try switchyard(["inspect", "nowhere.json"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "nowhere.json: error: cannot read: no such file\n")
    }

    @Test func inspectAnUnknownScreen() throws {
        let r = try switchyard(["inspect", "Examples/apps/mail.json", "--screen", "inbx"])
        #expect(r.status == 2)
        #expect(r.stderr == "Examples/apps/mail.json: --screen: error: no screen named 'inbx'; did you mean 'inbox'? the app has: inbox, message, delete-alert, mail-settings\n")
    }

    /// The report is checked before any scenario runs.
    @Test func runToAnUnwritableReport() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("ok.swy", "app demo\nexpect highlighted \"Cart\"")
        let r = try switchyard(["run", "--quiet", "ok.swy", "--junit", "no/such/dir/report.xml"], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "switchyard run: error: cannot write 'no/such/dir/report.xml': No such file or directory\n")
    }
}
