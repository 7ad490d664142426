import Testing
import ScreenModel
@testable import SwitchyardEngine

/// Full Keyboard Access on the example apps and on a real Appium capture of
/// iOS Settings (tab order, arrows down a list past the fold).
@Suite struct KeyboardAccessAppTests {
    /// Corner Café (mini): `menu` — Latte (3, a combined list row), View Order (6, presents the order sheet).
    static let latte = ElementRef(screen: "menu", index: 3, label: "Latte, €3.50", identifier: "latte", frame: Rect(x: 0, y: 120, width: 390, height: 64))
    static let viewOrder = ElementRef(screen: "menu", index: 6, label: "View Order", identifier: "order", frame: Rect(x: 16, y: 760, width: 358, height: 52))
    static let close = ElementRef(screen: "order-sheet", index: 2, label: "Close", identifier: "close", frame: Rect(x: 300, y: 404, width: 74, height: 32))
    static let pay = ElementRef(screen: "order-sheet", index: 3, label: "Pay €3.50", identifier: "pay", frame: Rect(x: 16, y: 760, width: 358, height: 52))
    static let detailBack = ElementRef(screen: "detail", index: 1, label: "Back", identifier: "back", frame: Rect(x: 8, y: 56, width: 70, height: 32))
    static let size = ElementRef(screen: "detail", index: 2, label: "Size", identifier: "size", frame: Rect(x: 16, y: 120, width: 358, height: 44))

    @Test func cornerCafeOrderSheetByKeyboard() throws {
        var s = try keyboardSession(try loadApp("Examples/apps/corner-cafe-mini.json"))
        _ = s.start(at: .zero)
        #expect(s.key("tab", at: 1000) == [fka(1000, .focused(Self.latte))])
        #expect(s.key("tab", at: 2000) == [fka(2000, .focused(Self.viewOrder))])
        #expect(s.key("space", at: 3000) == [
            fka(3000, .activated(Self.viewOrder, at: Point(x: 195, y: 786))),
            fka(3000, .screenChanged(screen: "order-sheet")),
            fka(3000, .focused(Self.close)),
        ])
        #expect(s.key("tab", at: 4000) == [fka(4000, .focused(Self.pay))])
        #expect(s.key("tab", at: 5000) == [fka(5000, .focused(Self.close))])
        #expect(s.key("tab+b", at: 6000) == [fka(6000, .screenChanged(screen: "menu")), bySession(6000, .focusRestored(Self.viewOrder))])
        #expect(s.presentation.focused == Self.viewOrder)
    }

    @Test func cornerCafeFindByInputLabelThenActionsAndAdjustable() throws {
        var s = try keyboardSession(try loadApp("Examples/apps/corner-cafe-mini.json"))
        _ = s.start(at: .zero)
        _ = s.key("tab+f", at: 1000)
        #expect(s.type("bask", at: 2000).last == fka(2000, .findQueryChanged("bask", match: Self.viewOrder)))
        #expect(s.key("enter", at: 3000) == [fka(3000, .findHidden), fka(3000, .focused(Self.viewOrder))])
        #expect(s.key("up", at: 4000) == [fka(4000, .focused(Self.latte))])
        #expect(s.key("tab+z", at: 5000) == [fka(5000, .actionsListShown(items: ["Add to Order"])), fka(5000, .actionsListItem("Add to Order"))])
        #expect(s.key("space", at: 6000) == [
            fka(6000, .actionsListHidden), fka(6000, .customActionPerformed(Self.latte, name: "Add to Order")), fka(6000, .announced("Latte added")),
        ])
        #expect(s.key("space", at: 7000) == [
            fka(7000, .activated(Self.latte, at: Point(x: 195, y: 152))),
            fka(7000, .screenChanged(screen: "detail")),
            fka(7000, .focused(Self.detailBack)),
        ])
        #expect(s.key("down", at: 8000) == [fka(8000, .focused(Self.size))])
        _ = s.key("tab+z", at: 9000)
        #expect(s.key("space", at: 10000) == [fka(10000, .actionsListHidden), fka(10000, .valueChanged(Self.size, value: "3 shots"))])
        #expect(s.key("tab+b", at: 11000) == [fka(11000, .screenChanged(screen: "menu")), fka(11000, .focused(Self.latte))])
    }

    /// The iOS Settings capture: one list group of 13 rows on screen; two
    /// more (Developer, app.st) below the fold.
    @Test func iOSSettingsTabOrderAndArrowsPastTheFold() throws {
        let app = try loadApp("Tests/ScreenModelTests/Fixtures/ios-appium/ios-settings-top_390x844.xml")
        var s = try keyboardSession(app)
        _ = s.start(at: .zero)
        _ = s.key("tab", at: 1000)
        #expect(s.presentation.focused?.label == "Sign in to your iPhone")
        // One focus group: Tab stays in it.
        #expect(s.key("tab", at: 2000).map(\.event) == [.inputIgnored(stroke(.tab, .up), reason: .noItemThatWay)])
        var labels: [String?] = []
        for i in 0..<12 {
            _ = s.key("down", at: 3000 + Int64(i) * 100)
            labels.append(s.presentation.focused?.label)
        }
        #expect(labels == ["General", "Accessibility", "Privacy", "Passwords", "Safari", "News", "Maps", "Shortcuts", "Health",
                           "Siri & Search", "Photos", "Game Center"])
        // Past the last visible row the list (element 11) scrolls, to the end of its content
        // (196 points), and focus goes to the row after Game Center.
        #expect(s.key("down", at: 5000).map(\.description) == ["5s scrolled [11] down", "5s focused \"Developer\" {0, 720, 390×45}"])
        #expect(s.key("down", at: 6000).map(\.description) == ["6s focused \"app.st\" {0, 799, 390×45}"])
        #expect(s.key("down", at: 7000).map(\.event) == [.inputIgnored(stroke(.down, .down), reason: .noItemThatWay)])
        // The first row, partly visible above the viewport now, is still a stop.
        #expect(s.key("tab+left", at: 8000).map(\.description) == ["8s focused \"Sign in to your iPhone\" {0, -53, 390×71}"])
    }
}
