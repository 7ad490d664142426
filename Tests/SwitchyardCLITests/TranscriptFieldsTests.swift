import DeviceTestbed
import Foundation
import Testing

/// docs/transcript.md lists every field `run --transcript` (and `replay
/// --transcript`) writes: real runs that between them write every event
/// kind the page lists (but `screenUpdated` and `appActionFailed`, which
/// only a live desktop app makes, and `bug`, which the engine should never make: the engine's
/// `TranscriptDocsTests` write those), and every key, event kind,
/// highlight kind and input kind they write must be on the page.
@Suite struct TranscriptFieldsTests {
    static let page = (try? String(contentsOf: repoRoot.appendingPathComponent("docs/transcript.md"), encoding: .utf8)) ?? ""

    /// The event kinds the page's events table lists.
    static var documentedEvents: Set<String> {
        let events = page.components(separatedBy: "## Events").dropFirst().first?.components(separatedBy: "### ").first ?? ""
        return Set(events.split(separator: "\n").compactMap { line -> String? in
            // A row of the table, not its header (`| \`event\` | Other fields |`).
            guard line.hasPrefix("| `"), !line.contains("Other fields"), let end = line.dropFirst(3).firstIndex(of: "`") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
        })
    }

    /// What the example scenarios leave out: Voice Control's command list
    /// and gestures, Full Keyboard Access's Help, a release with no press,
    /// an effect the app model cannot carry out.
    static let extra: [(String, String)] = [
        ("voice-extra.swy", "app demo\ntechnology switch-control voice\nsay \"show me what to say\"\nsay \"long press Cart\"\nup select\nexpect screen home\n"),
        ("help.swy", "app demo\ntechnology keyboard\nkey tab+h\nkey escape\nexpect screen home\n"),
        ("model-error.swy", "app demo\ntechnology voice\nstart-screen cart\nsay \"tap Close\"\n"),
    ]

    static let terminal = """
        # switchyard-recording: 1
        # input: 0.000000 device-added "Terminal keyboard"
        # input: 0.300000 switch-down "select"
        # input: 0.300000 switch-up "select"
        # input: 1.000000 device-removed "Terminal keyboard"

        """

    static func keys(_ value: Any) -> Set<String> {
        if let o = value as? [String: Any] { return o.reduce(into: Set(o.keys)) { $0.formUnion(keys($1.value)) } }
        if let a = value as? [Any] { return a.reduce(into: []) { $0.formUnion(keys($1)) } }
        return []
    }

    @Test func everyFieldRunWritesIsDocumented() throws {
        let scratch = try TemporaryDirectory()
        let examples = try FileManager.default.contentsOfDirectory(atPath: repoRoot.appendingPathComponent("Examples/scenarios").path)
            .filter { $0.hasSuffix(".swy") }.sorted().map { repoRoot.appendingPathComponent("Examples/scenarios/\($0)").path }
        for (name, text) in Self.extra { try scratch.write(name, text) }
        try scratch.write("terminal.evemu", Self.terminal)
        let run = try switchyard(["run", "--quiet", "--transcript", "run.jsonl"] + examples + Self.extra.map(\.0), in: scratch.url)
        #expect(run.status == 1)   // model-error.swy fails, as it should
        let replay = try switchyard(["replay", "terminal.evemu", "--transcript", "replay.jsonl"], in: scratch.url)
        #expect(replay.status == 0)

        var keys: Set<String> = [], events: Set<String> = [], highlights: Set<String> = [], inputs: Set<String> = []
        for file in ["run.jsonl", "replay.jsonl"] {
            let text = try String(contentsOf: scratch.url.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
                keys.formUnion(Self.keys(object))
                if let e = object["event"] as? String { events.insert(e) }
                if let h = object["highlight"] as? String { highlights.insert(h) }
                if let i = (object["input"] as? [String: Any])?["kind"] as? String { inputs.insert(i) }
            }
        }
        #expect(!Self.page.isEmpty)
        for key in keys.sorted() {
            #expect(Self.page.contains("`\(key)`") || Self.page.contains("\"\(key)\""), "field '\(key)' is not in docs/transcript.md")
        }
        for e in events.sorted() { #expect(Self.documentedEvents.contains(e), "event '\(e)' has no row in docs/transcript.md") }
        for h in highlights.sorted() { #expect(Self.page.contains("| `\(h)` |"), "highlight '\(h)' has no row in docs/transcript.md") }
        for i in inputs.sorted() { #expect(Self.page.contains("\"\(i)\""), "input kind '\(i)' is not in docs/transcript.md") }
        // The runs cover the page: every kind it lists but the three no run here can make
        // (the desktop tests write the live app's two: DesktopAppsTests).
        #expect(Self.documentedEvents.count > 30)
        #expect(Self.documentedEvents.subtracting(events) == ["screenUpdated", "appActionFailed", "bug"])
        #expect(keys.contains("scenario"))
        #expect(highlights.count == 7)
    }
}
