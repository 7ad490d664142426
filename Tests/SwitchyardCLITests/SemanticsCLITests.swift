import DeviceTestbed
import Foundation
import Testing

/// What `switchyard run` reports for scenarios that used to mislead, and
/// the kinds of input file every command reads.
@Suite struct ScenarioSemanticsCLITests {
    /// `back` on the start screen is the app model's error, not the engine's.
    @Test func anAppModelErrorFailsTheRunSayingWhose() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("back.json", """
            {"name": "Back", "screens": {"main": {"size": {"width": 390, "height": 844}, "root": {"children": [
              {"label": "Back", "traits": ["button"], "frame": {"x": 0, "y": 50, "width": 100, "height": 44}, "onActivate": [{"effect": "back"}]}
            ]}}}}
            """)
        try scratch.write("bug.swy", "app back.json\nset tap-behavior always-tap\npress select\nexpect screen main\n")
        let r = try switchyard(["run", "bug.swy", "--quiet"], in: scratch.url)
        #expect(r.status == 1)
        #expect(r.stderr == "")
        #expect(r.stdout == "bug.swy:3:1: error: the app model cannot do what \"Back\" asks: back on the start screen 'main': nothing to go back to; fix its effect in the app model (switchyard audit reports it), or start the scenario on a screen where it can act\n"
            + "    0s screen main\n"
            + "    0s highlighted \"Back\" {0, 50, 100×44}\n"
            + "    0s tap \"Back\" at (50, 72)\n"
            + "    0s app model error: \"Back\": back on the start screen 'main': nothing to go back to\n"
            + "✗ bug.swy: 1/1 expectation held, 1 input, simulated 0.1s\n"
            + "0 passed, 1 failed\n")
    }

    @Test func anAtBehindALateWithinWaitStopsTheRunWithExitTwo() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("late.swy", "app demo\nexpect scanning stopped within 60s\nat 1s press select\nexpect screen home\n")
        let r = try switchyard(["run", "late.swy", "--quiet", "--junit", "report.xml"], in: scratch.url)
        #expect(r.status == 2)
        #expect(r.stderr == "late.swy:3:1: error: time goes backwards: 'at 1s' but the clock is already at 16s (the 'within' wait on line 2 ran until then)\n")
        #expect(r.stdout == "✗ late.swy: stopped at line 3 (see errors above)\n0 passed, 1 failed (1 could not run)\n")
        let xml = try String(contentsOf: scratch.url.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(normalisingTimes(xml).contains("<error type=\"unusable-input\" message=\"late.swy:3:1: error: time goes backwards: &apos;at 1s&apos; but the clock is already at 16s (the &apos;within&apos; wait on line 2 ran until then)\">"))
    }

    /// With `--quiet` and no transcript, nothing keeps the events: ten
    /// years of scanning run in the memory of one.
    @Test func tenYearsQuietlyExitZero() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("ten-years.swy", "app demo\nset apple-ranges false\nset auto-scanning-time 3600\nset loops unlimited\nwait 5256000min\nexpect screen home\n")
        let r = try switchyard(["run", "ten-years.swy", "--quiet"], in: scratch.url)
        #expect(r.status == 0)
        #expect(r.stdout == "1 passed, 0 failed\n")
    }
}

/// Every input the tool reads may be a FIFO, a pipe on `/dev/stdin` or a
/// process substitution; devices and directories are refused by name.
@Suite struct InputFileKindsTests {
    static let recording = "Devices/fixtures/recordings/xbox-pad-session.evemu"

    @Test(arguments: [
        "switchyard run <(printf 'app demo\\nexpect screen home\\n') --quiet",
        "printf 'app demo\\nexpect screen home\\n' | switchyard run /dev/stdin --quiet",
        // From /dev/stdin or /dev/fd/N, files are named relative to the working directory.
        "printf 'app Examples/apps/mail.json\\nsettings Examples/settings/default.json\\nexpect screen inbox\\n' | switchyard run /dev/stdin --quiet",
        "switchyard inspect <(cat Examples/apps/mail.json)",
        "switchyard replay <(cat \(recording))",
        "switchyard replay \(recording) --settings <(cat Examples/settings/manual-select-next.json) --app <(cat Examples/apps/mail.json)",
        "switchyard replay \(recording) --gamecontrollerdb <(echo '# no controllers')",
        "d=$(mktemp -d) && mkfifo $d/xbox-controller.json && { cat Devices/profiles/xbox-controller.json > $d/xbox-controller.json & } && switchyard replay \(recording) --profiles $d; s=$?; rm -r $d; exit $s",
    ])
    func aPipeOrFIFOIsRead(_ command: String) throws {
        let r = try shell(command)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("error"))
    }

    @Test func aScenarioInAFIFONamesItsLines() throws {
        let r = try shell("switchyard run <(printf 'app demo\\npress selcet\\n')")
        #expect(r.status == 2)
        #expect(r.stderr.hasSuffix(":2:1: error: unknown switch 'selcet'; did you mean 'select'?\n"))
        #expect(r.stderr.hasPrefix("/dev/fd/"))
    }

    @Test(arguments: [
        (["inspect", "/dev/zero"], "/dev/zero: error: cannot read: not a regular file (a device)\n"),
        (["inspect", "Examples"], "Examples: error: cannot read: it is a directory\n"),
        (["run", "Examples"], "Examples: error: cannot read the scenario file: it is a directory\n"),
        (["replay", "/dev/zero"], "/dev/zero: error: cannot read: not a regular file (a device); expected an evemu recording\n"),
        (["replay", recording, "--settings", "/dev/zero"], "/dev/zero: error: cannot read the settings file: not a regular file (a device)\n"),
        (["replay", recording, "--gamecontrollerdb", "Devices"], "Devices: error: cannot read: it is a directory; expected an SDL gamecontrollerdb.txt\n"),
    ])
    func devicesAndDirectoriesAreRefusedByName(_ arguments: [String], _ error: String) throws {
        let r = try switchyard(arguments)
        #expect(r.status == 2)
        #expect(r.stderr.hasSuffix(error))
    }
}

/// What keeps `live` from starting is said before anything starts (the
/// sessions themselves are tested on umockdev and a pseudo-terminal in
/// InputDevicesTests, `LiveProcess` and `LiveTerminalProcess`).
@Suite struct LiveStartTests {
    @Test func theTerminalDeviceWithoutATerminalIsAnError() throws {
        let r = try switchyard(["live", "--device", "terminal", "--app", "demo"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "switchyard live: error: --device terminal reads this terminal's keys, but standard input is not a terminal; run it in a terminal, or use --device auto or a device node\n")
    }

    /// Voice Control alone hears the terminal by default.
    @Test func voiceAloneWithoutATerminalIsAnError() throws {
        let r = try switchyard(["live", "--technology", "voice"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "switchyard live: error: --device terminal (the default for --technology voice alone) reads the utterances typed at this terminal, but standard input is not a terminal; run it in a terminal, or use --device auto or a device node\n")
    }

    @Test func aDeviceNodeThatDoesNotExistIsNamed() throws {
        let r = try switchyard(["live", "--device", "/nonexistent/event99", "--app", "demo"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "switchyard live: error: no input device at '/nonexistent/event99'; 'switchyard devices --all' lists them\n")
    }
}

/// `--profile NAME` is checked against the profiles by every command that takes it.
@Suite struct ProfileOptionTests {
    @Test(arguments: ["devices", "replay Devices/fixtures/recordings/xbox-pad-session.evemu", "live --app demo"])
    func anUnknownProfileGetsADidYouMean(_ command: String) throws {
        let words = command.split(separator: " ").map(String.init)
        let r = try switchyard(words + ["--profile", "xbox-controler"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("switchyard \(words[0]): error: unknown profile 'xbox-controler'; did you mean 'xbox-controller'?\nusage: switchyard \(words[0])"))
    }

    @Test func devicesShowsWhatAForcedProfileGives() throws {
        let r = try switchyard(["devices", "--profile", "xbox-controller", "--all"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
    }
}
