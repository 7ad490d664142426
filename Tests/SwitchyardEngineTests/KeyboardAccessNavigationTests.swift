import Testing
import ScreenModel
@testable import SwitchyardEngine

/// Full Keyboard Access moving focus: the tab loop of focus groups, arrows
/// in a list, on a keypad and among loose stops, first/last, Control-Tab,
/// group memory, the first key (docs/keyboard-access.md, "Focus groups and moving").
@Suite struct KeyboardAccessNavigationTests {
    @Test func nothingIsFocusedUntilTheFirstKeyWhichFocusesTheFirstStop() throws {
        var s = try keyboardSession(tabApp)
        #expect(s.start(at: .zero) == [bySession(0, .screenChanged(screen: "main"))])
        #expect(s.presentation.focused == nil)
        #expect(s.presentation.focusVisible == false)
        #expect(s.pendingTimers == [])
        #expect(s.key("tab", at: 1000) == [fka(1000, .focused(back))])
        #expect(s.presentation.focused == back)
        #expect(s.presentation.focusVisible == true)
        #expect(s.pendingTimers == [ScheduledTimer(.keyboard(.autoHide), at: ms(16000))])
    }

    @Test func anArrowAsTheFirstKeyAlsoFocusesTheFirstStop() throws {
        var s = try keyboardSession(tabApp)
        _ = s.start(at: .zero)
        #expect(s.key("down", at: 1000) == [fka(1000, .focused(back))])
    }

    @Test func tabMovesBetweenFocusGroupsAndWraps() throws {
        var s = try keyboardSession(tabApp)
        _ = s.start(at: .zero)
        #expect(s.key("tab", at: 1000) == [fka(1000, .focused(back))])
        #expect(s.key("tab", at: 2000) == [fka(2000, .focused(r1))])
        #expect(s.key("tab", at: 3000) == [fka(3000, .focused(done))])
        #expect(s.key("tab", at: 4000) == [fka(4000, .focused(back))])
    }

    @Test func shiftTabMovesBackwardAndWraps() throws {
        var s = try keyboardSession(tabApp)
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        #expect(s.key("shift+tab", at: 2000) == [fka(2000, .focused(done))])
        #expect(s.key("shift+tab", at: 3000) == [fka(3000, .focused(r1))])
        #expect(s.key("shift+tab", at: 4000) == [fka(4000, .focused(back))])
    }

    @Test func arrowsMoveInOrderInAListAndStopAtItsEnds() throws {
        var s = try keyboardSession(tabApp)
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        _ = s.key("tab", at: 2000)
        #expect(s.key("down", at: 3000) == [fka(3000, .focused(r2))])
        #expect(s.key("down", at: 4000) == [fka(4000, .focused(r3))])
        #expect(s.key("down", at: 5000) == [fka(5000, .inputIgnored(stroke(.down, .down), reason: .noItemThatWay))])
        #expect(s.key("up", at: 6000) == [fka(6000, .focused(r2))])
        #expect(s.key("right", at: 7000) == [fka(7000, .focused(r3))])
        #expect(s.key("left", at: 8000) == [fka(8000, .focused(r2))])
    }

    @Test func reenteringAGroupFocusesTheItemLastFocusedInIt() throws {
        var s = try keyboardSession(tabApp)
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        _ = s.key("tab", at: 2000)
        _ = s.key("down", at: 3000)
        #expect(s.key("tab", at: 4000) == [fka(4000, .focused(done))])
        #expect(s.key("shift+tab", at: 5000) == [fka(5000, .focused(r2))])
        #expect(s.key("tab", at: 6000) == [fka(6000, .focused(done))])
        #expect(s.key("tab", at: 7000) == [fka(7000, .focused(back))])
        #expect(s.key("tab", at: 8000) == [fka(8000, .focused(r2))])
    }

    @Test func controlTabStepsThroughEveryItemIntoGroups() throws {
        var s = try keyboardSession(tabApp)
        _ = s.start(at: .zero)
        #expect(s.key("ctrl+tab", at: 1000) == [fka(1000, .focused(back))])
        #expect(s.key("ctrl+tab", at: 2000) == [fka(2000, .focused(r1))])
        #expect(s.key("ctrl+tab", at: 3000) == [fka(3000, .focused(r2))])
        #expect(s.key("ctrl+tab", at: 4000) == [fka(4000, .focused(r3))])
        #expect(s.key("ctrl+tab", at: 5000) == [fka(5000, .focused(done))])
        #expect(s.key("ctrl+tab", at: 6000) == [fka(6000, .focused(back))])
        #expect(s.key("ctrl+shift+tab", at: 7000) == [fka(7000, .focused(done))])
    }

    @Test func tabLeftAndTabRightGoToTheFirstAndLastItemOfTheGroup() throws {
        var s = try keyboardSession(tabApp)
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        _ = s.key("tab", at: 2000)
        #expect(s.key("tab+right", at: 3000) == [fka(3000, .focused(r3))])
        #expect(s.key("tab+left", at: 4000) == [fka(4000, .focused(r1))])
        #expect(s.key("tab+left", at: 5000) == [fka(5000, .inputIgnored(stroke(.left, .down), reason: .noItemThatWay))])
    }

    @Test func arrowsOnALooseStopMoveGeometricallyAmongTheLooseStops() throws {
        var s = try keyboardSession(tabApp)
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        #expect(s.key("down", at: 2000) == [fka(2000, .focused(done))])
        #expect(s.key("up", at: 3000) == [fka(3000, .focused(back))])
        #expect(s.key("right", at: 4000) == [fka(4000, .inputIgnored(stroke(.right, .down), reason: .noItemThatWay))])
    }

    @Test func arrowsOnAKeypadGoToTheNearestKeyThatWay() throws {
        var s = try keyboardSession(keypadApp)
        _ = s.start(at: .zero)
        #expect(s.key("tab", at: 1000) == [fka(1000, .focused(keypadKey("7")))])
        #expect(s.key("right", at: 2000) == [fka(2000, .focused(keypadKey("8")))])
        #expect(s.key("down", at: 3000) == [fka(3000, .focused(keypadKey("5")))])
        #expect(s.key("down", at: 4000) == [fka(4000, .focused(keypadKey("2")))])
        #expect(s.key("down", at: 5000) == [fka(5000, .focused(keypadKey(".")))])
        #expect(s.key("left", at: 6000) == [fka(6000, .focused(keypadKey("0")))])
        #expect(s.key("up", at: 7000) == [fka(7000, .focused(keypadKey("1")))])
        #expect(s.key("right", at: 8000) == [fka(8000, .focused(keypadKey("2")))])
        #expect(s.key("right", at: 9000) == [fka(9000, .focused(keypadKey("3")))])
        #expect(s.key("right", at: 10000) == [fka(10000, .inputIgnored(stroke(.right, .down), reason: .noItemThatWay))])
        #expect(s.key("up", at: 11000) == [fka(11000, .focused(keypadKey("6")))])
        #expect(s.key("up", at: 12000) == [fka(12000, .focused(keypadKey("9")))])
        #expect(s.key("up", at: 13000) == [fka(13000, .inputIgnored(stroke(.up, .down), reason: .noItemThatWay))])
        #expect(s.key("tab+right", at: 14000) == [fka(14000, .focused(keypadKey("=")))])
        #expect(s.key("tab+left", at: 15000) == [fka(15000, .focused(keypadKey("7")))])
    }

    @Test func tabOnAScreenWithOneFocusGroupGoesNowhere() throws {
        var s = try keyboardSession(keypadApp)
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        #expect(s.key("tab", at: 2000) == [fka(2000, .inputIgnored(stroke(.tab, .up), reason: .noItemThatWay))])
    }

    @Test(arguments: ArrowDirection.allCases)
    func theSpatialIndexFindsWhatAFullScanFinds(_ direction: ArrowDirection) {
        // 400 items on a jittered 20 × 20 grid, sizes from 20 to 59 points.
        var seed: UInt64 = 12345
        func next(_ n: UInt64) -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double((seed >> 33) % n)
        }
        let rects = (0..<400).map { i in
            Rect(x: Double(i % 20) * 60 + next(30), y: Double(i / 20) * 60 + next(30), width: 20 + next(40), height: 20 + next(40))
        }
        let index = SpatialIndex(rects)
        for i in rects.indices {
            #expect(index.nearest(from: rects[i], excluding: i, direction)
                    == DirectionalFocus.nearest(from: rects[i], among: rects, excluding: i, direction), "from item \(i)")
        }
    }

    @Test func theFocusFinderScoreWeighsTheMajorAxisThirteenTimes() {
        let from = Rect(x: 0, y: 0, width: 10, height: 10)
        // 10 to the right and level: 13 × 10².
        #expect(DirectionalFocus.score(from: from, to: Rect(x: 20, y: 0, width: 10, height: 10), .right) == 1300)
        // Overlapping, both edges beyond: major 0.
        #expect(DirectionalFocus.score(from: from, to: Rect(x: 5, y: 0, width: 20, height: 10), .right) == 0)
        // 20 below, centres 8 apart across: 13 × 20² + 8².
        #expect(DirectionalFocus.score(from: from, to: Rect(x: 8, y: 30, width: 10, height: 10), .down) == 5264)
        // Its left edge not beyond the item's: no candidate (a wide bar below and to the right).
        #expect(DirectionalFocus.score(from: from, to: Rect(x: 0, y: 20, width: 40, height: 10), .right) == nil)
        // Both edges left of the item's, overlapping it across: major 0, centres 20 apart.
        #expect(DirectionalFocus.score(from: from, to: Rect(x: -4, y: 20, width: 10, height: 10), .left) == 400)
    }
}
