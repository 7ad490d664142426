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
            for technology in Technology.allCases {
                let order = NavigationOrder(screen: screen, technology: technology)
                #expect(order.stops == [Self.depth])
                #expect(order.groups == [NavigationGroup(kind: .screen, members: [.stop(Self.depth)], frame: Rect(x: 10, y: 20, width: 30, height: 40))]
                        || technology == .voiceControl)
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
        let order = NavigationOrder(screen: screen, technology: .fullKeyboardAccess)
        #expect(order.stops.count == levels + 1)
        #expect(screen.label(of: order.stops[0]) == "B0")
        #expect(screen.label(of: order.stops[levels]) == "Last")
        // The root level and then one group per container but the last, which holds two stops.
        #expect(order.groups.count == levels)
    }

    @Test func screenWithAMillionButtonsLoadsOrdersAndIsReleased() throws {
        // 1,000 rows of 1,000 buttons, written in reverse so ordering has work to do.
        var text = #"{"screens": {"wide": {"root": {"children": ["#
        text.reserveCapacity(Self.width * 60)
        let side = 1_000
        for k in stride(from: Self.width - 1, through: 0, by: -1) {
            let x = k % side, y = k / side
            text += #"{"traits":["button"],"frame":{"x":\#(x),"y":\#(y * 10),"width":1,"height":10}}"#
            if k > 0 { text += "," }
        }
        text += "]}}}}"
        let screen = try #require(try decode(text).screen(named: "wide"))
        #expect(screen.elements.count == Self.width + 1)
        let voice = NavigationOrder(screen: screen, technology: .voiceControl)
        #expect(voice.stops.count == Self.width)
        // Row 0 left to right comes first: elements were written last-first.
        #expect(Array(voice.stops.prefix(3)) == [Self.width, Self.width - 1, Self.width - 2])
        #expect(voice.stops.last == 1)
        #expect(voice.number(of: 1) == Self.width)
        let scan = NavigationOrder(screen: screen, technology: .switchControl)
        #expect(scan.stops == voice.stops)
        // 1,000 rows of 1,000: rows become blocks of rows, each row blocks of items.
        #expect(scan.top.members.count == 6)
    }
}
