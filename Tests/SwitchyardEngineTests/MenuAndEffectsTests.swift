import Testing
import ScreenModel
import DemoApp
@testable import SwitchyardEngine

/// Menu targets: a plain button, an adjustable slider, a button with custom
/// actions inside a scrollable list. Indices: Plain 1, Volume 2, list 3, Row 4.
let menuApp = makeApp([("main", [
    button("Plain", y: 0),
    """
    {"label": "Volume", "identifier": "volume", "traits": ["adjustable"], "value": "50%", "range": {"minimum": 0, "maximum": 100, "step": 10, "format": "{value}%"}, "frame": {"x": 0, "y": 100, "width": 400, "height": 50}}
    """,
    "{\"identifier\": \"list\", \"scrollable\": true, \"children\": [" + button("Row", y: 200, """
    "customActions": [{"name": "Add to Cart", "effects": [{"effect": "announce", "message": "Added"}]}, {"name": "Favorite", "effects": [{"effect": "toggleTrait", "trait": "selected"}]}]
    """) + "]}",
])])
let plain = ref("Plain", 1, y: 0)
let volume = ElementRef(screen: "main", index: 2, label: "Volume", identifier: "volume", frame: Rect(x: 0, y: 100, width: 400, height: 50))
let row = ref("Row", 4, y: 200)

/// Manual scanning so each step is a press: next, previous, select.
func manual(_ app: AppModel, _ more: (inout SwitchControlSettings) -> Void = { _ in }) throws -> Session {
    try session(app) {
        $0.scanningStyle = .manualScanning
        $0.switches = manualSwitches
        more(&$0)
    }
}

@Suite struct MenuAndEffectsTests {
    @Test func menuOfAPlainElement() throws {
        var s = try manual(menuApp)
        _ = s.start(at: .zero)
        #expect(s.press(at: 100) == [at(100, .menuShown(items: ["Tap", "Point Mode", "Escape"])), at(100, .highlighted(.menuItem("Tap")))])
    }

    @Test func menuOfAnAdjustableElementIncrements() throws {
        var s = try manual(menuApp) { $0.focusedItemAfterTap = .currentItem }
        _ = s.start(at: .zero)
        #expect(s.press(.next, at: 100) == [hl(100, volume)])
        #expect(s.press(at: 200) == [
            at(200, .menuShown(items: ["Tap", "Increment", "Decrement", "Point Mode", "Escape"])), at(200, .highlighted(.menuItem("Tap"))),
        ])
        #expect(s.press(.next, at: 300) == [at(300, .highlighted(.menuItem("Increment")))])
        #expect(s.press(at: 400) == [at(400, .menuHidden), at(400, .valueChanged(volume, value: "60%")), hl(400, volume)])
        #expect(s.value(of: 2) == "60%")
    }

    /// Changed on purpose: Scroll is offered only when the container can
    /// scroll (this list fits its viewport; FidelityTests scrolls one that does not).
    @Test func menuOfACustomActionElementInAScrollableContainerThatFits() throws {
        var s = try manual(menuApp)
        _ = s.start(at: .zero)
        _ = s.press(.previous, at: 100)
        #expect(s.highlighted == .element(row))
        #expect(s.press(at: 200) == [
            at(200, .menuShown(items: ["Tap", "Add to Cart", "Favorite", "Point Mode", "Escape"])), at(200, .highlighted(.menuItem("Tap"))),
        ])
        _ = s.press(.next, at: 300)
        #expect(s.press(at: 400) == [
            at(400, .menuHidden), at(400, .customActionPerformed(row, name: "Add to Cart")), at(400, .announced("Added")), hl(400, plain),
        ])
        _ = s.press(.previous, at: 500)
        _ = s.press(at: 600)
        _ = s.press(.next, at: 700)
        _ = s.press(.next, at: 800)
        #expect(s.press(at: 900) == [
            at(900, .menuHidden), at(900, .customActionPerformed(row, name: "Favorite")),
            at(900, .traitsChanged(row, traits: [.button, .selected])), hl(900, plain),
        ])
        #expect(s.traits(of: 4) == [.button, .selected])
    }

    /// A sheet: "Open" presents it; "Close" dismisses it and focus returns to "Open".
    @Test func sheetDismissReturnsFocusToTheTrigger() throws {
        let app = makeApp([
            ("main", [button("First", y: 0), button("Open", y: 100, "\"onActivate\": [{\"effect\": \"present\", \"screen\": \"sheet\"}]")]),
            ("sheet", [button("Close", y: 500, "\"onActivate\": [{\"effect\": \"dismiss\"}]"), button("Other", y: 600)]),
        ])
        var s = try session(app) { $0.tapBehavior = .alwaysTap }
        _ = s.start(at: .zero)
        let open = ref("Open", 2, y: 100)
        let close = ref("Close", 1, y: 500, screen: "sheet")
        #expect(s.press(at: 1500) == [
            hl(1000, open), at(1500, .activated(open, at: Point(x: 200, y: 125))),
            at(1500, .screenChanged(screen: "sheet")), hl(1500, close),
        ])
        #expect(s.screenStack == ["main", "sheet"])
        #expect(s.press(at: 2000) == [
            at(2000, .activated(close, at: Point(x: 200, y: 525))),
            at(2000, .screenChanged(screen: "main")), bySession(2000, .focusRestored(open)), hl(2000, open),
        ])
        #expect(s.advance(to: ms(3000)) == [at(3000, .highlighted(.menuButton))])
    }

    @Test func goToAndBackRestartScanningAtTheFirstItem() throws {
        let app = makeApp([
            ("main", [button("First", y: 0), button("Next", y: 100, "\"onActivate\": [{\"effect\": \"goTo\", \"screen\": \"detail\"}, {\"effect\": \"announce\", \"message\": \"Detail\"}]")]),
            ("detail", [button("Back", y: 0, "\"onActivate\": [{\"effect\": \"back\"}]"), button("Buy", y: 100)]),
        ])
        var s = try session(app) { $0.tapBehavior = .alwaysTap }
        _ = s.start(at: .zero)
        let next = ref("Next", 2, y: 100)
        let back = ref("Back", 1, y: 0, screen: "detail")
        #expect(s.press(at: 1500) == [
            hl(1000, next), at(1500, .activated(next, at: Point(x: 200, y: 125))),
            at(1500, .screenChanged(screen: "detail")), at(1500, .announced("Detail")), hl(1500, back),
        ])
        #expect(s.press(at: 1600) == [
            at(1600, .activated(back, at: Point(x: 200, y: 25))),
            at(1600, .screenChanged(screen: "main")), hl(1600, ref("First", 1, y: 0)),
        ])
    }

    @Test func demoAppStartsOnHomeAndScansGroups() throws {
        var s = try session(DemoApp.load())
        let start = s.start(at: .zero)
        #expect(start.first == bySession(0, .screenChanged(screen: "home")))
        #expect(start.count == 2)
        #expect(s.currentScreen.name == "home")
    }
}
