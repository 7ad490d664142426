import DeviceTestbed
import Foundation
import Testing

/// `switchyard` end to end, through the built binary.
@Suite struct RunExamplesTests {
    @Test func thereAreAtLeastADozenExamples() {
        #expect(exampleScenarios.count >= 12)
        #expect(exampleApps.count >= 3)
    }

    @Test(arguments: exampleScenarios)
    func exampleIsReferencedFromTheDocs(_ file: String) throws {
        let docs = try String(contentsOf: repoRoot.appendingPathComponent("docs/scenarios.md"), encoding: .utf8)
        #expect(docs.contains("(../\(file))"))
    }

    @Test(arguments: exampleScenarios)
    func examplePasses(_ file: String) throws {
        let scratch = try TemporaryDirectory()
        let junit = scratch.url.appendingPathComponent("report.xml").path
        let transcript = scratch.url.appendingPathComponent("out.jsonl").path
        let r = try switchyard(["run", file, "--junit", junit, "--transcript", transcript])
        #expect(r.stderr == "")
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("── \(file)\n  0s screen "))
        #expect(r.stdout.hasSuffix("1 passed, 0 failed\n"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"switchyard\" tests=\"1\" failures=\"0\" errors=\"0\""))
        let events = try String(contentsOfFile: transcript, encoding: .utf8).split(separator: "\n")
        #expect(events.first?.hasPrefix("{\"scenario\":\"\(file)\",\"time_us\":0,\"event\":\"screenChanged\",\"screen\":") == true)
        #expect(events.allSatisfy { $0.hasPrefix("{\"scenario\":\"\(file)\",\"time_us\":") && $0.hasSuffix("}") })
    }

    @Test func allExamplesTogether() throws {
        let r = try switchyard(["run", "--quiet"] + exampleScenarios)
        #expect(r.status == 0)
        #expect(r.stdout == "\(exampleScenarios.count) passed, 0 failed\n")
    }
}

@Suite struct RunFailuresTests {
    static let failing = """
        # Fails on purpose at line 4.
        app demo
        expect highlighted "Cart"
        expect screen cart
        expect highlighted "Cart"
        """

    @Test func failingScenarioExitsOneAndNamesTheLine() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("failing.swy", Self.failing)
        let r = try switchyard(["run", "failing.swy", "--quiet", "--junit", "report.xml"], in: scratch.url)
        #expect(r.status == 1)
        #expect(r.stderr == "")
        #expect(r.stdout == "failing.swy:4:1: error: expected screen 'cart', but the current screen is 'home'\n"
            + "    0s screen home\n"
            + "    0s highlighted \"Cart\" {320, 60, 54×32}\n"
            + "✗ failing.swy: 2/3 expectations held, 0 inputs, simulated 0s\n"
            + "0 passed, 1 failed\n")
        let xml = try String(contentsOf: scratch.url.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(normalisingTimes(xml) == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"switchyard\" tests=\"1\" failures=\"1\" errors=\"0\" time=\"T\">\n"
            + "  <testsuite name=\"switchyard run\" tests=\"1\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"T\">\n"
            + "    <testcase classname=\"scenarios\" name=\"failing.swy\" file=\"failing.swy\" time=\"T\">\n"
            + "      <failure type=\"expectation\" message=\"failing.swy:4:1: expected screen &apos;cart&apos;, but the current screen is &apos;home&apos;\">failing.swy:4:1: expected screen &apos;cart&apos;, but the current screen is &apos;home&apos;\n"
            + "at simulated time 0s; events before:\n"
            + "  0s screen home\n"
            + "  0s highlighted &quot;Cart&quot; {320, 60, 54×32}\n"
            + "</failure>\n"
            + "    </testcase>\n"
            + "  </testsuite>\n"
            + "</testsuites>\n")
    }

    static let badScenarios: [(String, String)] = [
        ("app demo\nprss select\nwait 5", "bad.swy:2:1: error: unknown command 'prss'; did you mean 'press'?\n"
            + "bad.swy:3:6: error: expected a duration such as 1.5s or 500ms, found '5'\n"),
        ("app demo\nexpect highlighted \"Kart\"", "bad.swy:2:1: error: no element \"Kart\" in the app; did you mean \"Cart\"?\n"),
        ("app demo\nsettings missing.json", "missing.json: error: cannot read the settings file: no such file\nbad.swy:2:1: note: settings file named here\n"),
        // The same words as `replay --settings a.json --settings b.json` (SettingsFiles, the one reader).
        ("app demo\ntechnology voice\nsettings voice a.json\nsettings voice b.json",
         "a.json: error: cannot read the settings file: no such file\nbad.swy:3:1: note: settings file named here\n"
            + "b.json: error: a second Voice Control settings file (the first is 'a.json'); give one settings file per technology\nbad.swy:4:1: note: settings file named here\n"),
        ("app demo\npress selcet", "bad.swy:2:1: error: unknown switch 'selcet'; did you mean 'select'?\n"),
        ("app demo\nprss select\nexpect highlighted \"Kart\"\nat 0s press next",
         "bad.swy:2:1: error: unknown command 'prss'; did you mean 'press'?\n"
            + "bad.swy:3:1: error: no element \"Kart\" in the app; did you mean \"Cart\"?\n"
            + "bad.swy:4:7: error: unknown switch 'next'; the configured switches are: select\n"),
        ("app demo\nset tap-behavior auto-tap\nset hold-duration 0.8", "bad.swy:3:5: error: hold-duration 0.8s is not shorter than auto-tap-time 0.75s; Hold Duration must be shorter than the Auto Tap time so that a double press can still open the scanner menu\n"),
        ("app demo\ntechnology switch-control keyboard", "bad.swy:2:27: error: Switch Control and Full Keyboard Access cannot run together (both move a cursor over the same elements, and a keyboard's keys are Switch Control switches); run Voice Control beside either: switch-control and voice, or keyboard and voice\n"),
        ("app demo\nsay \"tap Cart\"", "bad.swy:2:1: error: 'say' drives Voice Control, which this scenario does not run (it runs Switch Control, the default); add 'technology voice'\n"),
        ("app demo\ntechnology keyboard\nkey shift+Tabb", "bad.swy:3:11: error: unknown key 'Tabb' in 'shift+Tabb'; expected a letter, a digit, a key name such as tab, space, enter, esc, left, shift, ctrl, alt, cmd, fn, or a Linux name such as KEY_TAB; did you mean 'tab'?\n"),
        ("app demo\nset auto-hide 5", "bad.swy:2:5: error: 'auto-hide' is a Full Keyboard Access setting; add 'technology keyboard'\n"),
        ("app nowhere.json", "nowhere.json: error: cannot read: no such file\nbad.swy:1:1: note: app file named here\n"),
        ("press select", "bad.swy:1:1: error: missing 'app' line; expected e.g. 'app Examples/shop.json' or 'app demo'\n"),
        ("app demo\nstart-screen checkout", "bad.swy:2:1: error: no screen named 'checkout'; the app has: home, product, cart, receipt\n"),
    ]

    @Test(arguments: badScenarios)
    func badScenarioExitsTwoWithAClearError(_ text: String, _ expected: String) throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("bad.swy", text)
        let r = try switchyard(["run", "bad.swy"], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stderr == expected)
        #expect(r.stdout == "✗ bad.swy: could not run (see errors above)\n0 passed, 1 failed (1 could not run)\n")
    }

    @Test func badSettingsFiles() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("bouncy.json", #"{"tap-behavior": "auto-tap", "ignore-repeat": 1}"#)
        try scratch.write("typo.json", #"{"auto-scaning-time": 2}"#)
        try scratch.write("broken.json", "{\"loops\": 2,}")
        try scratch.write("a.swy", "app demo\nsettings bouncy.json")
        try scratch.write("b.swy", "app demo\nsettings typo.json")
        try scratch.write("c.swy", "app demo\nsettings broken.json")
        let r = try switchyard(["run", "a.swy", "b.swy", "c.swy", "--junit", "report.xml"], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stderr == "a.swy:2:1: error: ignore-repeat 1s is not shorter than auto-tap-time 0.75s; Ignore Repeat must be shorter than the Auto Tap time so that a double press can still open the scanner menu\n"
            + "typo.json:1:23: error: unknown Switch Control setting 'auto-scaning-time'; did you mean 'auto-scanning-time'?\n"
            + "b.swy:2:1: note: settings file named here\n"
            + "broken.json:1:13: error: expected a quoted member name, found '}'\n"
            + "c.swy:2:1: note: settings file named here\n")
        // The report's message is the first diagnostic; its text has them all.
        let xml = try String(contentsOf: scratch.url.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(normalisingTimes(xml).contains("    <testcase classname=\"scenarios\" name=\"b.swy\" file=\"b.swy\" time=\"T\">\n"
            + "      <error type=\"unusable-input\" message=\"typo.json:1:23: error: unknown Switch Control setting &apos;auto-scaning-time&apos;; did you mean &apos;auto-scanning-time&apos;?\">"
            + "typo.json:1:23: error: unknown Switch Control setting &apos;auto-scaning-time&apos;; did you mean &apos;auto-scanning-time&apos;?\n"
            + "b.swy:2:1: note: settings file named here</error>\n"
            + "    </testcase>\n"))
    }

    @Test func unreadableScenarioFiles() throws {
        let scratch = try TemporaryDirectory()
        try Data([0x61, 0x70, 0x70, 0x20, 0xFF, 0xFE]).write(to: scratch.url.appendingPathComponent("latin.swy"))
        let r = try switchyard(["run", "nowhere.swy", "latin.swy", "--junit", "report.xml"], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stderr == "nowhere.swy: error: cannot read the scenario file: no such file\n"
            + "latin.swy: error: the scenario file is not UTF-8 text\n")
        let xml = try String(contentsOf: scratch.url.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(normalisingTimes(xml) == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"switchyard\" tests=\"2\" failures=\"0\" errors=\"2\" time=\"T\">\n"
            + "  <testsuite name=\"switchyard run\" tests=\"2\" failures=\"0\" errors=\"2\" skipped=\"0\" time=\"T\">\n"
            + "    <testcase classname=\"scenarios\" name=\"nowhere.swy\" file=\"nowhere.swy\" time=\"T\">\n"
            + "      <error type=\"unusable-input\" message=\"nowhere.swy: error: cannot read the scenario file: no such file\">nowhere.swy: error: cannot read the scenario file: no such file</error>\n"
            + "    </testcase>\n"
            + "    <testcase classname=\"scenarios\" name=\"latin.swy\" file=\"latin.swy\" time=\"T\">\n"
            + "      <error type=\"unusable-input\" message=\"latin.swy: error: the scenario file is not UTF-8 text\">latin.swy: error: the scenario file is not UTF-8 text</error>\n"
            + "    </testcase>\n"
            + "  </testsuite>\n"
            + "</testsuites>\n")
    }

    @Test func mixedRunExitsTwoAndKeepsTheOrder() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("failing.swy", Self.failing)
        try scratch.write("bad.swy", "app demo\nprss select")
        try scratch.write("ok.swy", "app demo\nexpect highlighted \"Cart\"")
        let r = try switchyard(["run", "--quiet", "ok.swy", "bad.swy", "failing.swy"], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stdout == "✗ bad.swy: could not run (see errors above)\n"
            + "failing.swy:4:1: error: expected screen 'cart', but the current screen is 'home'\n"
            + "    0s screen home\n"
            + "    0s highlighted \"Cart\" {320, 60, 54×32}\n"
            + "✗ failing.swy: 2/3 expectations held, 0 inputs, simulated 0s\n"
            + "1 passed, 2 failed (1 could not run)\n")
        #expect(r.stderr == "bad.swy:2:1: error: unknown command 'prss'; did you mean 'press'?\n")
    }
}

@Suite struct CommandTests {
    static let demoSummary = "Summary\n"
        + "  Switch Control: 9 switch presses, 11.1s simulated, 14/14 checks held\n"
        + "  Full Keyboard Access: 27 key presses, 19s simulated, 15/15 checks held\n"
        + "  Voice Control: 9 spoken commands, 4s simulated, 11/11 checks held\n"

    @Test func demoPassesAndPrintsTheSummary() throws {
        let r = try switchyard(["demo", "--quiet"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == "Switchyard demo — Corner Café, the built-in app: Shop, Espresso Beans, Cart, Receipt\n"
            + "\n"
            + "━━ Switch Control (switch-control): one switch, Auto Scanning (1 s), Group Items on, Tap Behavior Default\n"
            + "\n"
            + "━━ Full Keyboard Access (keyboard): the default commands (Tab, arrows, Space, Tab-Z, Tab-F, Tab-B), Auto-Hide 15 s\n"
            + "\n"
            + "━━ Voice Control (voice): typed utterances, no overlay until asked, exact name matching\n"
            + "\n"
            + Self.demoSummary)
    }

    /// One section per technology, each with its screens and events.
    @Test func demoShowsTheTranscriptOfEachTechnology() throws {
        let r = try switchyard(["demo"])
        #expect(r.status == 0)
        let sections = r.stdout.components(separatedBy: "\n━━ ")
        #expect(sections.count == 4)
        #expect(sections[1].hasPrefix("Switch Control (switch-control): "))
        #expect(sections[1].contains("       11s focus restored to \"Add to Cart\"\n"))
        #expect(sections[2].hasPrefix("Full Keyboard Access (keyboard): "))
        #expect(sections[2].contains("        0s actions shown: \"Add to Cart\", \"Add to Favorites\"\n"))
        #expect(sections[2].contains("        4s focus restored to \"Add to Cart\"\n       19s focus hidden\n"))
        #expect(sections[3].hasPrefix("Voice Control (voice): "))
        #expect(sections[3].contains("        2s overlay numbers: 1 \"Back\", 2 \"Quantity\", 3 \"Your rating\", 4 \"Favorite\", 5 \"Share\", 6 \"Add to Cart\"\n"))
        #expect(sections[3].hasSuffix(Self.demoSummary))
        #expect(!r.stdout.contains("not available"))
    }

    @Test func inspectTheDemoApp() throws {
        let r = try switchyard(["inspect"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("Corner Café — screen \"home\" (Shop), 390×844 pt, left to right\n\nTree:\n"))
    }

    @Test(arguments: zip(exampleApps.filter { !$0.hasSuffix(".xml") }, [
        
        "Audit Fails — screen \"home\" (Home), 390×844 pt, left to right",
        "Corner Café (mini) — screen \"menu\" (Menu), 390×844 pt, left to right",
        "Mail — screen \"inbox\" (Inbox), 390×844 pt, left to right",
        "Phone — screen \"keypad\" (Keypad), 390×844 pt, left to right",
        "Podcasts — screen \"episode\" (Episode), 390×844 pt, left to right",
        "صندوق الوارد — screen \"inbox\" (البريد), 390×844 pt, right to left",
        "Settings — screen \"settings\" (Settings), 390×844 pt, left to right",
    
    ]))
    func inspectEachExampleApp(_ file: String, _ firstLine: String) throws {
        let r = try switchyard(["inspect", file, "--all-screens"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout.split(separator: "\n").first.map(String.init) == firstLine)
    }

    @Test func inspectTheAppiumCapture() throws {
        let r = try switchyard(["inspect", "Examples/apps/ios-settings-top.xml"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("Settings — screen "))
    }

    @Test func inspectMailCounts() throws {
        let r = try switchyard(["inspect", "Examples/apps/mail.json", "--screen", "delete-alert"])
        #expect(r.status == 0)
        #expect(r.stdout == "Mail — screen \"delete-alert\" (Delete Message?), 390×844 pt, left to right\n"
            + "\n"
            + "Tree:\n"
            + "  root\n"
            + "    \"Inbox\"  header  {16, 100, 200×44}\n"
            + "    \"Ana Lima, Lunch on Friday?, 9:41\"  button  #dimmed-row  {0, 150, 390×80}\n"
            + "    \"Compose\"  button  #dimmed-compose  {330, 780, 44×44}\n"
            + "    group  isModal  #alert  container: semanticGroup  {60, 330, 270×180}\n"
            + "      \"Delete Message?\"  header  {76, 346, 238×24}\n"
            + "      \"This cannot be undone.\"  staticText  {76, 374, 238×40}\n"
            + "      [1]  \"Cancel\"  button  #cancel  {60, 466, 135×44}\n"
            + "      [2]  \"Delete\"  button  #confirm  {195, 466, 135×44}\n"
            + "\n"
            + "Navigation order (Switch Control):\n"
            + "  trapped by modal element root/children[3]\n"
            + "  1  \"Cancel\"  button  #cancel  {60, 466, 135×44}\n"
            + "  2  \"Delete\"  button  #confirm  {195, 466, 135×44}\n"
            + "\n"
            + "Counts: 9 elements, 2 stops, 0 groups\n")
    }

    /// The tool's usage text, pinned once.
    static let toolUsage = "usage: switchyard <command> [options]\n"
        + "\n"
        + "commands:\n"
        + "  demo          run the built-in demo app through a scenario per technology\n"
        + "  run           run scenario files in simulated time; JUnit and JSON Lines reports\n"
        + "  inspect       show a screen's tree and navigation order (the demo app when no file is given)\n"
        + "  overlay       draw Voice Control's names, numbers or grid over a screen (terminal text, SVG, PNG)\n"
        + "  bench         scan-time benchmark: steps, presses and seconds to reach each element of a screen\n"
        + "  tune          recommend Switch Control scanning settings for a user's reaction time and miss rate\n"
        + "  scan-report   scan-time reports for every screen model in a folder: HTML with heat maps, JSON, an index\n"
        + "  audit         check every screen for switch, keyboard and voice access: findings as text, JSON or SARIF\n"
        + "  devices       list input devices and the profile each one gets\n"
        + "  apps          list the accessible desktop apps (AT-SPI): name, pid, windows\n"
        + "  live          drive a screen model with a switch, keyboard, game controller or typed utterances, in real time\n"
        + "  record        record a device's events to an evemu file\n"
        + "  replay        run a recording (evemu, with typed utterances) headlessly and print the transcript\n"
        + "\n"
        + "Run 'switchyard <command> --help' for a command's options.\n"

    @Test func unknownCommandExitsTwoWithUsage() throws {
        let r = try switchyard(["frobnicate"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "switchyard: error: unknown command 'frobnicate'\n" + Self.toolUsage)
    }

    @Test func noCommandExitsTwoWithUsage() throws {
        let r = try switchyard([])
        #expect(r.status == 2)
        #expect(r.stderr == Self.toolUsage)
    }

    @Test func unknownOptionExitsTwoWithTheCommandsUsage() throws {
        let r = try switchyard(["run", "--bogus", "x.swy"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "switchyard run: error: unknown option '--bogus'; expected one of: --app-format, --density, --junit, --quiet, --transcript\n"
            + "usage: switchyard run SCENARIO... [--transcript FILE] [--junit FILE] [--quiet] [--app-format NAME] [--density D]\n"
            + "  SCENARIO      scenario files: switch presses, keys, spoken commands (docs/scenarios.md); --app-format\n"
            + "                and --density apply to the app file each one names; those that drive a desktop app\n"
            + "                running now (app atspi \"NAME\") run one at a time, the app in real time\n"
            + "  --transcript  write every event as JSON Lines (docs/transcript.md)\n"
            + "  --junit       write a JUnit XML report, one test case per scenario\n"
            + "  --quiet       print only failures and the summary\n"
            + "  --app-format  json, appium-ios, uiautomator2, uiautomator-dump or xctest: the app file's format\n"
            + "                (default: detected by content)\n"
            + "  --density     an Android capture's density: pixels per dp (2.625) or dpi (420, as adb shell wm density\n"
            + "                prints it); guessed from the screen's size when absent, with a warning\n"
            + "exit status: 0 every expectation held, 1 one failed, 2 a scenario could not be used (or its live app not reached)\n")
    }

    @Test func runWithoutFilesExitsTwo() throws {
        let r = try switchyard(["run"])
        #expect(r.status == 2)
        #expect(r.stderr == "switchyard run: error: expected at least one SCENARIO file\n"
            + "usage: switchyard run SCENARIO... [--transcript FILE] [--junit FILE] [--quiet] [--app-format NAME] [--density D]\n"
            + "  SCENARIO      scenario files: switch presses, keys, spoken commands (docs/scenarios.md); --app-format\n"
            + "                and --density apply to the app file each one names; those that drive a desktop app\n"
            + "                running now (app atspi \"NAME\") run one at a time, the app in real time\n"
            + "  --transcript  write every event as JSON Lines (docs/transcript.md)\n"
            + "  --junit       write a JUnit XML report, one test case per scenario\n"
            + "  --quiet       print only failures and the summary\n"
            + "  --app-format  json, appium-ios, uiautomator2, uiautomator-dump or xctest: the app file's format\n"
            + "                (default: detected by content)\n"
            + "  --density     an Android capture's density: pixels per dp (2.625) or dpi (420, as adb shell wm density\n"
            + "                prints it); guessed from the screen's size when absent, with a warning\n"
            + "exit status: 0 every expectation held, 1 one failed, 2 a scenario could not be used (or its live app not reached)\n")
    }

    @Test func helpExitsZero() throws {
        let r = try switchyard(["run", "--help"])
        #expect(r.status == 0)
        #expect(r.stdout == "usage: switchyard run SCENARIO... [--transcript FILE] [--junit FILE] [--quiet] [--app-format NAME] [--density D]\n"
            + "  SCENARIO      scenario files: switch presses, keys, spoken commands (docs/scenarios.md); --app-format\n"
            + "                and --density apply to the app file each one names; those that drive a desktop app\n"
            + "                running now (app atspi \"NAME\") run one at a time, the app in real time\n"
            + "  --transcript  write every event as JSON Lines (docs/transcript.md)\n"
            + "  --junit       write a JUnit XML report, one test case per scenario\n"
            + "  --quiet       print only failures and the summary\n"
            + "  --app-format  json, appium-ios, uiautomator2, uiautomator-dump or xctest: the app file's format\n"
            + "                (default: detected by content)\n"
            + "  --density     an Android capture's density: pixels per dp (2.625) or dpi (420, as adb shell wm density\n"
            + "                prints it); guessed from the screen's size when absent, with a warning\n"
            + "exit status: 0 every expectation held, 1 one failed, 2 a scenario could not be used (or its live app not reached)\n")
    }
}
