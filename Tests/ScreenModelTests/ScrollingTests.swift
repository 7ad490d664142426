import Testing
@testable import ScreenModel

/// Scroll state in the model (docs/screen-model.md, "Scrolling"): content
/// offsets move frames, viewports decide what is scrolled out, and one page
/// at a time reveals the rest. Small literal screens, one rule per test.
@Suite struct ScrollingTests {
    /// A list (viewport y 100…400) of ten 100-point rows, Row 0 at y = 100,
    /// between a Back button above and a Done button below.
    static func list(offsetY: Double = 0) -> String {
        let rows = (0..<10).map { button("Row \($0)", 0, 100 + 100 * Double($0), 390, 100) }
        let offset = offsetY == 0 ? "" : #", "contentOffset": {"x": 0, "y": \#(offsetY)}"#
        let list = #"{"identifier": "list", "containerType": "list", "scrollable": true\#(offset), "frame": {"x": 0, "y": 100, "width": 390, "height": 300}, "children": [\#(rows.joined(separator: ", "))]}"#
        return rootWith([button("Back", 0, 0, 80, 44), list, button("Done", 0, 800, 390, 44)])
    }

    /// An outer scroll view (viewport y 100…500) holding a horizontal
    /// carousel (y 200…300, x 0…400) with two short cards on its left and a
    /// far card beyond its right edge, and a Below button under the outer
    /// viewport.
    static func nested(outerY: Double, carouselX: Double) -> String {
        let cards = [button("Top card", 0, 200, 200, 40), button("Bottom card", 0, 260, 200, 40), button("Far card", 400, 200, 200, 100)]
        let carousel = #"{"identifier": "carousel", "scrollable": true, "contentOffset": {"x": \#(carouselX), "y": 0}, "frame": {"x": 0, "y": 200, "width": 400, "height": 100}, "children": [\#(cards.joined(separator: ", "))]}"#
        let outer = #"{"identifier": "outer", "scrollable": true, "contentOffset": {"x": 0, "y": \#(outerY)}, "frame": {"x": 0, "y": 100, "width": 400, "height": 400}, "children": [\#(carousel), \#(button("Below", 0, 600, 400, 100, #""identifier": "below""#))]}"#
        return rootWith([outer])
    }

    func stops(_ s: Screen) -> [String] {
        s.labels(NavigationOrder(screen: s, style: .scanning).stops)
    }

    // MARK: - Frames and visibility

    @Test func framesMoveByTheContentOffsetsOfEveryScrollableAncestor() throws {
        let s = try screen(root: Self.nested(outerY: 150, carouselX: 200))
        // The outer scroll view stays put; the carousel moves up by 150; the
        // far card moves up by 150 and left by 200.
        #expect(s.frames[s.id("outer")] == Rect(x: 0, y: 100, width: 400, height: 400))
        #expect(s.frames[s.id("carousel")] == Rect(x: 0, y: 50, width: 400, height: 100))
        #expect(s.frames[s.id("carousel") + 3] == Rect(x: 200, y: 50, width: 200, height: 100))
        #expect(s.frames[s.id("below")] == Rect(x: 0, y: 450, width: 400, height: 100))
        #expect(s.activationPoint(of: s.id("below")) == Point(x: 200, y: 500))
        // The model keeps where the elements are at offset zero.
        #expect(s[s.id("below")].frame == Rect(x: 0, y: 600, width: 400, height: 100))
    }

    // The carousel's viewport is its frame clipped by the outer viewport: at
    // outer offset 150 the carousel shows y 50…150 but only 100…150 is
    // inside the outer scroll view, so the top card (y 50…90) is scrolled out.
    @Test(arguments: [
        (0.0, 0.0, ["Top card", "Bottom card"]),
        (150, 0, ["Bottom card", "Below"]),
        (0, 200, ["Far card"]),
        (150, 200, ["Far card", "Below"]),
    ] as [(Double, Double, [String])])
    func stopsAreWhatShowsThroughEveryViewport(_ outerY: Double, _ carouselX: Double, _ expected: [String]) throws {
        let s = try screen(root: Self.nested(outerY: outerY, carouselX: carouselX))
        #expect(stops(s) == expected)
    }

    // Any positive-area overlap with the viewport (y 100…400) keeps a row; a
    // row that only touches the viewport's edge is scrolled out.
    @Test(arguments: [
        (0.0, ["Back", "Row 0", "Row 1", "Row 2", "Done"]),
        (50, ["Back", "Row 0", "Row 1", "Row 2", "Row 3", "Done"]),
        (99, ["Back", "Row 0", "Row 1", "Row 2", "Row 3", "Done"]),
        (100, ["Back", "Row 1", "Row 2", "Row 3", "Done"]),
    ] as [(Double, [String])])
    func partlyVisibleRowsAreStopsAndRowsTouchingTheEdgeAreNot(_ offsetY: Double, _ expected: [String]) throws {
        let s = try screen(root: Self.list(offsetY: offsetY))
        #expect(stops(s) == expected)
        #expect(s.isScrolledOut(s.id("list") + 1) == (offsetY >= 100))
    }

    /// Each element is judged by its own frame: a web page's content holder
    /// keeps the viewport's frame, so after a long scroll it is out while
    /// the links inside it show; a frameless element goes with its parent.
    @Test func childrenOfAScrolledOutWrapperShowByTheirOwnFrames() throws {
        let wrapper = #"{"frame": {"x": 0, "y": 100, "width": 390, "height": 300}, "children": [\#(button("Early", 0, 150, 40, 40)), \#(button("Late", 0, 1000, 40, 40)), {"label": "Frameless"}]}"#
        let page = #"{"identifier": "page", "scrollable": true, "contentOffset": {"x": 0, "y": 640}, "frame": {"x": 0, "y": 100, "width": 390, "height": 300}, "children": [\#(wrapper)]}"#
        let s = try screen(root: rootWith([page]))
        // Scrolled to the end (content 100…1040, viewport 100…400): root,
        // page, wrapper (y -540…-240), Early (-490…-450), Late (360…400), Frameless.
        #expect(s.elements.indices.map { s.isScrolledOut($0) } == [false, false, true, true, false, true])
        #expect(stops(s) == ["Late"])
    }

    @Test func hitTestSkipsScrolledOutElementsAndPointsOutsideTheViewport() throws {
        let s = try screen(root: Self.nested(outerY: 150, carouselX: 0))
        let responds = { (k: ElementIndex) in s.respondsToUserInteraction(k) }
        // (10, 120) is on the bottom card (now y 110…150), inside both viewports.
        #expect(s.hitTest(Point(x: 10, y: 120), where: responds).map { s.label(of: $0) } == "Bottom card")
        // (10, 60) is on the top card's frame (y 50…90), which is scrolled out.
        #expect(s.hitTest(Point(x: 10, y: 60), where: responds) == nil)
        // (10, 520) is on Below's frame (y 450…550) but outside the outer viewport (…500).
        #expect(s.hitTest(Point(x: 10, y: 520), where: responds) == nil)
        #expect(s.hitTest(Point(x: 10, y: 480), where: responds) == s.id("below"))
    }

    // MARK: - Scrolling

    @Test func scrollContainerIsTheNearestScrollableAncestorOrSelf() throws {
        let s = try screen(root: Self.nested(outerY: 0, carouselX: 0))
        let carousel = s.id("carousel")
        let outer = s.id("outer")
        #expect(s.scrollContainer(of: carousel + 1) == carousel)
        #expect(s.scrollContainer(of: carousel) == carousel)
        #expect(s.scrollContainer(of: s.id("below")) == outer)
        #expect(s.scrollContainer(of: outer) == outer)
        #expect(s.scrollContainer(of: s.root) == nil)
    }

    // Outer: content y 200…700 (carousel and Below) in a viewport y 100…500,
    // so offsets 0…200. Carousel: content x 0…600 in x 0…400, so 0…200.
    @Test(arguments: [
        (0.0, 0.0, [ScrollDirection.down], [ScrollDirection.right]),
        (150, 100, [.up, .down], [.left, .right]),
        (200, 200, [.up], [.left]),
    ])
    func scrollDirectionsAreOnlyWhereTheContentExtends(_ outerY: Double, _ carouselX: Double, _ outer: [ScrollDirection], _ carousel: [ScrollDirection]) throws {
        let s = try screen(root: Self.nested(outerY: outerY, carouselX: carouselX))
        #expect(s.scrollRange(of: s.id("outer")) == ScrollRange(minimum: .zero, maximum: Point(x: 0, y: 200)))
        #expect(s.scrollRange(of: s.id("carousel")) == ScrollRange(minimum: .zero, maximum: Point(x: 200, y: 0)))
        #expect(s.scrollDirections(of: s.id("outer")) == outer)
        #expect(s.scrollDirections(of: s.id("carousel")) == carousel)
        // Something that does not scroll has nowhere to go.
        #expect(s.scrollDirections(of: s.id("below")) == [])
        #expect(s.scrollRange(of: s.id("below")) == ScrollRange(minimum: .zero, maximum: .zero))
    }

    /// Rows 100…1100 in a viewport 100…400: offsets 0…700, a page is 300.
    @Test func scrollingPagesThroughTheListAndStopsAtItsEnds() throws {
        var s = try screen(root: Self.list())
        let list = s.id("list")
        #expect(s.scrollDirections(of: list) == [.down])
        #expect(stops(s) == ["Back", "Row 0", "Row 1", "Row 2", "Done"])
        s = s.scrolled(list, .down)
        #expect(s[list].contentOffset == Point(x: 0, y: 300))
        #expect(stops(s) == ["Back", "Row 3", "Row 4", "Row 5", "Done"])
        #expect(s.frames[list + 4] == Rect(x: 0, y: 100, width: 390, height: 100))
        #expect(s.scrollDirections(of: list) == [.up, .down])
        s = s.scrolled(list, .down)
        #expect(s[list].contentOffset == Point(x: 0, y: 600))
        #expect(stops(s) == ["Back", "Row 6", "Row 7", "Row 8", "Done"])
        // The last page is short: 100 points, so Row 9 ends at the viewport's bottom.
        s = s.scrolled(list, .down)
        #expect(s[list].contentOffset == Point(x: 0, y: 700))
        #expect(stops(s) == ["Back", "Row 7", "Row 8", "Row 9", "Done"])
        #expect(s.scrollDirections(of: list) == [.up])
        #expect(s.scrolled(list, .down) == s)
        // Sideways there is nothing to see.
        #expect(s.scrolled(list, .right) == s)
        s = s.scrolled(list, .up)
        #expect(s[list].contentOffset == Point(x: 0, y: 400))
        #expect(stops(s) == ["Back", "Row 4", "Row 5", "Row 6", "Done"])
        s = s.scrolled(list, .up)
        #expect(s[list].contentOffset == Point(x: 0, y: 100))
        s = s.scrolled(list, .up)
        #expect(s[list].contentOffset == Point(x: 0, y: 0))
        #expect(stops(s) == ["Back", "Row 0", "Row 1", "Row 2", "Done"])
        #expect(s.scrollDirections(of: list) == [.down])
    }

    /// The engine rebuilds a screen from its changed element table; the
    /// offset travels in the table.
    @Test func theOffsetTravelsInTheElementTable() throws {
        let s = try screen(root: Self.list())
        let list = s.id("list")
        var table = s.elements
        table[list].contentOffset = s.contentOffset(of: list, afterScrolling: .down)
        let rebuilt = Screen(name: s.name, title: s.title, size: s.size, layoutDirection: s.layoutDirection, elements: table)
        #expect(table[list].contentOffset == Point(x: 0, y: 300))
        #expect(rebuilt == s.scrolled(list, .down))
        #expect(stops(rebuilt) == ["Back", "Row 3", "Row 4", "Row 5", "Done"])
    }

    /// A capture taken after scrolling down has content above the viewport:
    /// it is scrolled out, and scrolling up (to negative offsets) shows it.
    @Test func contentAboveTheViewportIsReachedByScrollingUp() throws {
        let rows = (0..<4).map { button("Row \($0)", 0, 100 * Double($0), 390, 100) }
        let list = #"{"identifier": "list", "scrollable": true, "frame": {"x": 0, "y": 200, "width": 390, "height": 200}, "children": [\#(rows.joined(separator: ", "))]}"#
        var s = try screen(root: rootWith([list]))
        let k = s.id("list")
        #expect(stops(s) == ["Row 2", "Row 3"])
        #expect(s.scrollRange(of: k) == ScrollRange(minimum: Point(x: 0, y: -200), maximum: .zero))
        #expect(s.scrollDirections(of: k) == [.up])
        s = s.scrolled(k, .up)
        #expect(s[k].contentOffset == Point(x: 0, y: -200))
        #expect(stops(s) == ["Row 0", "Row 1"])
        #expect(s.scrollDirections(of: k) == [.down])
    }

    @Test func aFramelessScrollableShowsAllItsContentAndCannotScroll() throws {
        // Its frame is the union of its rows, so nothing lies outside it.
        let rows = (0..<3).map { button("Row \($0)", 0, 900 * Double($0), 390, 100) }
        let s = try screen(root: rootWith([#"{"identifier": "list", "scrollable": true, "children": [\#(rows.joined(separator: ", "))]}"#]))
        #expect(stops(s) == ["Row 0", "Row 1", "Row 2"])
        #expect(s.scrollDirections(of: s.id("list")) == [])
    }

    /// A hidden element's frame is not content: nothing to scroll to.
    @Test func hiddenElementsDoNotExtendTheContent() throws {
        let list = #"{"identifier": "list", "scrollable": true, "frame": {"x": 0, "y": 0, "width": 390, "height": 300}, "children": [\#(button("In", 0, 0, 390, 100)), \#(button("Gone", 0, 500, 390, 100, #""hidden": true"#))]}"#
        let s = try screen(root: rootWith([list]))
        #expect(s.scrollDirections(of: s.id("list")) == [])
    }

    /// Nothing recurses: 100,000 nested scroll views, each scrolled down by
    /// one point and each one point lower than its parent, all show at y 0.
    @Test func deepNestedScrollViewsDoNotRecurse() {
        let depth = 100_000
        var table: [Element] = []
        table.reserveCapacity(depth + 1)
        for i in 0...depth {
            var e = Element()
            e.frame = Rect(x: 0, y: Double(i), width: 10, height: 10)
            if i < depth {
                e.scrollable = true
                e.contentOffset = Point(x: 0, y: 1)
                e.children = [i + 1]
            } else {
                e.label = "Bottom"
                e.traits = .button
            }
            e.parent = i == 0 ? nil : i - 1
            table.append(e)
        }
        let s = Screen(name: "deep", elements: table)
        #expect(s.frames[depth] == Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(s.isScrolledOut(depth) == false)
        #expect(NavigationOrder(screen: s, style: .flat).stops == [depth])
        #expect(s.scrollContainer(of: depth) == depth - 1)
    }

    // MARK: - Geometry

    @Test(arguments: [
        // (rect, viewport, shows)
        (Rect(x: 0, y: 90, width: 10, height: 20), Rect(x: 0, y: 100, width: 10, height: 100), true),
        (Rect(x: 0, y: 80, width: 10, height: 20), Rect(x: 0, y: 100, width: 10, height: 100), false),
        (Rect(x: 0, y: 200, width: 10, height: 1), Rect(x: 0, y: 100, width: 10, height: 100), false),
        // A zero-height line shows when it lies within the viewport, edges included.
        (Rect(x: 0, y: 200, width: 10, height: 0), Rect(x: 0, y: 100, width: 10, height: 100), true),
        (Rect(x: 0, y: 201, width: 10, height: 0), Rect(x: 0, y: 100, width: 10, height: 100), false),
        (Rect(x: 5, y: 150, width: 0, height: 0), Rect(x: 0, y: 100, width: 10, height: 100), true),
        // Nothing of positive size shows through a viewport of zero height.
        (Rect(x: 0, y: 100, width: 10, height: 10), Rect(x: 0, y: 100, width: 10, height: 0), false),
    ])
    func aRectShowsWhenItOverlapsTheViewportWithPositiveArea(_ r: Rect, _ viewport: Rect, _ shows: Bool) {
        #expect(r.shows(in: viewport) == shows)
    }

    @Test func intersectionOfRectsThatDoNotMeetIsEmpty() {
        let v = Rect(x: 0, y: 100, width: 400, height: 400)
        #expect(Rect(x: 0, y: 50, width: 400, height: 100).intersection(v) == Rect(x: 0, y: 100, width: 400, height: 50))
        #expect(Rect(x: 0, y: 600, width: 400, height: 100).intersection(v) == Rect(x: 0, y: 500, width: 400, height: 0))
        #expect(Rect(x: -50, y: 0, width: 20, height: 20).intersection(v) == Rect(x: 0, y: 100, width: 0, height: 0))
    }

    // MARK: - Reports

    @Test func inspectionTreeMarksScrollViewsAndScrolledOutElements() throws {
        let list = #"{"scrollable": true, "contentOffset": {"x": 0, "y": 40}, "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "children": [\#(button("A", 0, 0, 100, 40)), \#(button("B", 0, 100, 100, 40))]}"#
        let app = try decode(appJSON(root: rootWith([list])))
        let s = try #require(app.screen(named: "s"))
        // The tree's lines: from `Tree:` to the blank line after it.
        let lines = InspectionReport(app: app, screen: s, style: .scanning, technologyName: "switch-control", technologyTitle: "Switch Control").text().split(separator: "\n", omittingEmptySubsequences: false)
        let tree = lines.drop { $0 != "Tree:" }.dropFirst().prefix { !$0.isEmpty }.map(String.init)
        #expect(tree == [
            "  root",
            "    group  scrollable, offset (0, 40)  {0, 0, 100×100}",
            "      \"A\"  button  scrolled out  {0, -40, 100×40}",
            "      [1]  \"B\"  button  {0, 60, 100×40}",
        ])
    }
}
