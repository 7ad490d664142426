import Testing
import ScreenModel
@testable import SwitchyardEngine

@Suite struct ManualAndStepTests {
    @Test func manualScanningMovesOnlyWithSwitches() throws {
        var s = try session(threeButtons) {
            $0.scanningStyle = .manualScanning
            $0.switches = manualSwitches
        }
        #expect(s.start(at: .zero) == [bySession(0, .screenChanged(screen: "main")), hl(0, A)])
        #expect(s.advance(to: ms(10_000)) == [])
        #expect(s.pendingTimers == [])
        #expect(s.press(.next, at: 10_000) == [hl(10_000, B)])
        #expect(s.press(.next, at: 11_000) == [hl(11_000, C)])
        #expect(s.press(.next, at: 12_000) == [hl(12_000, A)])
        #expect(s.press(.previous, at: 13_000) == [hl(13_000, C)])
        #expect(s.press(.select, at: 14_000) == [
            at(14_000, .menuShown(items: ["Tap", "Point Mode", "Escape"])), at(14_000, .highlighted(.menuItem("Tap"))),
        ])
        #expect(s.press(.select, at: 15_000) == [
            at(15_000, .menuHidden), at(15_000, .activated(C, at: Point(x: 200, y: 225))), hl(15_000, A),
        ])
    }

    @Test func manualScanningWithOneSwitchIsRejected() throws {
        var settings = SwitchControlSettings()
        settings.scanningStyle = .manualScanning
        let twoSwitches = SessionError.contradictorySettings("Manual Scanning needs at least two switches, one that moves (move-to-next-item or move-to-previous-item) and one that selects (select-item or tap); configured: select. Add a switch, e.g. {\"switch\": \"next\", \"action\": \"move-to-next-item\"}, or use auto-scanning.", settings: ["switches", "scanning-style"])
        #expect(throws: twoSwitches) {
            _ = try Session(app: threeButtons, configuration: SessionConfiguration(technology: .switchControl(settings)))
        }
        #expect(twoSwitches.description
            == "error: Manual Scanning needs at least two switches, one that moves (move-to-next-item or move-to-previous-item) and one that selects (select-item or tap); configured: select. Add a switch, e.g. {\"switch\": \"next\", \"action\": \"move-to-next-item\"}, or use auto-scanning.")
    }

    @Test func singleSwitchStepScanningSelectsAfterDwell() throws {
        var s = try session(threeButtons) {
            $0.scanningStyle = .singleSwitchStepScanning
            $0.dwellTime = .milliseconds(1500)
        }
        #expect(s.start(at: .zero) == [bySession(0, .screenChanged(screen: "main")), hl(0, A)])
        #expect(s.advance(to: ms(5000)) == [])
        #expect(s.press(at: 5000) == [hl(5000, B)])
        #expect(s.pendingTimers == [ScheduledTimer(.switchControl(.dwell), at: ms(6500))])
        #expect(s.press(at: 6000) == [hl(6000, C)])
        #expect(s.advance(to: ms(7500)) == [
            at(7500, .menuShown(items: ["Tap", "Point Mode", "Escape"])), at(7500, .highlighted(.menuItem("Tap"))),
        ])
        // The menu is stepped the same way: dwell on "Tap" taps.
        #expect(s.advance(to: ms(20_000)) == [])
        #expect(s.press(at: 20_000) == [at(20_000, .highlighted(.menuItem("Point Mode")))])
        #expect(s.press(at: 20_500) == [at(20_500, .highlighted(.menuItem("Escape")))])
        #expect(s.advance(to: ms(22_000)) == [at(22_000, .menuHidden), hl(22_000, C)])
    }

    /// scanning-models.md V9, linear: Android step scanning reaches item i
    /// with i + 1 presses (the first Next highlights item 1; Select taps).
    @Test(arguments: [1, 2, 5, 8])
    func v9LinearStepScanPresses(_ i: Int) throws {
        let s = try session(column(8)) {
            $0.scanningStyle = .manualScanning
            $0.switches = manualSwitches
            $0.startHighlighted = false
            $0.tapBehavior = .alwaysTap
            $0.groupItems = false
        }
        var p = PressCounter(s)
        for _ in 0..<i { p.press(.next) }
        p.press(.select)
        #expect(p.tapped == ["\(i)"])
        #expect(p.presses == i + 1)
    }

    /// scanning-models.md V9, row-column: r + c + 1 presses (rows from a crowded level).
    @Test(arguments: [(1, 1), (2, 3), (3, 2), (3, 3)])
    func v9RowColumnStepScanPresses(_ r: Int, _ c: Int) throws {
        var keys: [String] = []
        for row in 1...3 { for col in 1...3 { keys.append(button("\(row)\(col)", y: (row - 1) * 60, x: (col - 1) * 130, width: 120)) } }
        let s = try session(makeApp([("main", keys)])) {
            $0.scanningStyle = .manualScanning
            $0.switches = manualSwitches
            $0.startHighlighted = false
            $0.tapBehavior = .alwaysTap
        }
        var p = PressCounter(s)
        for _ in 0..<r { p.press(.next) }
        p.press(.select)
        for _ in 0..<(c - 1) { p.press(.next) }
        p.press(.select)
        #expect(p.tapped == ["\(r)\(c)"])
        #expect(p.presses == r + c + 1)
    }
}

/// Presses switches one second apart on a started session, counting presses
/// and keeping the labels of what was tapped (the V9 press counts).
struct PressCounter {
    var session: Session
    var presses = 0
    var t: Int64 = 1000
    var tapped: [String] = []

    init(_ session: Session) {
        self.session = session
        _ = self.session.start(at: .zero)
    }

    mutating func press(_ id: SwitchID) {
        presses += 1
        for e in session.press(id, at: t) { if case .activated(let r?, _) = e.event { tapped.append(r.label!) } }
        t += 1000
    }
}
