import Testing
import ScreenModel
import SwitchyardEngine
@testable import Scripting

/// `set` lines apply from where they stand in the scenario, not from time 0.
@Suite struct SetInTimeTests {
    @Test func setBeforeTheFirstStepIsInitialAndAfterItIsAStep() throws {
        let s = try ScenarioParser(file: "t.swy").parse("""
            app three.json
            set auto-scanning-time 2
            wait 1s
            set loops 3
            at 5s set tap-behavior auto-tap
            """)
        #expect(s.overrides.map(\.name) == ["auto-scanning-time"])
        #expect(s.steps.map(\.step) == [
            .wait(.seconds(1)), .set(name: "loops", value: "3"), .at(.milliseconds(5000)), .set(name: "tap-behavior", value: "auto-tap"),
        ])
        #expect(s.steps.map(\.position.line) == [3, 4, 5, 5])
    }

    @Test func aLaterSetChangesTheScanFromItsInstant() throws {
        let r = try run("""
            app three.json
            expect highlighted "A"
            at 1500ms set auto-scanning-time 3
            expect highlighted "C" within 10s
            expect highlighted "A" within 10s
            """)
        #expect(r.failures == [])
        let highlights = r.events.compactMap { e -> String? in
            if case .highlighted(.element(let ref)) = e.event { return "\(e.time) \(ref.label ?? "?")" } else { return nil }
        }
        // B at 1 s; C at 2 s (scheduled at 1 s, before the change); then A 3 s later.
        #expect(highlights == ["0s A", "1s B", "2s C", "5s A"])
    }

    @Test func eachSetIsCheckedOnTheSettingsAsTheyStandAtItsLine() {
        #expect(prepareErrors("""
            app three.json
            wait 1s
            set tap-behavior auto-tap
            set hold-duration 0.8
            set loops 11
            """) == """
            t.swy:4:5: error: hold-duration 0.8s is not shorter than auto-tap-time 0.75s; Hold Duration must be shorter than the Auto Tap time so that a double press can still open the scanner menu
            t.swy:5:5: error: setting 'loops' cannot be 11; expected a whole number from 1 to 10 (Apple's range; "apple-ranges": false allows 1 to 1000000)
            """)
    }
}
