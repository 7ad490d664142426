import DeviceTestbed
import Diagnostics
import Foundation
import SwitchyardEngine
import Testing
@testable import InputDevices

@Suite struct EvemuTests {
    @Test func parsesTheSwitchBoxFixture() throws {
        let d = try TestDevice.switchBox.description()
        #expect(d.name == "Switchyard Test 2-Switch Box")
        #expect(d.id == DeviceID(bus: 3, vendor: 0x1209, product: 0x0001, version: 0x0100))
        #expect(d.codes[EventType.key] == [28, 57])
        #expect(d.codes[EventType.msc] == [4])
        #expect(d.eventTypes == [0, 1, 4])
        #expect(d.udevProperties.map { "\($0)=\($1)" } == [
            "ID_INPUT=1", "ID_INPUT_KEY=1", "ID_BUS=usb", "ID_VENDOR_ID=1209", "ID_MODEL_ID=0001", "ID_PATH=pci-0000:00:14.0-usb-0:1:1.0",
        ])
    }

    @Test func parsesXboxAxes() throws {
        let d = try TestDevice.xboxPad.description()
        #expect(d.absInfo[0] == AbsInfo(minimum: -32768, maximum: 32767, fuzz: 16, flat: 128))
        #expect(d.absInfo[0x10] == AbsInfo(minimum: -1, maximum: 1))
        #expect(d.absInfo[2] == AbsInfo(minimum: 0, maximum: 255))
        #expect(d.absInfo.keys.sorted() == [0, 1, 2, 3, 4, 5, 0x10, 0x11])
    }

    /// Our own udev-style classifier agrees with the classification each fixture declares.
    @Test(arguments: TestDevice.allCases)
    func classifierAgreesWithFixtureUdevLines(_ device: TestDevice) throws {
        let d = try device.description()
        let declared = Set(d.udevProperties.compactMap { DeviceClass(rawValue: $0.0) })
        #expect(InputClassifier.classify(d.capabilities) == declared)
    }

    @Test(arguments: TestDevice.allCases)
    func formatThenParseGivesTheSameDescription(_ device: TestDevice) throws {
        let d = try device.description()
        let again = try Evemu.parse(Evemu.format(d), file: "roundtrip").description
        #expect(again == d)
    }

    @Test func eventLinesRoundTrip() throws {
        let events = [ev(0.000001, "EV_KEY", "BTN_SOUTH", 1), syn(0.000001), ev(1.5, "EV_ABS", "ABS_X", -20000), syn(1.5)]
        #expect(events.map(Evemu.format) == [
            "E: 0.000001 0001 0130 0001\t# EV_KEY / BTN_SOUTH 1",
            "E: 0.000001 0000 0000 0000\t# EV_SYN / SYN_REPORT 0",
            "E: 1.500000 0003 0000 -20000\t# EV_ABS / ABS_X -20000",
            "E: 1.500000 0000 0000 0000\t# EV_SYN / SYN_REPORT 0",
        ])
        let text = "N: x\nI: 0003 0001 0002 0003\n" + events.map(Evemu.format).joined(separator: "\n") + "\n"
        #expect(try Evemu.parse(text, file: "x").events == events)
    }

    static let malformed: [(String, String)] = [
        ("N: x\nI: 0003 0001 0002\n", "bad.evemu:2: error: bad I: line; expected 'I: <bus> <vendor> <product> <version>' in hex"),
        ("N: x\nI: 0003 0001 0002 0003\nB: 01 zz\n", "bad.evemu:3: error: bad B: line; expected 'B: <type hex> <hex bytes>'"),
        ("N: x\nI: 0003 0001 0002 0003\nA: 00 -1 one 0 0\n", "bad.evemu:3: error: bad A: line; expected decimal numbers after the code"),
        ("N: x\nI: 0003 0001 0002 0003\nE: 0.1 0001 0039\n", "bad.evemu:3: error: bad E: line; expected 'E: <sec>.<usec> <type hex> <code hex> <value>'"),
        ("N: x\nI: 0003 0001 0002 0003\nE: 0,1 0001 0039 1\n", "bad.evemu:3: error: bad E: line 'E: 0,1 0001 0039 1'; expected 'E: <sec>.<usec> <type hex> <code hex> <value>'"),
        ("N: x\nI: 0003 0001 0002 0003\nE: 1.000000 0001 0039 1\nE: 0.500000 0001 0039 0\n",
         "bad.evemu:4: error: timestamp 0.500000 goes backwards; expected events in time order"),
        ("N: x\nI: 0003 0001 0002 0003\nX: 1\n", "bad.evemu:3: error: unknown line 'X:'; expected one of N: I: P: B: A: E: or a # comment"),
        ("# udev: =1\n", "bad.evemu:1: error: bad '# udev:' line; expected '# udev: KEY=VALUE'"),
        ("N: x\nI: 0003 0001 0002 0003\nE: 99999999999999.000000 0001 0039 1\n",
         "bad.evemu:3: error: bad E: line 'E: 99999999999999.000000 0001 0039 1'; expected 'E: <sec>.<usec> <type hex> <code hex> <value>'"),
        ("N: x\nI: 0003 0001 0002 0003\nE: 1.-5 0001 0039 1\n",
         "bad.evemu:3: error: bad E: line 'E: 1.-5 0001 0039 1'; expected 'E: <sec>.<usec> <type hex> <code hex> <value>'"),
        ("N: x\nI: 0003 0001 0002 0003\nA: 40 0 1 0 0 0\n",
         "bad.evemu:3: error: bad A: line; expected 'A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]'"),
        ("N: x\nI: 0003 0001 0002 0003\nB: 20 01\n",
         "bad.evemu:3: error: bad B: line; expected an event type up to 1f and at most 128 bitmask bytes per type"),
        ("I: 0003 0001 0002 0003\n", "bad.evemu:1: error: missing N: line; expected the device name"),
        ("N: x\n", "bad.evemu:1: error: missing I: line; expected bus, vendor, product, version"),
    ]

    @Test(arguments: malformed)
    func malformedLinesNameFileAndLine(_ text: String, _ message: String) {
        let error = #expect(throws: Diagnostic.self) { try Evemu.parse(text, file: "bad.evemu") }
        #expect(error?.description == message)
    }

    @Test func missingFileIsATypedError() {
        let error = #expect(throws: Diagnostic.self) { try Evemu.load("/nonexistent/x.evemu") }
        #expect(error?.description == "/nonexistent/x.evemu: error: cannot read: no such file; expected an evemu recording")
    }

    /// A recording saved with Windows line ends (CRLF) reads like the LF original,
    /// and an error in it still names the right line.
    @Test func crlfLineEndsLoad() throws {
        let lf = try String(contentsOfFile: TestDevice.fixturesDirectory + "/recordings/xbox-pad-session.evemu", encoding: .utf8)
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(crlf.utf8.count > lf.utf8.count)
        #expect(try Evemu.parse(crlf, file: "crlf.evemu") == Evemu.parse(lf, file: "lf.evemu"))
        let error = #expect(throws: Diagnostic.self) {
            try Evemu.parse("N: x\r\nI: 0003 0001 0002 0003\r\nE: 0.1 0001 0039\r\n", file: "crlf.evemu")
        }
        #expect(error?.description == "crlf.evemu:3: error: bad E: line; expected 'E: <sec>.<usec> <type hex> <code hex> <value>'")
    }

    @Test func recordingCarriesItsProfileMatch() throws {
        let path = TestDevice.fixturesDirectory + "/recordings/xbox-pad-session.evemu"
        let replay = EvemuReplayAdapter.Replay(recording: try Evemu.load(path), source: path,
                                                    profiles: try TestDevice.shippedProfiles(), start: .seconds(10))
        #expect(replay.device?.match?.description == "xbox-controller (vendor/product 045e:028e)")
        #expect(replay.inputs == [
            TimedInput(.deviceAdded("Microsoft X-Box 360 pad"), at: .seconds(10)),
            // Recorded times are kept (evemu-record starts at 0.000001 s), offset by `start`.
            TimedInput(.switchDown(.select), at: .microseconds(10_000_001)),
            TimedInput(.switchUp(.select), at: .microseconds(10_120_001)),
            TimedInput(.switchDown(.next), at: .seconds(10.5)),
            TimedInput(.switchUp(.next), at: .seconds(10.65)),
            TimedInput(.switchDown(.previous), at: .seconds(11)),
            TimedInput(.switchUp(.previous), at: .seconds(11.2)),
            TimedInput(.switchDown(.next), at: .seconds(11.3)),
            TimedInput(.switchUp(.next), at: .seconds(11.4)),
            TimedInput(.deviceRemoved("Microsoft X-Box 360 pad"), at: .seconds(11.4)),
        ])
    }

    @Test func replayAdapterReleasesInputsWhenDue() throws {
        let path = TestDevice.fixturesDirectory + "/recordings/xbox-pad-session.evemu"
        let adapter = try EvemuReplayAdapter.make(AdapterOptions(profiles: try TestDevice.shippedProfiles(), recordings: [path],
                                                                 replayStart: .seconds(1)))
        #expect(adapter.nextWakeup == .seconds(1))
        let clock = SessionClock(epochMicroseconds: 0)
        #expect(try adapter.service(readable: [], now: .seconds(1.2), clock: clock).map(\.input) == [
            .deviceAdded("Microsoft X-Box 360 pad"), .switchDown(.select), .switchUp(.select),
        ])
        #expect(adapter.nextWakeup == .seconds(1.5))
        #expect(adapter.isFinished == false)
        #expect(try adapter.service(readable: [], now: .seconds(5), clock: clock).count == 7)
        #expect(adapter.isFinished == true)
    }

    @Test func recorderRebasesToTheSessionClock() throws {
        var r = EvemuRecorder(description: try TestDevice.switchBox.description(), clock: SessionClock(epochMicroseconds: 50_000_000))
        r.append(ev(50.25, "EV_KEY", "KEY_SPACE", 1))
        r.append(syn(50.25))
        let parsed = try Evemu.parse(r.text, file: "rec")
        #expect(parsed.events == [ev(0.25, "EV_KEY", "KEY_SPACE", 1), syn(0.25)])
        #expect(parsed.description == r.recording.description)
    }

    /// On a machine 30 s old, an event queued before the session (stamped
    /// 10 s after the boot) is recorded at 0, never before.
    @Test func anEventBeforeTheSessionIsRecordedAtItsStart() throws {
        var r = EvemuRecorder(description: try TestDevice.switchBox.description(), clock: SessionClock(epochMicroseconds: 30_000_000))
        r.append(ev(10, "EV_KEY", "KEY_SPACE", 1))
        r.append(syn(30.25))
        #expect(try Evemu.parse(r.text, file: "rec").events == [ev(0, "EV_KEY", "KEY_SPACE", 1), syn(0.25)])
    }
}

extension Instant {
    static func microseconds(_ us: Int64) -> Instant { Instant(microseconds: us) }
}
