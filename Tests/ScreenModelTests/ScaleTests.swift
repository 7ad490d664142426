import Foundation
import Testing
@testable import ScreenModel

/// Trees too deep for recursion and screens too large for quadratic work:
/// decoding, ordering and releasing them must neither crash nor crawl.
@Suite struct ScaleTests {
    static let depth = 100_000
    static let width = 1_000_000

    @Test func treeNested100000LevelsDeepLoadsOrdersAndIsReleased() throws {
        var text = #"{"screens": {"deep": {"root": "#
        text.reserveCapacity(Self.depth * 16 + 200)
        for _ in 0..<Self.depth { text += #"{"children": ["# }
        text += #"{"label": "Bottom", "traits": ["button"], "frame": {"x": 10, "y": 20, "width": 30, "height": 40}}"#
        for _ in 0..<Self.depth { text += "]}" }
        text += "}}}"
        do {
            let app = try decode(text)
            let screen = try #require(app.screen(named: "deep"))
            #expect(screen.elements.count == Self.depth + 1)
            #expect(screen.frames[0] == Rect(x: 10, y: 20, width: 30, height: 40))
            for technology in NavigationStyle.allCases {
                let order = NavigationOrder(screen: screen, style: technology)
                #expect(order.stops == [Self.depth])
                #expect(order.groups == [NavigationGroup(kind: .screen, members: [.stop(Self.depth)], frame: Rect(x: 10, y: 20, width: 30, height: 40))]
                        || technology == .flat)
            }
            #expect(screen.element(atPath: screen.path(of: Self.depth)) == Self.depth)
            // Written and read back, the deep tree is the same model.
            #expect(try decode(AppEncoder().encode(app)) == app)
        }
        // Everything is released here; a recursive deinit would have crashed.
    }

    @Test func deepContainersNestAsGroupsWithoutRecursion() throws {
        // Each level: a `contain` container holding a button and the next level.
        let levels = 20_000
        var text = #"{"screens": {"deep": {"root": "#
        for n in 0..<levels { text += #"{"childBehavior": "contain", "children": [{"label": "B\#(n)", "traits": ["button"]}, "# }
        text += #"{"label": "Last", "traits": ["button"]}"#
        for _ in 0..<levels { text += "]}" }
        text += "}}}"
        let screen = try #require(try decode(text).screen(named: "deep"))
        let order = NavigationOrder(screen: screen, style: .focusGroups)
        #expect(order.stops.count == levels + 1)
        #expect(screen.label(of: order.stops[0]) == "B0")
        #expect(screen.label(of: order.stops[levels]) == "Last")
        // The root level and then one group per container but the last, which holds two stops.
        #expect(order.groups.count == levels)
    }

    /// A million buttons in one row load from JSON and are released. Their
    /// order is the next test's, on a table built directly: the two run side
    /// by side, and each of the million-element steps costs seconds in a
    /// debug build.
    @Test func screenWithAMillionButtonsLoadsAndIsReleased() throws {
        // Leaf buttons without frames.
        let text = #"{"screens": {"wide": {"root": {"children": [{"traits":["button"]}"#
            + String(repeating: #",{"traits":["button"]}"#, count: Self.width - 1) + "]}}}}"
        do {
            let screen = try #require(try decode(text).screen(named: "wide"))
            #expect(screen.elements.count == Self.width + 1)
            #expect(screen.elements[0].children.count == Self.width)
            #expect(screen.elements[Self.width].traits == [.button])
            #expect(screen.path(of: Self.width) == "root/children[\(Self.width - 1)]")
        }
        // Everything is released here; a recursive deinit would have crashed.
    }

    /// A million buttons in one row are ordered into Switch Control's
    /// balanced blocks (the other technologies share its builder; their own
    /// rules are tested at small sizes), and released.
    @Test func screenWithAMillionButtonsIsOrderedAndReleased() throws {
        var table: [Element] = []
        table.reserveCapacity(Self.width + 1)
        _ = Element.append(Element(), parent: nil, to: &table)
        var button = Element()
        button.traits = [.button]
        for _ in 0..<Self.width { _ = Element.append(button, parent: 0, to: &table) }
        do {
            // Without frames all share one (empty) row, so document order decides.
            let scan = NavigationOrder(screen: Screen(name: "wide", elements: table), style: .scanning)
            #expect(scan.stops.count == Self.width)
            #expect(zip(scan.stops, 1...Self.width).allSatisfy { $0 == $1 })
            // One crowded row of a million: balanced blocks, at most 6 wide, nested.
            #expect(scan.top.members.count == 1)
            let row = try #require(scan.groups.first { $0.kind == .row })
            #expect(row.members.count == 6)
        }
    }
}
