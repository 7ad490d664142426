import Foundation
import Testing
import ScreenModel
import SwitchyardEngine
@testable import Scripting

/// Preparing loads the app and settings and checks every name before
/// anything runs; each problem names the line that caused it.
@Suite struct PrepareTests {
    static let prepareErrorCases: [(String, String)] = [
        ("app three.json\nexpect highlighted \"Dne\"",
         "t.swy:2:1: error: no element \"Dne\" in the app; did you mean \"Done\"?"),
        ("app three.json\nexpect activated \"Zebra crossing\"",
         "t.swy:2:1: error: no element \"Zebra crossing\" in the app; candidates include: \"A\", #a, \"B\", #b, \"C\", #c, \"Same\", #same1, #same2, \"Done\", #done"),
        ("app three.json\nexpect highlighted #nope",
         "t.swy:2:1: error: no element #nope in the app; did you mean #done?"),
        ("app three.json\nexpect value root/children[9] = \"1\"",
         "t.swy:2:1: error: no element root/children[9] in the app; candidates include: \"A\", #a, \"B\", #b, \"C\", #c, \"Same\", #same1, #same2, \"Done\", #done"),
        ("app three.json\nexpect value \"Same\" = \"1\"",
         "t.swy:2:1: error: \"Same\" is ambiguous on screen 'main': 2 elements match: root/children[3] (#same1), root/children[4] (#same2); name one by #identifier or path"),
        ("app three.json\nstart-screen settings",
         "t.swy:2:1: error: no screen named 'settings'; the app has: main, next"),
        ("app three.json\nexpect screen checkout",
         "t.swy:2:1: error: no screen named or titled 'checkout'; the app has: main, next"),
        ("app three.json\nset auto-scan-time 1",
         "t.swy:2:5: error: unknown Switch Control setting 'auto-scan-time'; known settings: scanning-style, mode, switches, auto-scanning-time, pause-on-first-item, pause-on-first-item-adds, pause-on-first-item-after-loop, loops, move-repeat, long-press, tap-behavior, auto-tap-time, focused-item-after-tap, hold-duration, ignore-repeat, group-items, max-group-size, row-overlap, gliding-cursor-selection, gliding-cursor-speed, gliding-refine-band, dwell-time, start-highlighted, freeze-scan-while-held, menu-button, apple-ranges"),
        ("app three.json\nset tap-behaviour auto-tap",
         "t.swy:2:5: error: unknown Switch Control setting 'tap-behaviour'; did you mean 'tap-behavior'?"),
        ("app three.json\nset loops many",
         "t.swy:2:5: error: setting 'loops' cannot be 'many'; expected a whole number of loops, or 0 / null for unlimited"),
        ("app three.json\nset tap-behavior auto-tap\nset hold-duration 0.8",
         "t.swy:3:5: error: hold-duration 0.8s is not shorter than auto-tap-time 0.75s; Hold Duration must be shorter than the Auto Tap time so that a double press can still open the scanner menu"),
        ("app three.json\nset scanning-style manual",
         "t.swy:2:5: error: Manual Scanning needs at least two switches, one that moves (move-to-next-item or move-to-previous-item) and one that selects (select-item or tap); configured: select. Add a switch, e.g. {\"switch\": \"next\", \"action\": \"move-to-next-item\"}, or use auto-scanning."),
        ("app three.json\nsettings missing.json",
         "missing.json: error: cannot read the settings file: no such file\nt.swy:2:1: note: settings file named here"),
        ("app three.json\nset auto-hide 5",
         "t.swy:2:5: error: 'auto-hide' is a Full Keyboard Access setting; add 'technology keyboard'"),
        ("app three.json\ntechnology keyboard\nset auto-scanning-time 1",
         "t.swy:3:5: error: 'auto-scanning-time' is a Switch Control setting, and this scenario runs Full Keyboard Access; add switch-control to its 'technology' line"),
        ("app three.json\ntechnology switch-control voice\nset auto-hide 5",
         "t.swy:3:5: error: 'auto-hide' is a Full Keyboard Access setting, and this scenario runs Switch Control and Voice Control; add keyboard to its 'technology' line"),
        ("app three.json\ntechnology keyboard voice\nset overlya names",
         "t.swy:3:5: error: unknown Voice Control setting 'overlya'; did you mean 'overlay'?"),
        ("app three.json\ntechnology keyboard voice\nset zzz 1",
         "t.swy:3:5: error: unknown setting 'zzz' of Full Keyboard Access and Voice Control; known settings: auto-hide, help, move-forward, move-backward, move-up, move-down, move-left, move-right, move-to-beginning, move-to-end, move-to-next-item, move-to-previous-item, find, activate, go-back, actions, overlay, name-matching, grid-columns, grid-rows, grid-zoom-levels, press-length"),
        ("app three.json\ntechnology keyboard\nset auto-hide 90",
         "t.swy:3:5: error: setting 'auto-hide' cannot be 90; expected a whole number of seconds from 1 to 60, or off"),
        ("app three.json\ntechnology keyboard\nset find tab+z",
         "t.swy:3:5: error: tab+z is bound to both 'find' and 'actions'; give each key to one command (bind the other elsewhere, or unbind it with null)"),
        ("app three.json\ntechnology keyboard\nkey tab\nset find tab+z",
         "t.swy:4:5: error: tab+z is bound to both 'find' and 'actions'; give each key to one command (bind the other elsewhere, or unbind it with null)"),
        ("app three.json\ntechnology voice\nset grid-columns 30",
         "t.swy:3:5: error: setting 'grid-columns' cannot be 30; expected a whole number from 1 to 20"),
        ("app three.json\nkey Tab\nsay \"tap A\"\ntype \"a\"",
         "t.swy:2:1: error: 'key' drives Full Keyboard Access, which this scenario does not run (it runs Switch Control, the default); add 'technology keyboard'\nt.swy:3:1: error: 'say' drives Voice Control, which this scenario does not run (it runs Switch Control, the default); add 'technology voice'\nt.swy:4:1: error: 'type' drives Full Keyboard Access, which this scenario does not run (it runs Switch Control, the default); add 'technology keyboard'"),
        ("app three.json\ntechnology voice\npress select\nexpect focused \"A\"\nexpect highlighted \"A\"\nexpect menu contains \"Tap\"",
         "t.swy:3:1: error: 'press' drives Switch Control, which this scenario does not run (it runs Voice Control); add switch-control to its 'technology' line\nt.swy:4:1: error: 'expect focused' checks Full Keyboard Access, which this scenario does not run (it runs Voice Control); add keyboard to its 'technology' line\nt.swy:5:1: error: 'expect highlighted' checks Switch Control, which this scenario does not run (it runs Voice Control); add switch-control to its 'technology' line\nt.swy:6:1: error: 'expect menu' checks Switch Control, which this scenario does not run (it runs Voice Control); add switch-control to its 'technology' line"),
        ("app three.json\ntechnology keyboard\nexpect overlay none\nexpect label of \"A\" = \"1\"\nexpect disambiguation none\nexpect focus hidden",
         "t.swy:3:1: error: 'expect overlay' checks Voice Control, which this scenario does not run (it runs Full Keyboard Access); add voice to its 'technology' line\nt.swy:4:1: error: 'expect label of' checks Voice Control, which this scenario does not run (it runs Full Keyboard Access); add voice to its 'technology' line\nt.swy:5:1: error: 'expect disambiguation' checks Voice Control, which this scenario does not run (it runs Full Keyboard Access); add voice to its 'technology' line"),
        ("app three.json\ntechnology voice\nsettings keyboard keys.json",
         "t.swy:3:1: error: 'settings keyboard …' is for Full Keyboard Access, which this scenario does not run (it runs Voice Control); add keyboard to its 'technology' line"),
        ("app three.json\ntechnology keyboard voice\nsettings missing.json",
         "missing.json: error: cannot read the settings file: no such file\nt.swy:3:1: note: settings file named here"),
        ("app three.json\ntechnology keyboard voice\nsettings voice a.json\nsettings voice b.json",
         "a.json: error: cannot read the settings file: no such file\nt.swy:3:1: note: settings file named here\n"
            + "b.json: error: a second Voice Control settings file (the first is 'a.json'); give one settings file per technology\nt.swy:4:1: note: settings file named here"),
        ("app three.json\ntechnology voice\nexpect disambiguation \"Zebra\" \"Same\"",
         "t.swy:3:1: error: no element \"Zebra\" in the app; candidates include: \"A\", #a, \"B\", #b, \"C\", #c, \"Same\", #same1, #same2, \"Done\", #done"),
        ("app three.json\ntechnology keyboard\nexpect focused \"Same\"",
         "t.swy:3:1: error: \"Same\" is ambiguous on screen 'main': 2 elements match: root/children[3] (#same1), root/children[4] (#same2); name one by #identifier or path"),
        ("app three.json\nat 2s press select\nat 1s press select",
         "t.swy:3:1: error: time goes backwards: 'at 1s' but the clock is already at 2.1s here (after line 2)"),
        ("app three.json\nset press-length long",
         "t.swy:2:5: error: expected a duration such as 150ms for press-length, found 'long'"),
        ("app nowhere.json",
         "nowhere.json: error: cannot read: no such file\nt.swy:1:1: note: app file named here"),
    ]

    @Test(arguments: prepareErrorCases)
    func prepareErrorNamesTheLine(_ text: String, _ expected: String) {
        #expect(prepareErrors(text) == expected)
    }

    @Test func everyProblemIsReportedInLineOrder() {
        #expect(prepareErrors("""
            app three.json
            expect screen checkout
            set loops many
            at 3s wait 1s
            at 2s expect highlighted "Dne"
            """) == """
            t.swy:2:1: error: no screen named or titled 'checkout'; the app has: main, next
            t.swy:3:5: error: setting 'loops' cannot be 'many'; expected a whole number of loops, or 0 / null for unlimited
            t.swy:5:1: error: time goes backwards: 'at 2s' but the clock is already at 4s here (after line 4)
            t.swy:5:7: error: no element "Dne" in the app; did you mean "Done"?
            """)
    }

    @Test func settingsFileIsResolvedAgainstTheScenario() {
        let root = repoRoot.path
        #expect(prepareErrors("app three.json\nsettings ../settings/nope.json", file: "\(root)/Examples/scenarios/x.swy")
            == "\(root)/Examples/scenarios/../settings/nope.json: error: cannot read the settings file: no such file\n"
            + "\(root)/Examples/scenarios/x.swy:2:1: note: settings file named here")
    }

    @Test func anErrorInTheSettingsFileIsReportedInThatFileWithANoteAtTheScenarioLine() throws {
        try withScratchDirectory { dir in
            try Data("{\"loops\": 2,\n \"auto-scaning-time\": 2}".utf8).write(to: dir.appendingPathComponent("typo.json"))
            let d = dir.path
            #expect(prepareErrors("""
                app three.json
                expect screen checkout
                settings typo.json
                set loops many
                """, file: "\(d)/x.swy") == """
                \(d)/x.swy:2:1: error: no screen named or titled 'checkout'; the app has: main, next
                \(d)/typo.json:2:23: error: unknown Switch Control setting 'auto-scaning-time'; did you mean 'auto-scanning-time'?
                \(d)/x.swy:3:1: note: settings file named here
                \(d)/x.swy:4:5: error: setting 'loops' cannot be 'many'; expected a whole number of loops, or 0 / null for unlimited
                """)
        }
    }

    @Test func settingsFileAndOverridesAreApplied() throws {
        let file = repoRoot.appendingPathComponent("Examples/scenarios/x.swy").path
        let s = try ScenarioParser(file: file).parse("""
            app three.json
            settings ../settings/tremor.json
            set auto-scanning-time 2
            set press-length 300ms
            start-screen next
            """)
        let p = try inMemoryRunner.prepare(s)
        guard let settings = p.configuration.settings(of: .switchControl)?.switchControl else {
            Issue.record("expected Switch Control")
            return
        }
        #expect(settings.autoScanningTime == .seconds(2))
        #expect(settings.holdDuration == .milliseconds(200))
        #expect(settings.ignoreRepeat == .milliseconds(500))
        #expect(p.pressLength == .milliseconds(300))
        #expect(p.app.startScreen == "next")
    }

    @Test(arguments: ["Tap", "Escape", "Increment", "Decrement", "Scroll", "Point Mode", "Item Mode", "Favorite"])
    func menuItemNamesNeedNoElement(_ item: String) {
        #expect(prepareErrors("app demo\nexpect highlighted \"\(item)\"") == nil)
    }

    @Test func aRowAndItsHiddenTextShareALabel() throws {
        // An Appium cell: the row is an element that hides its children; its
        // text has the same label. The name means the row.
        let json = """
            {"screens": {"s": {"root": {"children": [
              {"identifier": "row", "label": "General", "traits": ["button"], "childBehavior": "ignore",
               "frame": {"x": 0, "y": 0, "width": 390, "height": 44},
               "children": [{"label": "General", "traits": ["staticText"], "frame": {"x": 16, "y": 10, "width": 100, "height": 24}}]},
              {"label": "Other", "traits": ["button"], "frame": {"x": 0, "y": 50, "width": 390, "height": 44}},
              {"label": "Twice", "traits": ["button"], "frame": {"x": 0, "y": 100, "width": 390, "height": 44}},
              {"label": "Twice", "traits": ["button"], "frame": {"x": 0, "y": 150, "width": 390, "height": 44}}
            ]}}}}
            """
        let app = try AppDecoder(file: "cell.json").decode(Array(json.utf8))
        let screen = try #require(app.screen(named: "s"))
        #expect(ElementMatcher().matches(.label("General"), on: screen) == [1])
        #expect(ElementMatcher().problem(with: .label("General"), in: app) == nil)
        #expect(ElementMatcher().problem(with: .label("Twice"), in: app)
            == "\"Twice\" is ambiguous on screen 's': 2 elements match: root/children[2], root/children[3]; name one by #identifier or path")
    }
}
