import Testing
import ScreenModel
import SwitchyardEngine
@testable import Scripting

/// Running a scenario: time, expectations, failures and their context.
/// The app is `threeButtonsJSON`: stops A, B, C on "main"; Auto Scanning 1 s.
@Suite struct RunnerTests {
    @Test func withinStopsTheClockWhereTheHighlightLands() throws {
        let r = try run("""
            app three.json
            expect highlighted "C" within 5s
            """)
        #expect(failureLines(r) == [])
        #expect(r.endTime == .seconds(2))
        #expect(r.expectations == 1)
        #expect(lines(r) == [
            "0s screen main",
            "0s highlighted \"A\" {0, 0, 400×50}",
            "1s highlighted \"B\" {0, 100, 400×50}",
            "2s highlighted \"C\" {0, 200, 400×50}",
        ])
    }

    @Test func pressIsDownNowAndUpAfterThePressLength() throws {
        let r = try run("""
            app three.json
            press select
            expect menu "Tap" "Favorite" "Point Mode" "Escape"
            press select for 1.5s
            """)
        #expect(failureLines(r) == [])
        #expect(r.endTime == .milliseconds(1600))
        #expect(r.presses == 2)
        #expect(lines(r) == [
            "0s screen main",
            "0s highlighted \"A\" {0, 0, 400×50}",
            "0s menu shown: \"Tap\", \"Favorite\", \"Point Mode\", \"Escape\"",
            "0s highlighted menu item \"Tap\"",
            "0.1s menu hidden",
            "0.1s tap \"A\" at (200, 25)",
            "0.1s announced \"A tapped\"",
            "0.1s highlighted \"A\" {0, 0, 400×50}",
            "1.1s highlighted \"B\" {0, 100, 400×50}",
        ])
    }

    @Test func pressLengthSetting() throws {
        let r = try run("""
            app three.json
            set press-length 250ms
            press select
            """)
        #expect(r.endTime == .milliseconds(250))
    }

    @Test func activatedWithinStopsTheClockAtTheTap() throws {
        let r = try run("""
            app three.json
            set tap-behavior auto-tap
            press select
            expect activated "A" within 2s
            """)
        #expect(failureLines(r) == [])
        #expect(r.endTime == .milliseconds(750))
    }

    @Test func failuresAreCollectedAndTheRunGoesOn() throws {
        let r = try run("""
            app three.json
            expect highlighted "B"
            expect screen next
            expect value "C" = "1"
            expect menu contains "Tap"
            expect highlighted "Done" within 1.5s
            press select
            expect menu "Tap" "Escape"
            expect activated "B"
            expect announcement "Hello"
            expect scanning stopped within 1s
            """)
        #expect(r.expectations == 9)
        #expect(failureLines(r) == [
            "t.swy:2:1: expected the highlight on \"B\", but the highlight is on \"A\" (#a) at 0s",
            "t.swy:3:1: expected screen 'next', but the current screen is 'main'",
            "t.swy:4:1: expected the value of \"C\" to be \"1\", but it is \"0\"",
            "t.swy:5:1: expected the scanner menu to contain \"Tap\", but no menu is shown",
            "t.swy:6:1: expected the highlight on \"Done\" within 1.5s, but the highlight is on \"B\" (#b) at 1.5s",
            "t.swy:8:1: expected the scanner menu \"Tap\" \"Escape\", but it shows \"Tap\" \"Point Mode\" \"Escape\"",
            "t.swy:9:1: expected \"B\" to be activated, but nothing was activated",
            "t.swy:10:1: expected the announcement \"Hello\", but nothing was announced",
            "t.swy:11:1: expected scanning to stop within 1s, but it did not (now 2.6s)",
        ])
        #expect(r.failures.map(\.time) == [.zero, .zero, .zero, .zero, .milliseconds(1500), .milliseconds(1600), .milliseconds(1600), .milliseconds(1600), .milliseconds(2600)])
        #expect(r.endTime == .milliseconds(2600))
    }

    @Test func failureContextIsTheEventsJustBefore() throws {
        let r = try run("""
            app three.json
            wait 6.5s
            expect highlighted "B"
            """)
        let f = try #require(r.failures.first)
        #expect(f.time == .milliseconds(6500))
        #expect(f.message == "expected the highlight on \"B\", but the highlight is on \"A\" (#a) at 6.5s")
        #expect(f.context.map(TranscriptFormat.textLine) == [
            "1s highlighted \"B\" {0, 100, 400×50}",
            "2s highlighted \"C\" {0, 200, 400×50}",
            "3s highlighted \"A\" {0, 0, 400×50}",
            "4s highlighted \"B\" {0, 100, 400×50}",
            "5s highlighted \"C\" {0, 200, 400×50}",
            "6s highlighted \"A\" {0, 0, 400×50}",
        ])
    }

    @Test func noActivationHoldsWhileNothingIsTapped() throws {
        let r = try run("""
            app three.json
            expect no activation for 10s
            """)
        #expect(failureLines(r) == [])
        #expect(r.endTime == .seconds(10))
    }

    @Test func noActivationFailsAtTheTap() throws {
        let r = try run("""
            app three.json
            set tap-behavior auto-tap
            press select
            expect no activation for 2s
            """)
        #expect(failureLines(r) == ["t.swy:4:1: expected no activation for 2s, but \"A\" (#a) was activated at 0.75s"])
        #expect(r.endTime == .milliseconds(2100))
    }

    @Test func eventChecksLookAtEverythingSinceTheLastInput() throws {
        // The tap and its announcement happen together: both checks see them.
        let r = try run("""
            app three.json
            set tap-behavior always-tap
            press select
            expect activated "A"
            expect announcement "A tapped"
            wait 2s
            expect announcement "A tapped"
            press select
            expect announcement "A tapped"
            """)
        #expect(failureLines(r) == ["t.swy:9:1: expected the announcement \"A tapped\", but nothing was announced"])
    }

    @Test func scanningStoppedWithinStopsTheClockWhenLoopsRunOut() throws {
        let r = try run("""
            app three.json
            set loops 2
            expect scanning stopped within 1min
            press select
            expect highlighted "A"
            expect no activation for 1s
            """)
        #expect(failureLines(r) == [])
        #expect(r.endTime == .milliseconds(7100))  // stopped at 6 s: A B C twice
    }

    @Test func valueAndScreenFollowTheSession() throws {
        let r = try run("""
            app three.json
            set tap-behavior always-tap
            expect highlighted "C" within 3s
            press select
            expect value "C" = "1"
            expect value #c = "1"
            expect highlighted "B" within 3s
            press select
            expect screen next
            expect screen "Next Screen"
            expect highlighted "Done"
            expect value "C" = "1"
            """)
        #expect(failureLines(r) == ["t.swy:12:1: expected \"C\" on the current screen 'next', but it is not there"])
    }
}
