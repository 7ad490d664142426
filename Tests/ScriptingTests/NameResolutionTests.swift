import Testing
import ScreenModel
import SwitchyardEngine
@testable import Scripting

/// Which element a name means when several match (`ElementMatcher.resolve`,
/// docs/scenarios.md "Which element a name means"): a live app's tree is read
/// as the run goes, so its names can match several elements. Without a
/// desktop: the rules on a screen model; DesktopAppsTests drive them on real apps.
@Suite struct NameResolutionTests {
    /// "Tab" twice in the window; "OK" in the window and in a modal dialog in front.
    let screen: Screen

    init() throws {
        let json = """
            {"name": "Dialog", "screens": {"main": {"size": {"width": 400, "height": 800}, "root": {"children": [
              {"label": "OK", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 400, "height": 50}},
              {"label": "Tab", "traits": ["button"], "frame": {"x": 0, "y": 100, "width": 200, "height": 50}},
              {"label": "Tab", "traits": ["button"], "frame": {"x": 200, "y": 100, "width": 200, "height": 50}},
              {"label": "Confirm", "traits": ["isModal"], "frame": {"x": 0, "y": 300, "width": 400, "height": 200}, "children": [
                {"label": "OK", "traits": ["button"], "frame": {"x": 0, "y": 400, "width": 400, "height": 50}}
              ]}
            ]}}}}
            """
        screen = try AppDecoder(file: "dialog.json").decode(Array(json.utf8)).screens[0]
    }

    @Test func severalMatchesAreAmbiguousAndTheMessageListsThemByPath() {
        let m = ElementMatcher()
        #expect(m.resolve(.label("Tab"), on: screen) == .ambiguous([2, 3]))
        #expect(m.ambiguity(.label("Tab"), [2, 3], on: screen)
            == "\"Tab\" is ambiguous on screen 'main': 2 elements match: root/children[1], root/children[2]; name one by #identifier or path")
        #expect(m.resolve(.label("Nothing"), on: screen) == .missing)
        #expect(m.resolve(.path("root/children[2]"), on: screen) == .element(3))
    }

    @Test func theElementActedOnMostRecentlyIsMeant() {
        let m = ElementMatcher()
        #expect(m.resolve(.label("Tab"), on: screen, acted: [3]) == .element(3))
        #expect(m.resolve(.label("Tab"), on: screen, acted: [1, 2, 3]) == .element(2))
        // Acting on something else does not pick a "Tab".
        #expect(m.resolve(.label("Tab"), on: screen, acted: [1]) == .ambiguous([2, 3]))
    }

    @Test func theOneInTheModalInFrontIsMeant() {
        let m = ElementMatcher()
        #expect(m.resolve(.label("OK"), on: screen) == .element(5))
        // The one acted on comes first.
        #expect(m.resolve(.label("OK"), on: screen, acted: [1]) == .element(1))
    }

    /// Acted elements follow a new screen by where each element went, and
    /// those that are gone are dropped.
    @Test func actedElementsFollowTheScreenThatReplacesTheirs() {
        var acted = ActedElements()
        acted.note(.activated(ElementRef(screen, 2), at: Point(x: 100, y: 125)))
        acted.note(.valueChanged(ElementRef(screen, 3), value: "1"))
        acted.note(.highlighted(.element(ElementRef(screen, 1))))  // not an act
        acted.note(.activated(ElementRef(screen, 2), at: Point(x: 100, y: 125)))
        #expect(acted.indices(on: "main") == [2, 3])
        // A label above everything: each element one further; element 3 gone.
        let update = ScreenUpdate(screen: screen, moved: [0, 2, 3, nil, 5, 6])
        acted.follow(update, replacing: "main")
        #expect(acted.indices(on: "main") == [3])
        acted.follow(update, replacing: "other")
        #expect(acted.indices(on: "main") == [])
    }
}
