import DeviceTestbed
import Diagnostics
import Foundation
import ScreenModel
import SwitchyardEngine
import Testing
@testable import InputDevices

@Suite struct ProfileParsingTests {
    @Test func shippedProfilesLoadInFileOrder() throws {
        let matcher = try TestDevice.shippedProfiles()
        #expect(matcher.profiles.map(\.name) == [
            "gamepad", "joystick-switch-interface", "keyboard-as-switch", "keyboard", "playstation-controller",
            "usb-switch-interface", "xbox-controller",
        ])
    }

    @Test func mappingsResolveEventNamesThroughLibevdev() throws {
        let json = """
        {"name":"t","match":{"ids":[{"vendor":"045e","product":"028e","version":"0114"}]},"priority":3,"mappings":[
          {"type":"EV_KEY","code":"KEY_SPACE","switch":"select"},
          {"type":"EV_KEY","code":"BTN_SOUTH","key":"KEY_TAB"},
          {"type":"EV_ABS","code":"ABS_HAT0X","direction":"negative","switch":"previous"},
          {"type":"EV_ABS","code":"ABS_X","threshold":0.75,"hysteresis":0.2,"direction":"positive","switch":"next"}]}
        """
        let p = try ProfileLoader.parse(Data(json.utf8), file: "t.json")
        #expect(p.name == "t")
        #expect(p.priority == 3)
        #expect(p.match.ids == [.init(vendor: 0x045e, product: 0x028e, version: 0x0114)])
        #expect(p.mappings == [
            .key(code: 57, target: .switchID("select")),
            .key(code: 0x130, target: .key(.tab)),
            .axis(code: 0x10, direction: .negative, threshold: 0.5, hysteresis: 0.1, target: .switchID("previous")),
            .axis(code: 0x00, direction: .positive, threshold: 0.75, hysteresis: 0.2, target: .switchID("next")),
        ])
        #expect(p.passthroughKeys == false)
    }

    /// A `key` is a Linux name or a chord (`KeyChord.parse`); `technologyMappings`
    /// gives a technology mappings of its own.
    @Test func keysAreLinuxNamesOrChordsAndTechnologiesHaveMappingsOfTheirOwn() throws {
        let json = """
        {"name":"t","match":{"bus":"usb"},"mappings":[{"type":"EV_KEY","code":"BTN_SOUTH","switch":"select"}],
         "technologyMappings":{"keyboard":[
          {"type":"EV_KEY","code":"BTN_SOUTH","key":"space"},
          {"type":"EV_KEY","code":"BTN_TL","key":"KEY_LEFTSHIFT+KEY_TAB"},
          {"type":"EV_KEY","code":"BTN_TR","key":"ctrl+tab"},
          {"type":"EV_ABS","code":"ABS_HAT0X","direction":"negative","key":"KEY_LEFT"}]}}
        """
        let p = try ProfileLoader.parse(Data(json.utf8), file: "t.json")
        #expect(p.mappings == [.key(code: 0x130, target: .switchID(.select))])
        #expect(p.technologyMappings == [.fullKeyboardAccess: [
            .key(code: 0x130, target: .key(.space)),
            .key(code: 0x136, target: .chord(KeyChord([.leftShift, .tab]))),
            .key(code: 0x137, target: .chord(KeyChord([.leftControl, .tab]))),
            .axis(code: 0x10, direction: .negative, threshold: 0.5, hysteresis: 0.1, target: .key(.left)),
        ]])
        #expect(p.mappingTechnology(for: [.voiceControl, .fullKeyboardAccess]) == .fullKeyboardAccess)
        #expect(p.mappingTechnology(for: [.switchControl, .fullKeyboardAccess]) == nil)
        #expect(p.mappingTechnology(for: [.switchControl, .voiceControl]) == nil)
        #expect(p.applying([.fullKeyboardAccess]).mappings == p.technologyMappings[.fullKeyboardAccess])
        #expect(p.applying([.switchControl]) == p)
    }

    static let invalid: [(String, String)] = [
        ("[1]", "bad.json:1:1: error: expected an object, found an array"),
        ("{", "bad.json:1:2: error: expected a quoted member name, found end of file"),
        (#"{"match":{"classification":["ID_INPUT_KEY"]},"mappings":[]}"#,
         #"bad.json:1:1: $.name: error: missing field 'name'; expected a non-empty string such as "xbox-controller""#),
        (#"{"name":"","match":{"bus":"usb"},"mappings":[]}"#, #"bad.json:1:9: $.name: error: expected a non-empty string, found """#),
        (#"{"name":"x","match":{},"mappings":[]}"#, "bad.json:1:21: $.match: error: expected at least one of ids, name, classification, bus"),
        (#"{"name":"x","match":{"ids":[{"vendor":"45e","product":"028e"}]},"mappings":[]}"#,
         #"bad.json:1:39: $.match.ids[0].vendor: error: expected 4 hex digits such as "045e", got "45e""#),
        (#"{"name":"x","match":{"ids":[{"vendor":"045e"}]},"mappings":[]}"#,
         #"bad.json:1:29: $.match.ids[0].product: error: missing field 'product'; expected 4 hex digits such as "045e""#),
        (#"{"name":"x","match":{"classification":["ID_INPUT_GAMEPAD"]},"mappings":[]}"#,
         "bad.json:1:40: $.match.classification[0]: error: unknown classification 'ID_INPUT_GAMEPAD'; expected one of: ID_INPUT_KEY, ID_INPUT_KEYBOARD, ID_INPUT_JOYSTICK, ID_INPUT_MOUSE, ID_INPUT_TOUCHPAD, ID_INPUT_TOUCHSCREEN, ID_INPUT_TABLET, ID_INPUT_ACCELEROMETER, ID_INPUT_POINTINGSTICK, ID_INPUT_SWITCH"),
        (#"{"name":"x","match":{"classification":["ID_INPUT_JOYSTCK"]},"mappings":[]}"#,
         "bad.json:1:40: $.match.classification[0]: error: unknown classification 'ID_INPUT_JOYSTCK'; did you mean 'ID_INPUT_JOYSTICK'? expected one of: ID_INPUT_KEY, ID_INPUT_KEYBOARD, ID_INPUT_JOYSTICK, ID_INPUT_MOUSE, ID_INPUT_TOUCHPAD, ID_INPUT_TOUCHSCREEN, ID_INPUT_TABLET, ID_INPUT_ACCELEROMETER, ID_INPUT_POINTINGSTICK, ID_INPUT_SWITCH"),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[{"type":"EV_KEY","code":"KEY_SPCAE","switch":"select"}]}"#,
         "bad.json:1:71: $.mappings[0].code: error: unknown EV_KEY code 'KEY_SPCAE'; did you mean 'KEY_SPACE'? expected a name such as KEY_SPACE or BTN_SOUTH"),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[{"type":"EV_KEY","code":"KEY_QWERTYUIOP","switch":"select"}]}"#,
         "bad.json:1:71: $.mappings[0].code: error: unknown EV_KEY code 'KEY_QWERTYUIOP'; expected a name such as KEY_SPACE or BTN_SOUTH"),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[{"type":"EV_REL","code":"REL_X","switch":"select"}]}"#,
         "bad.json:1:55: $.mappings[0].type: error: unsupported event type 'EV_REL'; expected EV_KEY or EV_ABS"),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[{"type":"EV_KYE","code":"KEY_A","switch":"select"}]}"#,
         "bad.json:1:55: $.mappings[0].type: error: unknown event type 'EV_KYE'; did you mean 'EV_KEY'? expected EV_KEY or EV_ABS"),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[{"type":"EV_ABS","code":"ABS_X","switch":"next"}]}"#,
         #"bad.json:1:47: $.mappings[0].direction: error: missing field 'direction'; expected "negative" or "positive""#),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[{"type":"EV_ABS","code":"ABS_X","direction":"up","switch":"next"}]}"#,
         #"bad.json:1:91: $.mappings[0].direction: error: unknown direction 'up'; expected "negative" or "positive""#),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[{"type":"EV_ABS","code":"ABS_X","direction":"postive","switch":"next"}]}"#,
         #"bad.json:1:91: $.mappings[0].direction: error: unknown direction 'postive'; did you mean 'positive'? expected "negative" or "positive""#),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[{"type":"EV_ABS","code":"ABS_X","direction":"positive","threshold":1.5,"switch":"next"}]}"#,
         "bad.json:1:114: $.mappings[0].threshold: error: expected a number in (0, 1], got 1.5"),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[{"type":"EV_ABS","code":"ABS_X","direction":"positive","threshold":true,"switch":"next"}]}"#,
         "bad.json:1:114: $.mappings[0].threshold: error: expected a number, found a boolean"),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[{"type":"EV_KEY","code":"KEY_A"}]}"#,
         #"bad.json:1:47: $.mappings[0]: error: missing target; expected "switch": NAME or "key": NAME"#),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[{"type":"EV_KEY","code":"KEY_A","switch":"a","key":"a"}]}"#,
         #"bad.json:1:92: $.mappings[0]: error: both "switch" and "key" given; expected exactly one"#),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[{"type":"EV_KEY","code":"KEY_A","switch":"a","threshold":0.5}]}"#,
         "bad.json:1:92: $.mappings[0].threshold: error: only EV_ABS mappings take threshold"),
        (#"{"name":"x","match":{"bus":"usb"},"mapping":[]}"#,
         "bad.json:1:35: $.mapping: error: unknown field 'mapping'; did you mean 'mappings'? expected one of: name, description, match, priority, mappings, technologyMappings, passthroughKeys"),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[],"passthroughKeys":true,"colour":"red"}"#,
         "bad.json:1:72: $.colour: error: unknown field 'colour'; expected one of: name, description, match, priority, mappings, technologyMappings, passthroughKeys"),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[],"passthroughKeys":1}"#,
         "bad.json:1:67: $.passthroughKeys: error: expected true or false, found a number"),
        (#"{"name":"x","match":{"bus":"usb"},"priority":1e300,"passthroughKeys":true,"mappings":[]}"#,
         "bad.json:1:46: $.priority: error: expected a whole number between -1000000 and 1000000"),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[]}"#,
         #"bad.json:1:46: $.mappings: error: expected at least one mapping (or "passthroughKeys": true)"#),
        ("{\"name\":\"x\",\n \"match\":{\"bus\":\"usb\"},\n \"passthroughKeys\":true,\n \"mappings\":[],\n \"name\":\"y\"}",
         "bad.json:5:2: $.name: error: field 'name' is given twice (first on line 1); give each field once"),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[{"type":"EV_KEY","code":"BTN_TL","key":"KEY_TABB"}]}"#,
         "bad.json:1:86: $.mappings[0].key: error: unknown key 'KEY_TABB': the kernel defines no such key (linux/input-event-codes.h); did you mean 'KEY_TAB'?"),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[{"type":"EV_KEY","code":"BTN_TL","key":"shift+tabb"}]}"#,
         "bad.json:1:86: $.mappings[0].key: error: unknown key 'tabb' in 'shift+tabb'; expected a letter, a digit, a key name such as tab, space, enter, esc, left, shift, ctrl, alt, cmd, fn, or a Linux name such as KEY_TAB; did you mean 'tab'?"),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[{"type":"EV_KEY","code":"BTN_TL","key":"shift+KEY_NOPE"}]}"#,
         "bad.json:1:86: $.mappings[0].key: error: unknown key 'KEY_NOPE' in 'shift+KEY_NOPE': the kernel defines no such key (linux/input-event-codes.h); did you mean 'KEY_HOME'?"),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[],"passthroughKeys":true,"technologyMappings":{"voice":[]}}"#,
         "bad.json:1:94: $.technologyMappings.voice: error: Voice Control takes no device inputs; expected switch-control or keyboard"),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[],"passthroughKeys":true,"technologyMappings":{"keybaord":[]}}"#,
         "bad.json:1:94: $.technologyMappings.keybaord: error: unknown field 'keybaord'; did you mean 'keyboard'? expected one of: switch-control, keyboard, voice"),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[],"passthroughKeys":true,"technologyMappings":{"keyboard":{}}}"#,
         "bad.json:1:105: $.technologyMappings.keyboard: error: expected an array of mappings, found an object"),
        (#"{"name":"x","match":{"bus":"usb"},"mappings":[],"passthroughKeys":true,"technologyMappings":{"keyboard":[{"type":"EV_KEY","code":"BTN_A"}]}}"#,
         #"bad.json:1:106: $.technologyMappings.keyboard[0]: error: missing target; expected "switch": NAME or "key": NAME"#),
    ]

    @Test(arguments: invalid)
    func invalidProfileNamesFileLineColumnPathAndExpectation(_ json: String, _ message: String) {
        let error = #expect(throws: Diagnostic.self) { try ProfileLoader.parse(Data(json.utf8), file: "bad.json") }
        #expect(error?.description == message)
    }

    /// A profile written over several lines: the error points at the bad value's own line and column.
    @Test func errorInAMultiLineProfileNamesItsLineAndColumn() {
        let json = """
            {
              "name": "pad",
              "match": { "bus": "usb" },
              "mappings": [
                { "type": "EV_KEY", "code": "BTN_SOTH", "switch": "select" }
              ]
            }
            """
        let error = #expect(throws: Diagnostic.self) { try ProfileLoader.parse(Array(json.utf8), file: "pad.json") }
        #expect(error?.description
                == "pad.json:5:33: $.mappings[0].code: error: unknown EV_KEY code 'BTN_SOTH'; did you mean 'BTN_SOUTH'? expected a name such as KEY_SPACE or BTN_SOUTH")
    }
}

@Suite struct ProfileMatchingTests {
    static let expected: [(TestDevice, String, String)] = [
        (.switchBox, "usb-switch-interface", "classification ID_INPUT_KEY, not ID_INPUT_JOYSTICK+ID_INPUT_KEYBOARD+ID_INPUT_MOUSE (fallback)"),
        (.keyboard, "keyboard", "classification ID_INPUT_KEYBOARD (fallback)"),
        (.xboxPad, "xbox-controller", "vendor/product 045e:028e"),
        (.joystickSwitch, "joystick-switch-interface", "classification ID_INPUT_JOYSTICK, no axes (fallback)"),
    ]

    @Test(arguments: expected)
    func fixtureDescriptionMatchesItsProfile(_ device: TestDevice, _ profile: String, _ reason: String) throws {
        let info = DeviceInfo(evemu: try device.description(), source: device.fixturePath)
        let match = try #require(try TestDevice.shippedProfiles().match(info))
        #expect(match.profile.name == profile)
        #expect(match.reason == reason)
    }

    /// With Full Keyboard Access, a controller gets its profile's keyboard
    /// mappings, and the reason says so; a switch box keeps its switches.
    @Test(arguments: [
        (TestDevice.xboxPad, [Technology.fullKeyboardAccess, .voiceControl], "vendor/product 045e:028e; keyboard mappings", 16),
        (.xboxPad, [.switchControl, .fullKeyboardAccess], "vendor/product 045e:028e", 9),
        (.xboxPad, [.voiceControl], "vendor/product 045e:028e", 9),
        (.switchBox, [.fullKeyboardAccess], "classification ID_INPUT_KEY, not ID_INPUT_JOYSTICK+ID_INPUT_KEYBOARD+ID_INPUT_MOUSE (fallback)", 6),
    ])
    func theTechnologiesChooseTheMappings(_ device: TestDevice, _ technologies: [Technology], _ reason: String, _ count: Int) throws {
        let info = DeviceInfo(evemu: try device.description(), source: device.fixturePath)
        let options = AdapterOptions(profiles: try TestDevice.shippedProfiles(), technologies: technologies)
        let match = try #require(options.match(info))
        #expect(match.reason == reason)
        #expect(match.profile.mappings.count == count)
    }

    /// Every shipped controller profile drives Full Keyboard Access alike.
    @Test(arguments: ["xbox-controller", "playstation-controller", "gamepad"])
    func controllerProfilesHaveTheKeyboardLayout(_ name: String) throws {
        let profile = try #require(try TestDevice.shippedProfiles().profile(named: name))
        let keyboard = try #require(profile.technologyMappings[.fullKeyboardAccess])
        let keys = keyboard.map { m -> String in
            switch m {
            case .key(let code, let target): return "\(EventCodes.codeName(type: EventType.key, code: code)) \(target)"
            case .axis(let code, let direction, _, _, let target): return "\(EventCodes.codeName(type: EventType.abs, code: code)) \(direction) \(target)"
            }
        }
        #expect(keys == [
            "BTN_SOUTH key(KEY_SPACE)", "BTN_EAST key(KEY_ESC)", "BTN_TL chord(shift+tab)", "BTN_TR key(KEY_TAB)",
            "BTN_DPAD_UP key(KEY_UP)", "BTN_DPAD_DOWN key(KEY_DOWN)", "BTN_DPAD_LEFT key(KEY_LEFT)", "BTN_DPAD_RIGHT key(KEY_RIGHT)",
            "ABS_HAT0X negative key(KEY_LEFT)", "ABS_HAT0X positive key(KEY_RIGHT)", "ABS_HAT0Y negative key(KEY_UP)", "ABS_HAT0Y positive key(KEY_DOWN)",
            "ABS_X negative key(KEY_LEFT)", "ABS_X positive key(KEY_RIGHT)", "ABS_Y negative key(KEY_UP)", "ABS_Y positive key(KEY_DOWN)",
        ])
    }

    static func pad(vendor: UInt16, product: UInt16, version: UInt16 = 0x8111, axes: Bool = true) -> DeviceInfo {
        var caps = DeviceCapabilities()
        if axes { caps.absAxes = [0, 1] }
        return DeviceInfo(syspath: "/sys/x", devnode: "/dev/input/event9", name: "Some Pad",
                          id: DeviceID(bus: 3, vendor: vendor, product: product, version: version), classes: [.joystick], capabilities: caps)
    }

    @Test(arguments: [
        (UInt16(0x054c), UInt16(0x05c4), "playstation-controller", "vendor/product 054c:05c4"),
        (0x054c, 0x09cc, "playstation-controller", "vendor/product 054c:09cc"),
        (0x054c, 0x0ce6, "playstation-controller", "vendor/product 054c:0ce6"),
        (0x045e, 0x02ea, "xbox-controller", "vendor/product 045e:02ea"),
        (0x2dc8, 0xab20, "gamepad", "classification ID_INPUT_JOYSTICK, has axes (fallback)"),
    ])
    func controllersMatchByIDOrFallBack(_ vendor: UInt16, _ product: UInt16, _ profile: String, _ reason: String) throws {
        let match = try #require(try TestDevice.shippedProfiles().match(Self.pad(vendor: vendor, product: product)))
        #expect("\(match.profile.name) | \(match.reason)" == "\(profile) | \(reason)")
    }

    @Test func versionMatchIsMoreSpecificThanVendorProduct() throws {
        let rule = { (version: UInt16?) in ProfileMatchRule(ids: [.init(vendor: 1, product: 2, version: version)]) }
        let m = ProfileMatcher(profiles: [
            DeviceProfile(name: "any-version", match: rule(nil), priority: 99, mappings: []),
            DeviceProfile(name: "v0100", match: rule(0x0100), mappings: []),
            DeviceProfile(name: "by-name", match: ProfileMatchRule(namePattern: "some*"), priority: 100, mappings: []),
        ])
        #expect(m.match(Self.pad(vendor: 1, product: 2, version: 0x0100))?.description == "v0100 (vendor/product 0001:0002 version 0100)")
        #expect(m.match(Self.pad(vendor: 1, product: 2, version: 0x0200))?.description == "any-version (vendor/product 0001:0002)")
        #expect(m.match(Self.pad(vendor: 7, product: 2))?.description == #"by-name (name matches "some*")"#)
        #expect(m.match(DeviceInfo(syspath: "", devnode: "", name: "Other", id: DeviceID(bus: 3, vendor: 7, product: 7, version: 0), classes: [])) == nil)
    }

    @Test(arguments: [("*pad", "some pad", true), ("s?me*", "some pad", true), ("pad", "some pad", false), ("*x*", "some pad", false), ("*", "", true)])
    func globPatterns(_ pattern: String, _ text: String, _ matches: Bool) {
        #expect(ProfileMatcher.glob(pattern, text) == matches)
    }
}
