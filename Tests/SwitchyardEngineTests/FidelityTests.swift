import Testing
import Diagnostics
import ScreenModel
@testable import SwitchyardEngine

/// Switch Control as a switch user knows it: the rules docs/switch-control.md
/// states with a source or a model-choice tag, one test each.
@Suite struct FidelityTests {
    /// Always Tap: the menu button ends every level's pass, so a user inside
    /// a group reaches the menu without leaving it; Escape returns there.
    @Test func alwaysTapMenuButtonEndsEveryLevelsPass() throws {
        var s = try session(grouped) { $0.tapBehavior = .alwaysTap }
        _ = s.start(at: .zero)
        #expect(s.advance(to: ms(4000)) == [
            at(1000, .highlighted(.group(frame: listFrame, count: 3))), hl(2000, Y), at(3000, .highlighted(.menuButton)), hl(4000, X),
        ])
        _ = s.advance(to: ms(5000))
        #expect(s.press(at: 5100) == [hl(5100, L1)])
        #expect(s.advance(to: ms(9100)) == [
            hl(6100, L2), hl(7100, L3), at(8100, .highlighted(.groupExit(frame: listFrame))), at(9100, .highlighted(.menuButton)),
        ])
        #expect(s.press(at: 9200) == [at(9200, .menuShown(items: ["Point Mode", "Escape"])), at(9200, .highlighted(.menuItem("Point Mode")))])
        _ = s.advance(to: ms(10200))
        #expect(s.press(at: 10300) == [at(10300, .menuHidden), at(10300, .highlighted(.menuButton))])
        #expect(s.advance(to: ms(11300)) == [hl(11300, L1)])
    }

    /// Android's auto-select has no menu button in the scan (`menu-button: none`).
    @Test func alwaysTapWithoutAMenuButton() throws {
        var s = try session(threeButtons) {
            $0.tapBehavior = .alwaysTap
            $0.menuButton = .none
        }
        _ = s.start(at: .zero)
        #expect(s.advance(to: ms(3000)) == [hl(1000, B), hl(2000, C), hl(3000, A)])
    }

    /// Always Tap's menu button belongs to item mode: a session that starts
    /// in point mode and turns to item mode from the scanner menu ends each
    /// pass with the menu button, as one that started in item mode does.
    @Test func itemModeChosenFromPointModeEndsEachPassWithTheMenuButton() throws {
        var s = try session(threeButtons) {
            $0.mode = .point
            $0.tapBehavior = .alwaysTap
            $0.glidingCursorSelection = .single
            $0.glidingCursorSpeed = 25
        }
        _ = s.start(at: .zero)
        _ = s.press(at: 1500)                       // x = 150
        #expect(s.press(at: 3600).suffix(2) == [
            at(3600, .menuShown(items: ["Tap", "Refine Selection", "Item Mode", "Escape"])), at(3600, .highlighted(.menuItem("Tap"))),
        ])
        #expect(s.advance(to: ms(5600)).last == at(5600, .highlighted(.menuItem("Item Mode"))))
        #expect(s.press(at: 5700) == [at(5700, .menuHidden), hl(5700, A)])
        #expect(s.advance(to: ms(9700)) == [hl(6700, B), hl(7700, C), at(8700, .highlighted(.menuButton)), hl(9700, A)])
    }

    /// Apple: "press Select when the item is highlighted" dismisses the menu.
    /// The menu's scan ends on the element itself.
    @Test func selectingTheItemItselfClosesTheMenu() throws {
        var s = try manual(threeButtons)
        _ = s.start(at: .zero)
        #expect(s.press(at: 100) == [at(100, .menuShown(items: ["Tap", "Point Mode", "Escape"])), at(100, .highlighted(.menuItem("Tap")))])
        #expect(s.presentation.scannerMenu == ScannerMenuPresentation(items: ["Tap", "Point Mode", "Escape"], highlightedItem: 0, target: A))
        #expect(s.press(.previous, at: 200) == [hl(200, A)])
        #expect(s.presentation.scannerMenu?.highlightedItem == nil)
        #expect(s.press(at: 300) == [at(300, .menuHidden), hl(300, A)])
        #expect(s.presentation.scannerMenu == nil)
    }

    /// Point scanning waits Pause on First Item before each sweep, as
    /// Android's point scan waits D0 (scanning-models.md V11).
    @Test func pointModePausesBeforeEachSweep() throws {
        var s = try session(threeButtons) {
            $0.mode = .point
            $0.glidingCursorSelection = .single
            $0.glidingCursorSpeed = 25
            $0.pauseOnFirstItem = .milliseconds(700)
        }
        #expect(s.start(at: .zero) == [bySession(0, .screenChanged(screen: "main")), at(0, .highlighted(.pointLine(axis: .x, position: 0)))])
        #expect(s.advance(to: ms(700)) == [at(700, .highlighted(.pointSweep(axis: .x, stage: .coarse, from: 0, to: 400, duration: .seconds(4))))])
        #expect(s.press(at: 2200) == [
            at(2200, .highlighted(.pointLine(axis: .x, position: 150))), at(2200, .highlighted(.pointLine(axis: .y, position: 0))),
        ])
        #expect(s.advance(to: ms(2900)) == [at(2900, .highlighted(.pointSweep(axis: .y, stage: .coarse, from: 0, to: 800, duration: .seconds(8))))])
        #expect(s.press(at: 3100) == [
            at(3100, .highlighted(.pointLine(axis: .y, position: 20))),
            at(3100, .menuShown(items: ["Tap", "Refine Selection", "Item Mode", "Escape"])), at(3100, .highlighted(.menuItem("Tap"))),
        ])
    }

    /// Refine Selection in the point menu sweeps each axis again in the fine
    /// band around the chosen point (band / 4 wide, speed / 16).
    @Test func refineSelectionSweepsTheFineBandAroundThePoint() throws {
        var s = try manual(threeButtons) {
            $0.mode = .point
            $0.glidingCursorSelection = .single
            $0.glidingCursorSpeed = 25
        }
        _ = s.start(at: .zero)
        _ = s.press(at: 1500)                       // x = 150
        _ = s.press(at: 1700)                       // y = 20
        #expect(s.press(.next, at: 1800) == [at(1800, .highlighted(.menuItem("Refine Selection")))])
        #expect(s.press(at: 1900) == [
            at(1900, .menuHidden), at(1900, .highlighted(.pointSweep(axis: .x, stage: .fine, from: 140, to: 160, duration: .milliseconds(3200)))),
        ])
        #expect(s.press(at: 2700) == [
            at(2700, .highlighted(.pointLine(axis: .x, position: 145))),
            at(2700, .highlighted(.pointSweep(axis: .y, stage: .fine, from: 10, to: 30, duration: .milliseconds(3200)))),
        ])
        #expect(s.press(at: 3500) == [
            at(3500, .highlighted(.pointLine(axis: .y, position: 15))),
            at(3500, .menuShown(items: ["Tap", "Refine Selection", "Item Mode", "Escape"])), at(3500, .highlighted(.menuItem("Tap"))),
        ])
        #expect(s.press(at: 3600) == [
            at(3600, .menuHidden), at(3600, .activated(A, at: Point(x: 145, y: 15))),
            at(3600, .highlighted(.pointSweep(axis: .x, stage: .coarse, from: 0, to: 400, duration: .seconds(4)))),
        ])
    }

    /// A sweep frozen by a held press resumes from where the line stopped.
    @Test func aFrozenSweepResumesWhereTheLineStood() throws {
        var s = try session(threeButtons) {
            $0.mode = .point
            $0.glidingCursorSelection = .single
            $0.glidingCursorSpeed = 25
            $0.holdDuration = .milliseconds(200)
        }
        _ = s.start(at: .zero)
        #expect(s.handle(down(.select, 1000)) == [])
        #expect(s.handle(up(.select, 1100)) == [
            at(1100, .inputIgnored(.switchDown(.select), reason: .holdDurationNotReached)),
            at(1100, .highlighted(.pointSweep(axis: .x, stage: .coarse, from: 100, to: 400, duration: .seconds(3)))),
        ])
        #expect(s.pendingTimers == [ScheduledTimer(.switchControl(.sweepEnd), at: ms(4100))])
    }

    /// Row-column scanning: with `max-group-size` 10 a 3 × 10 grid scans as
    /// three rows of ten (not row → block of 5 → key).
    @Test func rowColumnScanningWithMaxGroupSizeTen() throws {
        var keys: [String] = []
        for r in 0..<3 {
            for c in 0..<10 {
                keys.append("{\"label\": \"k\(r)\(c)\", \"traits\": [\"keyboardKey\"], \"frame\": {\"x\": \(c * 40), \"y\": \(r * 60), \"width\": 36, \"height\": 50}}")
            }
        }
        let grid = makeApp([("keys", keys)])
        var s = try session(grid) { $0.maxGroupSize = 10 }
        func row(_ r: Int) -> Highlight { .group(frame: Rect(x: 0, y: Double(r * 60), width: 396, height: 50), count: 10) }
        #expect(s.start(at: .zero) == [bySession(0, .screenChanged(screen: "keys")), at(0, .highlighted(row(0)))])
        #expect(s.advance(to: ms(2000)) == [at(1000, .highlighted(row(1))), at(2000, .highlighted(row(2)))])
        let k20 = ElementRef(screen: "keys", index: 21, label: "k20", identifier: nil, frame: Rect(x: 0, y: 120, width: 36, height: 50))
        #expect(s.press(at: 2100) == [at(2100, .highlighted(.element(k20)))])
    }

    /// A `set` in the middle of a session applies from that instant: the step
    /// already scheduled keeps its time; the next uses the new one.
    @Test func reconfiguringAppliesFromTheInstantItIsMade() throws {
        var s = try session(threeButtons)
        _ = s.start(at: .zero)
        var slower = SwitchControlSettings()
        slower.autoScanningTime = .seconds(2)
        #expect(try s.reconfigure(.switchControl(slower), at: ms(2500)) == [hl(1000, B), hl(2000, C)])
        #expect(s.advance(to: ms(7000)) == [hl(3000, A), hl(5000, B), hl(7000, C)])
        var grouped = slower
        grouped.scanningStyle = .manualScanning
        #expect(throws: SessionError.contradictorySettings("Manual Scanning needs at least two switches, one that moves (move-to-next-item or move-to-previous-item) and one that selects (select-item or tap); configured: select. Add a switch, e.g. {\"switch\": \"next\", \"action\": \"move-to-next-item\"}, or use auto-scanning.", settings: ["switches", "scanning-style"])) {
            _ = try s.reconfigure(.switchControl(grouped), at: ms(7500))
        }
    }

    /// Apple's ranges (defaults table of the spec): Auto Scanning Time
    /// 0.05–25 s in steps of 0.05, Loops 1–10; `apple-ranges: false` widens
    /// them to the hard limits (1 ms – 1 h), which nothing can pass.
    @Test(arguments: [
        ("auto-scanning-time", "0.02", "setting 'auto-scanning-time' cannot be 0.02s; expected a time from 0.05s to 25s in steps of 0.05s (Apple's range; \"apple-ranges\": false allows 0.001s to 3600s)"),
        ("auto-scanning-time", "1.37", "setting 'auto-scanning-time' cannot be 1.37s; expected a time from 0.05s to 25s in steps of 0.05s (Apple's range; \"apple-ranges\": false allows 0.001s to 3600s)"),
        ("loops", "11", "setting 'loops' cannot be 11; expected a whole number from 1 to 10 (Apple's range; \"apple-ranges\": false allows 1 to 1000000)"),
        ("hold-duration", "0.05", "setting 'hold-duration' cannot be 0.05s; expected a time from 0.1s to 10s in steps of 0.05s (Apple's range; \"apple-ranges\": false allows 0.001s to 3600s)"),
        ("move-repeat", "0.05", "setting 'move-repeat' cannot be 0.05s; expected a time from 0.1s to 25s in steps of 0.05s (Apple's range; \"apple-ranges\": false allows 0.001s to 3600s)"),
    ])
    func settingsOutsideApplesRangesAreRejected(_ name: String, _ value: String, _ message: String) throws {
        var settings = SwitchControlSettings()
        try settings.set(name, value)
        #expect(throws: SessionError.self) { try settings.validate() }
        do {
            try settings.validate()
        } catch {
            #expect(error.message == message)
        }
        try settings.set("apple-ranges", "false")
        try settings.validate()
    }

    @Test(arguments: ["0.0000001", "0", "-1", "nan", "inf", "1e300"])
    func durationsOutsideTheHardLimitsAreRejectedAsWritten(_ value: String) {
        #expect(throws: SettingsError(.invalidValue(name: "auto-scanning-time", value: value, expected: "a number of seconds from 0.001 to 3600"))) {
            var settings = SwitchControlSettings()
            try settings.set("auto-scanning-time", value)
        }
    }

    @Test func aSettingsFileReportsARangeProblemAtItsValue() {
        let json = Array("{\n  \"loops\": 12,\n  \"auto-scanning-time\": 0.5\n}".utf8)
        #expect(throws: SettingsError(.invalidValue(name: "loops", value: "12", expected: "a whole number from 1 to 10 (Apple's range; \"apple-ranges\": false allows 1 to 1000000)"),
                                      at: SourceLocation(file: "s.json", line: 2, column: 12))) {
            _ = try SwitchControlSettings.load(json: json, file: "s.json")
        }
        #expect((try? SwitchControlSettings.load(json: Array("{\"loops\": 12, \"apple-ranges\": false}".utf8), file: "s.json"))?.loops == 12)
    }

    /// No timer may fire twice at one instant for the same reason.
    @Test func theTimerQueueRefusesToRefireATimerAtTheSameInstant() {
        var q = TimerQueue()
        #expect(q.schedule(.switchControl(.autoScanStep), at: ms(5), now: ms(0)) == true)
        #expect(q.popDue(upTo: ms(5))?.timer == .switchControl(.autoScanStep))
        #expect(q.schedule(.switchControl(.autoScanStep), at: ms(5), now: ms(5)) == false)
        #expect(q.schedule(.switchControl(.dwell), at: ms(5), now: ms(5)) == true)
        #expect(q.schedule(.switchControl(.autoScanStep), at: ms(6), now: ms(5)) == true)
        #expect(q.scheduled == [ScheduledTimer(.switchControl(.dwell), at: ms(5)), ScheduledTimer(.switchControl(.autoScanStep), at: ms(6))])
    }

    @Test func aSessionIsSendable() throws {
        let s = try session(threeButtons)
        let boxed: any Sendable = s
        #expect(boxed is Session)
    }
}
