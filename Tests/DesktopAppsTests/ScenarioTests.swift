import DesktopApps
import DeviceTestbed
import Foundation
import Glibc
import Scripting
import SwitchyardEngine
import Testing

extension OnTheDesktop {
    /// Scenario files that drive the real fixture app (`app atspi PID`,
    /// docs/scenarios.md "Live desktop apps"): in process through
    /// `ScenarioRunner` with `AtspiScenarioApp`, and end to end through the
    /// built `switchyard run`, exit statuses included. The app is named by its
    /// pid: DrivingTests may run a fixture app of the same name beside these.
    @Suite struct ScenarioTests {
        /// The fixture app, registered on the accessibility bus.
        func fixture() throws -> FixtureApp {
            let app = try FixtureApp.fixture()
            _ = try app.registered(on: try AtspiReader())
            return app
        }

        @Test(.desktopSession) func autoScanningTapsSaveAndTheAppPrintsIt() throws {
            let app = try fixture()
            let r = try LiveScenario.run("""
                app atspi \(app.pid)
                # Save, Open Dialog and Bold share a row: Switch Control scans it as a group first.
                press select                 # into the row
                expect highlighted "Save"
                press select                 # the scanner menu, on Tap
                expect menu "Tap" "Point Mode" "Escape"
                press select
                expect activated "Save"
                expect screen "Switchyard Fixture"
                expect selected "Colors"     # the notebook's first tab
                expect not selected "Shapes"
                """)
            #expect(r.failures == [])
            #expect(r.result.expectations == 6)
            #expect(r.result.passed)
            #expect(app.waitFor("clicked Save"))
            #expect(r.lines.prefix(3) == ["0s screen Switchyard Fixture", "0s highlighted group of 3 {20, 20, 400×40}", "0s highlighted \"Save\" {20, 20, 120×40}"])
        }

        @Test(.desktopSession) func theSliderMovesThroughTheScannerMenuAndExpectValueReadsTheApp() throws {
            let app = try fixture()
            let r = try LiveScenario.run("""
                app atspi \(app.pid)
                set group-items false
                expect value "Volume" = "50"
                expect highlighted "Volume" within 10s
                press select
                expect highlighted "Increment" within 5s
                press select
                expect value "Volume" = "60"
                """)
            #expect(r.failures == [])
            #expect(r.result.expectations == 4)
            #expect(app.waitFor("value Volume 60"))
            // The app's new tree came back at the instant of the tap, before the next line.
            let changed = r.lines.drop { $0 != "5s value of \"Volume\" = \"60\"" }
            #expect(changed.contains("5s screen Switchyard Fixture updated (23 elements)"))
            #expect(r.result.endTime == .milliseconds(5100))
        }

        @Test(.desktopSession) func theDialogIsAScreenNamedByItsTitleAndClosingItReturnsFocus() throws {
            let app = try fixture()
            let r = try LiveScenario.run("""
                app atspi \(app.pid)
                set group-items false
                expect highlighted "Open Dialog" within 5s
                press select
                press select                 # Tap
                expect screen "Confirm"
                expect highlighted "Cancel" within 10s
                press select
                press select                 # Tap
                expect screen "Switchyard Fixture"
                expect highlighted "Open Dialog"
                """)
            #expect(r.failures == [])
            #expect(r.result.expectations == 5)
            #expect(app.waitFor("dialog shown"))
            #expect(app.waitFor("dialog Cancel"))
            #expect(r.lines.contains { $0.hasSuffix("screen Confirm") })
            #expect(r.lines.contains { $0.hasSuffix("focus restored to \"Open Dialog\"") })
        }

        @Test(.desktopSession) func voiceControlTapsByNameInAScenario() throws {
            let app = try fixture()
            let r = try LiveScenario.run("""
                app atspi \(app.pid)
                technology voice
                expect not selected "Bold"
                say "tap Bold"
                expect activated "Bold"
                expect selected "Bold"       # the app's toggle is pressed: only its tree says so
                say "show names"
                expect label of "Save" = "Save"
                """)
            #expect(r.failures == [])
            #expect(r.result.expectations == 4)
            #expect(app.waitFor("toggled Bold on"))
            // The toggle's new state came back from the app.
            #expect(r.lines.contains("0s screen Switchyard Fixture updated (23 elements)"))
        }

        @Test(.desktopSession) func aWindowWaitThatRunsOutSaysWhatItAwaitedAndHowLong() throws {
            let app = try fixture()
            let start = LiveDesktopApp.monotonicMicroseconds()
            let r = try LiveScenario.run("""
                app atspi \(app.pid)
                expect screen "Confirm" within 500ms
                expect value "Volume" = "90" within 1s
                expect value "Nothing" = "1" within 200ms
                """)
            let waited = Double(LiveDesktopApp.monotonicMicroseconds() - start) / 1e6
            #expect(r.failures == [
                "t.swy:2:1: expected screen 'Confirm' within 0.5s, but the current screen is 'Switchyard Fixture' (waited 0.5s in real time for the app 'fixture-app.py' to change)",
                "t.swy:3:1: expected the value of \"Volume\" to be \"90\" within 1s, but it is \"50\" (waited 1s in real time for the app 'fixture-app.py' to change)",
                "t.swy:4:1: expected \"Nothing\" on the current screen 'Switchyard Fixture' within 0.2s, but it is not there (waited 0.2s in real time for the app 'fixture-app.py' to change)",
            ])
            // Real time, not simulated: the clock of the scenario did not move.
            #expect(waited >= 1.7)
            #expect(waited < 10)
            #expect(r.result.endTime == .zero)
        }

        @Test(.desktopSession) func theAppMayBeNamedAndItsWindowChosen() throws {
            let app = try fixture()
            let r = try LiveScenario.run("""
                app atspi "fixture-app.py" window "Switchyard Fixture"
                expect screen "Switchyard Fixture"
                expect value "Volume" = "50"
                """)
            #expect(r.failures == [])
            #expect(throws: ScriptErrors.self) { try LiveScenario.runner.prepare(text: "app atspi \(app.pid) window \"Settings\"", file: "t.swy") }
            do {
                _ = try LiveScenario.runner.prepare(text: "app atspi \(app.pid) window \"Settings\"", file: "t.swy")
            } catch {
                #expect(error.description == "t.swy:1:1: error: no window titled 'Settings'; its windows are: 'Switchyard Fixture'")
            }
        }

        @Test(.desktopSession) func aFailedExpectationExitsOneWithItsLineAndLiveScenariosRunInTurn() throws {
            let app = try fixture()
            let slider = """
                app atspi \(app.pid)
                set group-items false
                expect highlighted "Volume" within 10s
                press select
                expect highlighted "Increment" within 5s
                press select
                expect value "Volume" = "70"
                """
            // The second file drives the same app after the first: it sees the value the first left.
            let (status, stdout, stderr, file) = try LiveScenario.runTool(slider, more: ["app atspi \(app.pid)\nexpect value \"Volume\" = \"60\"\n"])
            #expect(status == 1, "\(stdout)\(stderr)")
            let lines = stdout.split(separator: "\n").map(String.init)
            #expect(lines.contains("\(file):7:1: error: expected the value of \"Volume\" to be \"70\", but it is \"60\""))
            #expect(lines.contains("✗ \(file): 2/3 expectations held, 2 inputs, simulated 5.1s"))
            #expect(lines.last == "1 passed, 1 failed", "\(stdout)")
            #expect(app.waitFor("value Volume 60"))
        }

        @Test(.desktopSession) func anAppThatIsNotThereIsAScenarioErrorAtTheAppLine() throws {
            try DesktopSession.require()
            let (status, stdout, stderr, file) = try LiveScenario.runTool("# no such app\napp atspi \"no-such-app\"\nexpect screen \"Main\"\n")
            #expect(status == 2)
            let prefix = "\(file):2:1: error: no accessible app named 'no-such-app' or with that pid; "
            #expect(stderr.hasPrefix(prefix), "\(stderr)")
            #expect(stderr.hasSuffix(" (switchyard apps)\n") || stderr.hasSuffix(" (switchyard apps)"), "\(stderr)")
            #expect(stdout.split(separator: "\n").map(String.init) == ["✗ \(file): could not run (see errors above)", "0 passed, 1 failed (1 could not run)"])
        }

        @Test func noSessionBusIsAScenarioErrorThatSaysWhatIsMissing() throws {
            // Needs no desktop: the bus is what is missing.
            let (status, stdout, stderr, file) = try LiveScenario.runTool("app atspi \"gedit\"\nexpect screen \"Main\"\n",
                                                             environment: ["DBUS_SESSION_BUS_ADDRESS": "", "AT_SPI_BUS_ADDRESS": ""])
            #expect(status == 2)
            #expect(stderr.trimmingCharacters(in: .newlines) == "\(file):1:1: error: no desktop session bus: DBUS_SESSION_BUS_ADDRESS is not set. Run inside a desktop session, or headless: xvfb-run -a dbus-run-session -- switchyard … (Debian packages: xvfb, dbus-x11, at-spi2-core)")
            #expect(stdout.split(separator: "\n").map(String.init) == ["✗ \(file): could not run (see errors above)", "0 passed, 1 failed (1 could not run)"])
        }
    }
}
