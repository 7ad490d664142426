import ScreenModel
import Testing
@testable import SwitchyardEngine

/// The session's runs of one technology's due timers (`Session.fireRun`,
/// the hot path of a long unattended auto scan): every timer of a run goes
/// through the technology's one `fire`, so batched and one-by-one stepping
/// give the same events, timers and transitions, and the trace sees every
/// step of a run.
@Suite struct TimerRunTests {
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

    /// A run stops at the limit, at the number asked for, before a timer of
    /// another technology due at the same instant as the next step (it was
    /// scheduled first), and after a fire that leaves a change to settle;
    /// traced, it fires and traces every step (the old batched path,
    /// `fireAhead`, fired nothing while tracing).
    @Test func aRunStopsAtTheLimitTheCountAnotherTimerAndAChange() throws {
        var s = try session(threeButtons)
        _ = s.start(at: .zero)
        var scan = try #require(s.technologies[0] as? SwitchControl)
        var core = s.core
        core.log.clear()
        core.log.source = .switchControl
        /// Pops the next due timer, as `Session.advance(to:)` does, and runs from it.
        func run(upTo limit: Instant, atMost n: Int) throws {
            let popped = core.timers.popDue(upTo: limit)
            let due = try #require(popped)
            core.log.now = max(core.now, due.deadline)
            Session.fireRun(&scan, from: due.timer, upTo: limit, atMost: n, &core)
        }

        try run(upTo: ms(3500), atMost: 10)
        #expect(core.log.events == [hl(1000, B), hl(2000, C), hl(3000, A)])
        #expect(core.now == ms(3000))
        #expect(core.timers.scheduled == [ScheduledTimer(.switchControl(.autoScanStep), at: ms(4000))])

        core.log.clear()
        try run(upTo: ms(60_000), atMost: 2)
        #expect(core.log.events == [hl(4000, B), hl(5000, C)])

        core.log.clear()
        core.schedule(.keyboard(.autoHide), at: ms(7000))
        try run(upTo: ms(60_000), atMost: 10)
        #expect(core.log.events == [hl(6000, A)])
        #expect(core.timers.scheduled == [
            ScheduledTimer(.keyboard(.autoHide), at: ms(7000)),
            ScheduledTimer(.switchControl(.autoScanStep), at: ms(7000)),
        ])
        var cursor = ItemCursor(level: 0, position: 0)
        cursor.scan.passes = 2
        #expect(scan.phase == .items(cursor))

        // A change to the app (here left before the fire) ends the run after
        // the fire: the session settles it before anything else fires.
        core.log.clear()
        core.cancel(.keyboard(.autoHide))
        core.pendingChange = .sameScreen(acted: nil, by: .fullKeyboardAccess, orderChanged: false)
        try run(upTo: ms(60_000), atMost: 10)
        #expect(core.log.events == [hl(7000, B)])
        core.pendingChange = nil

        core.log.clear()
        core.trace = []
        try run(upTo: ms(60_000), atMost: 10)
        #expect(core.log.events == [hl(8000, C), hl(9000, A), hl(10_000, B), hl(11_000, C), at(12_000, .scanningStopped(reason: "loops"))])
        #expect(core.trace == [
            "8s items(level 0 position 1 passes 2) → timer(autoScanStep) → items(level 0 position 2 passes 2)",
            "9s items(level 0 position 2 passes 2) → timer(autoScanStep) → items(level 0 position 0 passes 3)",
            "10s items(level 0 position 0 passes 3) → timer(autoScanStep) → items(level 0 position 1 passes 3)",
            "11s items(level 0 position 1 passes 3) → timer(autoScanStep) → items(level 0 position 2 passes 3)",
            "12s items(level 0 position 2 passes 3) → timer(autoScanStep) → stopped",
        ])
        #expect(core.timers.scheduled == [])
    }

    /// A minute of unattended auto scanning is one run of the session's (60
    /// steps; a run is up to `longestRun`, 256): the trace has one
    /// transition per step, at the step's instant.
    @Test func theTraceSeesEveryStepOfABatchedRun() throws {
        var s = try session(threeButtons) { $0.loops = nil }
        s.traceTransitions()
        _ = s.start(at: .zero)
        let events = s.advance(to: .seconds(60))
        #expect(events.count == 60)
        #expect(s.transitions.count == 60)
        #expect(s.transitions.prefix(4) == [
            "1s items(level 0 position 0 passes 0) → timer(autoScanStep) → items(level 0 position 1 passes 0)",
            "2s items(level 0 position 1 passes 0) → timer(autoScanStep) → items(level 0 position 2 passes 0)",
            "3s items(level 0 position 2 passes 0) → timer(autoScanStep) → items(level 0 position 0 passes 1)",
            "4s items(level 0 position 0 passes 1) → timer(autoScanStep) → items(level 0 position 1 passes 1)",
        ])
        #expect(s.transitions.last == "60s items(level 0 position 2 passes 19) → timer(autoScanStep) → items(level 0 position 0 passes 20)")
        #expect(s.transitions.map { $0.prefix { $0 != " " } } == (1...60).map { "\($0)s" })
    }

    /// Batched (the session's runs, as production steps) and unbatched (one
    /// timer per dispatch), each traced and not, over random settings and
    /// presses: the same events at the same instants, the same timers and
    /// presentation after each, and the same transitions.
    @Test(arguments: 1...12)
    func batchedAndUnbatchedSteppingGiveTheSameEventsAndTransitions(seed: Int) throws {
        var numbers = Numbers(state: UInt64(seed))
        var scan = SwitchControlSettings()
        scan.autoScanningTime = .milliseconds(50 * numbers.next(6...30))
        scan.loops = [nil, nil, 2, 4][Int(numbers.next(0...3))]
        scan.pauseOnFirstItem = numbers.next(0...1) == 0 ? nil : .milliseconds(50 * numbers.next(2...18))
        scan.pauseOnFirstItemAfterLoop = numbers.next(0...1) == 0
        scan.holdDuration = numbers.next(0...1) == 0 ? nil : .milliseconds(50 * numbers.next(2...8))
        scan.tapBehavior = [.default, .autoTap, .alwaysTap][Int(numbers.next(0...2))]
        var keyboard = KeyboardAccessSettings()
        keyboard.autoHide = .seconds(Double(numbers.next(1...5)))
        let configuration = SessionConfiguration(technologies: [.switchControl(scan), .keyboard(keyboard)])
        // 0 batched, 1 batched and traced, 2 unbatched, 3 unbatched and traced.
        var sessions = try (0..<4).map { _ in try Session(app: Self.app, configuration: configuration) }
        sessions[2].longestRun = 1
        sessions[3].longestRun = 1
        sessions[1].traceTransitions()
        sessions[3].traceTransitions()
        /// `body`'s events on every session, checked equal; the first's.
        func onEach(_ what: String, _ body: (inout Session) -> [TimedEvent]) -> [TimedEvent] {
            let events = body(&sessions[0])
            for i in 1..<sessions.count { #expect(body(&sessions[i]) == events, "session \(i): \(what)") }
            return events
        }
        func isStep(_ e: TimedEvent) -> Bool { if case .highlighted = e.event { true } else { false } }

        _ = onEach("start") { $0.start(at: .zero) }
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
            steps += onEach("advance to \(now)") { $0.advance(to: now) }.count(where: isStep)
            for input in inputs {
                steps += onEach("\(input)") { $0.handle(input) }.count(where: isStep)
            }
            for i in 1..<sessions.count {
                #expect(sessions[i].pendingTimers == sessions[0].pendingTimers, "session \(i): timers at \(now)")
                #expect(sessions[i].presentation == sessions[0].presentation, "session \(i): presentation at \(now)")
            }
        }
        #expect(sessions[1].transitions == sessions[3].transitions)
        // The runs are long enough that many steps were batched, with
        // presses between them, and every one was traced.
        #expect(steps > 50, "\(steps)")
        #expect(sessions[1].transitions.count > steps / 2, "\(sessions[1].transitions.count) transitions, \(steps) steps")
    }
}
