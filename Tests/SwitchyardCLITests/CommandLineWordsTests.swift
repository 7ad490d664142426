import DeviceTestbed
import Foundation
import Testing

/// What the command line says and reads: short options, numbers written
/// in decimal only, one shape for every error line, and what `overlay`
/// draws.
@Suite struct CommandLineWordsTests {
    // MARK: - Short options

    /// `run -q` read `-q` as a scenario file ("cannot read the scenario
    /// file"); every command now calls it an unknown option.
    @Test(arguments: CommandListTests.commandNames)
    func aShortOptionIsAnOptionNotAFile(_ name: String) throws {
        let r = try switchyard([name, "-q"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("switchyard \(name): error: unknown option '-q'"))
        #expect(r.stderr.split(separator: "\n").first?.hasSuffix("(a file named '-q' goes after '--')") == true)
        #expect(r.stderr.hasSuffix(try snapshot("help", name)))
    }

    @Test(arguments: [
        (["run", "-q", "ok.swy"], "switchyard run: error: unknown option '-q'; did you mean '--quiet'? (a file named '-q' goes after '--')"),
        (["demo", "-x"], "switchyard demo: error: unknown option '-x'; expected one of: --quiet (a file named '-x' goes after '--')"),
    ])
    func theShortOptionsMessage(_ args: [String], _ error: String) throws {
        let r = try switchyard(args)
        #expect(r.stderr.split(separator: "\n").first.map(String.init) == error)
    }

    /// After `--`, a word that starts with a dash is a file.
    @Test func aFileNamedLikeAnOptionGoesAfterTheDashes() throws {
        let dir = try TemporaryDirectory()
        try dir.write("-q", "app demo\nexpect highlighted \"Cart\"")
        let r = try switchyard(["run", "--quiet", "--", "-q"], in: dir.url)
        #expect(r.status == 0)
        #expect(r.stdout == "1 passed, 0 failed\n")
    }

    // MARK: - Numbers

    /// `Double("0x1p3")` is 8: a hexadecimal float was taken as seconds or
    /// a scale. Numbers on the command line are decimal.
    @Test(arguments: [
        (["overlay", "--scale", "0x1p1"], "switchyard overlay: error: '--scale 0x1p1' is not valid; expected a number above 0, at most 16"),
        (["overlay", "--grid", "--columns", "0x3"], "switchyard overlay: error: '--columns 0x3' is not valid; expected a whole number from 1 to 20"),
        (["audit", "--budget", "0x1p3"], "switchyard audit: error: '--budget 0x1p3' is not valid; expected seconds from 0.001 to 3600"),
        (["tune", "--reaction-time", "0x1p-1"], "switchyard tune: error: '--reaction-time 0x1p-1' is not valid; expected seconds from 0 to 3600"),
        (["tune", "--miss-rate", "0x1p-2"], "switchyard tune: error: '--miss-rate 0x1p-2' is not valid; expected a probability from 0 up to (not including) 1"),
        (["record", "--out", "r.evemu", "--duration", "0x1p3"], "switchyard record: error: '--duration 0x1p3' is not a number of seconds from 0.000001 to 31557600000 (1000 years)"),
        (["bench", "--density", "0x1p1"], "switchyard bench: error: '--density 0x1p1' is not valid; expected pixels per dp from 0.5 to 10 (such as 2.625), or dots per inch from 80 to 1600 (such as 420 or 420dpi)"),
    ])
    func numbersAreDecimal(_ args: [String], _ error: String) throws {
        let dir = try TemporaryDirectory()
        let r = try switchyard(args, in: dir.url)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.split(separator: "\n").first.map(String.init) == error)
    }

    /// Decimal numbers in their usual spellings are still read.
    @Test(arguments: ["2", "2.0", "+2", ".5e1", "1.5E+0"])
    func decimalSpellingsAreRead(_ scale: String) throws {
        let r = try switchyard(["overlay", "--scale", scale])
        #expect(r.status == 0)
    }

    // MARK: - Overlay

    /// Voice Control zooms a grid at most `grid-zoom-levels` times (2 at
    /// its defaults); a deeper `--zoom` drew a state it never shows.
    @Test(arguments: [["--zoom", "1,1,1"], ["--zoom", "5", "--zoom", "5,5"]])
    func aZoomDeeperThanVoiceControlsIsAnError(_ zoom: [String]) throws {
        let r = try switchyard(["overlay", "--grid"] + zoom)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        let written = zoom.enumerated().filter { $0.offset % 2 == 1 }.map(\.element).joined(separator: ",")
        #expect(r.stderr.split(separator: "\n").first.map(String.init)
            == "switchyard overlay: error: '--zoom \(written)' zooms 3 times; Voice Control zooms a grid at most 2 times (grid-zoom-levels, default 2), then a cell's number taps it")
        #expect(try switchyard(["overlay", "--grid", "--zoom", "5,5"]).status == 0)
    }

    /// Without `--names`, `--numbers` or `--grid` the picture has no
    /// overlay, and says so.
    @Test func noOverlaySaysWhatItDraws() throws {
        let r = try switchyard(["overlay"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("Corner Café — Shop: no overlay\n+---"))
        #expect(r.stdout.hasSuffix("+\nno overlay: the screen's element frames and labels alone; --names, --numbers or --grid draws Voice Control's\n"))
    }

    // MARK: - One shape for every error line

    /// `error: no input devices found` had no place; it is the command's.
    /// (An empty profiles folder: no device has a profile, whatever is plugged in.)
    @Test func anErrorWithNoPlaceIsTheCommands() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("profiles"), withIntermediateDirectories: true)
        let r = try switchyard(["record", "--out", "r.evemu", "--profiles", "profiles"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("switchyard record: error: "))
        #expect(r.stderr.contains("no input devices found") || r.stderr.contains("libudev could not start"))
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("r.evemu").path))
    }

    /// `empty.json: file: error:` named a JSON path `file` that is not there.
    @Test(arguments: [
        ("", "empty.json:1:1: error: the file is empty; expected screen-model JSON (starting with '{'), an Appium or Android UiAutomator page source (XML, starting with '<'), or XCTest's debugDescription (starting with 'Attributes:' or 'Element subtree:')\n"),
        ("\n  hello", "empty.json:2:3: error: unrecognised format; expected screen-model JSON (starting with '{'), an Appium or Android UiAutomator page source (XML, starting with '<'), or XCTest's debugDescription (starting with 'Attributes:' or 'Element subtree:')\n"),
    ])
    func aFileOfNoFormatIsLocatedByLineAndColumn(_ text: String, _ error: String) throws {
        let dir = try TemporaryDirectory()
        try dir.write("empty.json", text)
        let r = try switchyard(["inspect", "empty.json"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stderr == error)
    }

    // MARK: - Plurals

    /// One of a thing is one thing: `1 stop`, `1 input`, `1 expectation`.
    @Test func countsOfOneReadRight() throws {
        let dir = try TemporaryDirectory()
        try dir.write("one.json", #"{"name": "One", "startScreen": "s", "screens": {"s": {"root": {"label": "Go", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 100, "height": 44}}}}}"#)
        // One press opens the scanner menu, so the one expectation fails.
        try dir.write("one.swy", "app one.json\npress select\nexpect activated \"Go\"")
        let inspect = try switchyard(["inspect", "one.json"], in: dir.url)
        #expect(inspect.stdout.contains("\nCounts: 1 element, 1 stop, 0 groups\n"))
        let run = try switchyard(["run", "one.swy"], in: dir.url)
        #expect(run.status == 1)
        #expect(run.stdout.contains("\n✗ one.swy: 0/1 expectation held, 1 input, simulated "))
    }
}
