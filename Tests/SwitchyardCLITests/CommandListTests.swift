import Foundation
import Testing
@testable import switchyard

/// Help, usage errors and dispatch all come from the one command list
/// (`Tool.commands`): every command listed gets them, with no other
/// registration.
@Suite struct CommandListTests {
    /// Every command's name, from the tool's own list.
    static let commandNames = Tool.commands.map { $0.name }

    @Test func theToolListsEveryCommandOnce() {
        #expect(Self.commandNames == ["demo", "run", "inspect", "overlay", "bench", "tune", "scan-report", "audit", "devices", "apps", "live", "record", "replay"])
    }

    @Test(arguments: commandNames)
    func helpPrintsTheCommandsUsage(_ name: String) throws {
        let r = try switchyard([name, "--help"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        expectSnapshot(r.stdout, "help", name)
    }

    @Test(arguments: commandNames)
    func shortHelpIsHelp(_ name: String) throws {
        let r = try switchyard([name, "-h"])
        #expect(r.status == 0)
        expectSnapshot(r.stdout, "help", name)
    }

    /// The error each command gives for `--bogus`: it names the options the command has.
    static let unknownOptionErrors: [String: String] = [
        "demo": "switchyard demo: error: unknown option '--bogus'; expected one of: --quiet",
        "run": "switchyard run: error: unknown option '--bogus'; expected one of: --app-format, --density, --junit, --quiet, --transcript",
        "inspect": "switchyard inspect: error: unknown option '--bogus'; expected one of: --all-screens, --app-format, --atspi, --density, --format, --screen, --technology, --window",
        "overlay": "switchyard overlay: error: unknown option '--bogus'; expected one of: --app-format, --columns, --density, --focus, --focus-style, --grid, --names, --numbers, --png, --rows, --scale, --screen, --svg, --zoom",
        "bench": "switchyard bench: error: unknown option '--bogus'; expected one of: --all-screens, --app-format, --compare, --density, --format, --html, --screen, --settings, --simulate, --svg, --technology, --user, --weights",
        "tune": "switchyard tune: error: unknown option '--bogus'; expected one of: --app-format, --density, --miss-rate, --press-length, --reaction-time, --screen, --settings, --technology, --user, --weights",
        "scan-report": "switchyard scan-report: error: unknown option '--bogus'; expected one of: --app-format, --density, --output, --settings, --skip, --technology, --user",
        "audit": "switchyard audit: error: unknown option '--bogus'; expected one of: --all-screens, --app-format, --budget, --density, --fail-on, --format, --screen, --skip",
        "devices": "switchyard devices: error: unknown option '--bogus'; expected one of: --all, --gamecontrollerdb, --profile, --profiles",
        "apps": "switchyard apps: error: unknown option '--bogus'; expected one of: --format",
        "live": "switchyard live: error: unknown option '--bogus'; expected one of: --app, --app-format, --atspi, --density, --device, --gamecontrollerdb, --keyboard-bindings, --no-grab, --profile, --profiles, --record, --settings, --technology, --transcript, --window",
        "record": "switchyard record: error: unknown option '--bogus'; expected one of: --device, --duration, --grab, --out, --profiles",
        "replay": "switchyard replay: error: unknown option '--bogus'; expected one of: --app, --app-format, --density, --format, --gamecontrollerdb, --keyboard-bindings, --profile, --profiles, --settings, --technology, --transcript",
    ]

    @Test(arguments: commandNames)
    func aUsageErrorPrintsThatCommandsUsage(_ name: String) throws {
        let error = try #require(Self.unknownOptionErrors[name], "pin the unknown-option error of '\(name)' in unknownOptionErrors")
        let r = try switchyard([name, "--bogus"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == error + "\n" + (try snapshot("help", name)))
    }

    /// Options that each parse but do not go together (`validate()`).
    static let contradictions: [(command: String, arguments: [String], error: String)] = [
        ("inspect", ["--screen", "cart", "--all-screens"], "switchyard inspect: error: use either --screen or --all-screens, not both"),
        ("overlay", ["--names", "--zoom", "5"], "switchyard overlay: error: --zoom, --columns and --rows shape the grid; add --grid"),
        ("overlay", ["--names", "--grid"], "switchyard overlay: error: choose one overlay: --names, --grid were given"),
        ("bench", ["--technology", "voice", "--simulate"], "switchyard bench: error: --simulate applies to switch-control; keyboard and voice costs always run through the engine"),
        ("audit", ["--screen", "home", "--all-screens"], "switchyard audit: error: --screen and --all-screens do not go together; give one"),
    ]

    @Test(arguments: contradictions)
    func contradictoryOptionsPrintTheCommandsUsage(_ command: String, _ arguments: [String], _ error: String) throws {
        let r = try switchyard([command] + arguments)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == error + "\n" + (try snapshot("help", command)))
    }

    @Test(arguments: ["help", "--help", "-h"])
    func helpWithoutACommandPrintsTheToolsUsage(_ word: String) throws {
        let r = try switchyard([word])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == CommandTests.toolUsage)
    }

    @Test func aMisspeltCommandGetsADidYouMean() throws {
        let r = try switchyard(["inspct", "Examples/apps/mail.json"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "switchyard: error: unknown command 'inspct'; did you mean 'inspect'?\n" + CommandTests.toolUsage)
    }

    @Test func helpForAnUnknownCommandIsAnUnknownCommand() throws {
        let r = try switchyard(["frobnicate", "--help"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "switchyard: error: unknown command 'frobnicate'\n" + CommandTests.toolUsage)
    }
}
