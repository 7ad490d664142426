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

/// `set press-length` is the scenario's own setting, read once, by the
/// parser: the preparation, the time limit and the run take the duration.
@Suite struct PressLengthTests {
    @Test func theParserReadsTheDurationOnce() throws {
        let s = try ScenarioParser(file: "t.swy").parse("""
            app three.json
            set press-length 300ms
            set auto-scanning-time 2
            press select
            set press-length 0.25
            at 5s set press-length 2s
            """)
        #expect(s.pressLength == .milliseconds(300))
        #expect(s.overrides.map(\.name) == ["auto-scanning-time"])
        #expect(s.steps.map(\.step) == [
            .press("select", length: nil), .pressLength(.milliseconds(250)), .at(.milliseconds(5000)), .pressLength(.seconds(2)),
        ])
        #expect(s.steps.map(\.position.description) == ["t.swy:4:1", "t.swy:5:5", "t.swy:6:1", "t.swy:6:11"])
    }

    /// A value that is not a duration is an error at its name; the line is
    /// not left unparsed (the checks after it still run).
    @Test func aBadLengthIsAnErrorThatLeavesTheLineParsed() {
        let (s, errors) = ScenarioParser(file: "t.swy").parsePartially("app three.json\npress select\nset press-length long\npress selcet")
        #expect(errors.map(\.description) == ["t.swy:3:5: error: expected a duration such as 150ms for press-length, found 'long'"])
        #expect(s.unparsed.isEmpty)
        #expect(prepareErrors("app three.json\npress select\nset press-length long\npress selcet") == """
            t.swy:3:5: error: expected a duration such as 150ms for press-length, found 'long'
            t.swy:4:1: error: unknown switch 'selcet'; did you mean 'select'?
            """)
    }

    @Test func aLaterLengthAppliesFromItsLine() throws {
        let r = try run("""
            app three.json
            set press-length 300ms
            press select
            set press-length 1s
            press select
            """)
        #expect(r.result.endTime == .milliseconds(1300))
    }
}
