import Testing
@testable import ScreenModel

/// A screen's subtrees are ranges of its preorder table (`Screen.subtreeEnds`):
/// what a `combine` element merges and who is inside whom are read from them.
@Suite struct ScreenTreeTests {
    /// 0 root
    /// ├ 1 combine (button)
    /// │ ├ 2 "One" (staticText)
    /// │ ├ 3 hidden "Hidden"
    /// │ │ └ 4 "Under hidden" (link)
    /// │ ├ 5 ignore "Icon" (image)
    /// │ │ └ 6 "Inside ignore" (header)
    /// │ └ 7 combine
    /// │   └ 8 "Two", value "2" (selected)
    /// └ 9 "B"
    ///   └ 10 "Under B"
    static let json = rootWith([
        #"{"childBehavior": "combine", "traits": ["button"], "children": ["#
            + #"{"label": "One", "traits": ["staticText"]}, "#
            + #"{"label": "Hidden", "hidden": true, "children": [{"label": "Under hidden", "traits": ["link"]}]}, "#
            + #"{"label": "Icon", "traits": ["image"], "childBehavior": "ignore", "children": [{"label": "Inside ignore", "traits": ["header"]}]}, "#
            + #"{"childBehavior": "combine", "children": [{"label": "Two", "value": "2", "traits": ["selected"]}]}]}"#,
        #"{"label": "B", "children": [{"label": "Under B"}]}"#,
    ])

    @Test func subtreesAreRangesOfTheTable() throws {
        let s = try screen(root: Self.json)
        #expect(s.elements.map(\.label) == [nil, nil, "One", "Hidden", "Under hidden", "Icon", "Inside ignore", nil, "Two", "B", "Under B"])
        #expect(s.subtreeEnds == [11, 9, 3, 5, 5, 7, 7, 9, 9, 11, 11])
    }

    @Test func isDescendantAgreesWithTheParentLinksForEveryPair() throws {
        let s = try screen(root: Self.json)
        func byParents(_ i: ElementIndex, _ ancestor: ElementIndex) -> Bool {
            var c: ElementIndex? = i
            while let k = c { if k == ancestor { return true }; c = s.elements[k].parent }
            return false
        }
        var pairs = 0
        for i in s.elements.indices {
            for a in s.elements.indices {
                #expect(s.isDescendant(i, of: a) == byParents(i, a), "\(i) in \(a)")
                if s.isDescendant(i, of: a) { pairs += 1 }
            }
        }
        // Each element in itself and its ancestors: depths 1, 2, 3, 3, 4, 3, 4, 3, 4, 2, 3.
        #expect(pairs == 32)
    }

    @Test func aCombinedElementMergesItsVisibleDescendantsInOrder() throws {
        let s = try screen(root: Self.json)
        #expect(Array(s.visibleDescendants(of: 1)) == [2, 5, 7, 8])
        #expect(Array(s.visibleDescendants(of: 0)) == [1, 2, 5, 7, 8, 9, 10])
        #expect(Array(s.visibleDescendants(of: 3)) == [4])
        // An element's own behaviour does not hide its children from this walk
        // (it is asked of `combine` elements); an `ignore` below it does.
        #expect(Array(s.visibleDescendants(of: 5)) == [6])
        #expect(Array(s.visibleDescendants(of: 10)) == [])
        #expect(s.label(of: 1) == "One, Icon, Two")
        #expect(s.traits(of: 1) == [.button, .staticText, .image, .selected])
        #expect(s.value(of: 1) == "2")
        #expect(s.respondsToUserInteraction(1))
        let all = s.labelTraitsValue(of: 1)
        #expect(all.label == "One, Icon, Two")
        #expect(all.traits == [.button, .staticText, .image, .selected])
        #expect(all.value == "2")
        // The nested combine speaks for its own child too.
        #expect(s.label(of: 7) == "Two")
        #expect(s.labelTraitsValue(of: 7).label == "Two")
        // Not combined: its own properties only.
        #expect(s.label(of: 9) == "B")
        #expect(s.labelTraitsValue(of: 9).traits == [])
    }

    @Test func anOwnLabelIsKeptAndAnEmptyOneJoins() throws {
        let s = try screen(root: rootWith([
            #"{"label": "Own", "childBehavior": "combine", "children": [{"label": "Child"}]}"#,
            #"{"label": "", "childBehavior": "combine", "children": [{"label": ""}, {"label": "Child"}]}"#,
            #"{"label": "", "childBehavior": "combine", "children": [{"label": ""}]}"#,
        ]))
        #expect([1, 3, 6].map { s.label(of: $0) } == ["Own", "Child", nil])
        #expect([1, 3, 6].map { s.labelTraitsValue(of: $0).label } == ["Own", "Child", nil])
    }
}

/// `Screen.identifiers` keeps each identifier's first use, and the screen
/// notes the first element that uses one again (`AppValidator`'s error).
@Suite struct ScreenIdentifierTests {
    @Test func theFirstUseIsKeptAndTheFirstRepeatNoted() throws {
        var table: [Element] = []
        for id in [nil, "a", "b", "a", "c", "b", "a"] as [String?] {
            var e = Element()
            e.identifier = id
            _ = Element.append(e, parent: table.isEmpty ? nil : 0, to: &table)
        }
        let s = Screen(name: "s", elements: table)
        #expect(s.identifiers == ["a": 1, "b": 2, "c": 4])
        #expect(s.firstDuplicateIdentifier == 3)
    }

    @Test func noRepeatNotesNothing() throws {
        let s = try screen(root: rootWith([#"{"identifier": "a"}"#, #"{"identifier": "b"}"#]))
        #expect(s.identifiers == ["a": 1, "b": 2])
        #expect(s.firstDuplicateIdentifier == nil)
    }
}
