import DeviceTestbed
import Foundation
import Glibc
import Testing

extension OnTheDesktop {
    /// The tool's desktop-app commands as a user runs them, against the fixture
    /// app: `apps`, `inspect --atspi` (and its snapshot saved as screen-model
    /// JSON, loaded back), and `live --atspi` driven from a pseudo-terminal.
    @Suite struct CommandTests {
        /// The tool with the test process's umockdev preload taken off (its
        /// devices are not the desktop's business).
        static func tool(_ arguments: [String], stdin: Int32? = nil, environment: [String: String] = [:]) throws -> ToolProcess {
            try ToolProcess(arguments, stdin: stdin, environment: ["LD_PRELOAD": "", "UMOCKDEV_DIR": ""].merging(environment) { _, new in new })
        }

        @Test(.desktopSession) func appsListsTheFixtureWithItsPidAndWindow() throws {
            let app = try FixtureApp.fixture()
            let text = try Self.tool(["apps"])
            #expect(text.wait().status == 0)
            let line = text.stdout.split(separator: "\n").firstIndex { $0.contains("pid \(app.pid)") }
            let k = try #require(line, "no line for pid \(app.pid) in:\n\(text.stdout)")
            let lines = text.stdout.split(separator: "\n")
            #expect(lines[k].hasPrefix("fixture-app.py  pid \(app.pid)  bus :"))
            // `active` depends on a window manager, which Xvfb alone does not have.
            #expect(lines[k + 1].hasPrefix(#"    frame "Switchyard Fixture" (showing"#))

            let json = try Self.tool(["apps", "--format", "json"])
            #expect(json.wait().status == 0)
            let apps = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            let entry = try #require(apps.first { $0["pid"] as? Int == Int(app.pid) })
            #expect(entry["name"] as? String == "fixture-app.py")
            let windows = try #require(entry["windows"] as? [[String: Any]])
            #expect(windows.first?["title"] as? String == "Switchyard Fixture")
            #expect(windows.first?["showing"] as? Bool == true)
        }

        @Test func withoutASessionBusAppsSaysWhichVariableIsMissing() throws {
            let t = try Self.tool(["apps"], environment: ["DBUS_SESSION_BUS_ADDRESS": "", "AT_SPI_BUS_ADDRESS": ""])
            #expect(t.wait().status == 2)
            #expect(t.stdout == "")
            #expect(t.stderr.hasPrefix("switchyard apps: error: no desktop session bus: DBUS_SESSION_BUS_ADDRESS is not set."))
            #expect(t.stderr.contains("xvfb-run -a dbus-run-session -- switchyard"))
            #expect(t.stderr.contains("at-spi2-core"))
        }

        @Test(.desktopSession) func inspectReadsTheLiveTreeAndSavesItAsAScreenModel() throws {
            let app = try FixtureApp.fixture()
            let text = try Self.tool(["inspect", "--atspi", "\(app.pid)"])
            #expect(text.wait().status == 0)
            #expect(text.stdout.hasPrefix(#"fixture-app.py — screen "Switchyard Fixture" (Switchyard Fixture), 460×480 px, left to right"#))
            #expect(text.stdout.contains("\n   1  \"Save\"  button  {20, 20, 120×40}\n"))
            #expect(text.stdout.contains("\n   5  \"Volume\"  adjustable  value \"50\"  {20, 130, 260×45}\n"))
            #expect(text.stdout.hasSuffix("Counts: 23 elements, 11 stops, 3 groups\n"))

            let saved = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-fixture-\(getpid()).json")
            defer { try? FileManager.default.removeItem(at: saved) }
            let json = try Self.tool(["inspect", "--atspi", "\(app.pid)", "--format", "json"])
            #expect(json.wait().status == 0)
            #expect(json.stdout.contains(#""platform": "linux""#))
            try json.stdout.write(to: saved, atomically: true, encoding: .utf8)
            // The saved snapshot is an app file like any other: the same navigation order, read offline.
            let offline = try Self.tool(["inspect", saved.path])
            #expect(offline.wait().status == 0)
            #expect(offline.stdout == text.stdout)

            let missing = try Self.tool(["inspect", "--atspi", "\(app.pid)", "--window", "Nope"])
            #expect(missing.wait().status == 2)
            #expect(missing.stderr == "switchyard inspect: error: no window titled 'Nope'; its windows are: 'Switchyard Fixture'\n")
            let nobody = try Self.tool(["inspect", "--atspi", "no-such-app"])
            #expect(nobody.wait().status == 2)
            #expect(nobody.stderr.hasPrefix("switchyard inspect: error: no accessible app named 'no-such-app' or with that pid; the apps are: "))
            #expect(nobody.stderr.contains("fixture-app.py (pid \(app.pid))"))
        }

        /// One switch box on the terminal (manual scanning: `n` moves, Space
        /// selects) drives the running app: the cursor walks to Save, the
        /// scanner menu's Tap clicks it, and the app prints the click; `q` ends
        /// the session and the terminal is given back.
        @Test(.desktopSession) func liveDrivesTheAppFromTheTerminal() throws {
            let app = try FixtureApp.fixture()
            let pty = try PseudoTerminal()
            let settings = URL(fileURLWithPath: TestDevice.repositoryRoot).appendingPathComponent("Examples/settings/manual-select-next.json").path
            let live = try Self.tool(["live", "--atspi", "\(app.pid)", "--device", "terminal", "--settings", settings], stdin: pty.slave)
            #expect(live.waitForOutput(containing: #"highlighted"#))
            // Each `n` moves the cursor one step: the next highlight is awaited before the next key.
            var moves = 0
            while !Self.lastHighlight(live.stdout).hasPrefix(#"highlighted "Save""#), moves < 20 {
                let seen = Self.highlights(live.stdout)
                // Save is the first of the top row's group: Space enters the group.
                let enters = Self.lastHighlight(live.stdout) == "highlighted group of 3 {20, 20, 400×40}"
                ToolProcess.type(Array((enters ? " " : "n").utf8), to: pty.master)
                moves += 1
                #expect(live.waitForOutput(timeoutMilliseconds: 5_000) { Self.highlights($0) > seen })
            }
            #expect(Self.lastHighlight(live.stdout).hasPrefix(#"highlighted "Save" {20, 20, 120×40}"#))
            ToolProcess.type(Array(" ".utf8), to: pty.master)
            #expect(live.waitForOutput(containing: #"highlighted menu item "Tap""#))
            ToolProcess.type(Array(" ".utf8), to: pty.master)
            #expect(app.waitFor("clicked Save", timeout: 5))
            #expect(live.waitForOutput(containing: #"tap "Save""#))
            ToolProcess.type(Array("q".utf8), to: pty.master)
            let end = live.wait()
            #expect(end.status == 0)
            #expect(live.stderr == "switchyard live: input ended; devices released\n")
            #expect(pty.canonical)
        }

        @Test(.desktopSession) func liveEndsWhenTheAppQuits() throws {
            var app: FixtureApp? = try FixtureApp.fixture()
            let pty = try PseudoTerminal()
            let live = try Self.tool(["live", "--atspi", "\(app!.pid)", "--device", "terminal"], stdin: pty.slave)
            #expect(live.waitForOutput(containing: "highlighted"))
            app = nil   // killed
            let end = live.wait()
            #expect(end.status == 0)
            #expect(live.stderr == "switchyard live: the app quit; devices released\n")
            #expect(pty.canonical)
        }

        @Test func liveRefusesARecordingOfALiveApp() throws {
            let t = try Self.tool(["live", "--atspi", "anything", "--record", "r.evemu"])
            #expect(t.wait().status == 2)
            #expect(t.stderr.hasPrefix("switchyard live: error: --record cannot be used with --atspi: a replay runs without the app"))
            let both = try Self.tool(["live", "--atspi", "anything", "--app", "demo"])
            #expect(both.wait().status == 2)
            #expect(both.stderr.hasPrefix("switchyard live: error: --app names an app file; --atspi drives a running app instead"))
        }

        /// How many `highlighted …` lines a transcript has.
        static func highlights(_ text: String) -> Int {
            text.split(separator: "\n").count { $0.contains(" highlighted ") }
        }

        /// The last `highlighted …` of a transcript, from the word on.
        static func lastHighlight(_ text: String) -> String {
            guard let line = text.split(separator: "\n").last(where: { $0.contains(" highlighted ") }),
                  let r = line.range(of: "highlighted") else { return "" }
            return String(line[r.lowerBound...])
        }
    }
}
