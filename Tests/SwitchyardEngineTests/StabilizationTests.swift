import Testing
import ScreenModel
@testable import SwitchyardEngine

@Suite struct StabilizationTests {
    static let menu: [TimedEvent] = []

    /// Changed on purpose: a press being held freezes scanning (the scan
    /// step waits), and a brush that comes to nothing resumes it with the
    /// time it had left.
    @Test func holdDurationIgnoresShortPressesMeasuredFromSwitchDownAndFreezesTheScan() throws {
        var s = try session(threeButtons) { $0.holdDuration = .milliseconds(100) }
        _ = s.start(at: .zero)
        #expect(s.handle(down(.select, 300)) == [])
        #expect(s.pendingTimers == [ScheduledTimer(.switchControl(.hold(switch: 0)), at: ms(400))])
        #expect(s.handle(up(.select, 350)) == [at(350, .inputIgnored(.switchDown(.select), reason: .holdDurationNotReached))])
        #expect(s.pendingTimers == [ScheduledTimer(.switchControl(.autoScanStep), at: ms(1050))])
        #expect(s.handle(down(.select, 500)) == [])
        #expect(s.handle(up(.select, 700)) == [
            at(600, .menuShown(items: ["Tap", "Point Mode", "Escape"])), at(600, .highlighted(.menuItem("Tap"))),
        ])
    }

    /// The case: a press at 0.9 s held 0.3 s, Hold Duration 0.2 s,
    /// scanning 1 s, acts on item 1 (highlighted at the down), not item 2.
    @Test func thePressActsOnWhatWasHighlightedWhenTheSwitchWentDown() throws {
        var s = try session(threeButtons) {
            $0.holdDuration = .milliseconds(200)
            $0.tapBehavior = .alwaysTap
        }
        _ = s.start(at: .zero)
        #expect(s.press(at: 900, length: 300) == [at(1100, .activated(A, at: Point(x: 200, y: 25))), hl(1100, A)])
    }

    /// `freeze-scan-while-held: false` keeps scanning moving under a held
    /// switch: the press acts where the highlight is when it is accepted.
    @Test func withoutFreezingThePressActsWhereTheHighlightIsWhenAccepted() throws {
        var s = try session(threeButtons) {
            $0.holdDuration = .milliseconds(200)
            $0.tapBehavior = .alwaysTap
            $0.freezeScanWhileHeld = false
        }
        _ = s.start(at: .zero)
        #expect(s.press(at: 900, length: 300) == [hl(1000, B), at(1100, .activated(B, at: Point(x: 200, y: 125))), hl(1100, A)])
    }

    /// [model choice] Ignore Repeat drops repeats of the same switch only: a
    /// press of another switch inside the window counts.
    @Test func ignoreRepeatDropsRepeatsOfTheSameSwitchOnly() throws {
        var s = try session(threeButtons) {
            $0.scanningStyle = .manualScanning
            $0.switches = manualSwitches
            $0.ignoreRepeat = .milliseconds(300)
        }
        _ = s.start(at: .zero)
        #expect(s.press(.next, at: 100) == [hl(100, B)])
        #expect(s.press(.next, at: 200) == [at(200, .inputIgnored(.switchDown(.next), reason: .ignoreRepeat))])
        #expect(s.press(.previous, at: 250) == [hl(250, A)])
        #expect(s.press(.next, at: 400) == [hl(400, B)])
    }

    @Test func ignoreRepeatDropsPressesInsideTheWindow() throws {
        var s = try session(threeButtons) {
            $0.tapBehavior = .alwaysTap
            $0.ignoreRepeat = .milliseconds(300)
        }
        _ = s.start(at: .zero)
        #expect(s.press(at: 200) == [at(200, .activated(A, at: Point(x: 200, y: 25))), hl(200, A)])
        #expect(s.press(at: 400) == [at(400, .inputIgnored(.switchDown(.select), reason: .ignoreRepeat))])
        #expect(s.press(at: 500) == [at(500, .activated(A, at: Point(x: 200, y: 25))), hl(500, A)])
    }

    @Test func moveRepeatRepeatsWhileHeldFirstRepeatAfterTheDelay() throws {
        var s = try session(threeButtons) {
            $0.scanningStyle = .manualScanning
            $0.switches = manualSwitches
            $0.moveRepeat = .milliseconds(500)
        }
        _ = s.start(at: .zero)
        #expect(s.handle(down(.next, 1000)) == [hl(1000, B)])
        #expect(s.advance(to: ms(2200)) == [hl(1500, C), hl(2000, A)])
        #expect(s.handle(up(.next, 2200)) == [])
        #expect(s.pendingTimers == [])
    }

    /// Changed on purpose: while the switch is held towards the Long Press
    /// time, scanning is frozen, so the long-press Tap lands on the item
    /// highlighted at the down (A), not on the one scanning reached (B).
    @Test func longPressRunsTheLongPressActionOnTheItemHighlightedAtTheDown() throws {
        var s = try session(threeButtons) {
            $0.longPress = .seconds(1)
            $0.switches = [SwitchAssignment(.select, .selectItem, longPress: .tap)]
        }
        _ = s.start(at: .zero)
        // Released before the Long Press time: the normal action, at release.
        #expect(s.press(at: 200, length: 300) == [
            at(500, .menuShown(items: ["Tap", "Point Mode", "Escape"])), at(500, .highlighted(.menuItem("Tap"))),
        ])
        #expect(s.press(at: 700) == [at(750, .menuHidden), at(750, .activated(A, at: Point(x: 200, y: 25))), hl(750, A)])
        // Held: the long-press action (Tap) at down + 1 s; the release does nothing.
        #expect(s.handle(down(.select, 900)) == [])
        #expect(s.advance(to: ms(1900)) == [at(1900, .activated(A, at: Point(x: 200, y: 25))), hl(1900, A)])
        #expect(s.handle(up(.select, 2500)) == [])
    }

    @Test func unassignedSwitchesAndOtherInputsAreIgnoredWithAReason() throws {
        var s = try session(threeButtons)
        _ = s.start(at: .zero)
        #expect(s.handle(down("foot", 100)) == [at(100, .inputIgnored(.switchDown("foot"), reason: .unassignedSwitch))])
        #expect(s.handle(up(.select, 150)) == [at(150, .inputIgnored(.switchUp(.select), reason: .unpairedSwitchTransition))])
        #expect(s.handle(TimedInput(.utterance("tap A"), at: ms(200))) == [bySession(200, .inputIgnored(.utterance("tap A"), reason: .notHandledByTechnology))])
        #expect(s.handle(TimedInput(.deviceAdded("Switch Interface"), at: ms(300))) == [bySession(300, .deviceAdded("Switch Interface"))])
    }
}
