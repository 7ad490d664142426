import DemoApp
import Testing
@testable import ScreenModel

@Suite struct DemoAppTests {
    static let expectedStops: [(String, [String])] = [
        ("home", ["Cart", "Search products", "Espresso Beans, €12.90", "Oat Milk, €2.49", "Croissant, €1.80",
                  "Green Tea, €4.20", "Dark Chocolate, €3.10", "Shop", "Orders", "Account"]),
        ("product", ["Back", "Quantity", "Your rating", "Favorite", "Share", "Add to Cart"]),
        ("cart", ["Close", "Pay €12.90"]),
        ("receipt", ["Done"]),
    ]

    @Test(arguments: NavigationStyle.allCases)
    func stopLabelsPerScreen(_ technology: NavigationStyle) {
        let app = DemoApp.load()
        #expect(app.screens.map(\.name) == ["home", "product", "cart", "receipt"])
        for (name, labels) in Self.expectedStops {
            let s = app.screen(named: name)!
            #expect(s.labels(NavigationOrder(screen: s, style: technology).stops) == labels, "\(name)")
        }
    }

    @Test func groupsOnTheHomeScreen() {
        let s = DemoApp.load().screen(named: "home")!
        let rows = "(Espresso Beans, €12.90, Oat Milk, €2.49, Croissant, €1.80, Green Tea, €4.20, Dark Chocolate, €3.10)"
        #expect(NavigationOrder(screen: s, style: .scanning).outline(s) == "[Cart, Search products, \(rows), (Shop, Orders, Account)]")
        #expect(NavigationOrder(screen: s, style: .focusGroups).outline(s) == "[Cart, Search products, \(rows), (Shop, Orders, Account)]")
    }

    @Test func demoAppRoundTrips() throws {
        let app = DemoApp.load()
        #expect(try decode(AppEncoder().encode(app)) == app)
    }
}

@Suite struct ScreenHelperTests {
    /// A trait set lists its traits in declaration order, each once, read
    /// bit by bit: every single trait, none, all, and a few mixed sets.
    @Test func traitSetsListTheirTraitsInDeclarationOrder() {
        for t in ScreenModel.Trait.allCases { #expect(TraitSet(t).traits == [t]) }
        #expect(TraitSet().traits == [])
        #expect(TraitSet(ScreenModel.Trait.allCases).traits == ScreenModel.Trait.allCases)
        #expect(TraitSet([.supportsZoom, .button, .selected]).traits == [.button, .selected, .supportsZoom])
        #expect(TraitSet([.toggle, .header]).description == "header, toggle")
        var seen: [ScreenModel.Trait] = []
        TraitSet([.causesPageTurn, .link, .image]).forEach { seen.append($0) }
        #expect(seen == [.link, .image, .causesPageTurn])
    }

    let home = DemoApp.load().screen(named: "home")!

    @Test func pathAndElementAtPathRoundTrip() {
        for i in home.elements.indices {
            #expect(home.element(atPath: home.path(of: i)) == i)
        }
        #expect(home.path(of: home.id("row-1")) == "root/children[2]/children[1]")
        #expect(home.element(atPath: "root/children[9]") == nil)
        #expect(home.element(atPath: "children[0]") == nil)
        #expect(home.element(atPath: "root/kids[0]") == nil)
    }

    @Test func activationPointDefaultsToTheFrameCentre() throws {
        #expect(home.activationPoint(of: home.id("cart-button")) == Point(x: 347, y: 76))
        let s = try screen(root: #"{"frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "activationPoint": {"x": 1, "y": 2}}"#)
        #expect(s.activationPoint(of: 0) == Point(x: 1, y: 2))
        // A frameless container's frame is its children's union.
        #expect(home.frames[home.id("products")] == Rect(x: 0, y: 200, width: 390, height: 360))
        #expect(home.activationPoint(of: home.id("products")) == Point(x: 195, y: 380))
    }

    @Test func hitTestFindsTheTopmost() throws {
        let s = try screen(root: rootWith([button("Under", 0, 0, 100, 100), button("Over", 50, 50, 100, 100), #"{"label": "Hidden", "hidden": true, "frame": {"x": 0, "y": 0, "width": 200, "height": 200}}"#]))
        #expect(s.hitTest(Point(x: 60, y: 60)) { _ in true } == 2)
        #expect(s.hitTest(Point(x: 10, y: 10)) { $0 == 2 } == nil)
        #expect(s.hitTest(Point(x: 10, y: 10)) { _ in true } == 1)
        // Right and bottom edges are outside.
        #expect(s.hitTest(Point(x: 150, y: 60)) { $0 > 0 } == nil)
        // Children of a combined row are not hit on their own.
        #expect(home.hitTest(Point(x: 100, y: 220)) { _ in true } == home.id("row-0"))
    }

    @Test func combineLabelAndCustomActions() throws {
        #expect(home.label(of: home.id("row-0")) == "Espresso Beans, €12.90")
        #expect(home.customActions(of: home.id("row-0")).map(\.name) == ["Add to Cart", "Add to Favorites"])
        let s = try screen(root: rootWith([#"""
            {"identifier": "cell", "childBehavior": "combine", "customActions": [{"name": "Own"}], "children": [
              {"label": "Song"},
              {"label": "Play", "traits": ["button"], "onActivate": [{"effect": "announce", "message": "play"}]},
              {"label": "Like", "traits": ["button"], "onActivate": [{"effect": "announce", "message": "like"}], "customActions": [{"name": "Share"}]},
              {"identifier": "more", "onActivate": [{"effect": "back"}]},
              {"label": "Gone", "hidden": true, "onActivate": [{"effect": "back"}]},
              {"label": "Muted", "childBehavior": "ignore", "children": [{"label": "Secret"}]}
            ]}
            """#]))
        let cell = s.id("cell")
        #expect(s.label(of: cell) == "Song, Play, Like, Muted")
        #expect(s.activationEffects(of: cell) == [.announce("play")])
        #expect(s.customActions(of: cell) == [
            CustomAction(name: "Own", effects: []),
            CustomAction(name: "Like", effects: [.announce("like")]),
            CustomAction(name: "Share", effects: []),
            CustomAction(name: "more", effects: [.back]),
        ])
        #expect(s.inputLabels(of: cell) == ["Song, Play, Like, Muted"])
    }

    @Test func inputLabelsFallBackToTheLabel() throws {
        let s = try screen(root: rootWith([#"{"label": "Pay", "inputLabels": ["Checkout", "Buy"]}"#, #"{"label": "Pay", "inputLabels": [""]}"#]))
        #expect(s.inputLabels(of: 1) == ["Checkout", "Buy"])
        #expect(s.inputLabels(of: 2) == ["Pay"])
    }

    @Test func traitBitsFollowDeclarationOrder() {
        #expect(Trait.allCases.map { TraitSet($0).rawValue } == (0..<20).map { UInt32(1) << UInt32($0) })
        #expect(TraitSet([.selected, .button]).description == "button, selected")
    }
}
