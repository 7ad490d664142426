import ScreenModel

/// The focus groups of one screen as Full Keyboard Access moves through
/// them, built once per screen (and again when it scrolls or its traits
/// change) from the one navigation order (docs/navigation-order.md, FKA
/// groups: every container with at least two stops).
///
/// - **Tab loop** (`groups`): the focus groups in navigation order. A
///   container's own stops form one focus group, placed where its first
///   stop comes; a container nested in it is a focus group of its own, at
///   its place; a stop outside every container is a focus group by itself.
///   This is UIKit's tab loop of focus groups ([Apple doc] WWDC21 "Focus on
///   iPad keyboard navigation"; S10j).
/// - **Arrow domains** (`domains`): arrows move among a container's own
///   stops — in order for a list or data table, geometrically otherwise —
///   and among the loose stops of the screen (or modal) for a loose stop.
///   [model choice]
struct FocusLayout: Sendable {
    /// A focus group of the tab loop.
    struct FocusGroup: Hashable, Sendable {
        /// The container whose own stops these are; nil for a loose stop.
        var container: ElementIndex?
        /// The stops, in navigation order.
        var stops: [ElementIndex]
    }

    /// What arrow keys move among.
    struct Domain: Sendable {
        /// The container; nil for the loose stops.
        var container: ElementIndex?
        /// The stops, in navigation order.
        var stops: [ElementIndex]
        /// Their frames, as shown.
        var rects: [Rect]
        /// A list or data table: arrows move in order, not by geometry.
        var ordered: Bool
        /// The bucket grid of a large geometric domain.
        var index: SpatialIndex?

        /// The stop towards `direction` from `frame` (geometric domains).
        /// - Returns: its position in `stops`.
        func nearest(from frame: Rect, excluding: Int?, _ direction: ArrowDirection) -> Int? {
            if let index { return index.nearest(from: frame, excluding: excluding, direction) }
            return DirectionalFocus.nearest(from: frame, among: rects, excluding: excluding, direction)
        }
    }

    /// Domains with at least this many stops get a bucket grid.
    static let indexThreshold = 16

    let order: NavigationOrder
    /// The tab loop.
    private(set) var groups: [FocusGroup] = []
    private(set) var domains: [Domain] = []
    /// Per element of the screen: its focus group, -1 when it is not a stop.
    private(set) var groupOf: [Int32]
    /// Per element: its arrow domain, -1 when it is not a stop.
    private(set) var domainOf: [Int32]
    /// Per element: its position in its domain's stops.
    private(set) var slotOf: [Int32]
    /// Per element: its position in the navigation order's stops.
    private(set) var positionOf: [Int32]
    /// The domain of each container.
    private(set) var domainOfContainer: [ElementIndex: Int] = [:]
    /// The domain of the loose stops, when there are any.
    private(set) var looseDomain: Int? = nil

    init(screen: Screen, navigation: NavigationOptions) {
        order = NavigationOrder(screen: screen, technology: .fullKeyboardAccess, options: navigation)
        let n = screen.elements.count
        groupOf = [Int32](repeating: -1, count: n)
        domainOf = [Int32](repeating: -1, count: n)
        slotOf = [Int32](repeating: -1, count: n)
        positionOf = [Int32](repeating: -1, count: n)
        for (p, k) in order.stops.enumerated() { positionOf[k] = Int32(p) }

        // The tab loop, depth first with an explicit stack (trees may be deep).
        struct Frame { var group: Int; var member: Int; var entry: Int? }
        var loose: [ElementIndex] = []
        var stack = [Frame(group: 0, member: 0, entry: nil)]
        while !stack.isEmpty {
            let f = stack[stack.count - 1]
            let members = order.groups[f.group].members
            guard f.member < members.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].member += 1
            switch members[f.member] {
            case .stop(let k):
                if f.group == 0 {
                    groupOf[k] = Int32(groups.count)
                    groups.append(FocusGroup(container: nil, stops: [k]))
                    loose.append(k)
                } else {
                    var entry = f.entry ?? -1
                    if f.entry == nil {
                        entry = groups.count
                        stack[stack.count - 1].entry = entry
                        groups.append(FocusGroup(container: Self.container(of: f.group, order), stops: []))
                    }
                    groupOf[k] = Int32(entry)
                    groups[entry].stops.append(k)
                }
            case .group(let g):
                stack.append(Frame(group: g, member: 0, entry: nil))
            }
        }
        for g in groups where g.container != nil {
            addDomain(container: g.container, stops: g.stops, screen: screen)
        }
        if !loose.isEmpty { addDomain(container: nil, stops: loose, screen: screen) }
    }

    static func container(of group: Int, _ order: NavigationOrder) -> ElementIndex? {
        if case .container(let k) = order.groups[group].kind { return k }
        return nil
    }

    mutating func addDomain(container: ElementIndex?, stops: [ElementIndex], screen: Screen) {
        let d = domains.count
        let ordered = container.map { [.list, .dataTable].contains(screen.elements[$0].containerType) } ?? false
        let rects = stops.map { screen.frames[$0] }
        let index = !ordered && stops.count >= Self.indexThreshold ? SpatialIndex(rects) : nil
        domains.append(Domain(container: container, stops: stops, rects: rects, ordered: ordered, index: index))
        for (slot, k) in stops.enumerated() {
            domainOf[k] = Int32(d)
            slotOf[k] = Int32(slot)
        }
        if let c = container { domainOfContainer[c] = d } else { looseDomain = d }
    }

    /// Whether `k` is a stop of this layout.
    @inline(__always)
    func isStop(_ k: ElementIndex) -> Bool { k >= 0 && k < groupOf.count && groupOf[k] >= 0 }

    /// The first stop of the tab loop, if the screen has any.
    var firstStop: ElementIndex? { order.stops.first }
}
