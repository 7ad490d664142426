import DeviceTestbed
import Diagnostics
import Foundation
import SwitchyardEngine
import Testing
@testable import InputDevices

@Suite struct GameControllerDBTests {
    static let xboxLine = "030000005e0400008e02000014010000,Xbox 360 Controller,a:b0,b:b1,back:b6,dpdown:h0.4,dpleft:h0.8,dpright:h0.2,dpup:h0.1,"
        + "guide:b8,leftshoulder:b4,leftstick:b9,lefttrigger:a2,leftx:a0,lefty:a1,rightshoulder:b5,rightstick:b10,righttrigger:a5,"
        + "rightx:a3,righty:a4,start:b7,x:b2,y:b3,platform:Linux,"

    @Test func decodesGUIDAndBindings() throws {
        let m = try #require(try GameControllerMapping.parse(Self.xboxLine, file: "db.txt", lineNumber: 1))
        #expect(m.id == DeviceID(bus: 3, vendor: 0x045e, product: 0x028e, version: 0x0114))
        #expect(m.name == "Xbox 360 Controller")
        #expect(m.platform == "Linux")
        #expect(m.bindings["a"] == .button(0))
        #expect(m.bindings["dpleft"] == .hat(0, mask: 8))
        #expect(m.bindings["righttrigger"] == .axis(5, half: nil, inverted: false))
        #expect(m.bindings.count == 21)
    }

    @Test func resolvesToTheXboxFixtureCodes() throws {
        let m = try #require(try GameControllerMapping.parse(Self.xboxLine, file: "db.txt", lineNumber: 1))
        let pad = DeviceInfo(evemu: try TestDevice.xboxPad.description(), source: "xbox-pad.evemu")
        let p = m.profile(for: pad)
        #expect(p.name == "gamecontrollerdb: Xbox 360 Controller")
        #expect(p.source == "db.txt:1")
        #expect(p.match == ProfileMatchRule(ids: [.init(vendor: 0x045e, product: 0x028e, version: 0x0114)], bus: "usb"))
        #expect(p.mappings == [
            .key(code: 0x130, target: .switchID(.select)),                                                          // a: b0 = BTN_SOUTH
            .key(code: 0x131, target: .switchID(.next)),                                                            // b: b1 = BTN_EAST
            .key(code: 0x133, target: .switchID(.previous)),                                                        // x: b2 = BTN_NORTH (xpad order)
            .axis(code: 0x11, direction: .negative, threshold: 0.5, hysteresis: 0.1, target: .switchID(.previous)), // dpup: h0.1
            .axis(code: 0x11, direction: .positive, threshold: 0.5, hysteresis: 0.1, target: .switchID(.next)),     // dpdown: h0.4
            .axis(code: 0x10, direction: .negative, threshold: 0.5, hysteresis: 0.1, target: .switchID(.previous)), // dpleft: h0.8
            .axis(code: 0x10, direction: .positive, threshold: 0.5, hysteresis: 0.1, target: .switchID(.next)),     // dpright: h0.2
            .axis(code: 0x00, direction: .negative, threshold: 0.5, hysteresis: 0.1, target: .switchID(.previous)), // -leftx: a0 = ABS_X
            .axis(code: 0x00, direction: .positive, threshold: 0.5, hysteresis: 0.1, target: .switchID(.next)),     // +leftx
            .axis(code: 0x01, direction: .negative, threshold: 0.5, hysteresis: 0.1, target: .switchID(.previous)), // -lefty: a1 = ABS_Y
            .axis(code: 0x01, direction: .positive, threshold: 0.5, hysteresis: 0.1, target: .switchID(.next)),     // +lefty
        ])
    }

    /// The same entry gives Full Keyboard Access its layout: the d-pad and
    /// the left stick are arrows, A Space, B Escape, the shoulders Shift-Tab and Tab.
    @Test func theKeyboardLayoutResolvesToTheXboxFixtureCodes() throws {
        let m = try #require(try GameControllerMapping.parse(Self.xboxLine, file: "db.txt", lineNumber: 1))
        let pad = DeviceInfo(evemu: try TestDevice.xboxPad.description(), source: "xbox-pad.evemu")
        #expect(m.profile(for: pad).technologyMappings == [.fullKeyboardAccess: [
            .key(code: 0x130, target: .key(.space)),                                                       // a: b0 = BTN_SOUTH
            .key(code: 0x131, target: .key(.escape)),                                                      // b: b1 = BTN_EAST
            .key(code: 0x136, target: .chord(KeyChord([.leftShift, .tab]))),                               // leftshoulder: b4 = BTN_TL
            .key(code: 0x137, target: .key(.tab)),                                                         // rightshoulder: b5 = BTN_TR
            .axis(code: 0x11, direction: .negative, threshold: 0.5, hysteresis: 0.1, target: .key(.up)),    // dpup: h0.1
            .axis(code: 0x11, direction: .positive, threshold: 0.5, hysteresis: 0.1, target: .key(.down)),  // dpdown: h0.4
            .axis(code: 0x10, direction: .negative, threshold: 0.5, hysteresis: 0.1, target: .key(.left)),  // dpleft: h0.8
            .axis(code: 0x10, direction: .positive, threshold: 0.5, hysteresis: 0.1, target: .key(.right)), // dpright: h0.2
            .axis(code: 0x00, direction: .negative, threshold: 0.5, hysteresis: 0.1, target: .key(.left)),  // -leftx: a0
            .axis(code: 0x00, direction: .positive, threshold: 0.5, hysteresis: 0.1, target: .key(.right)), // +leftx
            .axis(code: 0x01, direction: .negative, threshold: 0.5, hysteresis: 0.1, target: .key(.up)),    // -lefty: a1
            .axis(code: 0x01, direction: .positive, threshold: 0.5, hysteresis: 0.1, target: .key(.down)),  // +lefty
        ]])
    }

    /// Half-axis targets use their own binding when the entry has one (`-leftx:h0.8`), an
    /// inverted axis (`a1~`) swaps its halves, and elements the device lacks are left out.
    @Test func halfAxesInversionAndMissingElements() throws {
        let line = "030000005e0400008e02000014010000,Odd Pad,a:b30,b:b1,-leftx:h0.8,+leftx:h0.2,lefty:a1~,platform:Linux,"
        let m = try #require(try GameControllerMapping.parse(line, file: "db.txt", lineNumber: 1))
        #expect(m.bindings["-leftx"] == .hat(0, mask: 8))
        #expect(m.bindings["lefty"] == .axis(1, half: nil, inverted: true))
        let pad = DeviceInfo(evemu: try TestDevice.xboxPad.description(), source: "xbox-pad.evemu")
        #expect(m.profile(for: pad).mappings == [
            .key(code: 0x131, target: .switchID(.next)),                                                            // b: b1; a: b30 does not exist
            .axis(code: 0x10, direction: .negative, threshold: 0.5, hysteresis: 0.1, target: .switchID(.previous)), // -leftx: h0.8
            .axis(code: 0x10, direction: .positive, threshold: 0.5, hysteresis: 0.1, target: .switchID(.next)),     // +leftx: h0.2
            .axis(code: 0x01, direction: .positive, threshold: 0.5, hysteresis: 0.1, target: .switchID(.previous)), // -lefty on a1~
            .axis(code: 0x01, direction: .negative, threshold: 0.5, hysteresis: 0.1, target: .switchID(.next)),     // +lefty on a1~
        ])
    }

    /// A listed controller gets its entry's profile, ahead of a shipped vendor/product
    /// profile; an entry for another version does not match.
    @Test func matcherPrefersTheDatabaseEntryForItsExactGUID() throws {
        let pad = DeviceInfo(evemu: try TestDevice.xboxPad.description(), source: "xbox-pad.evemu")
        let db = try GameControllerDB.parse("# test\n" + Self.xboxLine + "\n", file: "db.txt")
        let matcher = ProfileMatcher(profiles: try TestDevice.shippedProfiles().profiles, controllers: db)
        #expect(matcher.match(pad)?.description
                == "gamecontrollerdb: Xbox 360 Controller (SDL GameControllerDB db.txt:2, GUID 030000005e0400008e02000014010000)")
        let otherVersion = try GameControllerDB.parse(Self.xboxLine.replacingOccurrences(of: "14010000,", with: "15010000,"), file: "db.txt")
        #expect(ProfileMatcher(profiles: try TestDevice.shippedProfiles().profiles, controllers: otherVersion).match(pad)?.description
                == "xbox-controller (vendor/product 045e:028e)")
    }

    @Test func indexOrderFollowsSDL() {
        #expect(GameControllerMapping.buttonCode(0, keys: [0x130, 0x131, 0x1f]) == 0x130)
        #expect(GameControllerMapping.buttonCode(2, keys: [0x130, 0x131, 0x1f]) == 0x1f)
        #expect(GameControllerMapping.buttonCode(3, keys: [0x130, 0x131, 0x1f]) == nil)
        #expect(GameControllerMapping.axisCode(2, axes: [0, 1, 0x10, 0x11, 2]) == 2)
        #expect(GameControllerMapping.binding("-a1") == .axis(1, half: .negative, inverted: false))
        #expect(GameControllerMapping.binding("a2~") == .axis(2, half: nil, inverted: true))
    }

    @Test func fileKeepsLinuxEntriesAndSkipsComments() throws {
        let text = "# comment\n\n" + Self.xboxLine + "\n030000005e0400008e02000014010000,Win pad,a:b0,platform:Windows,\n"
        #expect(try GameControllerDB.parse(text, file: "db.txt").mappings.map(\.name) == ["Xbox 360 Controller"])
    }

    @Test(arguments: [
        ("xyz,Name,a:b0,", "db.txt:7:1: error: bad GUID 'xyz'; expected 32 hex digits"),
        ("030000005e0400008e02000014010000,Pad,a:q0,", "db.txt:7:40: error: bad binding 'q0' for 'a'; expected bN, aN, +aN, -aN, aN~ or hN.M"),
        ("030000005e0400008e02000014010000,Pad,a,", "db.txt:7:38: error: bad field 'a'; expected target:binding"),
        ("030000005e0400008e02000014010000,Pad,a:b-1,", "db.txt:7:40: error: bad binding 'b-1' for 'a'; expected bN, aN, +aN, -aN, aN~ or hN.M"),
        ("030000005e0400008e02000014010000,Pad,dpup:h99999999999999.1,",
         "db.txt:7:43: error: bad binding 'h99999999999999.1' for 'dpup'; expected bN, aN, +aN, -aN, aN~ or hN.M"),
        ("0300000０5e0400008e0200001401000,Pad,a:b0,", "db.txt:7:1: error: bad GUID '0300000０5e0400008e0200001401000'; expected 32 hex digits"),
        ("030000005e0400008e02000014010000", "db.txt:7:1: error: expected 'GUID,Name,target:binding,…'"),
        ("  030000005e0400008e02000014010000,Pad,a:b0,b:x1,", "db.txt:7:47: error: bad binding 'x1' for 'b'; expected bN, aN, +aN, -aN, aN~ or hN.M"),
    ])
    func badLinesNameFileLineAndColumn(_ line: String, _ message: String) {
        let error = #expect(throws: Diagnostic.self) { try GameControllerMapping.parse(line, file: "db.txt", lineNumber: 7) }
        #expect(error?.description == message)
    }

    /// A whole file (CRLF line ends): the error names the line and column of the bad field.
    @Test func badFileNamesLineAndColumn() {
        let text = "# SDL GameControllerDB\r\n" + Self.xboxLine + "\r\n030000005e0400008e02000014010000,Pad,a:b0,dpup:h0,platform:Linux,\r\n"
        let error = #expect(throws: Diagnostic.self) { try GameControllerDB.parse(text, file: "gamecontrollerdb.txt") }
        #expect(error?.description == "gamecontrollerdb.txt:3:48: error: bad binding 'h0' for 'dpup'; expected bN, aN, +aN, -aN, aN~ or hN.M")
    }

    @Test func missingFileIsATypedError() {
        let error = #expect(throws: Diagnostic.self) { try GameControllerDB.load("/nonexistent/gamecontrollerdb.txt") }
        #expect(error?.description == "/nonexistent/gamecontrollerdb.txt: error: cannot read: no such file; expected an SDL gamecontrollerdb.txt")
    }
}
