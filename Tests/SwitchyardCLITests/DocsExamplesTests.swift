import DeviceTestbed
import Foundation
import Testing
@testable import switchyard

/// Every `switchyard …` command shown in README.md and docs/*.md works when
/// copied: each one that needs no device runs, from the repository root,
/// without a usage or file error.
@Suite struct DocsExamplesTests {
    /// One command as a page shows it.
    struct Example: Sendable, CustomTestStringConvertible {
        var page: String
        var command: String
        var testDescription: String { "\(page): \(command)" }
    }

    /// The pages whose examples are checked.
    static let pages: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: repoRoot.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }()

    /// The `switchyard …` commands of `text`: every line of its code blocks
    /// (a trailing `# comment` dropped), and the inline code spans of its
    /// prose (which may wrap lines) that are examples: run with `swift run`,
    /// or with arguments; a bare `switchyard run` in prose names a command.
    /// `swift run [-c release]` in front is taken off.
    static func commands(in text: String) -> [String] {
        var found: [String] = []
        var prose = ""
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") { inBlock.toggle(); prose += "\n"; continue }
            guard inBlock else { prose += line + "\n"; continue }
            var command = trimmed
            if let comment = command.range(of: #"\s+#\s.*$"#, options: .regularExpression) { command.removeSubrange(comment) }
            if let c = withoutSwiftRun(command) { found.append(c) }
        }
        var rest = Substring(prose)
        while let open = rest.firstIndex(of: "`") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "`") else { break }
            let span = after[..<close].replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
            if let c = withoutSwiftRun(span), span.hasPrefix("swift run") || c.split(separator: " ").count > 2 { found.append(c) }
            rest = after[after.index(after: close)...]
        }
        return found
    }

    /// `switchyard …` with `swift run [-c release]` taken off; nil for anything else.
    static func withoutSwiftRun(_ text: String) -> String? {
        var c = text
        for prefix in ["swift run -c release ", "swift run "] where c.hasPrefix(prefix) { c.removeFirst(prefix.count) }
        return c.hasPrefix("switchyard ") ? c : nil
    }

    /// A synopsis rather than an example: placeholders (`FILE`, `…`), choices (`a|b`), options in brackets.
    static func isSynopsis(_ command: String) -> Bool {
        command.contains("…") || command.contains("...") || command.contains("[") || command.contains("|")
            || command.split(separator: " ").contains { $0.count >= 3 && $0.allSatisfy { $0.isUppercase || $0 == "_" } }
            || command.contains("eventN")
    }

    /// `live` and `record` read a device (or this terminal) until stopped.
    static func needsADevice(_ command: String) -> Bool {
        let words = command.split(separator: " ")
        return words.count > 1 && ["live", "record"].contains(words[1])
    }

    static let all: [Example] = pages.flatMap { page in
        let text = (try? String(contentsOf: repoRoot.appendingPathComponent(page), encoding: .utf8)) ?? ""
        return commands(in: text).map { Example(page: page, command: $0) }
    }
    static let runnable: [Example] = all.filter { !isSynopsis($0.command) && !needsADevice($0.command) }

    /// Examples that need a device (or this terminal) are not run; their
    /// command line must still be one the tool takes.
    static let deviceExamples: [Example] = all.filter {
        needsADevice($0.command) && !["…", "...", "[", "|"].contains(where: $0.command.contains)
    }

    /// Files the pages' earlier steps make (a recording, a downloaded
    /// database), given to the steps that use them.
    static let madeByAnEarlierStep: [String: String] = [
        "dev.evemu": "Devices/fixtures/recordings/xbox-pad-session.evemu",
        "session.evemu": "Devices/fixtures/recordings/xbox-pad-session.evemu",
    ]

    /// The examples found, so that one dropped by a change to the pages or
    /// to the extraction is noticed.
    @Test func theExamplesAreFound() {
        #expect(Self.runnable.map(\.testDescription) == [
            "README.md: switchyard inspect Examples/apps/mail.json --screen inbox",
            "README.md: switchyard inspect Examples/apps/ios-settings-top.xml",
            "README.md: switchyard run Examples/scenarios/*.swy --junit report.xml --quiet",
            "README.md: switchyard run Examples/scenarios/keyboard-*.swy Examples/scenarios/voice-*.swy",
            "README.md: switchyard devices",
            "README.md: switchyard overlay --names --png names.png",
            "README.md: switchyard bench --svg heat.svg",
            "docs/ARCHITECTURE.md: switchyard demo",
            "docs/ARCHITECTURE.md: switchyard inspect --all-screens",
            "docs/audit.md: switchyard audit Examples/apps/audit-fails.json",
            "docs/audit.md: switchyard audit Examples --fail-on never --format sarif",
            "docs/desktop-apps.md: switchyard overlay docs/desktop-apps/widget-factory.json --focus Left --focus-style switch-control --svg docs/desktop-apps/widget-factory-left.svg --png docs/desktop-apps/widget-factory-left.png",
            "docs/device-profiles.md: switchyard replay dev.evemu",
            "docs/device-profiles.md: switchyard devices --gamecontrollerdb gamecontrollerdb.txt",
            "docs/hardware.md: switchyard demo",
            "docs/hardware.md: switchyard replay <(cat Devices/fixtures/recordings/xbox-pad-session.evemu)",
            "docs/importing.md: switchyard inspect Tests/ScreenModelTests/Fixtures/android/android-settings-top_1080x2088.xml --density 420",
            "docs/importing.md: switchyard bench Tests/ScreenModelTests/Fixtures/xctest/xctest-settings-wifi_390x844.txt",
            "docs/keyboard-access.md: switchyard replay Devices/fixtures/recordings/xbox-pad-session.evemu --technology keyboard",
            "docs/keyboard-access.md: switchyard replay Devices/fixtures/recordings/xbox-pad-session.evemu --technology keyboard --keyboard-bindings Examples/settings/keyboard-default-bindings.json",
            "docs/scenarios.md: switchyard run Examples/scenarios/voice-beside-switch-control.swy",
            "docs/scenarios.md: switchyard run <(printf 'app demo\\nexpect screen home\\n')",
            "docs/voice-control.md: switchyard overlay --names --svg docs/voice-control-names.svg --png docs/voice-control-names.png",
        ])
    }

    @Test func theDeviceExamplesAreFound() {
        #expect(Self.deviceExamples.map(\.testDescription) == [
            "README.md: switchyard live --device terminal",
            "README.md: switchyard live --technology keyboard --device terminal",
            "README.md: switchyard live --technology voice",
            "README.md: switchyard live --app Examples/apps/mail.json",
            "README.md: switchyard live --app Examples/apps/mail.json --settings Examples/settings/manual-select-next.json",
            "README.md: switchyard record --out session.evemu",
            "docs/device-profiles.md: switchyard live --gamecontrollerdb FILE",
            "docs/device-profiles.md: switchyard record --device /dev/input/eventN --out dev.evemu",
            "docs/keyboard-access.md: switchyard live --technology keyboard --app Examples/apps/mail.json",
            "docs/keyboard-access.md: switchyard live --technology keyboard",
            "docs/voice-control.md: switchyard live --technology voice --app Examples/apps/settings.json",
            "docs/voice-control.md: switchyard live --technology voice",
        ])
    }

    /// Parsed and checked as the tool does before running (the words after
    /// a shell redirection are the shell's).
    @Test(arguments: deviceExamples)
    func aDeviceExampleIsACommandLineTheToolTakes(_ example: Example) throws {
        var words = example.command.split(separator: " ").map(String.init).dropFirst()
        if let shell = words.firstIndex(where: { [">", "<", "|", "&&", ";"].contains($0) }) { words = words[..<shell] }
        let type = try Tool.command(named: try #require(words.first))
        let command = try type.init(arguments: Array(words.dropFirst()))
        try command.validate()
    }

    /// The scenario on the scenarios page names files as it would from
    /// `Examples/scenarios/`, and runs there (its `...` left out).
    @Test func theFirstScenarioOfTheScenariosPageRuns() throws {
        let page = try String(contentsOf: repoRoot.appendingPathComponent("docs/scenarios.md"), encoding: .utf8)
        let start = try #require(page.range(of: "```\n# Pay from the cart sheet"))
        let end = try #require(page.range(of: "```", range: start.upperBound..<page.endIndex))
        let text = page[page.index(start.lowerBound, offsetBy: 4)..<end.lowerBound].replacingOccurrences(of: "...\n", with: "")
        let scratch = try TemporaryDirectory()
        let fm = FileManager.default
        for entry in ["apps", "settings"] {
            try fm.createSymbolicLink(at: scratch.url.appendingPathComponent(entry), withDestinationURL: repoRoot.appendingPathComponent("Examples/\(entry)"))
        }
        try fm.createDirectory(at: scratch.url.appendingPathComponent("scenarios"), withIntermediateDirectories: true)
        try scratch.write("scenarios/first.swy", text)
        let r = try switchyard(["run", "scenarios/first.swy", "--quiet"], in: scratch.url)
        #expect(r.stderr == "")
        #expect(r.stdout == "1 passed, 0 failed\n")
        #expect(r.status == 0)
    }

    /// The short scenarios of the scenarios page (code blocks that begin
    /// with `app demo`) run and pass as shown.
    @Test func theShortScenariosOfTheScenariosPagePass() throws {
        let page = try String(contentsOf: repoRoot.appendingPathComponent("docs/scenarios.md"), encoding: .utf8)
        let blocks = page.components(separatedBy: "```\n").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let scenarios = blocks.filter { $0.hasPrefix("app demo\n") }
        #expect(scenarios.count == 2)
        let scratch = try TemporaryDirectory()
        for (k, text) in scenarios.enumerated() { try scratch.write("short-\(k).swy", text) }
        let r = try switchyard(["run", "--quiet"] + scenarios.indices.map { "short-\($0).swy" }, in: scratch.url)
        #expect(r.stderr == "")
        #expect(r.stdout == "2 passed, 0 failed\n")
        #expect(r.status == 0)
    }

    /// An example that writes a PNG needs rsvg-convert.
    static func writesAPNG(_ example: Example) -> Bool { example.command.split(separator: " ").contains("--png") }

    @Test(arguments: runnable.filter { !writesAPNG($0) })
    func anExampleRunsAsShown(_ example: Example) throws {
        try runAsShown(example)
    }

    @Test(.enabled(if: Requirement.rsvgConvert.runs, Comment(rawValue: Requirement.rsvgConvert.skipReason)),
          arguments: runnable.filter(writesAPNG))
    func aPNGExampleRunsAsShown(_ example: Example) throws {
        try runAsShown(example)
    }

    func runAsShown(_ example: Example) throws {
        // The repository root as the working directory, in a scratch copy so
        // that what an example writes (report.xml) lands outside the checkout.
        let scratch = try TemporaryDirectory()
        let fm = FileManager.default
        for entry in ["Examples", "Devices", "docs", "Tests"] {
            try fm.createSymbolicLink(at: scratch.url.appendingPathComponent(entry), withDestinationURL: repoRoot.appendingPathComponent(entry))
        }
        for (name, source) in Self.madeByAnEarlierStep {
            try fm.copyItem(at: repoRoot.appendingPathComponent(source), to: scratch.url.appendingPathComponent(name))
        }
        try scratch.write("gamecontrollerdb.txt", "# SDL GameControllerDB: no controllers\n")
        let r = try shell(example.command, in: scratch.url)
        #expect(r.status != 2, "\(r.stderr)")
        #expect(!r.stderr.contains("error:"), "\(r.stderr)")
    }
}
