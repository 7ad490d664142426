import DeviceTestbed
import ScreenModel
import SwitchyardEngine
import Testing
@testable import InputDevices

@Suite struct AxisSwitchTests {
    static let stick = AbsInfo(minimum: -32768, maximum: 32767, fuzz: 16, flat: 128)

    @Test(arguments: [
        (Int32(16384), Optional(AxisSwitch.Transition.press)),   // 0.50002 ≥ 0.5
        (16383, nil),                                            // 0.49998 < 0.5
        (128, nil),                                              // inside flat
        (-20000, nil),                                           // wrong direction
        (32767, .press),
    ])
    func pressThreshold(_ value: Int32, _ expected: AxisSwitch.Transition?) {
        var a = AxisSwitch(range: Self.stick, direction: .positive, threshold: 0.5, hysteresis: 0.1)
        #expect(a.update(value) == expected)
    }

    @Test func valueRestingAtTheThresholdDoesNotChatter() {
        var a = AxisSwitch(range: Self.stick, direction: .positive, threshold: 0.5, hysteresis: 0.1)
        let values: [Int32] = [16384, 16383, 16384, 16383, 13200, 13100, 16384]
        #expect(values.map { a.update($0) } == [.press, nil, nil, nil, nil, .release, .press])
    }

    @Test func deadzoneIsAtLeastFlat() {
        // flat 3072 of 32767.5 = 0.0937...; a requested threshold of 0.05 is raised to it.
        let a = AxisSwitch(range: AbsInfo(minimum: -32768, maximum: 32767, flat: 3072), direction: .negative, threshold: 0.05, hysteresis: 0)
        #expect(a.threshold == 3072.0 / 32767.5)
        #expect(a.position(-3072) == 0)
        #expect(a.position(-3073) == 3072.5 / 32767.5)
    }

    @Test func hatNegativeHalf() {
        var a = AxisSwitch(range: AbsInfo(minimum: -1, maximum: 1), direction: .negative, threshold: 0.5, hysteresis: 0.1)
        #expect([Int32(-1), -1, 0, 1, -1].map { a.update($0) } == [.press, nil, .release, nil, .press])
    }
}

@Suite struct InputMapperTests {
    static let clock = SessionClock(epochMicroseconds: 0)

    func run(_ profile: DeviceProfile, _ events: [RawEvent], axes: [UInt16: AbsInfo] = [:]) -> [TimedInput] {
        var m = InputMapper(profile: profile, axes: axes)
        return events.flatMap { m.feed($0, clock: Self.clock) }
    }

    static let box = DeviceProfile(name: "box", match: ProfileMatchRule(bus: "usb"), mappings: [
        .key(code: 57, target: .switchID(.select)), .key(code: 28, target: .switchID(.select)),
    ])

    @Test func autorepeatIsNotANewPress() {
        #expect(run(Self.box, [ev(1, "EV_KEY", "KEY_SPACE", 1), syn(1), ev(1.3, "EV_KEY", "KEY_SPACE", 2), syn(1.3),
                               ev(1.4, "EV_KEY", "KEY_SPACE", 0), syn(1.4)])
            == [TimedInput(.switchDown(.select), at: .seconds(1)), TimedInput(.switchUp(.select), at: .seconds(1.4))])
    }

    /// A session that began at monotonic 30 s (a machine 30 s old): a press
    /// stamped 10 s after the boot, queued before the session, is read at
    /// the session's start, never at a negative instant (which the engine
    /// would take as an input from the past).
    @Test func aStampBeforeTheSessionIsItsStart() {
        var m = InputMapper(profile: Self.box, axes: [:])
        let young = SessionClock(epochMicroseconds: 30_000_000)
        #expect([ev(10, "EV_KEY", "KEY_SPACE", 1), syn(10), ev(30.5, "EV_KEY", "KEY_SPACE", 0), syn(30.5)].flatMap { m.feed($0, clock: young) }
            == [TimedInput(.switchDown(.select), at: .zero), TimedInput(.switchUp(.select), at: .milliseconds(500))])
    }

    @Test func nothingIsAppliedBeforeSynReport() {
        #expect(run(Self.box, [ev(1, "EV_KEY", "KEY_SPACE", 1)]) == [])
    }

    @Test func twoSourcesOneTargetGoDownOnceAndUpWithTheLast() {
        #expect(run(Self.box, [ev(1, "EV_KEY", "KEY_SPACE", 1), syn(1), ev(2, "EV_KEY", "KEY_ENTER", 1), syn(2),
                               ev(3, "EV_KEY", "KEY_SPACE", 0), syn(3), ev(4, "EV_KEY", "KEY_ENTER", 0), syn(4)])
            == [TimedInput(.switchDown(.select), at: .seconds(1)), TimedInput(.switchUp(.select), at: .seconds(4))])
    }

    @Test func passthroughKeysCarryModifiersAndSkipButtons() {
        let kbd = DeviceProfile(name: "k", match: ProfileMatchRule(bus: "usb"), mappings: [], passthroughKeys: true)
        #expect(run(kbd, [
            ev(1, "EV_KEY", "KEY_LEFTSHIFT", 1), syn(1), ev(1.1, "EV_KEY", "KEY_TAB", 1), syn(1.1),
            ev(1.2, "EV_KEY", "KEY_TAB", 0), syn(1.2), ev(1.3, "EV_KEY", "KEY_LEFTSHIFT", 0), syn(1.3),
            ev(2, "EV_KEY", "BTN_LEFT", 1), syn(2), ev(3, "EV_KEY", "KEY_A", 1), syn(3),
        ]) == [
            TimedInput(.key(KeyStroke(key: .leftShift, phase: .down)), at: .seconds(1)),
            TimedInput(.key(KeyStroke(key: .tab, modifiers: .shift, phase: .down)), at: .seconds(1.1)),
            TimedInput(.key(KeyStroke(key: .tab, modifiers: .shift, phase: .up)), at: .seconds(1.2)),
            TimedInput(.key(KeyStroke(key: .leftShift, modifiers: .shift, phase: .up)), at: .seconds(1.3)),
            TimedInput(.key(KeyStroke(key: "KEY_A", phase: .down)), at: .seconds(3)),
        ])
    }

    /// A shoulder button mapped to `shift+tab` goes down as Shift then
    /// Tab, and up as Tab then Shift; a hat half is an arrow key.
    @Test func chordTargetsPressTheirKeysInOrderAndReleaseThemInReverse() {
        let pad = DeviceProfile(name: "p", match: ProfileMatchRule(bus: "usb"), mappings: [
            .key(code: 0x136, target: .chord(KeyChord([.leftShift, .tab]))),
            .axis(code: 0x10, direction: .negative, threshold: 0.5, hysteresis: 0.1, target: .key(.left)),
        ])
        let hat = AbsInfo(minimum: -1, maximum: 1, fuzz: 0, flat: 0)
        #expect(run(pad, [
            ev(1, "EV_KEY", "BTN_TL", 1), syn(1), ev(1.5, "EV_KEY", "BTN_TL", 0), syn(1.5),
            ev(2, "EV_ABS", "ABS_HAT0X", -1), syn(2), ev(2.5, "EV_ABS", "ABS_HAT0X", 0), syn(2.5),
        ], axes: [0x10: hat]) == [
            TimedInput(.key(KeyStroke(key: .leftShift, phase: .down)), at: .seconds(1)),
            TimedInput(.key(KeyStroke(key: .tab, modifiers: .shift, phase: .down)), at: .seconds(1)),
            TimedInput(.key(KeyStroke(key: .tab, modifiers: .shift, phase: .up)), at: .seconds(1.5)),
            TimedInput(.key(KeyStroke(key: .leftShift, modifiers: .shift, phase: .up)), at: .seconds(1.5)),
            TimedInput(.key(KeyStroke(key: .left, phase: .down)), at: .seconds(2)),
            TimedInput(.key(KeyStroke(key: .left, phase: .up)), at: .seconds(2.5)),
        ])
        var m = InputMapper(profile: pad, axes: [:])
        _ = m.feed(ev(1, "EV_KEY", "BTN_TL", 1), clock: Self.clock)
        _ = m.feed(syn(1), clock: Self.clock)
        #expect(m.releaseAll(at: .seconds(5)) == [
            TimedInput(.key(KeyStroke(key: .tab, modifiers: .shift, phase: .up)), at: .seconds(5)),
            TimedInput(.key(KeyStroke(key: .leftShift, modifiers: .shift, phase: .up)), at: .seconds(5)),
        ])
    }

    @Test func releaseAllEndsHeldTargets() {
        var m = InputMapper(profile: Self.box, axes: [:])
        _ = m.feed(ev(1, "EV_KEY", "KEY_SPACE", 1), clock: Self.clock)
        _ = m.feed(syn(1), clock: Self.clock)
        #expect(m.releaseAll(at: .seconds(5)) == [TimedInput(.switchUp(.select), at: .seconds(5))])
        #expect(m.releaseAll(at: .seconds(6)) == [])
    }

    @Test func droppedFrameIsDiscarded() {
        #expect(run(Self.box, [ev(1, "EV_KEY", "KEY_SPACE", 1), ev(1, "EV_SYN", "SYN_DROPPED", 0), syn(1)]) == [])
    }

    @Test(arguments: ["KEY_TAB", "KEY_SPACE", "KEY_ENTER", "KEY_ESC", "KEY_LEFT", "KEY_DOWN", "KEY_A", "KEY_7", "KEY_F5", "KEY_PAGEUP",
                      "KEY_BACKSPACE", "KEY_LEFTSHIFT", "KEY_RIGHTMETA", "KEY_FN"])
    func keysKeepTheirLinuxNames(_ evdev: String) {
        #expect(KeyNames.key(forKeyCode: EventCodes.code(named: evdev, type: EventType.key)!) == Key(evdev))
        #expect(Key(linuxName: evdev) == Key(evdev))
    }

    @Test func buttonsAreNotKeys() {
        #expect(KeyNames.key(forKeyCode: 0x130) == nil)
        #expect(Key(linuxName: "BTN_SOUTH") == nil)
        #expect(Key(linuxName: "KEY_NOPE") == nil)
    }

    /// The evdev path names keys as libevdev does; every key name libevdev
    /// gives a code is one the kernel's list (`KernelKeyNames`), which
    /// scenarios, bindings and profiles are checked against, holds: a key a
    /// device sends can always be written. KEY_MAX is a bound, not a key.
    @Test func everyKeyADeviceSendsIsInTheKernelsList() {
        var named = 0
        for code in UInt16(1)..<0x2ff {
            let name = EventCodes.codeName(type: EventType.key, code: code)
            guard name.hasPrefix("KEY_") else { continue }
            named += 1
            #expect(KernelKeyNames.contains(name), "code \(code): \(name)")
            #expect(KeyNames.key(forKeyCode: code) == Key(name))
        }
        #expect(named > 400)
        #expect(KeyNames.key(forKeyCode: 0x2ff) == nil)
    }

    @Test func sysfsCapabilityBitsRoundTrip() {
        #expect(DeviceCapabilities.bits(fromSysfs: "7cdb000000000000 0 0 0 0\n") == [0x130, 0x131, 0x133, 0x134, 0x136, 0x137, 0x13a, 0x13b, 0x13c, 0x13d, 0x13e])
        #expect(DeviceCapabilities.sysfsText(bits: [0x130, 0x131]) == "3000000000000 0000000000000000 0000000000000000 0000000000000000 0000000000000000")
        #expect(DeviceCapabilities.sysfsText(bits: []) == "0")
        #expect(DeviceCapabilities.bits(fromSysfs: "30000 0") == [80, 81])
    }
}

@Suite struct EmergencyChordTests {
    @Test func holdingTheFirstSwitchTenSecondsFires() {
        var c = EmergencyChord()
        #expect(c.handle(TimedInput(.switchDown(.select), at: .seconds(1))) == nil)
        #expect(c.deadline == .seconds(11))
        #expect(c.advance(to: .seconds(10.999)) == nil)
        #expect(c.advance(to: .seconds(11)) == .heldSwitch(.select, .seconds(10)))
        #expect(c.phase == .triggered(.heldSwitch(.select, .seconds(10))))
    }

    @Test func releasingBeforeTenSecondsResets() {
        var c = EmergencyChord()
        _ = c.handle(TimedInput(.switchDown(.select), at: .seconds(1)))
        #expect(c.handle(TimedInput(.switchUp(.select), at: .seconds(9))) == nil)
        #expect(c.deadline == nil)
        #expect(c.advance(to: .seconds(30)) == nil)
        #expect(c.phase == .idle)
    }

    @Test func otherSwitchesDoNotCount() {
        var c = EmergencyChord()
        _ = c.handle(TimedInput(.switchDown(.next), at: .seconds(1)))
        #expect(c.advance(to: .seconds(20)) == nil)
    }

    @Test func inputAfterTheDeadlineFiresFirst() {
        var c = EmergencyChord()
        _ = c.handle(TimedInput(.switchDown(.select), at: .seconds(0)))
        #expect(c.handle(TimedInput(.switchDown(.next), at: .seconds(12))) == .heldSwitch(.select, .seconds(10)))
    }

    static func escape(_ t: Double) -> TimedInput { TimedInput(.key(KeyStroke(key: .escape, phase: .down)), at: .seconds(t)) }

    @Test func fiveEscapesWithinTwoSecondsFire() {
        var c = EmergencyChord()
        #expect([0.0, 0.5, 1.0, 1.5].map { c.handle(Self.escape($0)) } == [nil, nil, nil, nil])
        #expect(c.handle(Self.escape(2.0)) == .escapePresses(5, within: .seconds(2)))
    }

    @Test func fiveEscapesSpreadOverMoreThanTwoSecondsDoNot() {
        var c = EmergencyChord()
        #expect([0.0, 0.6, 1.2, 1.8, 2.4].map { c.handle(Self.escape($0)) } == [nil, nil, nil, nil, nil])
        #expect(c.handle(Self.escape(2.5)) == .escapePresses(5, within: .seconds(2)))   // 0.6…2.5 = 1.9 s
    }

    @Test func triggerDescriptionsSayWhatHappened() {
        #expect(EmergencyChord.Trigger.heldSwitch(.select, .seconds(10)).description == "emergency exit: 'select' held for 10s")
        #expect(EmergencyChord.Trigger.escapePresses(5, within: .seconds(2)).description == "emergency exit: Escape pressed 5 times within 2s")
    }
}

@Suite struct TerminalKeyboardTests {
    @Test(arguments: [
        ([UInt8(0x20)], [TerminalKeyboardAdapter.Action.input(.switchID(.select))]),
        ([0x0d], [.input(.switchID(.next))]),
        ([UInt8(ascii: "n"), UInt8(ascii: "p")], [.input(.switchID(.next)), .input(.switchID(.previous))]),
        ([0x1b, 0x5b, 0x41, 0x1b, 0x5b, 0x44], [.input(.key(.up)), .input(.key(.left))]),
        ([0x1b], [.input(.key(.escape))]),
        ([0x09, 0x03], [.input(.key(.tab)), .interrupt]),
        ([0x04], [.quit]),
        ([UInt8(ascii: "x"), UInt8(ascii: "q")], [.quit]),
    ])
    func bytesDecode(_ bytes: [UInt8], _ expected: [TerminalKeyboardAdapter.Action]) {
        #expect(TerminalKeyboardAdapter.actions(for: bytes) == expected)
    }

    static func chord(_ spec: String) -> TerminalKeyboardAdapter.Action {
        do { return .chord(try KeyChord.parse(spec)) } catch { fatalError("\(error)") }
    }

    @Test(arguments: [
        ([UInt8(ascii: "a"), UInt8(ascii: "Z"), UInt8(ascii: "?")], ["a", "shift+z", "shift+slash"]),
        ([0x20, 0x09, 0x0d, 0x7f], ["space", "tab", "enter", "backspace"]),
        ([0x1b, 0x5b, 0x5a], ["shift+tab"]),
        ([0x1b, 0x5b, 0x41, 0x1b, 0x5b, 0x31, 0x3b, 0x33, 0x44], ["up", "tab+left"]),
        ([0x1b, 0x5b, 0x31, 0x3b, 0x32, 0x42, 0x1b, 0x5b, 0x31, 0x3b, 0x35, 0x43], ["shift+down", "ctrl+right"]),
        ([0x1b, UInt8(ascii: "z"), 0x1b, UInt8(ascii: "h")], ["tab+z", "tab+h"]),
        ([0x1b, 0x09, 0x01], ["ctrl+tab", "ctrl+a"]),
        ([0x1b], ["esc"]),
        ([UInt8(ascii: "q"), 0x03], ["q"]),
    ] as [([UInt8], [String])])
    func keyboardBytesDecodeToChords(_ bytes: [UInt8], _ chords: [String]) {
        let expected = chords.map(Self.chord) + (bytes.last == 0x03 ? [.interrupt] : [])
        #expect(TerminalKeyboardAdapter.keyboardActions(for: bytes) == expected)
    }

    /// The terminal is a keyboard when Full Keyboard Access runs, a switch
    /// box when Switch Control does, an utterance prompt for Voice Control
    /// alone; beside another technology, Voice Control gets the `:` prompt.
    @Test(arguments: [
        ([Technology.fullKeyboardAccess], TerminalKeyboardAdapter.Layout.keyboard, false),
        ([.switchControl], .switches, false),
        ([.voiceControl], .utterances, false),
        ([.fullKeyboardAccess, .voiceControl], .keyboard, true),
        ([.voiceControl, .switchControl], .switches, true),
        ([.switchControl, .fullKeyboardAccess], .keyboard, false),
    ])
    func theTerminalLayoutFollowsTheTechnologies(_ technologies: [Technology], _ layout: TerminalKeyboardAdapter.Layout, _ prompt: Bool) throws {
        let adapter = try TerminalKeyboardAdapter.make(AdapterOptions(profiles: ProfileMatcher(profiles: []), technologies: technologies))
        #expect(adapter.layout == layout)
        #expect(adapter.utterancePrompt == prompt)
        #expect(adapter.promptLine == (layout == .utterances ? "" : nil))
    }

    @Test func startOnANonTerminalIsATypedError() throws {
        let adapter = TerminalKeyboardAdapter(fd: -1)
        #expect(throws: InputDeviceError.system(operation: "raw mode", devnode: "stdin", .notATerminal)) {
            try adapter.start(clock: SessionClock(epochMicroseconds: 0))
        }
    }
}
