/// How an element treats its children, after SwiftUI's
/// `AccessibilityChildBehavior`.
public enum ChildBehavior: String, CaseIterable, Hashable, Sendable {
    /// The children become one element: labels joined with ", " in order,
    /// actions merged.
    case combine
    /// The children are hidden; the element stands alone.
    case ignore
    /// The element is a container: its children are navigated together, as a
    /// block placed by the container's frame.
    case contain
}

extension Optional where Wrapped == ChildBehavior {
    /// Whether an element with this child behaviour keeps its children out
    /// of navigation, hit-testing and the visible tree: `combine` speaks for
    /// them, `ignore` hides them. (On the field, not on `Element`: a hot
    /// loop reads `elements[k].childBehavior` without copying the element.)
    public var keepsChildrenOut: Bool { self == .combine || self == .ignore }
}

/// `UIAccessibilityContainerType`.
public enum ContainerType: String, CaseIterable, Hashable, Sendable {
    case none, list, semanticGroup, dataTable, landmark
}

/// Index of an element in its screen's element table (preorder).
public typealias ElementIndex = Int

/// One node of a screen's accessibility tree, with the properties of Apple's
/// accessibility API (`accessibilityLabel`, `accessibilityTraits`,
/// `accessibilityFrame`, …).
///
/// Elements live in a flat table (`Screen.elements`) in preorder, linked by
/// indices, so that no operation on a tree recurses: a tree 100,000 levels
/// deep loads, orders and is released without touching the stack.
public struct Element: Hashable, Sendable {
    public var label: String?
    public var value: String?
    public var hint: String? {
        get { rare?.fields.hint }
        set { modifyRare { $0.hint = newValue } }
    }
    public var identifier: String?
    public var traits: TraitSet = []
    /// The frame in points (absolute). For a container without one, the union
    /// of its children's frames is used.
    public var frame: Rect?
    /// Names for Voice Control and Full Keyboard Access Find, primary first.
    public var inputLabels: [String] {
        get { rare?.fields.inputLabels ?? [] }
        set { modifyRare { $0.inputLabels = newValue } }
    }
    public var customActions: [CustomAction] = []
    /// Where gestures land; the frame's centre when absent.
    public var activationPoint: Point? {
        get { rare?.fields.activationPoint }
        set { modifyRare { $0.activationPoint = newValue } }
    }
    /// Higher sorts first among siblings; default 0.
    public var sortPriority: Double = 0
    public var hidden: Bool = false
    /// Explicit `accessibilityRespondsToUserInteraction`; inferred when nil.
    public var respondsToUserInteraction: Bool?
    public var childBehavior: ChildBehavior?
    public var containerType: ContainerType = .none
    /// Explicit order of children by identifier (`accessibilityElements`).
    public var accessibilityElements: [String]?
    /// The range of an adjustable value.
    public var range: ValueRange? {
        get { rare?.fields.range }
        set { modifyRare { $0.range = newValue } }
    }
    /// What activating the element does (a tap, Space, "Tap …").
    public var onActivate: [Effect] = []
    /// Whether the element scrolls its content (the scanner menu offers Scroll).
    public var scrollable: Bool = false
    /// How far a scrollable element's content is scrolled, in points:
    /// `UIScrollView.contentOffset`. (0, 0) is where the model's frames put
    /// the content; "scroll down" makes `y` grow, and every descendant then
    /// shows `y` points higher (`Screen.frames`). Ignored unless `scrollable`.
    public var contentOffset: Point {
        get { rare?.fields.contentOffset ?? .zero }
        set { modifyRare { $0.contentOffset = newValue } }
    }

    /// The fields above that most elements leave unset (`hint`,
    /// `inputLabels`, `activationPoint`, `range`, `contentOffset`), kept
    /// out of line: nil while all are unset, else one immutable box that
    /// copies of the element share. They took 112 of an element's 270
    /// bytes, and a screen's table of a million elements is read, copied
    /// and paged in whole by every load, order and report.
    private var rare: RareFields?

    /// Writes one of the rare fields: a new box with the change (the old
    /// one is never written, so no copy sees another's write), or none at
    /// all when every field is back to unset, so that equal elements hold
    /// equal storage.
    private mutating func modifyRare(_ body: (inout RareFields.Values) -> Void) {
        var values = rare?.fields ?? RareFields.Values()
        body(&values)
        rare = values == RareFields.Values() ? nil : RareFields(values)
    }

    /// Index of the parent in the screen's table; nil for the root.
    public internal(set) var parent: ElementIndex?
    /// Indices of the children, in document order.
    public internal(set) var children: [ElementIndex] = []

    public init() {}

    /// Whether the element is a container navigated as a block.
    public var isContainer: Bool {
        childBehavior == .contain || containerType != .none || accessibilityElements != nil || traits.contains(.tabBar)
    }

    /// Explicit or inferred `accessibilityRespondsToUserInteraction` of this
    /// node alone (a combined element also counts its children; see
    /// `Screen.respondsToUserInteraction(_:)`).
    public var respondsOnItsOwn: Bool {
        if let explicit = respondsToUserInteraction { return explicit }
        return !traits.intersection(Trait.interactive).isEmpty || !onActivate.isEmpty || !customActions.isEmpty
    }
}

extension Element {
    /// Appends `element` to `table`, a preorder element table being built
    /// outside this module (a live app's snapshot), as the last child of
    /// `parent` (nil: the root, the table's first element). Appending each
    /// element after its parent and earlier siblings' subtrees keeps the
    /// table in preorder, as `Screen.init` requires.
    /// - Returns: the new element's index.
    public static func append(_ element: Element, parent: ElementIndex?, to table: inout [Element]) -> ElementIndex {
        var e = element
        e.parent = parent
        e.children = []
        let k = table.count
        table.append(e)
        if let p = parent { table[p].children.append(k) }
        return k
    }
}

/// `Element`'s rarely set fields, out of line (`Element.rare`): an
/// immutable box, shared by the copies of an element and replaced whole
/// when one of them writes (`Element.modifyRare`). Compared and hashed by
/// value.
final class RareFields: Hashable, Sendable {
    struct Values: Hashable, Sendable {
        var hint: String?
        var inputLabels: [String] = []
        var activationPoint: Point?
        var range: ValueRange?
        var contentOffset: Point = .zero
    }
    let fields: Values

    init(_ fields: Values) { self.fields = fields }

    static func == (a: RareFields, b: RareFields) -> Bool { a === b || a.fields == b.fields }
    func hash(into hasher: inout Hasher) { hasher.combine(fields) }
}
