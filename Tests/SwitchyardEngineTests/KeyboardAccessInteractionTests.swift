import Testing
import ScreenModel
@testable import SwitchyardEngine

/// Full Keyboard Access acting: Space, the actions list, Go back with a
/// sheet, the modal trap, Find, Help, text editing, Auto-Hide
/// (docs/keyboard-access.md, "Interaction", "Auto-Hide").
@Suite struct KeyboardAccessInteractionTests {
    // MARK: - Activate

    @Test func spaceActivatesTheFocusedElement() throws {
        var s = try keyboardSession(interactionApp)
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        #expect(s.key("space", at: 2000) == [fka(2000, .activated(mail, at: Point(x: 200, y: 25)))])
    }

    @Test func spaceWithNothingFocusedIsIgnored() throws {
        var s = try keyboardSession(interactionApp)
        _ = s.start(at: .zero)
        #expect(s.key("space", at: 1000) == [fka(1000, .inputIgnored(stroke(.space, .down), reason: .nothingFocused))])
    }

    @Test func anUnboundKeyIsIgnoredNeverGuessed() throws {
        var s = try keyboardSession(interactionApp)
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        #expect(s.key("fn+h", at: 2000) == [fka(2000, .inputIgnored(stroke("KEY_H", .down, .function), reason: .unboundKey))])
        #expect(s.key("x", at: 3000) == [fka(3000, .inputIgnored(stroke("KEY_X", .down), reason: .unboundKey))])
        #expect(s.key("shift", at: 4000) == [])
    }

    // MARK: - Actions list

    @Test func tabZListsCustomActionsAndSpaceRunsTheHighlightedOne() throws {
        var s = try keyboardSession(interactionApp)
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        #expect(s.key("tab+z", at: 2000) == [fka(2000, .actionsListShown(items: ["Archive", "Flag"])), fka(2000, .actionsListItem("Archive"))])
        #expect(s.presentation.actionsList == ActionsListPresentation(items: ["Archive", "Flag"], highlightedItem: 0, target: mail))
        #expect(s.key("down", at: 3000) == [fka(3000, .actionsListItem("Flag"))])
        #expect(s.key("down", at: 4000) == [fka(4000, .actionsListItem("Archive"))])
        #expect(s.key("up", at: 5000) == [fka(5000, .actionsListItem("Flag"))])
        #expect(s.key("up", at: 6000) == [fka(6000, .actionsListItem("Archive"))])
        #expect(s.key("tab", at: 6500) == [fka(6500, .inputIgnored(stroke(.tab, .up), reason: .notApplicable))])
        #expect(s.key("space", at: 7000) == [
            fka(7000, .actionsListHidden),
            fka(7000, .customActionPerformed(mail, name: "Archive")),
            fka(7000, .announced("Archived")),
        ])
        #expect(s.presentation.actionsList == nil)
        #expect(s.presentation.focused == mail)
    }

    @Test func anAdjustableOffersIncrementAndDecrement() throws {
        var s = try keyboardSession(interactionApp)
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        _ = s.key("tab", at: 2000)
        #expect(s.key("tab+z", at: 3000) == [fka(3000, .actionsListShown(items: ["Increment", "Decrement"])), fka(3000, .actionsListItem("Increment"))])
        #expect(s.key("space", at: 4000) == [fka(4000, .actionsListHidden), fka(4000, .valueChanged(volumeSlider, value: "60%"))])
        _ = s.key("tab+z", at: 5000)
        #expect(s.key("down", at: 6000) == [fka(6000, .actionsListItem("Decrement"))])
        #expect(s.key("space", at: 7000) == [fka(7000, .actionsListHidden), fka(7000, .valueChanged(volumeSlider, value: "50%"))])
    }

    @Test func anElementWithoutActionsShowsAnEmptyListThatEscapeCloses() throws {
        var s = try keyboardSession(tabApp)
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        #expect(s.key("tab+z", at: 2000) == [fka(2000, .actionsListShown(items: []))])
        #expect(s.key("space", at: 3000) == [fka(3000, .inputIgnored(stroke(.space, .down), reason: .notApplicable))])
        #expect(s.key("esc", at: 4000) == [fka(4000, .actionsListHidden)])
        #expect(s.key("tab+z", at: 5000) == [fka(5000, .actionsListShown(items: []))])
        #expect(s.key("tab+z", at: 6000) == [fka(6000, .actionsListHidden)])
    }

    // MARK: - Go back, sheets, the modal trap

    @Test func focusMovesIntoASheetAndTabBDismissesItReturningFocusToItsPresenter() throws {
        var s = try keyboardSession(interactionApp)
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        _ = s.key("tab", at: 2000)
        #expect(s.key("tab", at: 3000) == [fka(3000, .focused(search)), fka(3000, .textEditingBegan(search))])
        #expect(s.key("tab", at: 4000) == [fka(4000, .textEditingEnded(search)), fka(4000, .focused(openButton))])
        #expect(s.key("space", at: 5000) == [
            fka(5000, .activated(openButton, at: Point(x: 200, y: 325))),
            fka(5000, .screenChanged(screen: "sheet")),
            fka(5000, .focused(closeButton)),
        ])
        // The modal traps Tab and arrows.
        #expect(s.key("tab", at: 6000) == [fka(6000, .focused(okButton))])
        #expect(s.key("tab", at: 7000) == [fka(7000, .focused(closeButton))])
        #expect(s.key("down", at: 7500) == [fka(7500, .focused(okButton))])
        #expect(s.key("down", at: 7600) == [fka(7600, .inputIgnored(stroke(.down, .down), reason: .noItemThatWay))])
        #expect(s.key("tab+b", at: 8000) == [fka(8000, .screenChanged(screen: "main")), bySession(8000, .focusRestored(openButton))])
        #expect(s.presentation.focused == openButton)
        #expect(s.presentation.focusVisible == true)
        #expect(s.key("tab", at: 9000) == [fka(9000, .focused(settingsButton))])
    }

    @Test func tabBGoesBackAScreenToTheItemFocusedThereAndDoesNothingAtTheStart() throws {
        var s = try keyboardSession(interactionApp)
        _ = s.start(at: .zero)
        #expect(s.key("tab+b", at: 1000) == [fka(1000, .inputIgnored(stroke("KEY_B", .down), reason: .nothingToGoBackTo))])
        _ = s.key("tab", at: 2000)
        #expect(s.key("shift+tab", at: 3000) == [fka(3000, .focused(settingsButton))])
        #expect(s.key("space", at: 4000) == [
            fka(4000, .activated(settingsButton, at: Point(x: 200, y: 425))),
            fka(4000, .screenChanged(screen: "settings")),
            fka(4000, .focused(settingsBack)),
        ])
        #expect(s.key("down", at: 5000) == [fka(5000, .focused(wifi))])
        #expect(s.key("tab+b", at: 6000) == [fka(6000, .screenChanged(screen: "main")), fka(6000, .focused(settingsButton))])
        #expect(s.key("tab+b", at: 7000) == [fka(7000, .inputIgnored(stroke("KEY_B", .down), reason: .nothingToGoBackTo))])
    }

    // MARK: - Find

    @Test func findMatchesInputLabelsAndLabelsAndReturnFocusesTheMatch() throws {
        var s = try keyboardSession(interactionApp)
        _ = s.start(at: .zero)
        #expect(s.key("tab+f", at: 1000) == [fka(1000, .findQueryChanged("", match: nil))])
        #expect(s.type("ge", at: 2000) == [fka(2000, .findQueryChanged("g", match: settingsButton)), fka(2000, .findQueryChanged("ge", match: settingsButton))])
        #expect(s.key("backspace", at: 3000) == [fka(3000, .findQueryChanged("g", match: settingsButton))])
        #expect(s.presentation.find == FindPresentation(query: "g", match: settingsButton))
        #expect(s.key("esc", at: 4000) == [fka(4000, .findHidden)])
        #expect(s.presentation.focused == nil)

        _ = s.key("tab+f", at: 5000)
        // "s": Search and Settings both start with it; the earlier stop wins.
        #expect(s.type("SEA", at: 6000) == [
            fka(6000, .findQueryChanged("S", match: search)),
            fka(6000, .findQueryChanged("SE", match: search)),
            fka(6000, .findQueryChanged("SEA", match: search)),
        ])
        _ = s.key("backspace", at: 7000)
        _ = s.key("backspace", at: 7000)
        _ = s.key("backspace", at: 7000)
        #expect(s.type("vol", at: 8000).last == fka(8000, .findQueryChanged("vol", match: volumeSlider)))
        #expect(s.key("enter", at: 9000) == [fka(9000, .findHidden), fka(9000, .focused(volumeSlider))])
    }

    @Test func findWithoutAMatchKeepsReturnFromActing() throws {
        var s = try keyboardSession(interactionApp)
        _ = s.start(at: .zero)
        _ = s.key("tab+f", at: 1000)
        #expect(s.type("zq", at: 2000) == [fka(2000, .findQueryChanged("z", match: nil)), fka(2000, .findQueryChanged("zq", match: nil))])
        #expect(s.key("enter", at: 3000) == [fka(3000, .inputIgnored(stroke(.enter, .down), reason: .notApplicable))])
        #expect(s.key("tab+f", at: 4000) == [fka(4000, .findHidden)])
    }

    @Test(arguments: [
        ("pre", 5), ("PREFS", 5), ("gear", 5), ("ol", 2), ("search", 3), ("ma", 1), ("set", 5), ("ai", 1),
    ])
    func findRanksStartsWithOverWordOverContains(_ query: String, _ element: ElementIndex) {
        let screen = interactionApp.screens[0]
        let stops = NavigationOrder(screen: screen, technology: .fullKeyboardAccess).stops
        #expect(KeyboardAccess.findMatch(query, among: stops, screen) == element)
    }

    // MARK: - Help

    @Test func tabHListsEveryCommandWithItsKeys() throws {
        let lines = [
            "Help: tab+h", "Move forward: tab", "Move backward: shift+tab", "Move up: up", "Move down: down", "Move left: left",
            "Move right: right", "Move to beginning: tab+left", "Move to end: tab+right", "Move to next item: ctrl+tab",
            "Move to previous item: ctrl+shift+tab", "Find: tab+f", "Activate: space", "Go back: tab+b", "Actions: tab+z",
        ]
        var s = try keyboardSession(tabApp)
        _ = s.start(at: .zero)
        #expect(s.key("tab+h", at: 1000) == [fka(1000, .helpShown(commands: lines))])
        #expect(s.presentation.commandList == lines)
        #expect(s.key("tab", at: 2000) == [fka(2000, .inputIgnored(stroke(.tab, .up), reason: .notApplicable))])
        #expect(s.key("esc", at: 3000) == [fka(3000, .helpHidden)])
        #expect(s.presentation.commandList == nil)
    }

    // MARK: - Text editing

    @Test func aSearchFieldTakesTypedCharactersUntilControlTab() throws {
        var s = try keyboardSession(interactionApp)
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        _ = s.key("tab", at: 2000)
        #expect(s.key("tab", at: 3000) == [fka(3000, .focused(search)), fka(3000, .textEditingBegan(search))])
        #expect(s.key("a", at: 4000) == [fka(4000, .valueChanged(search, value: "a"))])
        #expect(s.key("shift+b", at: 5000) == [fka(5000, .valueChanged(search, value: "aB"))])
        #expect(s.key("space", at: 6000) == [fka(6000, .valueChanged(search, value: "aB "))])
        #expect(s.key("backspace", at: 7000) == [fka(7000, .valueChanged(search, value: "aB"))])
        #expect(s.key("down", at: 8000) == [])
        #expect(s.presentation.textEditing == search)
        #expect(s.key("ctrl+tab", at: 9000) == [fka(9000, .textEditingEnded(search))])
        #expect(s.presentation.textEditing == nil)
        #expect(s.presentation.focused == search)
        #expect(s.key("space", at: 10000) == [fka(10000, .textEditingBegan(search))])
        _ = s.key("ctrl+tab", at: 11000)
        #expect(s.key("down", at: 12000) == [fka(12000, .focused(openButton))])
        #expect(s.value(of: 3) == "aB")
    }

    // MARK: - Auto-Hide

    @Test func autoHideHidesTheRingFifteenSecondsAfterTheLastKeyAndTheNextKeyOnlyShowsIt() throws {
        var s = try keyboardSession(tabApp)
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        #expect(s.advance(to: ms(15999)) == [])
        #expect(s.advance(to: ms(16000)) == [fka(16000, .focusHidden)])
        #expect(s.presentation.focused == back)
        #expect(s.presentation.focusVisible == false)
        #expect(s.pendingTimers == [])
        #expect(s.key("down", at: 17000) == [fka(17000, .focused(back))])
        #expect(s.pendingTimers == [ScheduledTimer(.keyboard(.autoHide), at: ms(32000))])
        #expect(s.key("down", at: 18000) == [fka(18000, .focused(done))])
    }

    @Test func aTabThatShowsTheHiddenRingDoesNotMoveButATabChordStillActs() throws {
        var s = try keyboardSession(tabApp)
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        _ = s.advance(to: ms(16000))
        #expect(s.key("tab", at: 17000) == [fka(17000, .focused(back))])
        _ = s.advance(to: ms(32000))
        #expect(s.key("tab+z", at: 33000) == [fka(33000, .focused(back)), fka(33000, .actionsListShown(items: []))])
    }

    @Test func everyKeyRestartsAutoHide() throws {
        var s = try keyboardSession(tabApp)
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        _ = s.key("x", at: 10000)
        #expect(s.advance(to: ms(24999)) == [])
        #expect(s.advance(to: ms(25000)) == [fka(25000, .focusHidden)])
    }

    @Test func autoHideTakesItsTimeFromTheSettingsAndCanBeOff() throws {
        var s = try keyboardSession(tabApp) { $0.autoHide = .seconds(1) }
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        #expect(s.advance(to: ms(1999)) == [])
        #expect(s.advance(to: ms(2000)) == [fka(2000, .focusHidden)])

        var off = try keyboardSession(tabApp) { $0.autoHide = nil }
        _ = off.start(at: .zero)
        _ = off.key("tab", at: 1000)
        #expect(off.pendingTimers == [])
        #expect(off.advance(to: ms(100_000)) == [])
    }

    @Test func aNewAutoHideTimeCountsFromTheLastKey() throws {
        var s = try keyboardSession(tabApp)
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        var settings = KeyboardAccessSettings()
        settings.autoHide = .seconds(5)
        #expect(try s.reconfigure(.keyboard(settings), at: ms(3000)) == [])
        #expect(s.pendingTimers == [ScheduledTimer(.keyboard(.autoHide), at: ms(6000))])
        #expect(s.advance(to: ms(6000)) == [fka(6000, .focusHidden)])
    }

    // MARK: - Beside another technology

    @Test func keysReachKeyboardAccessBesideSwitchControl() throws {
        var s = try Session(app: tabApp, configuration: SessionConfiguration(technologies: [.switchControl(SwitchControlSettings()), .keyboard(KeyboardAccessSettings())]))
        _ = s.start(at: .zero)
        #expect(s.key("tab", at: 500) == [fka(500, .focused(back))])
        #expect(s.presentation.focused == back)
        #expect(s.presentation.highlight == .element(back))
    }
}
