import Testing
import ScreenModel
@testable import SwitchyardEngine

/// X at y 0; a list container of L1, L2, L3 (y 100, 160, 220); Y at y 400.
/// Element indices: root 0, X 1, list 2, L1 3, L2 4, L3 5, Y 6.
let grouped = makeApp([("main", [
    button("X", y: 0),
    "{\"identifier\": \"list\", \"containerType\": \"list\", \"children\": [\(button("L1", y: 100)), \(button("L2", y: 160)), \(button("L3", y: 220))]}",
    button("Y", y: 400),
])])
let X = ref("X", 1, y: 0)
let L1 = ref("L1", 3, y: 100)
let L2 = ref("L2", 4, y: 160)
let L3 = ref("L3", 5, y: 220)
let Y = ref("Y", 6, y: 400)
let listFrame = Rect(x: 0, y: 100, width: 400, height: 170)

@Suite struct GroupTests {
    @Test func selectEntersGroupExitMovesBackUp() throws {
        var s = try session(grouped) { $0.pauseOnFirstItem = .milliseconds(500) }
        #expect(s.start(at: .zero) == [bySession(0, .screenChanged(screen: "main")), hl(0, X)])
        #expect(s.advance(to: ms(1600)) == [at(1500, .highlighted(.group(frame: listFrame, count: 3)))])
        // Select on the group: scanning continues inside it, first item paused (1 s + 0.5 s).
        #expect(s.press(at: 1700) == [hl(1700, L1)])
        #expect(s.advance(to: ms(5300)) == [hl(3200, L2), hl(4200, L3), at(5200, .highlighted(.groupExit(frame: listFrame)))])
        // Select on the exit: back up one level, onto the group.
        #expect(s.press(at: 5400) == [at(5400, .highlighted(.group(frame: listFrame, count: 3)))])
        #expect(s.advance(to: ms(6400)) == [hl(6400, Y)])
    }

    @Test func exitWrapsToFirstChildWithLoopsCountedPerLevel() throws {
        var s = try session(grouped) { $0.loops = 1 }
        _ = s.start(at: .zero)
        _ = s.advance(to: ms(1000))
        #expect(s.press(at: 1000) == [hl(1000, L1)])
        #expect(s.advance(to: ms(5000)) == [hl(2000, L2), hl(3000, L3), at(4000, .highlighted(.groupExit(frame: listFrame))), at(5000, .scanningStopped(reason: "loops"))])
    }

    @Test func groupItemsOffScansEveryElementFlat() throws {
        var s = try session(grouped) { $0.groupItems = false }
        _ = s.start(at: .zero)
        #expect(s.advance(to: ms(5000)) == [hl(1000, L1), hl(2000, L2), hl(3000, L3), hl(4000, Y), hl(5000, X)])
    }

    @Test func aGroupOfOneElementIsFlattened() throws {
        let app = makeApp([("main", [
            button("X", y: 0),
            "{\"containerType\": \"semanticGroup\", \"children\": [\(button("Only", y: 100))]}",
        ])])
        var s = try session(app)
        _ = s.start(at: .zero)
        #expect(s.advance(to: ms(1000)) == [hl(1000, ref("Only", 3, y: 100))])
    }

    /// A modal element traps scanning: only its subtree is scanned.
    @Test func modalTrapsScanning() throws {
        let app = makeApp([("main", [
            button("Behind", y: 0),
            "{\"traits\": [\"isModal\"], \"children\": [\(button("OK", y: 300)), \(button("Cancel", y: 400))]}",
        ])])
        var s = try session(app)
        let ok = ref("OK", 3, y: 300)
        #expect(s.start(at: .zero) == [bySession(0, .screenChanged(screen: "main")), hl(0, ok)])
        #expect(s.advance(to: ms(2000)) == [hl(1000, ref("Cancel", 4, y: 400)), hl(2000, ok)])
    }
}
