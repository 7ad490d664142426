import Testing
import Diagnostics
import ScreenModel
@testable import SwitchyardEngine

@Suite struct SettingsTests {
    @Test func defaultsAreApples() {
        let s = SwitchControlSettings()
        #expect(s.switches == [SwitchAssignment(.select, .selectItem)])
        #expect(s.scanningStyle == .autoScanning)
        #expect(s.mode == .item)
        #expect(s.autoScanningTime == .seconds(1))
        #expect(s.pauseOnFirstItem == nil)
        #expect(s.loops == 4)
        #expect(s.moveRepeat == nil)
        #expect(s.longPress == nil)
        #expect(s.tapBehavior == .default)
        #expect(s.autoTapTime == .milliseconds(750))
        #expect(s.focusedItemAfterTap == .firstItem)
        #expect(s.holdDuration == nil)
        #expect(s.ignoreRepeat == nil)
        #expect(s.groupItems == true)
        #expect(s.glidingCursorSelection == .refined)
        #expect(s.glidingCursorSpeed == 31)
    }

    @Test func loadsEverySettingFromJSON() throws {
        let json = """
        {
          "scanning-style": "manual-scanning", "mode": "point",
          "switches": [{"switch": "select", "action": "select-item", "long-press-action": "scanner-menu"}, {"switch": "next", "action": "move-to-next-item"}],
          "auto-scanning-time": 1.5, "pause-on-first-item": true, "pause-on-first-item-adds": true,
          "pause-on-first-item-after-loop": false, "loops": null, "move-repeat": 0.6, "long-press": true,
          "tap-behavior": "auto-tap", "auto-tap-time": 0.8, "focused-item-after-tap": "current-item",
          "hold-duration": 0.2, "ignore-repeat": false, "group-items": false, "gliding-cursor-selection": "precise",
          "gliding-cursor-speed": 40, "gliding-refine-band": 60, "dwell-time": 2, "start-highlighted": false
        }
        """
        let s = try SwitchControlSettings.load(json: Array(json.utf8), file: "all.json")
        var expected = SwitchControlSettings()
        expected.scanningStyle = .manualScanning
        expected.mode = .point
        expected.switches = [SwitchAssignment(.select, .selectItem, longPress: .scannerMenu), SwitchAssignment(.next, .moveToNextItem)]
        expected.autoScanningTime = .milliseconds(1500)
        expected.pauseOnFirstItem = .milliseconds(500)
        expected.pauseOnFirstItemAdds = true
        expected.pauseOnFirstItemAfterLoop = false
        expected.loops = nil
        expected.moveRepeat = .milliseconds(600)
        expected.longPress = .seconds(1)
        expected.tapBehavior = .autoTap
        expected.autoTapTime = .milliseconds(800)
        expected.focusedItemAfterTap = .currentItem
        expected.holdDuration = .milliseconds(200)
        expected.ignoreRepeat = nil
        expected.groupItems = false
        expected.glidingCursorSelection = .precise
        expected.glidingCursorSpeed = 40
        expected.glidingRefineBand = 60
        expected.dwellTime = .seconds(2)
        expected.startHighlighted = false
        #expect(s == expected)
    }

    @Test func setChangesOneSettingFromText() throws {
        var s = SwitchControlSettings()
        try s.set("auto-scanning-time", "1.5")
        try s.set("pause-on-first-item", "on")
        try s.set("loops", "0")
        try s.set("switches", "select=select-item, next=move-to-next-item/tap")
        #expect(s.autoScanningTime == .milliseconds(1500))
        #expect(s.pauseOnFirstItem == .milliseconds(500))
        #expect(s.loops == nil)
        #expect(s.switches == [SwitchAssignment(.select, .selectItem), SwitchAssignment(.next, .moveToNextItem, longPress: .tap)])
    }

    @Test func errorsQuoteTheBadNameOrValue() {
        var s = SwitchControlSettings()
        #expect(throws: SettingsError(.unknownSetting(name: "auto-scaning-time", suggestion: "auto-scanning-time"))) {
            try s.set("auto-scaning-time", "1")
        }
        #expect(SettingsError(.unknownSetting(name: "auto-scaning-time", suggestion: "auto-scanning-time")).description
            == "error: unknown Switch Control setting 'auto-scaning-time'; did you mean 'auto-scanning-time'?")
        #expect(throws: SettingsError(.invalidValue(name: "tap-behavior", value: "'sometimes'", expected: "one of: default, auto-tap, always-tap"))) {
            try s.set("tap-behavior", "sometimes")
        }
        #expect(throws: SettingsError(.syntax("a settings file is one JSON object of settings by name"), at: SourceLocation(file: "bad.json", line: 1, column: 1))) {
            _ = try SwitchControlSettings.load(json: Array("[]".utf8), file: "bad.json")
        }
    }
}

@Suite struct TextLineTests {
    /// What a live app did not carry out (written by its driver, never by the session).
    @Test func appActionFailedSaysTheCallAndWhatTheAppAnswered() {
        let refused = TimedEvent(.appActionFailed(A, call: "Component.GrabFocus", answer: "it answered false"), at: .milliseconds(1500), by: .fullKeyboardAccess)
        #expect(TranscriptFormat.textLine(refused) == #"1.5s app did not carry out Component.GrabFocus on "A": it answered false"#)
        let gone = at(0, .appActionFailed(nil, call: "Action.DoAction", answer: "it did not answer within 3s"))
        #expect(TranscriptFormat.textLine(gone) == "0s app did not carry out Action.DoAction on nothing: it did not answer within 3s")
    }

    @Test func textLines() {
        #expect(TranscriptFormat.textLine(hl(1700, A)) == #"1.7s highlighted "A" {0, 0, 400×50}"#)
        #expect(TranscriptFormat.textLine(at(6000, .scanningStopped(reason: "loops"))) == "6s scanning stopped (loops)")
        #expect(TranscriptFormat.textLine(at(1500, .highlighted(.pointSweep(axis: .y, stage: .coarse, from: 0, to: 800, duration: .seconds(8)))))
            == "1.5s point sweep coarse y 0→800 over 8s")
    }

    @Test func textLinesNameTheTechnologyWhenAsked() {
        #expect(TranscriptFormat.textLine(hl(1700, A), showingTechnology: true) == #"1.7s [switch-control] highlighted "A" {0, 0, 400×50}"#)
        // The session's own events carry no technology.
        #expect(TranscriptFormat.textLine(bySession(0, .screenChanged(screen: "main")), showingTechnology: true) == "0s screen main")
        #expect(TranscriptFormat.textLine(hl(1700, A), showingTechnology: false) == TranscriptFormat.textLine(hl(1700, A)))
    }

    @Test func overlayAndDisambiguationLines() {
        let badges = [
            OverlayBadge(text: "1", number: 1, element: A, frame: A.frame),
            OverlayBadge(text: "A", number: nil, element: A, frame: A.frame),
            OverlayBadge(text: "Pay", number: nil, element: A, frame: A.frame),
        ]
        #expect(TranscriptFormat.textLine(at(250, .overlayShown(Overlay(kind: .names, continuous: true, badges: badges))))
            == #"0.25s overlay names continuously: 1 "A", "A", "Pay" on "A""#)
        #expect(TranscriptFormat.textLine(at(250, .overlayShown(Overlay(kind: .numbers, continuous: false, badges: []))))
            == "0.25s overlay numbers: (none)")
        let grid = Grid(area: Rect(x: 0, y: 0, width: 390, height: 844), columns: 3, rows: 3, zoom: [5, 2])
        #expect(TranscriptFormat.textLine(at(2000, .overlayShown(Overlay(kind: .grid, continuous: false, badges: [], grid: grid))))
            == "2s overlay grid 3×3 zoomed into [5, 2] over {0, 0, 390×844}")
        #expect(TranscriptFormat.textLine(at(2010, .gridZoomed(path: [5], area: Rect(x: 130, y: 281.5, width: 130, height: 281))))
            == "2.01s grid zoomed into [5] {130, 281.5, 130×281}")
        #expect(TranscriptFormat.textLine(at(3000, .disambiguationShown(name: "A", candidates: [A, A])))
            == #"3s disambiguation "A": 1 "A" {0, 0, 400×50}, 2 "A" {0, 0, 400×50}"#)
    }

    /// A label from someone's file holding a screen clear, a carriage return
    /// and a right-to-left override.
    static let hostile = ElementRef(screen: "main", index: 1, label: "Pay\u{1B}[2J\r\u{202E}now", identifier: "pay\u{7}", frame: Rect(x: 0, y: 0, width: 400, height: 50))

    @Test func textLinesAreTerminalSafe() {
        #expect(TranscriptFormat.textLine(hl(1700, Self.hostile)) == #"1.7s highlighted "Pay\u{1B}[2J\r\u{202E}now" {0, 0, 400×50}"#)
        #expect(TranscriptFormat.textLine(at(1, .announced("line one\nline two\u{9B}31m"))) == #"0.001s announced "line one\nline two\u{9B}31m""#)
        #expect(TranscriptFormat.textLine(at(0, .deviceAdded("Pad\u{1B}]0;pwned\u{7}"))) == #"0s device added "Pad\u{1B}]0;pwned\u{7}""#)
    }
}
