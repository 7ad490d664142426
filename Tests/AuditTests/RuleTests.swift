import Testing
import ScreenModel
import SwitchyardEngine
@testable import Audit

/// Each rule on screens made for it: what it finds, and what it leaves alone.
@Suite struct LabelRuleTests {
    @Test func aLabelMadeOfSpacesIsMissingAndInputLabelsDoNotStandIn() throws {
        let model = try app([
            button("  ", y: 100),
            button(nil, y: 160, extra: "\"inputLabels\": [\"Share\"]"),
            button("Share", y: 220),
        ])
        #expect(summary(try Auditor().audit(model)) == ["label-missing s/root/children[0]", "label-missing s/root/children[1]"])
    }

    @Test func aSpeakableInputLabelMakesASymbolLabelSpeakable() throws {
        let model = try app([
            button("★", y: 100, extra: "\"inputLabels\": [\"Favorite\"]"),
            button("→", y: 160, extra: "\"inputLabels\": [\"⇥\", \"…\"]"),
            button("1️⃣", y: 220),
        ])
        let findings = try Auditor().audit(model)
        #expect(summary(findings) == ["label-not-speakable s/root/children[1]", "label-not-speakable s/root/children[2]"])
        #expect(findings[0].message == "'⇥', '…' has no letter or number to say (emoji or symbols only); Voice Control shows a number instead of a name")
    }

    /// Compared as Voice Control hears them: `Wi-Fi` and `wifi` are one name.
    @Test func duplicatesAreComparedAsSpoken() throws {
        let model = try app([
            button("Wi-Fi", y: 100),
            button("Bluetooth", y: 160),
            button("wifi", y: 220),
            button("WI FI", y: 280),
            {
                "{\"label\": \"Wi-Fi\", \"traits\": [\"header\"], \"frame\": {\"x\": 16, \"y\": 340, \"width\": 100, \"height\": 44}}"
            }(),
        ])
        let findings = try Auditor().audit(model)
        #expect(summary(findings) == ["label-duplicate s/root/children[2]"])
        #expect(findings[0].message == "label 'wifi' is also the label of 'Wi-Fi' at root/children[0]; saying it brings up a numbered list to choose from")
    }

    @Test(arguments: [
        ("Settings button", "button", true), ("PLAY  BUTTON", "button", true), ("Play-button", "button", false), ("Button", "button", true),
        ("Rebutton", "button", false), ("Buttons", "button", false), ("Button bar", "button", false),
        ("Terms link", "link", true), ("Logo image", "image", true), ("Find search field", "searchField", true),
        ("Inbox heading", "header", true), ("Inbox header", "header", false), ("Wi-Fi switch button", "toggle", true),
    ])
    func theTraitsWordAtTheEndOfTheLabel(_ label: String, _ trait: String, _ found: Bool) throws {
        let model = try app(["{\"label\": \"\(label)\", \"traits\": [\"\(trait)\"], \"frame\": {\"x\": 16, \"y\": 100, \"width\": 358, \"height\": 44}}"])
        let rules = try Auditor().audit(model).map(\.rule)
        #expect(rules.contains(.labelRepeatsTrait) == found)
    }

    @Test func fourInputLabelsAreEnoughAndFiveTooMany() throws {
        let model = try app([
            button("Play", y: 100, extra: "\"inputLabels\": [\"Play\", \"Start\", \"Go\", \"Begin\"]"),
            button("Stop", y: 160, extra: "\"inputLabels\": [\"Stop\", \"Halt\", \"End\", \"Finish\", \"Quit\"]"),
        ])
        #expect(summary(try Auditor().audit(model)) == ["input-labels-too-many s/root/children[1]"])
    }
}

@Suite struct ElementRuleTests {
    @Test func iOSTargetsAre44PointsEachWay() throws {
        let model = try app([
            button("Wide", y: 100, width: 358, height: 43),
            button("Square", y: 160, width: 44, height: 44),
            button("Narrow", y: 220, width: 43, height: 60),
        ])
        let findings = try Auditor().audit(model)
        #expect(summary(findings) == ["target-too-small s/root/children[0]", "target-too-small s/root/children[2]"])
        #expect(findings[0].message == "tap target is 358×43 pt, under the 44×44 pt minimum (Apple's Human Interface Guidelines)")
    }

    /// Android: 48 × 48 dp, and 32 dp in a dimension on the screen's edge
    /// (the Accessibility Test Framework's allowance).
    @Test func androidTargetsAre48DpAnd32AtTheScreensEdge() throws {
        let model = try app([
            button("Middle", x: 100, y: 100, width: 44, height: 44),
            button("Left edge", x: 0, y: 200, width: 40, height: 48),
            button("Left edge short", x: 0, y: 300, width: 40, height: 40),
            button("Bottom edge", x: 100, y: 810, width: 48, height: 34),
            button("Big", x: 100, y: 400, width: 48, height: 48),
        ], platform: "android")
        let findings = try Auditor().audit(model)
        #expect(summary(findings) == ["target-too-small s/root/children[0]", "target-too-small s/root/children[2]"])
        #expect(findings.map(\.message) == [
            "tap target is 44×44 dp, under the 48×48 dp minimum (Material Design)",
            "tap target is 40×40 dp, under the 48×48 dp minimum (Material Design); 32 dp at the screen's edge",
        ])
    }

    @Test func anAdjustableNeedsAValueAndARangeGivesOne() throws {
        let model = try app([
            "{\"label\": \"Volume\", \"traits\": [\"adjustable\"], \"frame\": {\"x\": 16, \"y\": 100, \"width\": 358, \"height\": 44}}",
            "{\"label\": \"Speed\", \"value\": \"\", \"traits\": [\"adjustable\"], \"frame\": {\"x\": 16, \"y\": 160, \"width\": 358, \"height\": 44}}",
            "{\"label\": \"Size\", \"traits\": [\"adjustable\"], \"range\": {\"minimum\": 1, \"maximum\": 3, \"step\": 1}, \"frame\": {\"x\": 16, \"y\": 220, \"width\": 358, \"height\": 44}}",
            "{\"label\": \"Rating\", \"value\": \"3 stars\", \"traits\": [\"adjustable\"], \"frame\": {\"x\": 16, \"y\": 280, \"width\": 358, \"height\": 44}}",
        ])
        #expect(summary(try Auditor().audit(model)) == ["adjustable-value-missing s/root/children[0]", "adjustable-value-missing s/root/children[1]"])
    }

    /// Labelled, hidden, or merged into a labelled row: no finding.
    @Test func anImageNeedsALabelOrToBeHidden() throws {
        let model = try app([
            "{\"traits\": [\"image\"], \"frame\": {\"x\": 16, \"y\": 100, \"width\": 100, \"height\": 100}}",
            "{\"label\": \"Logo\", \"traits\": [\"image\"], \"frame\": {\"x\": 16, \"y\": 220, \"width\": 100, \"height\": 100}}",
            "{\"hidden\": true, \"traits\": [\"image\"], \"frame\": {\"x\": 16, \"y\": 340, \"width\": 100, \"height\": 100}}",
            "{\"childBehavior\": \"combine\", \"children\": [{\"traits\": [\"image\"], \"frame\": {\"x\": 16, \"y\": 460, \"width\": 40, \"height\": 40}}, {\"label\": \"Inbox\", \"frame\": {\"x\": 60, \"y\": 460, \"width\": 100, \"height\": 40}}]}",
        ])
        #expect(summary(try Auditor().audit(model)) == ["image-unlabelled s/root/children[0]"])
    }
}

@Suite struct StructureRuleTests {
    static func row(_ n: Int, stops: Int, combine: Bool = false) -> String {
        let y = 100 + 60 * n
        var parts = ["{\"label\": \"Row \(n)\", \"traits\": [\"staticText\"], \"frame\": {\"x\": 16, \"y\": \(y), \"width\": 150, \"height\": 44}}"]
        for k in 0..<stops { parts.append(button("Action \(k) of \(n)", x: 180 + 64 * k, y: y, width: 60, height: 44)) }
        return "{" + (combine ? "\"childBehavior\": \"combine\", " : "") + "\"children\": [\(parts.joined(separator: ", "))]}"
    }

    @Test func rowsOfSeveralStopsAreCountedWithTheStopsSaved() throws {
        let model = try app(["{\"containerType\": \"list\", \"children\": [\(Self.row(0, stops: 2)), \(Self.row(1, stops: 3)), \(Self.row(2, stops: 1)), \(Self.row(3, stops: 2, combine: true))]}"])
        let findings = try Auditor().audit(model)
        #expect(summary(findings) == ["rows-not-combined s/root/children[0]"])
        #expect(findings[0].message == "2 rows make 2 to 3 scan stops each (5 in all) where combining each row would make 1: 3 scan stops saved")
    }

    /// A section of a list gives its children as rows; a plain container
    /// that is not a list is left alone.
    @Test func sectionsOfAListGiveTheirRows() throws {
        let model = try app([
            "{\"containerType\": \"list\", \"children\": [{\"containerType\": \"semanticGroup\", \"children\": [\(Self.row(0, stops: 2))]}]}",
            "{\"containerType\": \"semanticGroup\", \"children\": [\(Self.row(3, stops: 2))]}",
        ])
        let findings = try Auditor().audit(model)
        #expect(summary(findings) == ["rows-not-combined s/root/children[0]"])
        #expect(findings[0].message == "1 row makes 2 scan stops each (2 in all) where combining each row would make 1: 1 scan stop saved")
    }

    @Test(arguments: [
        ("[{\"effect\": \"dismiss\"}]", false),
        ("[{\"effect\": \"back\"}]", false),
        ("[{\"effect\": \"toggleTrait\", \"trait\": \"isModal\", \"target\": \"alert\"}]", false),
        ("[{\"effect\": \"toggleTrait\", \"trait\": \"isModal\", \"target\": \"other\"}]", true),
        ("[{\"effect\": \"goTo\", \"screen\": \"s\"}]", true),
        ("[{\"effect\": \"announce\", \"message\": \"OK\"}]", true),
    ])
    func aModalNeedsAStopThatLeavesIt(_ effects: String, _ found: Bool) throws {
        let model = try app([
            button("Behind", y: 100),
            "{\"identifier\": \"other\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1}}",
            "{\"identifier\": \"alert\", \"traits\": [\"isModal\"], \"children\": [\(button("OK", y: 400, effects: effects))]}",
        ])
        #expect(try Auditor().audit(model).map(\.rule).contains(.modalWithoutEscape) == found)
    }

    @Test func aCustomActionCanBeTheWayOut() throws {
        let model = try app([
            "{\"identifier\": \"alert\", \"traits\": [\"isModal\"], \"children\": [\(button("OK", y: 400, extra: "\"customActions\": [{\"name\": \"Close\", \"effects\": [{\"effect\": \"dismiss\"}]}]"))]}",
        ])
        #expect(!(try Auditor().audit(model).map(\.rule).contains(.modalWithoutEscape)))
    }

    @Test func aModalWithNoStopAtAll() throws {
        let model = try app([
            "{\"identifier\": \"alert\", \"traits\": [\"isModal\"], \"children\": [{\"label\": \"Wait\", \"frame\": {\"x\": 16, \"y\": 400, \"width\": 200, \"height\": 44}}]}",
        ])
        #expect(try Auditor().audit(model).map(\.message) == ["modal view traps navigation, and it has no stop at all; a switch or voice user cannot leave it"])
    }
}

/// `sheet-focus-not-returned`, acted out through a session.
@Suite struct SheetFocusTests {
    func findings(trigger: String = "[{\"effect\": \"present\", \"screen\": \"sheet\"}]", closer: String, sheetModal: Bool = true) throws -> [Finding] {
        let model = try app([
            button("Other", y: 100),
            button("Open", y: 160, id: "open", effects: trigger),
        ], screens: [
            "sheet": [
                "{\"traits\": \(sheetModal ? "[\"isModal\"]" : "[]"), \"children\": [\(button("Close", y: 400, effects: closer))]}",
            ],
            "next": [button("Done", y: 100)],
        ])
        return try Auditor().audit(model).filter { $0.rule == .sheetFocusNotReturned }
    }

    @Test func aDismissedSheetReturnsFocus() throws {
        #expect(try findings(closer: "[{\"effect\": \"dismiss\"}]").isEmpty)
        #expect(try findings(closer: "[{\"effect\": \"announce\", \"message\": \"Paid\"}, {\"effect\": \"dismiss\"}]").isEmpty)
    }

    /// Going on to another screen after the dismissal: focus belongs there.
    @Test func goingOnToAnotherScreenIsNotAFinding() throws {
        #expect(try findings(closer: "[{\"effect\": \"dismiss\"}, {\"effect\": \"goTo\", \"screen\": \"next\"}]").isEmpty)
    }

    /// The trigger disables itself as it presents: focus cannot come back to it.
    @Test func aTriggerDisabledOnTheWayLosesTheFocus() throws {
        let found = try findings(trigger: "[{\"effect\": \"toggleTrait\", \"trait\": \"notEnabled\"}, {\"effect\": \"present\", \"screen\": \"sheet\"}]",
                                 closer: "[{\"effect\": \"dismiss\"}]")
        #expect(summary(found) == ["sheet-focus-not-returned sheet/root/children[0]/children[0]"])
        #expect(found.map(\.message) == ["closing this sheet does not return focus to 'Open' on 's' (root/children[1], which showed it): it is not enabled when the sheet closes, so focus cannot land on it"])
    }

    /// A modal screen pushed with goTo: back is a navigation, scanning starts at the first item.
    @Test func aModalScreenPushedWithGoToLosesTheFocus() throws {
        let found = try findings(trigger: "[{\"effect\": \"goTo\", \"screen\": \"sheet\"}]", closer: "[{\"effect\": \"back\"}]")
        #expect(found.map(\.message) == ["closing this sheet does not return focus to 'Open' on 's' (root/children[1], which showed it): the sheet was pushed with goTo, so closing it is a navigation back and scanning starts again at the first item"])
    }

    /// A screen pushed with goTo that traps nothing is a navigation, not a sheet.
    @Test func aPlainScreenPushedWithGoToIsNotASheet() throws {
        #expect(try findings(trigger: "[{\"effect\": \"goTo\", \"screen\": \"sheet\"}]", closer: "[{\"effect\": \"back\"}]", sheetModal: false).isEmpty)
    }
}

@Suite struct ScanTimeRuleTests {
    /// The failing example's shelves under other budgets: the last two
    /// shelf items take 14.5 and 15.5 s.
    @Test(arguments: [(14.0, 2), (15.0, 1), (15.5, 0)])
    func theBudgetIsASetting(_ seconds: Double, _ over: Int) throws {
        let (model, _) = try example("audit-fails.json")
        var settings = AuditSettings()
        settings.budget = .seconds(seconds)
        let findings = try Auditor(settings: settings).audit(model, screens: [try #require(model.screen(named: "shelves"))])
        #expect(findings.filter { $0.rule == .activationOverBudget }.count == over)
    }

    /// Hidden, scrolled out, not enabled and behind a modal view are the
    /// screen's state, not findings; left out of accessibilityElements is.
    @Test func theScreensStateIsNotUnreachable() throws {
        let model = try app([
            button("Hidden", y: 100, extra: "\"hidden\": true"),
            button("Off", y: 160, traits: ["button", "notEnabled"]),
            "{\"scrollable\": true, \"frame\": {\"x\": 0, \"y\": 220, \"width\": 390, \"height\": 100}, \"children\": [\(button("Below", y: 500))]}",
            "{\"identifier\": \"bar\", \"accessibilityElements\": [\"a\"], \"children\": [\(button("A", y: 700, width: 100, id: "a")), \(button("B", x: 200, y: 700, width: 100, id: "b"))]}",
        ])
        #expect(summary(try Auditor().audit(model).filter { $0.rule == .unreachable }) == ["unreachable s/root/children[3]/children[1]"])
        let behind = try app([
            button("Behind", y: 100),
            "{\"traits\": [\"isModal\"], \"children\": [\(button("Close", y: 400, effects: "[{\"effect\": \"dismiss\"}]"))]}",
        ])
        #expect(try Auditor().audit(behind).filter { $0.rule == .unreachable }.isEmpty)
    }

    @Test func theUnreachableMessageNamesEachTechnologyAndReason() {
        #expect(ScanTimeRules.unreachable([(.fullKeyboardAccess, "no key command focuses it")], of: 3)
                == "Full Keyboard Access cannot reach it: no key command focuses it")
        #expect(ScanTimeRules.unreachable([(.switchControl, "a"), (.voiceControl, "b")], of: 3)
                == "Switch Control cannot reach it: a; Voice Control cannot reach it: b")
        #expect(ScanTimeRules.unreachable([(.switchControl, "x"), (.fullKeyboardAccess, "x"), (.voiceControl, "x")], of: 3)
                == "no technology can reach it: x")
    }

    @Test(arguments: [("15", 15.0), ("0.5", 0.5), ("3600", 3600.0)])
    func aBudgetFromTheCommandLine(_ written: String, _ seconds: Double) {
        #expect(AuditSettings.budget(written) == .seconds(seconds))
    }

    @Test(arguments: ["0", "-1", "3601", "nan", "inf", "1e400", "fifteen", ""])
    func aBudgetOutsideTheRangeIsRefused(_ written: String) {
        #expect(AuditSettings.budget(written) == nil)
    }
}

/// `back-on-start-screen`: the screen the app starts on has nothing beneath it.
@Suite struct BackOnStartScreenTests {
    @Test func backDismissAndACustomActionOnTheStartScreenAreFound() throws {
        let model = try app([
            button("Back", y: 100, effects: "[{\"effect\": \"back\"}]"),
            button("Done", y: 160, effects: "[{\"effect\": \"announce\", \"message\": \"Saved\"}, {\"effect\": \"dismiss\"}]"),
            button("Row", y: 220, extra: "\"customActions\": [{\"name\": \"Close\", \"effects\": [{\"effect\": \"back\"}]}]"),
            button("Next", y: 280, effects: "[{\"effect\": \"goTo\", \"screen\": \"t\"}]"),
        ], screens: ["t": [button("Back", y: 100, effects: "[{\"effect\": \"back\"}]")]])
        let findings = try Auditor().audit(model).filter { $0.rule == .backOnStartScreen }
        #expect(summary(findings) == [
            "back-on-start-screen s/root/children[0]",
            "back-on-start-screen s/root/children[1]",
            "back-on-start-screen s/root/children[2]",
        ])
        #expect(findings.map(\.message) == [
            "'Back' goes back on 's', the screen the app starts on, where there is nothing to go back to",
            "'Done' dismisses on 's', the screen the app starts on, where there is nothing to go back to",
            "custom action 'Close' of 'Row' goes back on 's', the screen the app starts on, where there is nothing to go back to",
        ])
        #expect(AuditRule.backOnStartScreen.severity == .error)
    }
}
