import DeviceTestbed
import Foundation
import FoundationXML
import Testing
import ScreenModel
import SwitchyardEngine
import InputDevices
@testable import switchyard

/// Labels, values, device names and file names come from other people's
/// files; none reaches the terminal raw. A label here clears the screen
/// (`ESC [2J`), returns the carriage (`\r`) and reverses the text that
/// follows (U+202E): every text output shows it escaped, JSON escapes it,
/// JUnit keeps it as text in valid XML.
@Suite struct TerminalSafetyTests {
    static let app = #"""
        {"name": "Evil", "screens": {"home": {"root": {"children": [
          {"label": "Pay\u001b[2J\r\u202enow", "identifier": "pay", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 100, "height": 40}},
          {"label": "Other", "traits": ["button"], "frame": {"x": 0, "y": 50, "width": 100, "height": 40}}
        ]}}}}
        """#
    /// How a text output shows the label.
    static let shown = #""Pay\u{1B}[2J\r\u{202E}now""#

    let scratch: TemporaryDirectory
    init() throws {
        scratch = try TemporaryDirectory()
        try scratch.write("evil.json", Self.app)
        try scratch.write("evil.swy", "app evil.json\nexpect highlighted \"Other\"")
    }

    /// Whether `text` holds a character a terminal must not get raw: C0
    /// (but newline), DEL, C1, a bidi override or isolate.
    static func unsafe(_ text: String) -> Bool {
        text.unicodeScalars.contains { u in
            (u.value < 0x20 && u != "\n") || (0x7F...0x9F).contains(u.value) || (0x202A...0x202E).contains(u.value) || (0x2066...0x2069).contains(u.value)
        }
    }

    @Test func runReportTranscriptAndJUnit() throws {
        let r = try switchyard(["run", "evil.swy", "--transcript", "evil.jsonl", "--junit", "evil.xml"], in: scratch.url)
        #expect(r.status == 1)
        #expect(r.stderr == "")
        #expect(r.stdout == "── evil.swy\n"
            + "  0s screen home\n"
            + "  0s highlighted \(Self.shown) {0, 0, 100×40}\n"
            + "evil.swy:2:1: error: expected the highlight on \"Other\", but the highlight is on \(Self.shown) (#pay) at 0s\n"
            + "    0s screen home\n"
            + "    0s highlighted \(Self.shown) {0, 0, 100×40}\n"
            + "✗ evil.swy: 0/1 expectation held, 0 inputs, simulated 0s\n"
            + "0 passed, 1 failed\n")
        let transcript = try String(contentsOf: scratch.url.appendingPathComponent("evil.jsonl"), encoding: .utf8)
        #expect(transcript.contains(#""label":"Pay\u001b[2J\r\u202enow""#))
        #expect(!Self.unsafe(transcript))
        let xml = try String(contentsOf: scratch.url.appendingPathComponent("evil.xml"), encoding: .utf8)
        #expect(normalisingTimes(xml).contains("""
                  <failure type="expectation" message="evil.swy:2:1: expected the highlight on &quot;Other&quot;, but the highlight is on &quot;Pay\\u{1B}[2J\\r\\u{202E}now&quot; (#pay) at 0s">evil.swy:2:1: expected the highlight on &quot;Other&quot;, but the highlight is on &quot;Pay\\u{1B}[2J\\r\\u{202E}now&quot; (#pay) at 0s
            at simulated time 0s; events before:
              0s screen home
              0s highlighted &quot;Pay\\u{1B}[2J\\r\\u{202E}now&quot; {0, 0, 100×40}
            </failure>
            """))
        #expect(!Self.unsafe(xml))
        #expect(XMLParser(data: Data(xml.utf8)).parse())
    }

    /// A scenario's file name is shown escaped too.
    @Test func aFileNameWithControlCharacters() throws {
        try scratch.write("red\u{1B}[31m.swy", "app demo\nexpect highlighted \"Cart\"")
        let r = try switchyard(["run", "red\u{1B}[31m.swy"], in: scratch.url)
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("── red\\u{1B}[31m.swy\n"))
        #expect(r.stdout.contains("✓ red\\u{1B}[31m.swy: 1/1 expectation held"))
        #expect(!Self.unsafe(r.stdout))
    }

    @Test func inspectText() throws {
        let r = try switchyard(["inspect", "evil.json"], in: scratch.url)
        #expect(r.status == 0)
        #expect(r.stdout == "Evil — screen \"home\", 100×90 pt, left to right\n"
            + "\n"
            + "Tree:\n"
            + "  root\n"
            + "    [1]  \(Self.shown)  button  #pay  {0, 0, 100×40}\n"
            + "    [2]  \"Other\"  button  {0, 50, 100×40}\n"
            + "\n"
            + "Navigation order (Switch Control):\n"
            + "  1  \(Self.shown)  button  #pay  {0, 0, 100×40}\n"
            + "  2  \"Other\"  button  {0, 50, 100×40}\n"
            + "\n"
            + "Counts: 3 elements, 2 stops, 0 groups\n")
    }

    @Test func inspectJSON() throws {
        let r = try switchyard(["inspect", "evil.json", "--format", "json"], in: scratch.url)
        #expect(r.status == 0)
        #expect(r.stdout.contains(#"{"number": 1, "path": "root/children[0]", "label": "Pay\u001b[2J\r\u202enow", "identifier": "pay", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 100, "height": 40}}"#))
        #expect(!Self.unsafe(r.stdout))
    }

    /// The live view draws with its own escapes; everything from the app
    /// and the device inside it is escaped.
    @Test func liveView() throws {
        let app = try AppDecoder(file: "evil.json").decode(Array(Self.app.utf8))
        var session = try Session(app: app, configuration: SessionConfiguration(technology: .switchControl(SwitchControlSettings())))
        let events = session.start(at: .zero)
        let view = LiveView(app: app, technologies: [.switchControl], interactive: true, device: "Pad\u{1B}]0;pwned\u{7}", adapters: [])
        view.recent = events.map(TranscriptFormat.textLine)
        let frame = view.frame(session)
        #expect(frame.hasPrefix("\u{1B}[H\u{1B}[2J" + #"Switchyard live — Evil, screen "home"  t=0s  technologies: switch-control  device: Pad\u{1B}]0;pwned\u{7}"# + "\r\n"))
        #expect(frame.contains("  0s highlighted \(Self.shown) {0, 0, 100×40}\r\n"))
        #expect(!Self.unsafe(frame.dropFirst("\u{1B}[H\u{1B}[2J".count).replacingOccurrences(of: "\r\n", with: "\n")))
    }

    @Test func devicesListing() {
        let info = DeviceInfo(syspath: "/sys/x", devnode: "/dev/input/event9", name: "Switch\u{1B}[2J\r\u{202E}Box",
                              id: DeviceID(bus: 3, vendor: 0x1234, product: 0x5678, version: 1), classes: [.key])
        #expect(DevicesCommand.listing([DiscoveredDevice(info: info, match: nil)], all: true)
            == #"/dev/input/event9  usb 1234:5678 v0001  "Switch\u{1B}[2J\r\u{202E}Box"  ID_INPUT_KEY  → no profile (ignored)"# + "\n")
    }
}
