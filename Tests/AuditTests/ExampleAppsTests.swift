import Testing
import ScreenModel
import DemoApp
@testable import Audit

/// The audit on the example apps: the failing one fails every rule exactly
/// where its description says, the clean one (Mail) passes, and the demo
/// app's findings are what they are.
@Suite struct ExampleAppsTests {
    @Test func theFailingExampleFailsEveryRuleWhereItWasPlanted() throws {
        let (model, _) = try example("audit-fails.json")
        let findings = try Auditor().audit(model)
        #expect(summary(findings) == [
            "label-missing home/root/children[1]",
            "label-not-speakable home/root/children[2]",
            "target-too-small home/root/children[3]",
            "label-duplicate home/root/children[5]",
            "label-repeats-trait home/root/children[6]",
            "input-labels-too-many home/root/children[7]",
            "adjustable-value-missing home/root/children[8]",
            "image-unlabelled home/root/children[9]",
            "unreachable home/root/children[11]/children[1]",
            "back-on-start-screen home/root/children[12]",
            "sheet-focus-not-returned confirm/root/children[1]",
            "rows-not-combined episodes/root/children[1]",
            "modal-without-escape saved-alert/root/children[2]",
            "activation-over-budget shelves/root/children[1]/children[5]/children[5]/children[3]",
        ])
        #expect(Set(findings.map(\.rule)) == Set(AuditRule.allCases))
    }

    @Test func theFailingExamplesMessages() throws {
        let (model, _) = try example("audit-fails.json")
        let messages = try Auditor().audit(model).map(\.message)
        #expect(messages == [
            "interactive element has no label; Voice Control can show it only as a number, and speech has nothing to say",
            "'★' has no letter or number to say (emoji or symbols only); Voice Control shows a number instead of a name",
            "tap target is 30×30 pt, under the 44×44 pt minimum (Apple's Human Interface Guidelines)",
            "label 'Edit' is also the label of 'Edit' at root/children[4]; saying it brings up a numbered list to choose from",
            "label 'Settings button' ends with 'button', which VoiceOver already says for the button trait",
            "6 input labels; Apple advises at most about 4, so that speech recognition is not overloaded",
            "adjustable element 'Volume' has no value; nobody hears its setting, nor what Increment and Decrement changed",
            "image has no label and is not hidden; VoiceOver lands on it with nothing to say",
            "no technology can reach it: not in the navigation order",
            "'Back' goes back on 'home', the screen the app starts on, where there is nothing to go back to",
            "closing this sheet does not return focus to 'Delete All' on 'home' (root/children[10], which showed it): the sheet was pushed with goTo, so closing it is a navigation back and scanning starts again at the first item",
            "3 rows make 2 scan stops each (6 in all) where combining each row would make 1: 3 scan stops saved",
            "modal view traps navigation, and its one stop does not dismiss it, go back or clear its isModal trait; a switch or voice user cannot leave it",
            "reaching and activating it takes 15.5 s with Switch Control's default settings (auto scanning, 1 s per item), over the 15 s budget",
        ])
    }

    @Test func theFailingExamplesFindingsCarryTheirLinesAndFrames() throws {
        let (model, bytes) = try example("audit-fails.json")
        let findings = ElementLines.locate(try Auditor().audit(model), in: bytes)
        #expect(findings.map { "\($0.line ?? 0):\($0.column ?? 0)" } == [
            "13:11", "14:11", "15:11", "17:11", "18:11", "19:11", "20:11", "21:11", "28:15", "31:11", "42:11", "52:11", "92:11", "134:23",
        ])
        #expect(findings[2].frame == Rect(x: 136, y: 117, width: 30, height: 30))
        #expect(findings[2].label == "Help")
        #expect(findings[0].label == nil)
    }

    /// Mail is the clean example: nothing to report on any screen.
    @Test(arguments: ["mail.json", "podcasts.json", "settings.json"])
    func aCleanExampleHasNoFindings(_ name: String) throws {
        let (model, _) = try example(name)
        #expect(try Auditor().audit(model).isEmpty)
    }

    /// The demo app: three bar buttons (Cart, Back, Close) and the search field under 44 pt
    /// tall. Real by the rule (the demo models their 32 pt visual height as
    /// their frame); the demo is not changed for it (docs/audit.md).
    @Test func theDemoAppsFindings() throws {
        let findings = try Auditor().audit(DemoApp.load())
        #expect(summary(findings) == [
            "target-too-small home/root/children[0]/children[1]",
            "target-too-small home/root/children[1]",
            "target-too-small product/root/children[0]",
            "target-too-small cart/root/children[1]",
        ])
        #expect(findings.map(\.message) == [
            "tap target is 54×32 pt, under the 44×44 pt minimum (Apple's Human Interface Guidelines)",
            "tap target is 358×40 pt, under the 44×44 pt minimum (Apple's Human Interface Guidelines)",
            "tap target is 70×32 pt, under the 44×44 pt minimum (Apple's Human Interface Guidelines)",
            "tap target is 74×32 pt, under the 44×44 pt minimum (Apple's Human Interface Guidelines)",
        ])
    }

    /// The other examples: their findings are what each was written to show
    /// (Phone's unspeakable keys and two Edit buttons), bar buttons drawn
    /// 32 pt tall, and the two Settings rows below the fold of the iOS
    /// capture, which Switch Control reaches only through the menu's Scroll
    /// (15.5 and 16.5 s).
    @Test func theOtherExamplesFindings() throws {
        var all: [String] = []
        for name in ["corner-cafe-mini.json", "ios-settings-top.xml", "phone.json", "rtl-inbox.json"] {
            let (model, _) = try example(name)
            all += summary(try Auditor().audit(model)).map { name + " " + $0 }
        }
        #expect(all == [
            "corner-cafe-mini.json target-too-small detail/root/children[0]",
            "corner-cafe-mini.json target-too-small order-sheet/root/children[1]",
            "ios-settings-top.xml activation-over-budget ios-settings-top/root/children[0]/children[0]/children[0]/children[0]/children[0]/children[1]/children[0]/children[0]/children[0]/children[13]",
            "ios-settings-top.xml activation-over-budget ios-settings-top/root/children[0]/children[0]/children[0]/children[0]/children[0]/children[1]/children[0]/children[0]/children[0]/children[14]",
            "phone.json label-duplicate keypad/root/children[2]",
            "phone.json label-not-speakable keypad/root/children[4]/children[9]",
            "phone.json label-not-speakable keypad/root/children[4]/children[11]",
            "phone.json label-not-speakable keypad/root/children[5]",
            "phone.json target-too-small favorites/root/children[2]",
            "rtl-inbox.json target-too-small inbox/root/children[2]",
        ])
    }

    /// One screen: its own findings, and those of the sheets it shows.
    @Test func oneScreenAndTheSheetsItShows() throws {
        let (model, _) = try example("audit-fails.json")
        let home = try #require(model.screen(named: "home"))
        let findings = try Auditor().audit(model, screens: [home])
        #expect(summary(findings).suffix(3) == [
            "unreachable home/root/children[11]/children[1]",
            "back-on-start-screen home/root/children[12]",
            "sheet-focus-not-returned confirm/root/children[1]",
        ])
        #expect(findings.count == 11)
    }
}
