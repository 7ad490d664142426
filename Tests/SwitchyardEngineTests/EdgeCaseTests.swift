import Testing
import ScreenModel
@testable import SwitchyardEngine

@Suite struct EdgeCaseTests {
    @Test func aMoveDuringAutoScanningRestartsTheDwellAndTheLoopCount() throws {
        var s = try session(threeButtons) {
            $0.loops = 1
            $0.switches = [SwitchAssignment(.select, .selectItem), SwitchAssignment(.next, .moveToNextItem)]
        }
        _ = s.start(at: .zero)
        #expect(s.press(.next, at: 2500) == [hl(1000, B), hl(2000, C), hl(2500, A)])
        #expect(s.advance(to: ms(6000)) == [hl(3500, B), hl(4500, C), at(5500, .scanningStopped(reason: "loops"))])
    }

    /// Changed on purpose: the menu's scan ends on the element itself (Select
    /// there closes the menu) before the loops run out.
    @Test func menuLoopsRunningOutCloseTheMenuAsEscapeAfterReturningToTheItem() throws {
        var s = try session(threeButtons) { $0.loops = 1 }
        _ = s.start(at: .zero)
        _ = s.press(at: 100)
        #expect(s.advance(to: ms(4100)) == [
            at(1100, .highlighted(.menuItem("Point Mode"))), at(2100, .highlighted(.menuItem("Escape"))),
            hl(3100, A), at(4100, .menuHidden), hl(4100, A),
        ])
    }

    @Test func pointTapHitsTheTopmostElementInsideTheModal() throws {
        let app = makeApp([("main", [
            button("Under", y: 0, width: 400),
            "{\"traits\": [\"isModal\"], \"children\": [\(button("Over", y: 0, width: 200)), \(button("Side", y: 300))]}",
        ])])
        var s = try session(app) {
            $0.mode = .point
            $0.glidingCursorSelection = .single
            $0.glidingCursorSpeed = 25
            $0.tapBehavior = .autoTap
        }
        _ = s.start(at: .zero)
        _ = s.press(at: 1000)   // x = 100
        _ = s.press(at: 1200)   // y = 20
        #expect(s.advance(to: ms(1950)) == [
            at(1950, .activated(ref("Over", 3, y: 0, width: 200), at: Point(x: 100, y: 20))),
            at(1950, .highlighted(.pointSweep(axis: .x, stage: .coarse, from: 0, to: 400, duration: .seconds(4)))),
        ])
        // x = 300, y = 20: only "Under" (outside the modal) is there, so the tap hits nothing.
        _ = s.press(at: 4950)
        _ = s.press(at: 5150)
        #expect(s.advance(to: ms(5900)) == [
            at(5900, .activated(nil, at: Point(x: 300, y: 20))),
            at(5900, .highlighted(.pointSweep(axis: .x, stage: .coarse, from: 0, to: 400, duration: .seconds(4)))),
        ])
    }

    /// An effect the app model asks for and cannot have (`dismiss` on the
    /// start screen) is the model's error, said of the element that asked;
    /// an input from the past is the engine's `bug`. Neither is dropped.
    @Test func unexpectedCasesAreLoggedNotDropped() throws {
        let app = makeApp([("main", [button("Close", y: 0, "\"onActivate\": [{\"effect\": \"dismiss\"}]")])])
        var s = try session(app) { $0.tapBehavior = .alwaysTap }
        _ = s.start(at: .zero)
        let close = ref("Close", 1, y: 0)
        #expect(s.press(at: 100) == [
            at(100, .activated(close, at: Point(x: 200, y: 25))),
            at(100, .appModelError(close, message: "dismiss on the start screen 'main': nothing to go back to")),
            hl(100, close),
        ])
        _ = s.advance(to: ms(500))
        #expect(s.handle(down(.select, 200)) == [
            bySession(500, .bug("input at 0.2s is before the session's now 0.5s; handled at 0.5s")),
            at(500, .activated(close, at: Point(x: 200, y: 25))),
            at(500, .appModelError(close, message: "dismiss on the start screen 'main': nothing to go back to")),
            hl(500, close),
        ])
    }

    @Test func nextDeadlineAndHighlightForALiveLoop() throws {
        var s = try session(threeButtons) { $0.tapBehavior = .autoTap }
        #expect(s.nextDeadline == nil)
        _ = s.start(at: ms(1000))
        #expect(s.now == ms(1000))
        #expect(s.nextDeadline == ms(2000))
        #expect(s.highlighted == .element(A))
        _ = s.press(at: 1100)
        #expect(s.nextDeadline == ms(1850))
        #expect(s.highlighted == .element(A))
    }

    @Test func toggledTraitsRebuildTheOrder() throws {
        let app = makeApp([("main", [
            button("Lock", y: 0, "\"onActivate\": [{\"effect\": \"toggleTrait\", \"trait\": \"notEnabled\", \"target\": \"pay\"}]"),
            button("Pay", y: 100),
            button("Help", y: 200),
        ])])
        var s = try session(app) { $0.tapBehavior = .alwaysTap }
        _ = s.start(at: .zero)
        let lock = ref("Lock", 1, y: 0)
        #expect(s.press(at: 100) == [
            at(100, .activated(lock, at: Point(x: 200, y: 25))),
            at(100, .traitsChanged(ref("Pay", 2, y: 100), traits: [.button, .notEnabled])),
            hl(100, lock),
        ])
        #expect(s.advance(to: ms(2100)) == [hl(1100, ref("Help", 3, y: 200)), at(2100, .highlighted(.menuButton))])
    }
}

@Suite struct TraceTests {
    @Test func everyTransitionIsTraced() throws {
        var s = try session(threeButtons) { $0.holdDuration = .milliseconds(100) }
        _ = s.start(at: .zero)
        s.traceTransitions()
        _ = s.advance(to: ms(1000))
        _ = s.press(at: 1200, length: 200)
        #expect(s.transitions == [
            "1s items(level 0 position 0 passes 0) → timer(autoScanStep) → items(level 0 position 1 passes 0)",
            "1.2s items(level 0 position 1 passes 0) → switchDown(select) → items(level 0 position 1 passes 0)",
            "1.3s items(level 0 position 1 passes 0) → switchTimer(select, holding(down: 1.2s)) → menu(0/3)",
            "1.4s menu(0/3) → switchUp(select) → menu(0/3)",
        ])
    }
}
