import Foundation
import Testing
import ScreenModel
import SwitchyardEngine
@testable import Scripting

/// Full Keyboard Access in scenarios: `key` chords and `type` text at the
/// clock's instant, `expect focused` and `expect focus hidden`, settings
/// routed to Full Keyboard Access. The app is `threeButtonsJSON`: stops A,
/// B, C on "main" (loose stops, so each is a focus group of its own).
@Suite struct KeyboardScenarioTests {
    @Test func tabMovesFocusAndWraps() throws {
        let r = try run("""
            app three.json
            technology keyboard
            expect focus hidden
            key tab
            expect focused "A"
            key tab; key tab
            expect focused #c
            key tab
            expect focused "A"
            key shift+tab
            expect focused "C"
            """)
        #expect(failureLines(r) == [])
        #expect(r.endTime == .zero)
        #expect(r.expectations == 5)
        #expect(r.keyPresses == 5)
        #expect(r.presses == 5)
        #expect(r.switchPresses == 0)
        #expect(r.technologies == [.fullKeyboardAccess])
        #expect(lines(r) == [
            "0s screen main",
            "0s focused \"A\" {0, 0, 400×50}",
            "0s focused \"B\" {0, 100, 400×50}",
            "0s focused \"C\" {0, 200, 400×50}",
            "0s focused \"A\" {0, 0, 400×50}",
            "0s focused \"C\" {0, 200, 400×50}",
        ])
        #expect(r.events.map(\.technology) == [nil] + Array(repeating: .fullKeyboardAccess, count: 5))
    }

    /// Every transition of a chord is delivered at the clock's instant, so a
    /// Tab chord (Tab held, Z pressed) opens the actions list; time moves
    /// only with `wait`.
    @Test func aChordTakesNoTime() throws {
        let r = try run("""
            app three.json
            technology keyboard
            key tab
            wait 1s
            key tab+z
            wait 500ms
            key space
            expect announcement "Favorited"
            expect activated "A"
            """)
        #expect(failureLines(r) == [
            "t.swy:9:1: expected \"A\" to be activated, but nothing was activated",
        ])
        #expect(r.endTime == .milliseconds(1500))
        #expect(lines(r) == [
            "0s screen main",
            "0s focused \"A\" {0, 0, 400×50}",
            "1s actions shown: \"Favorite\"",
            "1s highlighted action \"Favorite\"",
            "1.5s actions hidden",
            "1.5s custom action \"Favorite\" on \"A\"",
            "1.5s announced \"Favorited\"",
        ])
    }

    /// Auto-Hide to the millisecond: the ring hides the Auto-Hide time after
    /// the last key; the next key shows it again where it was, and does
    /// nothing else.
    @Test func autoHideToTheMillisecond() throws {
        let r = try run("""
            app three.json
            technology keyboard
            set auto-hide 2
            key tab
            wait 1999ms
            expect focused "A"
            wait 1ms
            expect focus hidden
            key down
            expect focused "A"
            """)
        #expect(failureLines(r) == [])
        #expect(lines(r) == [
            "0s screen main",
            "0s focused \"A\" {0, 0, 400×50}",
            "2s focus hidden",
            "2s focused \"A\" {0, 0, 400×50}",
        ])
    }

    @Test func focusFailuresSayWhereTheFocusIs() throws {
        let r = try run("""
            app three.json
            technology keyboard
            set auto-hide 1
            expect focused "A"
            key tab
            expect focused "B"
            expect focus hidden
            wait 1s
            expect focused "A"
            """)
        #expect(failureLines(r) == [
            "t.swy:4:1: expected the focus on \"A\", but nothing is focused",
            "t.swy:6:1: expected the focus on \"B\", but the focus is on \"A\" (#a)",
            "t.swy:7:1: expected the focus ring hidden, but it shows on \"A\" (#a)",
            "t.swy:9:1: expected the focus on \"A\", but the focus ring is hidden (Auto-Hide; the focus stays on \"A\" (#a))",
        ])
        #expect(r.held == 0)
        #expect(r.expectations == 4)
    }

    /// `set` after the first step rebinds a command from that instant on
    /// (`Session.reconfigure`); Space is then unbound.
    @Test func setRebindsACommandMidScenario() throws {
        let r = try run("""
            app three.json
            technology keyboard
            key tab
            wait 1s
            set activate shift+space
            key space
            key shift+space
            expect announcement "A tapped"
            """)
        #expect(failureLines(r) == [])
        #expect(lines(r) == [
            "0s screen main",
            "0s focused \"A\" {0, 0, 400×50}",
            "1s ignored key KEY_SPACE down (unboundKey)",
            "1s tap \"A\" at (200, 25)",
            "1s announced \"A tapped\"",
        ])
    }

    /// `type` sends one chord per character, Shift held for capitals, into
    /// the search field that focus entered; Control-Tab leaves editing, and
    /// arrows are Full Keyboard Access's again (nothing lies below the
    /// field among the loose stops; Tab goes on to the list).
    @Test func typeIntoATextField() throws {
        let r = try runInExamples("""
            app ../apps/phone.json
            technology keyboard
            start-screen favorites
            key tab; key tab
            type "Bo"
            expect value "Search" = "Bo"
            key backspace
            expect value #search = "B"
            key ctrl+tab
            key down
            key tab
            expect focused "Ana Lima"
            """)
        #expect(failureLines(r) == [])
        #expect(r.keyPresses == 8)
        #expect(lines(r) == [
            "0s screen favorites",
            "0s focused \"Keypad\" {8, 56, 90×44}",
            "0s focused \"Search\" {16, 164, 358×40}",
            "0s editing \"Search\"",
            "0s value of \"Search\" = \"B\"",
            "0s value of \"Search\" = \"Bo\"",
            "0s value of \"Search\" = \"B\"",
            "0s editing ended \"Search\"",
            "0s ignored key KEY_DOWN down (noItemThatWay)",
            "0s focused \"Ana Lima\" {0, 220, 390×60}",
        ])
    }

    /// A Full Keyboard Access settings file, read by the engine's reader;
    /// an error in it is reported at its own line and column.
    @Test func aKeyboardSettingsFile() throws {
        try withScratchDirectory { dir in
            try Data("{\"auto-hide\": 3,\n \"activate\": \"enter\"}".utf8).write(to: dir.appendingPathComponent("keys.json"))
            try Data("{\"auto-hide\": 3,\n \"find\": \"tab+z\"}".utf8).write(to: dir.appendingPathComponent("clash.json"))
            var events: [TimedEvent] = []
            let p = try inMemoryRunner.prepare(text: """
                app three.json
                technology keyboard
                settings keys.json
                key tab
                key space
                key enter
                wait 3s
                expect focus hidden
                """, file: dir.appendingPathComponent("k.swy").path)
            let result = inMemoryRunner.run(p) { events.append($0) }
            #expect(result.failures == [])
            #expect(events.map(TranscriptFormat.textLine) == [
                "0s screen main",
                "0s focused \"A\" {0, 0, 400×50}",
                "0s ignored key KEY_SPACE down (unboundKey)",
                "0s tap \"A\" at (200, 25)",
                "0s announced \"A tapped\"",
                "3s focus hidden",
            ])
            let d = dir.path
            #expect(prepareErrors("app three.json\ntechnology keyboard\nsettings clash.json", file: "\(d)/k.swy") == """
                \(d)/clash.json:2:10: error: tab+z is bound to both 'find' and 'actions'; give each key to one command (bind the other elsewhere, or unbind it with null)
                \(d)/k.swy:3:1: note: settings file named here
                """)
        }
    }
}
