import DeviceTestbed
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
        let p = m.profile(for: pad, layout: GameControllerMapping.switchLayout)
        #expect(p.match.ids == [.init(vendor: 0x045e, product: 0x028e)])
        #expect(p.mappings == [
            .key(code: 0x130, target: .switchID(.select)),                                          // a: b0 = BTN_SOUTH
            .key(code: 0x131, target: .switchID(.next)),                                            // b: b1 = BTN_EAST
            .axis(code: 0x11, direction: .positive, threshold: 0.5, hysteresis: 0.1, target: .switchID(.next)),      // dpdown
            .axis(code: 0x10, direction: .negative, threshold: 0.5, hysteresis: 0.1, target: .switchID(.previous)),  // dpleft
            .axis(code: 0x10, direction: .positive, threshold: 0.5, hysteresis: 0.1, target: .switchID(.next)),      // dpright
            .axis(code: 0x11, direction: .negative, threshold: 0.5, hysteresis: 0.1, target: .switchID(.previous)),  // dpup
            .key(code: 0x133, target: .switchID(.previous)),                                        // x: b2 = BTN_NORTH (xpad order)
        ])
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
        #expect(try GameControllerMapping.parseFile(text, file: "db.txt").map(\.name) == ["Xbox 360 Controller"])
    }

    @Test(arguments: [
        ("xyz,Name,a:b0,", "db.txt:7: bad GUID 'xyz'; expected 32 hex digits"),
        ("030000005e0400008e02000014010000,Pad,a:q0,", "db.txt:7: bad binding 'q0' for 'a'; expected bN, aN, +aN, -aN, aN~ or hN.M"),
        ("030000005e0400008e02000014010000,Pad,a,", "db.txt:7: bad field 'a'; expected target:binding"),
        ("030000005e0400008e02000014010000,Pad,a:b-1,", "db.txt:7: bad binding 'b-1' for 'a'; expected bN, aN, +aN, -aN, aN~ or hN.M"),
        ("030000005e0400008e02000014010000,Pad,dpup:h99999999999999.1,",
         "db.txt:7: bad binding 'h99999999999999.1' for 'dpup'; expected bN, aN, +aN, -aN, aN~ or hN.M"),
        ("0300000０5e0400008e0200001401000,Pad,a:b0,", "db.txt:7: bad GUID '0300000０5e0400008e0200001401000'; expected 32 hex digits"),
        ("030000005e0400008e02000014010000", "db.txt:7: expected 'GUID,Name,target:binding,…'"),
    ])
    func badLinesNameFileAndLine(_ line: String, _ message: String) {
        do {
            _ = try GameControllerMapping.parse(line, file: "db.txt", lineNumber: 7)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == message)
        }
    }
}
