import Testing
import ScreenModel
@testable import SwitchyardEngine

@Suite struct TapBehaviorTests {
    @Test func defaultOpensMenuAndEscapeResumes() throws {
        var s = try session(threeButtons)
        _ = s.start(at: .zero)
        #expect(s.press(at: 1200) == [
            hl(1000, B),
            at(1200, .menuShown(items: ["Tap", "Point Mode", "Escape"])), at(1200, .highlighted(.menuItem("Tap"))),
        ])
        // The menu is auto-scanned with the same timing.
        #expect(s.advance(to: ms(3200)) == [at(2200, .highlighted(.menuItem("Point Mode"))), at(3200, .highlighted(.menuItem("Escape")))])
        #expect(s.press(at: 3500) == [at(3500, .menuHidden), hl(3500, B)])
        #expect(s.advance(to: ms(4500)) == [hl(4500, C)])
    }

    @Test func autoTapTapsAfterTheAutoTapTime() throws {
        var s = try session(threeButtons) { $0.tapBehavior = .autoTap }
        _ = s.start(at: .zero)
        #expect(s.press(at: 200) == [])
        #expect(s.pendingTimers == [ScheduledTimer(.switchControl(.autoTap), at: ms(950))])
        #expect(s.advance(to: ms(2000)) == [at(950, .activated(A, at: Point(x: 200, y: 25))), hl(950, A), hl(1950, B)])
    }

    @Test func autoTapSecondPressOpensMenu() throws {
        var s = try session(threeButtons) { $0.tapBehavior = .autoTap }
        _ = s.start(at: .zero)
        #expect(s.press(at: 200) == [])
        #expect(s.press(at: 500) == [
            at(500, .menuShown(items: ["Tap", "Point Mode", "Escape"])), at(500, .highlighted(.menuItem("Tap"))),
        ])
        #expect(s.pendingTimers == [ScheduledTimer(.switchControl(.autoScanStep), at: ms(1500))])
    }

    @Test func alwaysTapTapsAtOnceAndOffersMenuButtonAtCycleEnd() throws {
        var s = try session(threeButtons) { $0.tapBehavior = .alwaysTap }
        _ = s.start(at: .zero)
        #expect(s.press(at: 1500) == [hl(1000, B), at(1500, .activated(B, at: Point(x: 200, y: 125))), hl(1500, A)])
        #expect(s.advance(to: ms(4500)) == [hl(2500, B), hl(3500, C), at(4500, .highlighted(.menuButton))])
        #expect(s.press(at: 5000) == [
            at(5000, .menuShown(items: ["Point Mode", "Escape"])), at(5000, .highlighted(.menuItem("Point Mode"))),
        ])
    }

    @Test func focusedItemAfterTapCurrentItemResumesThere() throws {
        var s = try session(threeButtons) {
            $0.tapBehavior = .alwaysTap
            $0.focusedItemAfterTap = .currentItem
        }
        _ = s.start(at: .zero)
        #expect(s.press(at: 1500) == [hl(1000, B), at(1500, .activated(B, at: Point(x: 200, y: 125))), hl(1500, B)])
        #expect(s.advance(to: ms(2500)) == [hl(2500, C)])
    }

    @Test func holdAndIgnoreRepeatMustBeShorterThanAutoTapTime() throws {
        var settings = SwitchControlSettings()
        settings.holdDuration = .milliseconds(750)
        #expect(throws: SessionError.contradictorySettings("hold-duration 0.75s is not shorter than auto-tap-time 0.75s; Hold Duration must be shorter than the Auto Tap time so that a double press can still open the scanner menu", settings: ["hold-duration", "auto-tap-time"])) {
            _ = try Session(app: threeButtons, configuration: SessionConfiguration(technology: .switchControl(settings)))
        }
        settings.holdDuration = nil
        settings.ignoreRepeat = .seconds(1)
        #expect(throws: SessionError.contradictorySettings("ignore-repeat 1s is not shorter than auto-tap-time 0.75s; Ignore Repeat must be shorter than the Auto Tap time so that a double press can still open the scanner menu", settings: ["ignore-repeat", "auto-tap-time"])) {
            _ = try Session(app: threeButtons, configuration: SessionConfiguration(technology: .switchControl(settings)))
        }
    }
}
