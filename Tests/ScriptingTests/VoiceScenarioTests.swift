import Foundation
import Testing
import ScreenModel
import SwitchyardEngine
@testable import Scripting

/// Voice Control in scenarios: `say` at the clock's instant, `expect
/// overlay`, `expect label of`, `expect disambiguation`, Voice Control
/// beside Switch Control, settings routed to Voice Control. The app is
/// `panelJSON`: "Edit" twice, "⭐️", "Compose new message" (input labels
/// Compose, New message) and a key "3".
@Suite struct VoiceScenarioTests {
    @Test func namesAndNumbersOverlays() throws {
        let r = try run("""
            app panel.json
            technology voice
            expect overlay none
            say "show names"
            expect overlay names "Edit" "Edit" 3 "Compose" "3"
            expect label of "⭐️" = "3"
            expect label of #compose = "Compose"
            say "show numbers"
            expect overlay numbers 1 2 3 4 5
            expect overlay numbers
            expect label of #three = "5"
            wait 1s
            say "tap 3"
            expect activated "⭐️"
            expect announcement "Starred"
            expect overlay none
            """)
        #expect(failureLines(r) == [])
        #expect(r.expectations == 10)
        #expect(r.utterances == 3)
        #expect(r.presses == 3)
        #expect(r.endTime == .seconds(1))
        #expect(lines(r) == [
            "0s screen panel",
            "0s overlay names: \"Edit\", \"Edit\", 3 \"⭐️\", \"Compose\" on \"Compose new message\", \"3\"",
            "0s overlay numbers: 1 \"Edit\", 2 \"Edit\", 3 \"⭐️\", 4 \"Compose new message\", 5 \"3\"",
            "1s overlay numbers hidden",
            "1s tap \"⭐️\" at (200, 125)",
            "1s announced \"Starred\"",
        ])
        #expect(r.events.dropFirst().allSatisfy { $0.technology == .voiceControl })
    }

    /// A name two targets share shows numbers on both; a number picks one.
    /// With no overlay, "tap 3" is the key named "3".
    @Test func disambiguationThenANumber() throws {
        let r = try run("""
            app panel.json
            technology voice
            say "tap edit"
            expect disambiguation "Edit" "Edit"
            expect disambiguation #edit-left #edit-right
            expect label of #edit-right = "2"
            say "2"
            expect activated #edit-right
            expect announcement "Right edit"
            expect disambiguation none
            say "tap 3"
            expect announcement "Three"
            """)
        #expect(failureLines(r) == [])
        #expect(lines(r) == [
            "0s screen panel",
            "0s disambiguation \"edit\": 1 \"Edit\" {0, 0, 200×50}, 2 \"Edit\" {200, 0, 200×50}",
            "0s disambiguation hidden",
            "0s tap \"Edit\" at (300, 25)",
            "0s announced \"Right edit\"",
            "0s tap \"3\" at (200, 325)",
            "0s announced \"Three\"",
        ])
    }

    @Test func overlayFailuresSayWhatShows() throws {
        let r = try run("""
            app panel.json
            technology voice
            expect overlay names
            expect label of #compose = "4"
            say "show numbers"
            expect overlay names "Edit"
            expect overlay numbers 1 2 3
            expect overlay none
            expect label of #compose = "Compose"
            expect disambiguation "Edit" "Edit"
            say "tap edit"
            expect disambiguation #edit-right #edit-left
            expect disambiguation none
            say "show grid"
            expect label of #three = "5"
            """)
        #expect(failureLines(r) == [
            "t.swy:3:1: expected the names overlay, but no overlay is shown",
            "t.swy:4:1: expected the label of #compose to be \"4\", but no overlay is shown",
            "t.swy:6:1: expected the names overlay \"Edit\", but the numbers overlay shows \"1\" \"2\" \"3\" \"4\" \"5\"",
            "t.swy:7:1: expected the numbers overlay \"1\" \"2\" \"3\", but the numbers overlay shows \"1\" \"2\" \"3\" \"4\" \"5\"",
            "t.swy:8:1: expected no overlay, but the numbers overlay shows \"1\" \"2\" \"3\" \"4\" \"5\"",
            "t.swy:9:1: expected the label of #compose to be \"Compose\", but it is \"4\" (the numbers overlay)",
            "t.swy:10:1: expected the disambiguation \"Edit\" \"Edit\", but none is shown",
            "t.swy:12:1: expected the disambiguation #edit-right #edit-left, but it shows 1 \"Edit\" (#edit-left), 2 \"Edit\" (#edit-right)",
            "t.swy:13:1: expected no disambiguation, but it shows 1 \"Edit\" (#edit-left), 2 \"Edit\" (#edit-right)",
            "t.swy:15:1: expected the label of #three to be \"5\", but #three has no badge on the grid overlay",
        ])
    }

    /// Voice Control beside Switch Control: switch presses go to Switch
    /// Control, utterances to Voice Control; each event names the
    /// technology that caused it, and the text lines show it.
    @Test func voiceBesideSwitchControl() throws {
        let r = try run("""
            app three.json
            technology switch-control voice
            expect highlighted "A"
            say "tap b"
            expect activated "B"
            expect screen next
            expect highlighted "Done"
            wait 500ms
            press select
            expect menu contains "Tap"
            """)
        #expect(failureLines(r) == [])
        #expect(r.switchPresses == 1)
        #expect(r.utterances == 1)
        #expect(r.technologies == [.switchControl, .voiceControl])
        #expect(r.events.map { TranscriptFormat.textLine($0, showingTechnology: true) } == [
            "0s screen main",
            "0s [switch-control] highlighted \"A\" {0, 0, 400×50}",
            "0s [voice] tap \"B\" at (200, 125)",
            "0s [voice] screen next",
            "0s [switch-control] highlighted \"Done\" {0, 0, 400×50}",
            "0.5s [switch-control] menu shown: \"Tap\", \"Point Mode\", \"Escape\"",
            "0.5s [switch-control] highlighted menu item \"Tap\"",
        ])
    }

    /// `set` names reach the technology that has them: an overlay setting
    /// before the first step shows the overlay from the start; a grid size
    /// set later applies from its instant.
    @Test func setLinesReachVoiceControl() throws {
        let r = try run("""
            app panel.json
            technology switch-control voice
            set overlay numbers
            set auto-scanning-time 2
            expect overlay numbers 1 2 3 4 5
            expect highlighted #edit-right within 3s
            set grid-columns 2
            say "show grid"
            expect overlay grid "1" "2" "3" "4" "5" "6"
            """)
        #expect(failureLines(r) == [])
        #expect(r.endTime == .seconds(2))
    }

    /// A Voice Control settings file beside a Switch Control one, each
    /// named by its technology.
    @Test func aSettingsFileForEachTechnology() throws {
        try withScratchDirectory { dir in
            try Data("{\"overlay\": \"names\"}".utf8).write(to: dir.appendingPathComponent("voice.json"))
            try Data("{\"auto-scanning-time\": 3}".utf8).write(to: dir.appendingPathComponent("scan.json"))
            try Data("{\"overlay\": \"labels\"}".utf8).write(to: dir.appendingPathComponent("bad.json"))
            let file = dir.appendingPathComponent("v.swy").path
            let p = try inMemoryRunner.prepare(text: """
                app panel.json
                technology switch-control voice
                settings scan.json
                settings voice voice.json
                """, file: file)
            #expect(p.configuration.technologies.map(\.technology) == [.switchControl, .voiceControl])
            guard let sc = p.configuration.technologies[0].switchControl, let vc = p.configuration.technologies[1].voiceControl else {
                Issue.record("expected Switch Control, then Voice Control")
                return
            }
            #expect(sc.autoScanningTime == .seconds(3))
            #expect(vc.overlay == .names)
            let d = dir.path
            #expect(prepareErrors("app panel.json\ntechnology voice\nsettings bad.json", file: file) == """
                \(d)/bad.json:1:13: error: setting 'overlay' cannot be 'labels'; expected one of: none, names, numbers, grid
                \(d)/v.swy:3:1: note: settings file named here
                """)
        }
    }
}
