import ScreenModel
import Testing
@testable import SwitchyardEngine

/// Auto scanning's steps fired ahead (`SwitchControl.fireAhead`, the hot
/// path of a long unattended scan) against the step-by-step path, which a
/// traced session always takes: the same events at the same instants, and
/// the same timers left, whatever comes between the steps.
@Suite struct FireAheadTests {
    /// A screen of two groups (lists of four and two) between single
    /// buttons, so that Select enters levels of different lengths.
    static let app = makeApp([("main", [
        button("Top", y: 0),
        "{\"identifier\": \"list\", \"containerType\": \"list\", \"children\": [\(button("L1", y: 100)), \(button("L2", y: 160)), \(button("L3", y: 220)), \(button("L4", y: 280))]}",
        button("Middle", y: 400),
        "{\"identifier\": \"grid\", \"containerType\": \"list\", \"children\": [\(button("G1", y: 500)), \(button("G2", y: 560))]}",
        button("Bottom", y: 700),
    ])])

    /// A small deterministic generator (the test must not depend on the
    /// standard library's random source).
    struct Numbers {
        var state: UInt64
        mutating func next(_ range: ClosedRange<Int64>) -> Int64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Int64((state >> 33) % UInt64(range.upperBound - range.lowerBound + 1))
        }
    }

    /// A run stops at the limit, at the number asked for, and before a timer
    /// of another technology due at the same instant as the next step (it
    /// was scheduled first); under tracing there is none.
    @Test func aRunStopsAtTheLimitTheCountAndAnotherTimer() throws {
        var s = try session(threeButtons)
        _ = s.start(at: .zero)
        var scan = try #require(s.technologies[0] as? SwitchControl)
        var core = s.core
        core.log.clear()
        core.log.source = .switchControl
        #expect(scan.fireAhead(upTo: ms(3500), atMost: 10, &core) == 3)
        #expect(core.log.events == [hl(1000, B), hl(2000, C), hl(3000, A)])
        #expect(core.now == ms(3000))
        #expect(core.timers.scheduled == [ScheduledTimer(.switchControl(.autoScanStep), at: ms(4000))])

        core.log.clear()
        #expect(scan.fireAhead(upTo: ms(60_000), atMost: 2, &core) == 2)
        #expect(core.log.events == [hl(4000, B), hl(5000, C)])

        core.log.clear()
        core.schedule(.keyboard(.autoHide), at: ms(7000))
        #expect(scan.fireAhead(upTo: ms(60_000), atMost: 10, &core) == 1)
        #expect(core.log.events == [hl(6000, A)])
        #expect(core.timers.scheduled == [
            ScheduledTimer(.keyboard(.autoHide), at: ms(7000)),
            ScheduledTimer(.switchControl(.autoScanStep), at: ms(7000)),
        ])
        var cursor = ItemCursor(level: 0, position: 0)
        cursor.scan.passes = 2
        #expect(scan.phase == .items(cursor))

        core.log.clear()
        core.cancel(.keyboard(.autoHide))
        core.trace = []
        #expect(scan.fireAhead(upTo: ms(60_000), atMost: 10, &core) == 0)
        #expect(core.log.events == [])
    }

    @Test(arguments: 1...12)
    func stepsFiredAheadMatchTheStepByStepPath(seed: Int) throws {
        var numbers = Numbers(state: UInt64(seed))
        var scan = SwitchControlSettings()
        scan.autoScanningTime = .milliseconds(50 * numbers.next(6...30))
        scan.loops = [nil, nil, 2, 4][Int(numbers.next(0...3))]
        scan.pauseOnFirstItem = numbers.next(0...1) == 0 ? nil : .milliseconds(50 * numbers.next(2...18))
        scan.pauseOnFirstItemAfterLoop = numbers.next(0...1) == 0
        scan.holdDuration = numbers.next(0...1) == 0 ? nil : .milliseconds(50 * numbers.next(2...8))
        var keyboard = KeyboardAccessSettings()
        keyboard.autoHide = .seconds(Double(numbers.next(1...5)))
        let configuration = SessionConfiguration(technologies: [.switchControl(scan), .keyboard(keyboard)])
        var traced = try Session(app: Self.app, configuration: configuration)
        var fast = try Session(app: Self.app, configuration: configuration)
        traced.traceTransitions()

        #expect(fast.start(at: .zero) == traced.start(at: .zero))
        var t: Int64 = 0
        var steps = 0
        for _ in 0..<80 {
            t += 50 * numbers.next(1...160)
            let inputs: [TimedInput]
            switch numbers.next(0...3) {
            case 0:
                let length = 50 * numbers.next(1...12)
                inputs = [down(.select, t), up(.select, t + length)]
                t += length
            case 1:
                inputs = [TimedInput(stroke(.tab, .down), at: ms(t)), TimedInput(stroke(.tab, .up), at: ms(t))]
            default:
                inputs = []
            }
            let now = inputs.first?.time ?? ms(t)
            let a = traced.advance(to: now)
            let b = fast.advance(to: now)
            #expect(b == a, "advance to \(now)")
            steps += b.count { if case .highlighted = $0.event { true } else { false } }
            for input in inputs {
                let events = traced.handle(input)
                #expect(fast.handle(input) == events, "\(input)")
                steps += events.count { if case .highlighted = $0.event { true } else { false } }
            }
            #expect(fast.pendingTimers == traced.pendingTimers, "timers at \(now)")
            #expect(fast.presentation == traced.presentation, "presentation at \(now)")
        }
        // The runs are long enough that many steps were fired ahead, with
        // presses between them.
        #expect(steps > 50, "\(steps)")
    }
}
