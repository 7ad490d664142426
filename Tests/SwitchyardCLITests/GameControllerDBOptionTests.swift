import DeviceTestbed
import Foundation
import Testing

/// `--gamecontrollerdb FILE` on `replay`, `devices` and `live`: a controller
/// listed in an SDL GameControllerDB file gets a profile from its entry.
@Suite struct GameControllerDBOptionTests {
    /// The Xbox 360 pad's GUID, with A and B swapped so the transcript shows the entry is in use.
    static let swappedDB = "# SDL GameControllerDB\n"
        + "030000005e0400008e02000014010000,Xbox 360 Controller (A/B swapped),a:b1,b:b0,x:b2,"
        + "dpdown:h0.4,dpleft:h0.8,dpright:h0.2,dpup:h0.1,leftx:a0,lefty:a1,platform:Linux,\n"

    static func scratch() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        let recording = repoRoot.appendingPathComponent("Devices/fixtures/recordings/xbox-pad-session.evemu")
        try dir.write("pad.evemu", try String(contentsOf: recording, encoding: .utf8))
        return dir
    }

    @Test func replayUsesTheEntryOfTheRecordedController() throws {
        let dir = try Self.scratch()
        try dir.write("db.txt", Self.swappedDB)
        let run = try switchyard(["replay", "pad.evemu", "--app", "demo", "--gamecontrollerdb", "db.txt"], in: dir.url)
        #expect(run.status == 0)
        #expect(run.stderr == "replaying pad.evemu  usb 045e:028e v0114  \"Microsoft X-Box 360 pad\"  ID_INPUT_JOYSTICK  → "
            + "gamecontrollerdb: Xbox 360 Controller (A/B swapped) (SDL GameControllerDB db.txt:2, GUID 030000005e0400008e02000014010000)\n")
        #expect(run.stdout == """
            0s screen home
            0s highlighted "Cart" {320, 60, 54×32}
            0s device added "Microsoft X-Box 360 pad"
            0.000001s highlighted "Search products" {16, 120, 358×40}
            0.5s highlighted group of 5 {0, 200, 390×360}
            1s highlighted "Search products" {16, 120, 358×40}
            1.3s menu shown: "Tap", "Point Mode", "Escape"
            1.3s highlighted menu item "Tap"
            1.4s device removed "Microsoft X-Box 360 pad"

            """)
    }

    @Test(arguments: ["replay pad.evemu --app demo", "devices", "live --app demo"])
    func aBadDatabaseLineNamesItsLineAndColumn(_ command: String) throws {
        let dir = try Self.scratch()
        try dir.write("bad.txt", "# SDL GameControllerDB\r\n030000005e0400008e02000014010000,Pad,a:b0,dpup:h0,\r\n")
        let run = try switchyard(command.split(separator: " ").map(String.init) + ["--gamecontrollerdb", "bad.txt"], in: dir.url)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == "bad.txt:2:48: error: bad binding 'h0' for 'dpup'; expected bN, aN, +aN, -aN, aN~ or hN.M\n")
    }

    @Test func aMissingDatabaseIsNamed() throws {
        let dir = try Self.scratch()
        let run = try switchyard(["devices", "--gamecontrollerdb", "nope.txt"], in: dir.url)
        #expect(run.status == 2)
        #expect(run.stderr == "nope.txt: error: cannot read: no such file; expected an SDL gamecontrollerdb.txt\n")
    }
}
