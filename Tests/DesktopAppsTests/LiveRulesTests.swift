import DesktopApps
import DeviceTestbed
import Foundation
import Glibc
import ScreenModel
import Scripting
import SwitchyardEngine
import Testing
import Transcript

extension OnTheDesktop {
    /// The rules a live app is judged by (docs/scenarios.md, "Live desktop
    /// apps"), each against a real GTK app: a name means one element of
    /// the tree the app shows when the line runs; an element keeps its
    /// identity while the tree around it changes; what the app does not
    /// carry out fails the run; `window "TITLE"` follows the app's dialogs;
    /// one driver per app; a stopped app is told as such.
    @Suite struct LiveRulesTests {
        /// The fixture app, or its extras window, registered on the bus.
        func fixture(extras: Bool = false) throws -> FixtureApp {
            let app = try FixtureApp.fixture(extras: extras)
            _ = try app.registered(on: try AtspiReader())
            return app
        }

        /// The tool with the test process's umockdev preload taken off.
        static func tool(_ arguments: [String], stdin: Int32? = nil) throws -> ToolProcess {
            try ToolProcess(arguments, stdin: stdin, environment: ["LD_PRELOAD": "", "UMOCKDEV_DIR": ""])
        }

        /// gtk3-widget-factory's header shows "Page 1" … "Page 3" (a stack
        /// switcher); its third page holds a notebook whose tabs are named
        /// "Page 1" … "Page 4" too. After Switch Control taps "Page 3", the
        /// name means the switcher's button that was tapped; a name that
        /// matches two showing elements, neither acted on, fails and lists
        /// both, by paths that name each alone.
        @Test(.desktopSession) func aNameMeansTheElementTappedAndTwoCandidatesAreListed() throws {
            try DesktopSession.require()
            let factory = try FixtureApp("/usr/bin/gtk3-widget-factory")
            let reader = try AtspiReader()
            let app = try factory.registered(on: reader)
            let r = try LiveScenario.run("""
                app atspi \(factory.pid)
                set group-items false
                expect highlighted "Page 3" within 10s
                press select
                expect menu contains "Tap"
                press select                 # Tap: the factory shows its third page
                expect selected "Page 3" within 5s
                expect selected "Page 1"
                """)
            #expect(r.result.expectations == 4)
            try #require(r.failures.count == 1, "\(r.failures)")
            let failure = r.failures[0]
            let prefix = "t.swy:8:1: expected \"Page 1\" to be selected, but \"Page 1\" is ambiguous on screen 'gtk3-widget-factory': 2 elements match: "
            let suffix = "; name one by #identifier or path"
            #expect(failure.hasPrefix(prefix), "\(failure)")
            #expect(failure.hasSuffix(suffix), "\(failure)")
            // The two paths: the switcher's toggle and the notebook's tab, each "Page 1".
            let paths = failure.dropFirst(prefix.count).dropLast(suffix.count).components(separatedBy: ", ")
            let screen = try reader.snapshot(app).screen
            let found = paths.compactMap { screen.element(atPath: $0) }
            try #require(found.count == 2, "\(paths)")
            #expect(found.allSatisfy { screen.label(of: $0) == "Page 1" })
            #expect(Set(found.map { screen.elements[$0].traits.contains(.toggle) }) == [true, false])
            // Each path names one of them alone: the notebook's first tab shows, the switcher's Page 1 is off.
            let tab = try #require(found.first { !screen.elements[$0].traits.contains(.toggle) })
            let toggle = try #require(found.first { screen.elements[$0].traits.contains(.toggle) })
            let byPath = try LiveScenario.run("""
                app atspi \(factory.pid)
                expect selected \(screen.path(of: tab))
                expect not selected \(screen.path(of: toggle))
                """)
            #expect(byPath.failures == [])
        }

        /// "Add Label" puts a label above every widget of the extras window:
        /// each element's index in the tree moves, and the run follows each
        /// by its AT-SPI object: what was tapped is still what was tapped,
        /// and Switch Control's cursor stays on the same button.
        @Test(.desktopSession) func anElementKeepsItsIdentityWhileTheTreeAroundItChanges() throws {
            let app = try fixture(extras: true)
            let voice = try LiveScenario.run("""
                app atspi \(app.pid)
                technology voice
                say "tap Add Label"
                expect activated "Add Label"
                say "tap Add Label"
                expect activated "Add Label"
                """)
            #expect(voice.failures == [])
            #expect(app.waitFor("added 1"))
            #expect(app.waitFor("added 2"))
            #expect(voice.lines.contains("0s screen Switchyard Extras updated (10 elements)"))
            #expect(voice.lines.contains("0s screen Switchyard Extras updated (11 elements)"))
            let scan = try LiveScenario.run("""
                app atspi \(app.pid)
                set group-items false
                set focused-item-after-tap current-item
                expect highlighted "Add Label" within 5s
                press select
                press select                 # Tap
                expect activated "Add Label"
                expect highlighted "Add Label"
                """)
            #expect(scan.failures == [])
            #expect(app.waitFor("added 3"))
            #expect(scan.lines.contains { $0.hasSuffix("screen Switchyard Extras updated (12 elements)") })
        }

        /// Full Keyboard Access focuses "Unfocusable", a button that takes no
        /// keyboard focus: GTK answers AT-SPI's GrabFocus with false. The
        /// refusal is an event of the transcript and fails the run, at the
        /// line that asked, with what the app answered.
        @Test(.desktopSession) func anActionTheAppDoesNotCarryOutIsAnEventAndFailsTheRun() throws {
            let app = try fixture(extras: true)
            let text = """
                app atspi \(app.pid)
                technology keyboard
                key tab                      # the first stop: Unfocusable
                expect focused "Unfocusable"
                """
            let r = try LiveScenario.run(text)
            let refused = "the app 'fixture-app.py' did not carry out Component.GrabFocus on \"Unfocusable\": it answered false"
            #expect(r.failures == ["t.swy:3:1: \(refused)"])
            #expect(!r.result.passed)
            #expect(r.result.held == 1)
            #expect(r.lines.contains("0s app did not carry out Component.GrabFocus on \"Unfocusable\": it answered false"))
            let event = try #require(r.events.first { if case .appActionFailed = $0.event { return true } else { return false } })
            #expect(event.technology == .fullKeyboardAccess)
            let json = TranscriptFormat.jsonLine(event)
            #expect(json.hasPrefix(#"{"time_us":0,"event":"appActionFailed","element":{"screen":"Switchyard Extras","index":"#))
            #expect(json.hasSuffix(#","call":"Component.GrabFocus","answer":"it answered false","technology":"keyboard"}"#))
            // The built tool: exit status 1, the failure at its line.
            let (status, stdout, _, file) = try LiveScenario.runTool(text)
            #expect(status == 1, "\(stdout)")
            #expect(stdout.contains("\(file):3:1: error: \(refused)\n"))
        }

        /// `app atspi … window "TITLE"` reads that window and the dialogs the
        /// app shows beside it: the fixture's modal "Confirm" and the extras'
        /// "Preferences", which is not modal.
        @Test(.desktopSession) func aWindowScenarioFollowsTheDialogsTheAppOpens() throws {
            let app = try fixture()
            let modal = try LiveScenario.run("""
                app atspi \(app.pid) window "Switchyard Fixture"
                technology voice
                say "tap Open Dialog"
                expect screen "Confirm"
                say "tap Cancel"
                expect activated "Cancel"
                expect screen "Switchyard Fixture"
                """)
            #expect(modal.failures == [])
            #expect(app.waitFor("dialog shown"))
            #expect(app.waitFor("dialog Cancel"))
            let extras = try fixture(extras: true)
            let dialog = try LiveScenario.run("""
                app atspi \(extras.pid) window "Switchyard Extras"
                technology voice
                say "tap Open Preferences"
                say "tap Close"
                expect activated "Close"
                """)
            #expect(dialog.failures == [])
            #expect(extras.waitFor("preferences shown"))
            #expect(extras.waitFor("preferences closed"))
        }

        /// A second `switchyard run` on an app another one drives is refused
        /// at its `app` line (exit 2), naming the process that drives it;
        /// the lock goes when the first ends, however it ends (SIGKILL too).
        @Test(.desktopSession) func aSecondDriverOfOneAppIsRefusedUntilTheFirstEnds() throws {
            let app = try fixture()
            let long = try LiveScenario.Files(["""
                app atspi \(app.pid)
                technology voice
                say "tap Save"
                expect screen "Never" within 4s
                """])
            let first = try Self.tool(["run"] + long.paths)
            #expect(app.waitFor("clicked Save", timeout: 20))  // the first run drives the app now
            let quick = "app atspi \(app.pid)\nexpect screen \"Switchyard Fixture\"\n"
            let refused = try LiveScenario.runTool(quick)
            #expect(refused.status == 2)
            #expect(refused.stderr == "\(refused.file):1:1: error: the app 'fixture-app.py' (pid \(app.pid)) is driven by another switchyard process "
                + "(pid \(first.child.pid)); two drivers would interleave their actions: wait for it to end, or run the scenarios in one 'switchyard run'\n")
            #expect(first.wait(timeoutMilliseconds: 30_000).status == 1)
            #expect(try LiveScenario.runTool(quick).status == 0)
            // Killed while it drives: the kernel lets its lock go.
            let killed = try Self.tool(["run"] + long.paths)
            #expect(app.waitFor("clicked Save", timeout: 20))
            killed.send(SIGKILL)
            _ = killed.wait()
            #expect(try LiveScenario.runTool(quick).status == 0)
        }

        /// A stopped app (SIGSTOP) stays registered but does not answer:
        /// every command says so, with its pid and the deadline, and exits 2,
        /// instead of "no app is registered".
        @Test(.desktopSession) func aStoppedAppIsRegisteredButNotAnswering() throws {
            let app = try fixture()
            kill(app.pid, SIGSTOP)
            defer { kill(app.pid, SIGCONT) }
            let silent = "the app with pid \(app.pid) (bus :"
            let why = "is registered on the accessibility bus but did not answer within 3s: it is stopped (SIGSTOP; kill -CONT \(app.pid) continues it) or its main loop is blocked\n"
            let apps = try Self.tool(["apps"])
            #expect(apps.wait(timeoutMilliseconds: 30_000).status == 2)
            #expect(apps.stdout.contains("(did not answer within 3s)  pid \(app.pid)  bus :"), "\(apps.stdout)")
            #expect(apps.stderr.hasPrefix("switchyard apps: error: 1 app is registered on the accessibility bus but did not answer within 3s: pid \(app.pid) (bus :"), "\(apps.stderr)")
            let inspect = try Self.tool(["inspect", "--atspi", "\(app.pid)"])
            #expect(inspect.wait(timeoutMilliseconds: 30_000).status == 2)
            #expect(inspect.stderr.hasPrefix("switchyard inspect: error: \(silent)"), "\(inspect.stderr)")
            #expect(inspect.stderr.hasSuffix(") \(why)"), "\(inspect.stderr)")
            let byName = try Self.tool(["inspect", "--atspi", "fixture-app.py"])
            #expect(byName.wait(timeoutMilliseconds: 30_000).status == 2)
            #expect(byName.stderr.hasPrefix("switchyard inspect: error: no app that answered is named 'fixture-app.py' or has that pid; registered but not answering within 3s: "), "\(byName.stderr)")
            let run = try LiveScenario.runTool("app atspi \(app.pid)\nexpect screen \"Switchyard Fixture\"\n")
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("\(run.file):1:1: error: \(silent)"), "\(run.stderr)")
            #expect(run.stderr.hasSuffix(") \(why)"), "\(run.stderr)")
            let pty = try PseudoTerminal()
            let live = try Self.tool(["live", "--atspi", "\(app.pid)", "--device", "terminal"], stdin: pty.slave)
            #expect(live.wait(timeoutMilliseconds: 30_000).status == 2)
            #expect(live.stderr.hasPrefix("switchyard live: error: \(silent)"), "\(live.stderr)")
            #expect(live.stderr.hasSuffix(") \(why)"), "\(live.stderr)")
        }
    }
}
