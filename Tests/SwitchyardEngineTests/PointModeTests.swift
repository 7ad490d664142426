import Testing
import ScreenModel
@testable import SwitchyardEngine

/// Speed 25 → 100 points per second: x sweeps 0→400 in 4 s, y 0→800 in 8 s.
@Suite struct PointModeTests {
    /// Changed on purpose: the point menu offers Refine Selection.
    @Test func singleSweepsThenHitsTheElementUnderThePointMenuOffersRefineSelection() throws {
        var s = try session(threeButtons) {
            $0.mode = .point
            $0.glidingCursorSelection = .single
            $0.glidingCursorSpeed = 25
        }
        #expect(s.start(at: .zero) == [
            bySession(0, .screenChanged(screen: "main")),
            at(0, .highlighted(.pointSweep(axis: .x, stage: .coarse, from: 0, to: 400, duration: .seconds(4)))),
        ])
        #expect(s.press(at: 1500) == [
            at(1500, .highlighted(.pointLine(axis: .x, position: 150))),
            at(1500, .highlighted(.pointSweep(axis: .y, stage: .coarse, from: 0, to: 800, duration: .seconds(8)))),
        ])
        #expect(s.press(at: 3600) == [
            at(3600, .highlighted(.pointLine(axis: .y, position: 210))),
            at(3600, .menuShown(items: ["Tap", "Refine Selection", "Item Mode", "Escape"])), at(3600, .highlighted(.menuItem("Tap"))),
        ])
        #expect(s.press(at: 4000) == [
            at(4000, .menuHidden),
            at(4000, .activated(C, at: Point(x: 150, y: 210))),
            at(4000, .highlighted(.pointSweep(axis: .x, stage: .coarse, from: 0, to: 400, duration: .seconds(4)))),
        ])
    }

    @Test func refinedSweepsABandAtAQuarterOfTheSpeedAndMissesHitNothing() throws {
        var s = try session(threeButtons) {
            $0.mode = .point
            $0.glidingCursorSpeed = 25
            $0.tapBehavior = .autoTap
        }
        _ = s.start(at: .zero)
        #expect(s.press(at: 1500) == [
            at(1500, .highlighted(.pointLine(axis: .x, position: 150))),
            at(1500, .highlighted(.pointSweep(axis: .x, stage: .refine, from: 110, to: 190, duration: .milliseconds(3200)))),
        ])
        #expect(s.press(at: 2700) == [
            at(2700, .highlighted(.pointLine(axis: .x, position: 140))),
            at(2700, .highlighted(.pointSweep(axis: .y, stage: .coarse, from: 0, to: 800, duration: .seconds(8)))),
        ])
        #expect(s.press(at: 5700) == [
            at(5700, .highlighted(.pointLine(axis: .y, position: 300))),
            at(5700, .highlighted(.pointSweep(axis: .y, stage: .refine, from: 260, to: 340, duration: .milliseconds(3200)))),
        ])
        #expect(s.press(at: 6100) == [at(6100, .highlighted(.pointLine(axis: .y, position: 270)))])
        // Auto Tap: the tap lands at the point after 0.75 s; nothing is under it.
        #expect(s.advance(to: ms(6850)) == [
            at(6850, .activated(nil, at: Point(x: 140, y: 270))),
            at(6850, .highlighted(.pointSweep(axis: .x, stage: .coarse, from: 0, to: 400, duration: .seconds(4)))),
        ])
    }

    @Test func preciseAddsASlowFinalSweepAndLoopsEndTheSweep() throws {
        var s = try session(threeButtons) {
            $0.mode = .point
            $0.glidingCursorSpeed = 25
            $0.glidingCursorSelection = .precise
            $0.loops = 2
        }
        _ = s.start(at: .zero)
        _ = s.press(at: 1500)
        #expect(s.press(at: 2700) == [
            at(2700, .highlighted(.pointLine(axis: .x, position: 140))),
            at(2700, .highlighted(.pointSweep(axis: .x, stage: .fine, from: 130, to: 150, duration: .milliseconds(3200)))),
        ])
        #expect(s.advance(to: ms(10_000)) == [
            at(5900, .highlighted(.pointSweep(axis: .x, stage: .fine, from: 130, to: 150, duration: .milliseconds(3200)))),
            at(9100, .scanningStopped(reason: "loops")),
        ])
    }

    @Test func menuSwitchesBetweenItemAndPointMode() throws {
        var s = try session(threeButtons) { $0.glidingCursorSpeed = 25 }
        _ = s.start(at: .zero)
        _ = s.press(at: 100)
        #expect(s.advance(to: ms(1100)) == [at(1100, .highlighted(.menuItem("Point Mode")))])
        #expect(s.press(at: 1200) == [
            at(1200, .menuHidden),
            at(1200, .highlighted(.pointSweep(axis: .x, stage: .coarse, from: 0, to: 400, duration: .seconds(4)))),
        ])
    }
}
