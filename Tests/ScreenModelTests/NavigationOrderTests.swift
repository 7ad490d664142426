import Testing
@testable import ScreenModel

/// One test per rule of docs/navigation-order.md, on small literal screens.
@Suite struct NavigationOrderTests {
    func stops(_ root: String, _ technology: NavigationStyle = .scanning, options: NavigationOptions = .init(), screenFields: String = "") throws -> [String] {
        let s = try screen(root: root, screenFields: screenFields)
        return s.labels(NavigationOrder(screen: s, style: technology, options: options).stops)
    }

    func outline(_ root: String, _ technology: NavigationStyle, options: NavigationOptions = .init()) throws -> String {
        let s = try screen(root: root)
        return NavigationOrder(screen: s, style: technology, options: options).outline(s)
    }

    @Test func hiddenSubtreesAreExcluded() throws {
        let root = rootWith([button("A", 0, 0), #"{"hidden": true, "children": [\#(button("B", 50, 0))]}"#, button("C", 100, 0, 40, 40, #""hidden": true"#)])
        #expect(try stops(root) == ["A"])
    }

    @Test func ignoreHidesChildren() throws {
        let root = rootWith([#"{"label": "Card", "childBehavior": "ignore", "frame": {"x": 0, "y": 0, "width": 100, "height": 40}, "children": [\#(button("Inner", 0, 0))]}"#, button("B", 0, 50)])
        #expect(try stops(root) == ["B"])
        let s = try screen(root: root)
        #expect(s.label(of: 1) == "Card")
    }

    @Test func combineMakesOneStopWithJoinedLabelAndTheChildsAction() throws {
        let root = rootWith([#"{"childBehavior": "combine", "frame": {"x": 0, "y": 0, "width": 300, "height": 40}, "children": [{"label": "Wi-Fi", "traits": ["staticText"]}, {"label": "On", "traits": ["button"], "onActivate": [{"effect": "announce", "message": "toggled"}]}, {"label": "", "traits": ["image"]}]}"#])
        let s = try screen(root: root)
        let order = NavigationOrder(screen: s, style: .scanning)
        #expect(order.stops == [1])
        #expect(s.label(of: 1) == "Wi-Fi, On")
        #expect(s.activationEffects(of: 1) == [.announce("toggled")])
        #expect(s.traits(of: 1) == [.staticText, .button, .image])
        #expect(s.respondsToUserInteraction(1) == true)
    }

    @Test func containBlockIsPlacedByItsFrame() throws {
        // Left column container (items at y 0 and 100) beside a right column of loose buttons (y 0, 50, 100).
        let left = #"{"childBehavior": "contain", "children": [\#(button("L1", 0, 0)), \#(button("L2", 0, 100))]}"#
        let root = rootWith([button("R1", 200, 0), button("R2", 200, 50), left, button("R3", 200, 100)])
        #expect(try stops(root) == ["L1", "L2", "R1", "R2", "R3"])
        #expect(try outline(root, .focusGroups) == "[(L1, L2), R1, R2, R3]")
    }

    @Test func explicitOrderBeatsSortPriorityBeatsGeometry() throws {
        let kids = [button("A", 0, 0, 40, 40, #""identifier": "a""#), button("B", 50, 0, 40, 40, #""identifier": "b", "sortPriority": 1"#), button("C", 100, 0, 40, 40, #""identifier": "c""#)]
        #expect(try stops(rootWith(kids)) == ["B", "A", "C"])
        let explicit = rootWith(kids).dropLast() + #", "accessibilityElements": ["c", "a", "b"]}"#
        #expect(try stops(String(explicit)) == ["C", "A", "B"])
        // Elements left out of accessibilityElements are not navigated (UIKit semantics).
        let partial = rootWith(kids).dropLast() + #", "accessibilityElements": ["c", "a"]}"#
        #expect(try stops(String(partial)) == ["C", "A"])
    }

    @Test func sortPriorityOnlyAmongSiblings() throws {
        // A child's high priority does not lift it out of its container.
        let box = #"{"childBehavior": "contain", "children": [\#(button("In1", 0, 100)), \#(button("In2", 50, 100, 40, 40, #""sortPriority": 9"#))]}"#
        #expect(try stops(rootWith([box, button("Out", 0, 0, 40, 40, #""sortPriority": 1"#)])) == ["Out", "In2", "In1"])
        // A transparent wrapper's priority carries its children; theirs orders them inside it.
        let wrapper = #"{"sortPriority": 2, "children": [\#(button("W1", 0, 100)), \#(button("W2", 50, 100, 40, 40, #""sortPriority": 1"#))]}"#
        #expect(try stops(rootWith([button("Top", 0, 0, 40, 40, #""sortPriority": 1"#), wrapper])) == ["W2", "W1", "Top"])
    }

    @Test(arguments: [
        // B's extent [20, 40] overlaps A's [0, 40] by 20 = 50% of the shorter height: same row.
        (20.0, 0.5, ["B", "A"]),
        // 19.9 overlap is below half: B is on the next row.
        (20.1, 0.5, ["A", "B"]),
        // A custom tolerance of 25% puts 30 (overlap 10 of 40) in one row.
        (30.0, 0.25, ["B", "A"]),
        (30.0, 0.5, ["A", "B"]),
    ])
    func rowsShareWhenOverlapReachesTheTolerance(_ yOfB: Double, _ overlap: Double, _ expected: [String]) throws {
        let root = rootWith([button("A", 100, 0, 40, 40), button("B", 0, yOfB, 40, 40)])
        #expect(try stops(root, options: NavigationOptions(rowOverlap: overlap)) == expected)
    }

    @Test func rightToLeftRowsReadFromTheRight() throws {
        let root = rootWith([button("A", 0, 0), button("B", 100, 0), button("C", 0, 50), button("D", 100, 50)])
        #expect(try stops(root, screenFields: #""layoutDirection": "rightToLeft", "#) == ["B", "A", "D", "C"])
        #expect(try stops(root) == ["A", "B", "C", "D"])
    }

    @Test func modalTrapsNavigationAndTheLastModalWins() throws {
        let sheet = #"{"traits": ["isModal"], "children": [\#(button("S1", 0, 100))]}"#
        #expect(try stops(rootWith([button("Behind", 0, 0), sheet])) == ["S1"])
        let second = #"{"traits": ["isModal"], "children": [\#(button("T1", 0, 200))]}"#
        let s = try screen(root: rootWith([button("Behind", 0, 0), sheet, second]))
        let order = NavigationOrder(screen: s, style: .focusGroups)
        #expect(s.labels(order.stops) == ["T1"])
        #expect(order.modal == 4)
        // A hidden modal traps nothing.
        let hidden = #"{"traits": ["isModal"], "hidden": true, "children": [\#(button("H", 0, 100))]}"#
        #expect(try stops(rootWith([button("Behind", 0, 0), hidden])) == ["Behind"])
    }

    @Test func staticTextIsNotAStop() throws {
        let root = rootWith([#"{"label": "Title", "traits": ["header", "staticText"], "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}"#, button("Go", 0, 20)])
        for technology in NavigationStyle.allCases { #expect(try stops(root, technology) == ["Go"]) }
    }

    @Test func notEnabledIsSkippedUnlessTheSettingSaysOtherwise() throws {
        let off = #"{"label": "Off", "traits": ["button", "notEnabled"], "frame": {"x": 0, "y": 0, "width": 40, "height": 40}}"#
        let root = rootWith([off, button("On", 0, 50)])
        #expect(try stops(root) == ["On"])
        #expect(try stops(root, options: NavigationOptions(skipNotEnabled: false)) == ["Off", "On"])
    }

    @Test func explicitRespondsToUserInteractionOverridesInference() throws {
        let root = rootWith([
            button("Quiet", 0, 0, 40, 40, #""respondsToUserInteraction": false"#),
            #"{"label": "Tappable text", "traits": ["staticText"], "respondsToUserInteraction": true, "frame": {"x": 0, "y": 50, "width": 40, "height": 40}}"#,
        ])
        #expect(try stops(root) == ["Tappable text"])
    }

    @Test func respondsIsInferredFromActivationAndCustomActions() throws {
        let root = rootWith([
            #"{"label": "Tap me", "onActivate": [{"effect": "back"}], "frame": {"x": 0, "y": 0, "width": 40, "height": 40}}"#,
            #"{"label": "Actions", "customActions": [{"name": "Delete"}], "frame": {"x": 0, "y": 50, "width": 40, "height": 40}}"#,
            #"{"label": "Plain", "frame": {"x": 0, "y": 100, "width": 40, "height": 40}}"#,
        ])
        #expect(try stops(root) == ["Tap me", "Actions"])
    }

    @Test func switchControlContainerWithOneStopIsFlattenedAndEmptyOnesDropped() throws {
        let one = #"{"containerType": "list", "children": [\#(button("Only", 0, 0))]}"#
        let empty = #"{"containerType": "list", "children": [{"label": "Text", "traits": ["staticText"]}]}"#
        let two = #"{"containerType": "list", "children": [\#(button("X", 0, 100)), \#(button("Y", 50, 100))]}"#
        let root = rootWith([one, empty, two])
        #expect(try outline(root, .scanning) == "[Only, (X, Y)]")
        #expect(try outline(root, .focusGroups) == "[Only, (X, Y)]")
    }

    @Test func switchControlSplitsACrowdedLevelIntoRowsThenBlocks() throws {
        // Three rows of three: 9 > 6, so rows become groups.
        let grid = (0..<9).map { button("\($0)", Double($0 % 3) * 50, Double($0 / 3) * 50) }
        #expect(try outline(rootWith(grid), .scanning) == "[row(0, 1, 2), row(3, 4, 5), row(6, 7, 8)]")
        // One row of 8 with a max of 3: balanced blocks, nested when still too many.
        let line = (0..<8).map { button("\($0)", Double($0) * 50, 0) }
        #expect(try outline(rootWith(line), .scanning, options: NavigationOptions(maxGroupSize: 3))
                == "[row(block(0, 1, 2), block(3, 4, 5), block(6, 7))]")
        // Eight rows of one, max 3: no rows to form, so blocks of rows.
        let column = (0..<8).map { button("\($0)", 0, Double($0) * 50) }
        #expect(try outline(rootWith(column), .scanning, options: NavigationOptions(maxGroupSize: 3))
                == "[block(0, 1, 2), block(3, 4, 5), block(6, 7)]")
        // Group Items off: one flat level, containers dissolved.
        let nested = rootWith([#"{"childBehavior": "contain", "children": [\#(button("A", 0, 0)), \#(button("B", 50, 0))]}"#] + line)
        #expect(try outline(nested, .scanning, options: NavigationOptions(groupItems: false)) == "[A, B, 0, 1, 2, 3, 4, 5, 6, 7]")
    }

    /// A container placed by the union of its stops sorts against sibling
    /// stops by that union, top to bottom. Here a list's rows reach y 880,
    /// under two bars lifted out of transparent full-screen wrappers: a
    /// navigation bar at y 805 and a toolbar at y 854 (its first button at
    /// x 4, left of the navigation bar's at x 8). All three share the list's
    /// row; as they also overlap horizontally they form one column, read top
    /// to bottom: the list, the navigation bar, the toolbar. (Ordered by x
    /// inside the row, as before, the toolbar came before the navigation bar.)
    @Test(arguments: [
        // (toolbar's own frame, wrappers in document order: toolbar first?)
        (#""frame": {"x": 0, "y": 854, "width": 390, "height": 44}, "#, false),
        (#""frame": {"x": 0, "y": 854, "width": 390, "height": 44}, "#, true),
        // A toolbar whose own frame spans the screen is still placed by its buttons.
        (#""frame": {"x": 0, "y": 0, "width": 390, "height": 900}, "#, true),
        (#""#, true),
    ])
    func stackedBarsBesideATallListReadTopToBottomNotByX(_ toolbarFrame: String, _ toolbarFirst: Bool) throws {
        func fullScreen(_ kids: [String]) -> String {
            #"{"frame": {"x": 0, "y": 0, "width": 390, "height": 900}, "children": [\#(kids.joined(separator: ", "))]}"#
        }
        let list = #"{"containerType": "list", "children": [\#(button("Row 1", 0, 100, 390, 44)), \#(button("Row 2", 0, 836, 390, 44))]}"#
        let nav = #"{"containerType": "semanticGroup", "frame": {"x": 0, "y": 805, "width": 390, "height": 44}, "children": [\#(button("Back", 8, 805, 60, 44)), \#(button("Edit", 322, 805, 60, 44))]}"#
        let toolbar = #"{"containerType": "semanticGroup", \#(toolbarFrame)"children": [\#(button("Share", 4, 854, 44, 44)), \#(button("Delete", 330, 854, 44, 44))]}"#
        let bars = toolbarFirst ? [fullScreen([toolbar]), fullScreen([nav])] : [fullScreen([nav]), fullScreen([toolbar])]
        let root = rootWith([fullScreen([list] + bars), button("Top", 16, 40, 358, 44)])
        #expect(try stops(root) == ["Top", "Row 1", "Row 2", "Back", "Edit", "Share", "Delete"])
        #expect(try outline(root, .scanning) == "[Top, (Row 1, Row 2), (Back, Edit), (Share, Delete)]")
        #expect(try outline(root, .focusGroups) == "[Top, (Row 1, Row 2), (Back, Edit), (Share, Delete)]")
    }

    /// Inside a row, only members that overlap horizontally stack into a
    /// column: a tall item on the left, then the column beside it top to
    /// bottom, then the next column; right to left on a right-to-left screen.
    @Test(arguments: [(LayoutDirection.leftToRight, ["Tall", "Upper", "Lower", "Right"]), (.rightToLeft, ["Right", "Upper", "Lower", "Tall"])])
    func aColumnBesideATallItemReadsTopToBottom(_ direction: LayoutDirection, _ expected: [String]) throws {
        // Upper and Lower overlap horizontally by 30 of 40 (≥ half), Lower starting further left.
        let root = rootWith([button("Tall", 0, 0, 40, 200), button("Upper", 110, 0, 40, 40), button("Lower", 100, 100, 40, 40), button("Right", 200, 50, 40, 40)])
        #expect(try stops(root, screenFields: #""layoutDirection": "\#(direction.rawValue)", "#) == expected)
    }

    @Test func maxGroupSizeBelowTwoIsTreatedAsTwo() throws {
        var options = NavigationOptions()
        options.maxGroupSize = 1
        let line = (0..<3).map { button("\($0)", Double($0) * 50, 0) }
        #expect(try outline(rootWith(line), .scanning, options: options) == "[row(block(0, 1), 2)]")
    }

    @Test func keyboardGroupsAreContainersAndVoiceControlIsFlatAndNumbered() throws {
        let tabs = #"{"traits": ["tabBar"], "children": [\#(button("T1", 0, 800)), \#(button("T2", 100, 800))]}"#
        let list = #"{"containerType": "list", "children": [\#(button("R1", 0, 100)), \#(button("R2", 0, 150)), \#(button("R3", 0, 200))]}"#
        let root = rootWith([button("Back", 0, 0), list, tabs])
        #expect(try outline(root, .focusGroups) == "[Back, (R1, R2, R3), (T1, T2)]")
        let s = try screen(root: root)
        let voice = NavigationOrder(screen: s, style: .flat)
        #expect(voice.groups.count == 1)
        #expect(voice.outline(s) == "[Back, R1, R2, R3, T1, T2]")
        #expect(voice.stops.map { voice.number(of: $0) } == [1, 2, 3, 4, 5, 6])
        #expect(voice.number(of: 0) == nil)
    }

    // MARK: - Options

    @Test(arguments: [
        (NavigationOptions(rowOverlap: .nan), NavigationOptionsError.rowOverlapOutOfRange(.nan),
         "rowOverlap nan is out of range; expected a fraction from 0 to 1 (the share of the shorter height two elements must overlap to share a row; default 0.5)"),
        (NavigationOptions(rowOverlap: .infinity), .rowOverlapOutOfRange(.infinity),
         "rowOverlap inf is out of range; expected a fraction from 0 to 1 (the share of the shorter height two elements must overlap to share a row; default 0.5)"),
        (NavigationOptions(rowOverlap: -0.25), .rowOverlapOutOfRange(-0.25),
         "rowOverlap -0.25 is out of range; expected a fraction from 0 to 1 (the share of the shorter height two elements must overlap to share a row; default 0.5)"),
        (NavigationOptions(rowOverlap: 1.5), .rowOverlapOutOfRange(1.5),
         "rowOverlap 1.5 is out of range; expected a fraction from 0 to 1 (the share of the shorter height two elements must overlap to share a row; default 0.5)"),
        (NavigationOptions(maxGroupSize: 1), .maxGroupSizeTooSmall(1),
         "maxGroupSize 1 is too small; expected 2 or more (the most members a Switch Control group holds before it is split; default 6)"),
        (NavigationOptions(maxGroupSize: Int.min), .maxGroupSizeTooSmall(Int.min),
         "maxGroupSize -9223372036854775808 is too small; expected 2 or more (the most members a Switch Control group holds before it is split; default 6)"),
    ])
    func validateNamesTheFieldOutOfRange(_ options: NavigationOptions, _ expected: NavigationOptionsError, _ message: String) {
        #expect(throws: NavigationOptionsError.self) { try options.validate() }
        do {
            try options.validate()
        } catch {
            // NaN is not equal to itself: compare the text, which names the value.
            #expect(error.description == message)
            #expect(error.description == expected.description)
        }
    }

    @Test(arguments: [NavigationOptions(), NavigationOptions(rowOverlap: 0, maxGroupSize: 2), NavigationOptions(rowOverlap: 1, maxGroupSize: .max)])
    func validOptionsPassValidation(_ options: NavigationOptions) throws {
        try options.validate()
    }

    // Out-of-range values are used brought into range, never trapping:
    // NaN reads as 0.5, below 0 as 0, above 1 (or infinite) as 1.
    @Test(arguments: [
        (Double.nan, 0.5, ["B", "A"]),
        (-3, 0, ["B", "A"]),
        (.infinity, 1, ["A", "B"]),
        (7, 1, ["A", "B"]),
        (-.infinity, 0, ["B", "A"]),
    ])
    func outOfRangeRowOverlapIsUsedClamped(_ rowOverlap: Double, _ used: Double, _ expected: [String]) throws {
        let options = NavigationOptions(rowOverlap: rowOverlap)
        #expect(options.usableRowOverlap == used)
        // B's extent [20, 60] overlaps A's [0, 40] by 20 = half the shorter height.
        let root = rootWith([button("A", 100, 0, 40, 40), button("B", 0, 20, 40, 40)])
        for technology in NavigationStyle.allCases {
            #expect(try stops(root, technology, options: options) == expected)
        }
    }
}
