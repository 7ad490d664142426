/// One screen of an app: its accessibility tree, its size and reading
/// direction.
public struct Screen: Hashable, Sendable {
    /// The name the app model knows it by (`checkout`).
    public var name: String
    /// A readable title.
    public var title: String?
    /// Screen size in points (origin 0, 0). When the file gives none, it
    /// reaches the root frame's right and bottom edges.
    public var size: Rect
    public var layoutDirection: LayoutDirection
    /// The tree in preorder; `elements[0]` is the root.
    public internal(set) var elements: [Element]
    /// Identifier → element index.
    public internal(set) var identifiers: [String: ElementIndex]
    /// Where each element is on screen now: its frame (for a frameless
    /// element the union of its descendants' frames), moved by the content
    /// offsets of every scrollable ancestor. What every reader uses: the
    /// highlight, the hit test, the activation point, the navigation order.
    public internal(set) var frames: [Rect]
    /// Per element: scrolled out of a scrollable ancestor's viewport (see
    /// `isScrolledOut(_:)`).
    var scrolledOut: [Bool]
    /// Per element: the index just past its subtree. The table is in
    /// preorder, so the descendants of `i` are the elements from `i + 1` up
    /// to `subtreeEnds[i]`: a walk over them needs no stack and no array.
    let subtreeEnds: [ElementIndex]
    /// The first element (in preorder) whose identifier an earlier element
    /// already has, if any: a file's error (`AppValidator`), found while
    /// `identifiers` is built.
    let firstDuplicateIdentifier: ElementIndex?

    /// Builds a screen from a preorder element table whose `parent`/`children`
    /// links are set. Frames of frameless containers, scroll positions and
    /// visibility are derived here, in two linear passes over the table.
    public init(name: String, title: String? = nil, size: Rect? = nil, layoutDirection: LayoutDirection = .leftToRight, elements: [Element]) {
        // Read field by field: binding each element would copy it.
        var ids: [String: ElementIndex] = [:]
        var duplicate: ElementIndex? = nil
        for i in elements.indices {
            guard let id = elements[i].identifier else { continue }
            // One lookup for the usual, new identifier; the first use is kept.
            if let first = ids.updateValue(i, forKey: id) {
                ids[id] = first
                if duplicate == nil { duplicate = i }
            }
        }
        self.init(name: name, title: title, size: size, layoutDirection: layoutDirection, elements: elements,
                  identifiers: ids, firstDuplicateIdentifier: duplicate)
    }

    /// An imported screen, whose identifiers are unique and were put in a
    /// table as its elements were made (`FirstUseIdentifiers`): the table
    /// is taken as it is instead of being built again.
    init(name: String, title: String? = nil, size: Rect? = nil, elements: [Element], uniqueIdentifiers: [String: ElementIndex]) {
        self.init(name: name, title: title, size: size, layoutDirection: .leftToRight, elements: elements,
                  identifiers: uniqueIdentifiers, firstDuplicateIdentifier: nil)
    }

    private init(name: String, title: String?, size: Rect?, layoutDirection: LayoutDirection, elements: [Element],
                 identifiers: [String: ElementIndex], firstDuplicateIdentifier: ElementIndex?) {
        precondition(!elements.isEmpty, "a screen has a root element")
        self.name = name
        self.title = title
        self.layoutDirection = layoutDirection
        self.elements = elements
        self.identifiers = identifiers
        self.firstDuplicateIdentifier = firstDuplicateIdentifier
        // Bottom-up in one pass: preorder reversed visits children before parents.
        // Each element's frame, or for a frameless one the union of its
        // descendants' (`framed` says whether there is any): a plain `Rect`
        // per element, which becomes `frames` as it is when nothing scrolls.
        var union = [Rect](repeating: .zero, count: elements.count)
        var framed = [Bool](repeating: false, count: elements.count)
        var ends = [ElementIndex](repeating: 0, count: elements.count)
        for i in stride(from: elements.count - 1, through: 0, by: -1) {
            // In preorder, each child starts where the one before it ends.
            var end = i + 1
            for c in elements[i].children {
                precondition(c == end, "a screen's element table is in preorder: element \(i)'s child \(c) should be at \(end)")
                end = ends[c]
            }
            ends[i] = end
            if let f = elements[i].frame { union[i] = f; framed[i] = true }
            if framed[i], let p = elements[i].parent, elements[p].frame == nil {
                union[p] = framed[p] ? union[p].union(union[i]) : union[i]
                framed[p] = true
            }
        }
        self.subtreeEnds = ends
        (self.frames, self.scrolledOut) = Self.scrollPositions(elements, union, framed)
        // The screen spans from the origin; without a size it reaches the
        // root frame's far edges (origin kept at 0, so the size round-trips
        // through the file's `size: {width, height}`).
        self.size = size ?? Rect(x: 0, y: 0, width: max(0, frames[0].maxX), height: max(0, frames[0].maxY))
    }

    /// Top-down in one pass (preorder visits parents before children): each
    /// element's frame moved by its scrollable ancestors' content offsets,
    /// and whether it shows through their viewports.
    ///
    /// A scroll context is what a scrollable element gives its descendants:
    /// the sum of the content offsets above them and the viewport they show
    /// through (the scrollable's moved frame, clipped by the viewport it
    /// shows through itself). Elements point at their children's context by
    /// index, so the pass keeps one integer per element.
    ///
    /// `union` is each element's frame or its descendants' union, `.zero`
    /// where `framed` says there is none.
    static func scrollPositions(_ elements: [Element], _ union: [Rect], _ framed: [Bool]) -> ([Rect], [Bool]) {
        // Field by field: a copy of an `Element` retains each of its strings and arrays.
        guard elements.indices.contains(where: { elements[$0].scrollable }) else {
            return (union, [Bool](repeating: false, count: elements.count))
        }
        struct Context { var dx: Double, dy: Double, viewport: Rect? }
        var contexts = [Context(dx: 0, dy: 0, viewport: nil)]
        var childContext = [Int](repeating: 0, count: elements.count)
        var frames = [Rect](repeating: .zero, count: elements.count)
        var out = [Bool](repeating: false, count: elements.count)
        for i in elements.indices {
            let parent = elements[i].parent
            let context = parent.map { childContext[$0] } ?? 0
            let c = contexts[context]
            if framed[i] {
                frames[i] = union[i].offsetBy(dx: -c.dx, dy: -c.dy)
                if let v = c.viewport, !frames[i].shows(in: v) { out[i] = true }
            } else if let p = parent {
                // No frame anywhere in its subtree: it goes with its parent.
                out[i] = out[p]
            }
            childContext[i] = context
            if elements[i].scrollable {
                let viewport = c.viewport.map { frames[i].intersection($0) } ?? frames[i]
                let offset = elements[i].contentOffset
                contexts.append(Context(dx: c.dx + offset.x, dy: c.dy + offset.y, viewport: viewport))
                childContext[i] = contexts.count - 1
            }
        }
        return (frames, out)
    }

    /// The root element's index.
    public var root: ElementIndex { 0 }

    /// Whether `i` is scrolled out: it lies inside a scrollable ancestor and
    /// none of its frame shows through that ancestor's viewport (the
    /// ancestor's frame, itself clipped by the viewports it shows through).
    /// A partly visible element is not scrolled out (`Rect.shows(in:)`).
    /// Each element is judged by its own frame, so the children of a
    /// scrolled-out wrapper may still show (a web page's content holder
    /// keeps the viewport's frame while its links scroll); an element with
    /// no frame in its subtree goes with its parent. A scrolled-out element
    /// is not a stop and is not hit; scrolling brings it back.
    public func isScrolledOut(_ i: ElementIndex) -> Bool { scrolledOut[i] }

    /// The element at `i`.
    public subscript(_ i: ElementIndex) -> Element { elements[i] }

    /// Where gestures land for element `i`: its activation point, or its frame's centre.
    public func activationPoint(of i: ElementIndex) -> Point {
        elements[i].activationPoint ?? frames[i].center
    }

    /// Whether `i` stands alone: no children, or children kept out
    /// (`ChildBehavior?.keepsChildrenOut`): its children are not navigated.
    /// Read field by field, never binding the element (a copy of an
    /// element retains each of its strings and arrays).
    public func isLeafLike(_ i: ElementIndex) -> Bool {
        elements[i].children.isEmpty || elements[i].childBehavior.keepsChildrenOut
    }

    /// Whether `i` is inside (or is) `ancestor`: within its subtree's
    /// range of the preorder table.
    public func isDescendant(_ i: ElementIndex, of ancestor: ElementIndex) -> Bool {
        i >= ancestor && i < subtreeEnds[ancestor]
    }

    /// The path of `i` as it is written in errors and scripts:
    /// `root/children[2]/children[0]`.
    public func path(of i: ElementIndex) -> String { Self.path(of: i, in: elements) }

    /// The path of `i` in a preorder element table whose links are set
    /// (importers and decoders use it for errors before the screen exists).
    /// O(depth × siblings): for messages, never per element.
    public static func path(of i: ElementIndex, in elements: [Element]) -> String {
        var parts: [String] = []
        var c = i
        while let p = elements[c].parent {
            parts.append("children[\(elements[p].children.firstIndex(of: c)!)]")
            c = p
        }
        parts.append("root")
        return parts.reversed().joined(separator: "/")
    }

    /// The element at a path such as `root/children[2]/children[0]`.
    public func element(atPath path: String) -> ElementIndex? {
        let parts = path.split(separator: "/")
        guard parts.first == "root" else { return nil }
        var c = root
        for part in parts.dropFirst() {
            guard part.hasPrefix("children["), part.hasSuffix("]"),
                  let k = Int(part.dropFirst(9).dropLast()), k >= 0, k < elements[c].children.count else { return nil }
            c = elements[c].children[k]
        }
        return c
    }

    /// Descendants of `i` (not `i`) in preorder, skipping hidden subtrees and
    /// the children of `ignore` elements: what a `combine` element merges.
    /// A walk over `i`'s range of the table, with no array made.
    func visibleDescendants(of i: ElementIndex) -> VisibleDescendants {
        VisibleDescendants(elements: elements, subtreeEnds: subtreeEnds, position: i + 1, end: subtreeEnds[i])
    }

    // MARK: - Effective properties (children behaviour applied)
    //
    // These read `elements[i]` field by field: binding a whole element
    // (`let e = elements[i]`) copies it, retaining each string and array.

    /// The `identifier` of `i`, read in place (not by copying the element).
    public func identifier(of i: ElementIndex) -> String? { elements[i].identifier }

    /// The label an assistive technology reads and shows for `i`. A `combine`
    /// element without its own label joins its descendants' labels with ", ".
    public func label(of i: ElementIndex) -> String? {
        if let l = elements[i].label, !l.isEmpty { return l }
        guard elements[i].childBehavior == .combine else { return elements[i].label }
        let parts = visibleDescendants(of: i).compactMap { elements[$0].label }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The value of `i`; for a `combine` element without one, the first
    /// descendant value.
    public func value(of i: ElementIndex) -> String? {
        if elements[i].value != nil || elements[i].childBehavior != .combine { return elements[i].value }
        return visibleDescendants(of: i).lazy.compactMap { self.elements[$0].value }.first
    }

    /// `label(of:)`, `traits(of:)` and `value(of:)` at once, with one walk
    /// of a combined element's descendants instead of three (a report that
    /// shows all three for a million stops).
    public func labelTraitsValue(of i: ElementIndex) -> (label: String?, traits: TraitSet, value: String?) {
        guard elements[i].childBehavior == .combine else { return (elements[i].label, elements[i].traits, elements[i].value) }
        let ownLabel = elements[i].label
        let joinsLabels = ownLabel == nil || ownLabel!.isEmpty
        var parts: [String] = []
        var traits = elements[i].traits
        var value = elements[i].value
        for d in visibleDescendants(of: i) {
            if joinsLabels, let l = elements[d].label, !l.isEmpty { parts.append(l) }
            traits.formUnion(elements[d].traits)
            if value == nil { value = elements[d].value }
        }
        let label = joinsLabels ? (parts.isEmpty ? nil : parts.joined(separator: ", ")) : ownLabel
        return (label, traits, value)
    }

    /// The traits of `i`; a `combine` element also carries its descendants'.
    public func traits(of i: ElementIndex) -> TraitSet {
        guard elements[i].childBehavior == .combine else { return elements[i].traits }
        return visibleDescendants(of: i).reduce(elements[i].traits) { $0.union(elements[$1].traits) }
    }

    /// The names Voice Control and FKA Find match: input labels, else the label.
    public func inputLabels(of i: ElementIndex) -> [String] {
        let own = elements[i].inputLabels.filter { !$0.isEmpty }
        if !own.isEmpty { return own }
        return label(of: i).map { [$0] } ?? []
    }

    /// What activating `i` does. A `combine` element without its own
    /// activation takes its first actionable descendant's.
    public func activationEffects(of i: ElementIndex) -> [Effect] {
        if !elements[i].onActivate.isEmpty || elements[i].childBehavior != .combine { return elements[i].onActivate }
        return visibleDescendants(of: i).lazy.map { self.elements[$0].onActivate }.first { !$0.isEmpty } ?? []
    }

    /// The custom actions of `i`. A `combine` element also offers its
    /// descendants' custom actions, and each actionable descendant after the
    /// one that supplies its activation, as an action named by its label.
    public func customActions(of i: ElementIndex) -> [CustomAction] {
        guard elements[i].childBehavior == .combine else { return elements[i].customActions }
        var out = elements[i].customActions
        var activationTaken = !elements[i].onActivate.isEmpty
        for d in visibleDescendants(of: i) {
            if !elements[d].onActivate.isEmpty {
                if activationTaken {
                    out.append(CustomAction(name: elements[d].label ?? elements[d].identifier ?? "Action", effects: elements[d].onActivate))
                } else {
                    activationTaken = true
                }
            }
            out.append(contentsOf: elements[d].customActions)
        }
        return out
    }

    /// `accessibilityRespondsToUserInteraction` of `i`: explicit, or inferred
    /// from traits, activation and custom actions (a `combine` element also
    /// from its descendants').
    public func respondsToUserInteraction(_ i: ElementIndex) -> Bool {
        if let explicit = elements[i].respondsToUserInteraction { return explicit }
        if elements[i].respondsOnItsOwn { return true }
        guard elements[i].childBehavior == .combine else { return false }
        return visibleDescendants(of: i).contains { elements[$0].respondsOnItsOwn }
    }

    /// The element whose frame contains `p`: the topmost, which is the last in
    /// drawing (pre)order among visible elements for which `candidate` holds;
    /// nil when none. Children of `combine` and `ignore` elements are not
    /// hit on their own (the merged element is). Scrolled-out elements are
    /// not hit, nor the part of an element outside the viewport of a
    /// scrollable ancestor.
    public func hitTest(_ p: Point, where candidate: (ElementIndex) -> Bool) -> ElementIndex? {
        var best: ElementIndex? = nil
        // With each element, whether `p` shows through the viewports above it.
        var stack: [(ElementIndex, Bool)] = [(root, true)]
        while let (k, through) = stack.popLast() {
            if elements[k].hidden { continue }
            if through && !scrolledOut[k] && candidate(k) && frames[k].contains(p) { best = max(best ?? k, k) }
            if elements[k].childBehavior.keepsChildrenOut { continue }
            let inner = through && (!elements[k].scrollable || frames[k].contains(p))
            stack.append(contentsOf: elements[k].children.map { ($0, inner) })
        }
        return best
    }
}

/// An app: its screens and where it starts.
public struct AppModel: Hashable, Sendable {
    public var name: String
    public var startScreen: String
    /// Screens by name, in the order the file lists them.
    public var screens: [Screen]
    /// Screen name → index in `screens`.
    public private(set) var screenIndex: [String: Int]
    /// The platform the screens come from (an Android capture, or iOS).
    public var platform: Platform

    public init(name: String, startScreen: String, screens: [Screen], platform: Platform = .iOS) {
        self.name = name
        self.startScreen = startScreen
        self.screens = screens
        self.platform = platform
        var index: [String: Int] = [:]
        for (i, s) in screens.enumerated() where index[s.name] == nil { index[s.name] = i }
        self.screenIndex = index
    }

    /// The screen named `name`.
    public func screen(named name: String) -> Screen? {
        screenIndex[name].map { screens[$0] }
    }
}

/// The platform an app's screens were captured on or written for. Frames
/// are in points either way (Android captures are converted from pixels to
/// dp, which are points); rules that differ by platform read it, such as the
/// minimum tap target: 44 × 44 pt on iOS (Apple's Human Interface
/// Guidelines), 48 × 48 dp on Android (Material Design), 24 × 24 px on a
/// Linux desktop (WCAG 2.2, Target Size (Minimum)), whose snapshots over
/// AT-SPI are in pixels (docs/desktop-apps.md).
public enum Platform: String, CaseIterable, Hashable, Sendable {
    case iOS = "ios"
    case android = "android"
    case linux = "linux"

    /// The unit of the platform's frames: points on iOS, density-independent
    /// pixels on Android (imports convert to them), pixels on a Linux desktop.
    public var unit: String {
        switch self {
        case .iOS: return "pt"
        case .android: return "dp"
        case .linux: return "px"
        }
    }
}

/// The descendants of one element that a `combine` element merges
/// (`Screen.visibleDescendants(of:)`): its range of the preorder table,
/// stepping over hidden subtrees and the children of `ignore` elements.
struct VisibleDescendants: Sequence, IteratorProtocol {
    typealias Element = ElementIndex
    let elements: [ScreenModel.Element]
    let subtreeEnds: [ElementIndex]
    var position: ElementIndex
    let end: ElementIndex

    mutating func next() -> ElementIndex? {
        while position < end {
            let k = position
            if elements[k].hidden { position = subtreeEnds[k]; continue }
            position = elements[k].childBehavior == .ignore ? subtreeEnds[k] : k + 1
            return k
        }
        return nil
    }
}
