/// A place in a navigation tree: a stop (an element the technology lands
/// on) or a group of places.
public enum NavigationNode: Hashable, Sendable {
    case stop(ElementIndex)
    case group(Int)
}

/// A group of navigation places: the screen itself, a container (a `contain`
/// element, a list, a tab bar…), or a geometric row or block that Switch
/// Control forms on a crowded level.
public struct NavigationGroup: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The whole screen (or the modal element that traps navigation).
        case screen
        /// A container element.
        case container(ElementIndex)
        /// Elements sharing a row.
        case row
        /// Consecutive rows or items, when a level is still too crowded.
        case block
    }
    public var kind: Kind
    public var members: [NavigationNode]
    /// The union of the members' frames: what a group highlight draws.
    public var frame: Rect
}

/// How a technology's navigation order groups the stops: the one thing
/// about a technology the order needs. Each technology names its style
/// (`Technology.navigationStyle` in the engine); the stops are the same for all.
public enum NavigationStyle: String, Hashable, Sendable, CaseIterable {
    /// Scanning (Switch Control): containers are groups when Group Items is
    /// on (`NavigationOptions.groupItems`), and a level with more members
    /// than the group size is split into rows and blocks.
    case scanning
    /// Focus groups (Full Keyboard Access): every container with more than
    /// one stop is a group.
    case focusGroups = "focus-groups"
    /// One flat list of stops (Voice Control's numbers): no groups.
    case flat

    /// What its groups are called, after the technology's title in the
    /// `inspect` report (`Groups (Switch Control scanning):`).
    public var groupsNoun: StaticString {
        switch self {
        case .scanning: return "scanning"
        case .focusGroups: return "focus groups"
        case .flat: return "groups"
        }
    }
}

/// The order in which Switch Control scans, Full Keyboard Access tabs and
/// Voice Control numbers the elements of one screen: one function of the
/// model, used by every technology (docs/navigation-order.md).
public struct NavigationOrder: Hashable, Sendable {
    /// How the stops are grouped.
    public let style: NavigationStyle
    /// Every stop, in order. The same list for every technology.
    public let stops: [ElementIndex]
    /// The group tree; `groups[0]` is the top level.
    public let groups: [NavigationGroup]
    /// The modal element that traps navigation, if any.
    public let modal: ElementIndex?

    /// The top-level group.
    public var top: NavigationGroup { groups[0] }

    /// The 1-based position of `element` among the stops (Voice Control's number).
    public func number(of element: ElementIndex) -> Int? {
        stops.firstIndex(of: element).map { $0 + 1 }
    }

    /// Computes the order of `screen` for a technology that groups its stops in `style`.
    ///
    /// Rules, in order: hidden and ignored subtrees are excluded, and
    /// scrolled-out elements are not stops (`Screen.isScrolledOut(_:)`); a visible
    /// modal element traps navigation to its subtree; a container is placed as
    /// a block by its frame and ordered inside; within a container, explicit
    /// `accessibilityElements` order wins over `sortPriority` (higher first),
    /// which wins over geometry (rows top to bottom, then left to right, or
    /// right to left on a right-to-left screen). Stops are elements that
    /// respond to user interaction.
    public init(screen: Screen, style: NavigationStyle, options: NavigationOptions = .init()) {
        self.style = style
        var builder = OrderBuilder(screen: screen, options: options)
        let modal = builder.modalRoot()
        self.modal = modal
        let tree = builder.containerTree(top: modal ?? screen.root)
        var groups: [NavigationGroup] = []
        var stops: [ElementIndex] = []
        builder.assemble(tree, style: style, groups: &groups, stops: &stops)
        self.groups = groups
        self.stops = stops
    }
}

// MARK: - Building

/// A member of one container's level before grouping.
struct LevelMember {
    enum Node { case stop(ElementIndex), container(ElementIndex) }
    var node: Node
    var frame: Rect
    /// The member's sort key, as its place in its level's `PriorityKeys`:
    /// the same key, the same number. A plain value, so a level of a
    /// million members sorts and copies without a reference to count.
    var priority: Int
    var sequence: Int
}

/// The sort keys of one level's members: the sort priorities from the level
/// down to a member (more than one when it was lifted out of transparent
/// elements), trailing zeros dropped, each key kept once. Keys compare
/// lexicographically, a missing entry counting as 0. Key 0 is the empty
/// key, every member's when nothing sets `sortPriority`.
struct PriorityKeys {
    private(set) var keys: [[Double]] = [[]]
    private var numbers: [[Double]: Int] = [[]: 0]

    /// `parent`'s key extended by `p` (`parent` itself when `p` is 0).
    mutating func key(_ parent: Int, extendedBy p: Double) -> Int {
        guard p != 0 else { return parent }
        let key = keys[parent] + [p]
        if let n = numbers[key] { return n }
        keys.append(key)
        numbers[key] = keys.count - 1
        return keys.count - 1
    }
}

struct OrderBuilder {
    let screen: Screen
    let options: NavigationOptions
    /// Ordered level members per container element.
    var levels: [ElementIndex: [LevelMember]] = [:]

    /// `options.maxGroupSize` and `options.rowOverlap` as used: in range
    /// whatever was set (`NavigationOptions.usableMaxGroupSize`,
    /// `usableRowOverlap`).
    let groupSize: Int
    let rowOverlap: Double

    /// For each element, the union of the frames of the stops inside it (nil
    /// when it holds none). A container is placed by this, not by its own
    /// frame: a scroll view spans the whole screen under its navigation bar,
    /// but its rows are where the user sees them.
    var contentFrames: [Rect?] = []

    /// Per element: `respondsAndShows`, decided once here for every
    /// element (the order asks again for every member of every level).
    var stopFlags: [Bool] = []

    init(screen: Screen, options: NavigationOptions) {
        self.screen = screen
        self.options = options
        self.groupSize = options.usableMaxGroupSize
        self.rowOverlap = options.usableRowOverlap
        // Bottom-up: the preorder table reversed visits children before parents.
        var content = [Rect?](repeating: nil, count: screen.elements.count)
        var stops = [Bool](repeating: false, count: screen.elements.count)
        // Elements are read field by field (`screen.elements[i].hidden`),
        // never bound whole: a copy of an element retains each of its
        // strings and arrays, and that was a fifth of ordering a screen.
        for i in stride(from: screen.elements.count - 1, through: 0, by: -1) {
            stops[i] = respondsAndShows(i)
            if screen.elements[i].hidden { continue }
            var r: Rect? = stops[i] ? screen.frames[i] : nil
            if !screen.isLeafLike(i) {
                for c in screen.elements[i].children { if let f = content[c] { r = r.map { $0.union(f) } ?? f } }
            }
            content[i] = r
        }
        contentFrames = content
        stopFlags = stops
    }

    /// Whether `i` is a stop (`respondsAndShows`, decided in `init`).
    func isStop(_ i: ElementIndex) -> Bool { stopFlags[i] }

    /// The rule for a stop: it responds, shows (is not scrolled out) and,
    /// unless the options say otherwise, is enabled.
    func respondsAndShows(_ i: ElementIndex) -> Bool {
        guard !screen.isScrolledOut(i), screen.respondsToUserInteraction(i) else { return false }
        if options.skipNotEnabled && screen.traits(of: i).contains(.notEnabled) { return false }
        return true
    }

    /// The last visible modal element in drawing order, outside ignored or combined subtrees.
    ///
    /// One pass over the table in preorder, stepping over the subtrees it
    /// must not enter (`Screen.subtreeEnds`): the last modal element found
    /// is the last in drawing order.
    func modalRoot() -> ElementIndex? {
        var found: ElementIndex? = nil
        var k = screen.root
        let end = screen.subtreeEnds[screen.root]
        while k < end {
            if screen.elements[k].hidden { k = screen.subtreeEnds[k]; continue }
            if screen.elements[k].traits.contains(.isModal) && !screen.isScrolledOut(k) { found = k }
            k = screen.elements[k].childBehavior.keepsChildrenOut ? screen.subtreeEnds[k] : k + 1
        }
        return found
    }

    /// Orders every container reachable from `top`; returns `top`'s key.
    mutating func containerTree(top: ElementIndex) -> ElementIndex {
        if screen.isLeafLike(top) {
            levels[top] = isStop(top) ? [LevelMember(node: .stop(top), frame: screen.frames[top], priority: 0, sequence: 0)] : []
            return top
        }
        var work = [top]
        while let c = work.popLast() {
            let (members, keys) = collect(c)
            let ordered = ordered(consume members, keys, in: c)
            levels[c] = ordered
            for m in ordered { if case .container(let k) = m.node { work.append(k) } }
        }
        return top
    }

    /// The members of container `c`'s level: stops and sub-containers, with
    /// transparent (plain) elements flattened into the level; and their keys.
    func collect(_ c: ElementIndex) -> ([LevelMember], PriorityKeys) {
        var out: [LevelMember] = []
        var keys = PriorityKeys()
        func add(_ node: LevelMember.Node, _ k: ElementIndex, _ key: Int) {
            out.append(LevelMember(node: node, frame: screen.frames[k], priority: key, sequence: out.count))
        }
        /// `parent` extended by `k`'s priority (a priority of 0 leaves it as it is).
        func key(_ parent: Int, _ k: ElementIndex) -> Int {
            keys.key(parent, extendedBy: screen.elements[k].sortPriority)
        }
        let roots: [ElementIndex]
        if let ids = screen.elements[c].accessibilityElements {
            roots = ids.compactMap { screen.identifiers[$0] }.filter { $0 != c && screen.isDescendant($0, of: c) }
        } else {
            roots = screen.elements[c].children
        }
        out.reserveCapacity(roots.count)
        // Per list being walked (the roots, then each transparent element's
        // children): its elements, the next to visit, and the key they carry.
        var open: [(elements: [ElementIndex], next: Int, key: Int)] = [(roots, 0, 0)]
        while let t = open.indices.last {
            guard open[t].next < open[t].elements.count else { open.removeLast(); continue }
            let k = open[t].elements[open[t].next]
            let parentKey = open[t].key
            open[t].next += 1
            if screen.elements[k].hidden { continue }
            let own = key(parentKey, k)
            if screen.isLeafLike(k) {
                if isStop(k) { add(.stop(k), k, own) }
            } else if screen.elements[k].isContainer {
                add(.container(k), k, own)
                out[out.count - 1].frame = contentFrames[k] ?? screen.frames[k]
            } else {
                // Transparent: its children join this level, carrying its priority.
                if isStop(k) { add(.stop(k), k, own) }
                open.append((screen.elements[k].children, 0, own))
            }
        }
        return (out, keys)
    }

    /// Explicit order as listed; otherwise priority (higher first), then rows.
    func ordered(_ members: consuming [LevelMember], _ keys: PriorityKeys, in c: ElementIndex) -> [LevelMember] {
        if screen.elements[c].accessibilityElements != nil { return members }
        // One priority for the whole level (the usual case): no grouping.
        let first = members.first?.priority
        if keys.keys.count == 1 || members.allSatisfy({ $0.priority == first }) { return geometric(members) }
        var byPriority: [[LevelMember]] = Array(repeating: [], count: keys.keys.count)
        var out: [LevelMember] = []
        out.reserveCapacity(members.count)
        for m in members { byPriority[m.priority].append(m) }
        for p in keys.keys.indices.sorted(by: { Self.higherPriority(keys.keys[$0], keys.keys[$1]) }) where !byPriority[p].isEmpty {
            out.append(contentsOf: geometric(byPriority[p]))
        }
        return out
    }

    /// Lexicographic, higher first; a missing entry counts as 0.
    static func higherPriority(_ a: [Double], _ b: [Double]) -> Bool {
        for k in 0..<max(a.count, b.count) {
            let x = k < a.count ? a[k] : 0
            let y = k < b.count ? b[k] : 0
            if x != y { return x > y }
        }
        return false
    }

    /// Rows top to bottom; within a row, columns left to right (or right to
    /// left), each column top to bottom.
    ///
    /// Sorted in place, and one row and one column buffer serve every row:
    /// a level of a million members made a sorted copy of itself and two
    /// arrays for each of its rows.
    func geometric(_ members: consuming [LevelMember]) -> [LevelMember] {
        members.sort {
            ($0.frame.minY, $0.frame.minX, $0.sequence) < ($1.frame.minY, $1.frame.minX, $1.sequence)
        }
        var out: [LevelMember] = []
        out.reserveCapacity(members.count)
        var row: [LevelMember] = []
        var column: [LevelMember] = []
        for m in members {
            if let anchor = row.first, !sharesRow(anchor.frame, m.frame) { appendColumns(of: &row, to: &out, column: &column) }
            row.append(m)
        }
        appendColumns(of: &row, to: &out, column: &column)
        return out
    }

    /// One row's members in reading order. Swept from the leading edge, a
    /// member joins the current column when it overlaps the column's
    /// horizontal extent (so far) by at least `rowOverlap` of the narrower
    /// width: members stacked above one another (bars beside a tall list, a
    /// column beside a tall item) read top to bottom, members side by side
    /// read left to right (right to left).
    ///
    /// `row` is sorted in place and left empty; `column` is a buffer the
    /// caller keeps for the next row.
    func appendColumns(of row: inout [LevelMember], to out: inout [LevelMember], column: inout [LevelMember]) {
        let rtl = screen.layoutDirection == .rightToLeft
        row.sort {
            rtl ? (-$0.frame.maxX, $0.frame.minY, $0.sequence) < (-$1.frame.maxX, $1.frame.minY, $1.sequence)
                : ($0.frame.minX, $0.frame.minY, $0.sequence) < ($1.frame.minX, $1.frame.minY, $1.sequence)
        }
        var extent = Rect.zero
        func topFirst(_ a: LevelMember, _ b: LevelMember) -> Bool {
            rtl ? (a.frame.minY, -a.frame.maxX, a.sequence) < (b.frame.minY, -b.frame.maxX, b.sequence)
                : (a.frame.minY, a.frame.minX, a.sequence) < (b.frame.minY, b.frame.minX, b.sequence)
        }
        func flush() {
            // Often already in order (a row of frameless members): check before sorting.
            if zip(column, column.dropFirst()).contains(where: { topFirst($1, $0) }) { column.sort(by: topFirst) }
            out.append(contentsOf: column)
            column.removeAll(keepingCapacity: true)
        }
        for m in row {
            if !column.isEmpty && !sharesColumn(extent, m.frame) { flush() }
            extent = column.isEmpty ? m.frame : extent.union(m.frame)
            column.append(m)
        }
        flush()
        row.removeAll(keepingCapacity: true)
    }

    func sharesRow(_ a: Rect, _ b: Rect) -> Bool {
        let overlap = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        return overlap >= 0 && overlap >= rowOverlap * min(a.height, b.height)
    }

    func sharesColumn(_ a: Rect, _ b: Rect) -> Bool {
        let overlap = min(a.maxX, b.maxX) - max(a.minX, b.minX)
        return overlap >= 0 && overlap >= rowOverlap * min(a.width, b.width)
    }

    // MARK: - Assembly

    /// Turns ordered levels into groups and the flat stop list.
    func assemble(_ top: ElementIndex, style: NavigationStyle, groups: inout [NavigationGroup], stops: inout [ElementIndex]) {
        // Stops per container, bottom-up, to drop containers with nothing to navigate.
        var order: [ElementIndex] = []
        var work = [top]
        while let c = work.popLast() {
            order.append(c)
            for m in levels[c] ?? [] { if case .container(let k) = m.node { work.append(k) } }
        }
        var stopCount: [ElementIndex: Int] = [:]
        for c in order.reversed() {
            var n = 0
            for m in levels[c] ?? [] {
                switch m.node {
                case .stop: n += 1
                case .container(let k): n += stopCount[k] ?? 0
                }
            }
            stopCount[c] = n
        }

        // Flat stop list: depth-first.
        stops.reserveCapacity(stopCount[top] ?? 0)
        appendStops(of: top, to: &stops)

        // Group tree.
        groups.append(NavigationGroup(kind: .screen, members: [], frame: screen.frames[top]))
        guard style != .flat else {
            groups[0].members = stops.map { .stop($0) }
            groups[0].frame = screen.size
            return
        }
        let grouping = style == .scanning ? options.groupItems : true
        // (group index, container) pairs still to fill.
        var pending: [(Int, ElementIndex)] = [(0, top)]
        while let (g, c) = pending.popLast() {
            var nodes: [(NavigationNode, Rect)] = []
            nodes.reserveCapacity(levels[c]?.count ?? 0)
            for m in levels[c] ?? [] {
                switch m.node {
                case .stop(let k):
                    nodes.append((.stop(k), m.frame))
                case .container(let k):
                    let n = stopCount[k] ?? 0
                    if n == 0 { continue }
                    if !grouping {
                        // Group Items off: the container's stops join this level.
                        for s in flatStops(k) { nodes.append((.stop(s), screen.frames[s])) }
                        continue
                    }
                    if n == 1, let only = flatStops(k).first {
                        nodes.append((.stop(only), screen.frames[only]))
                        continue
                    }
                    let child = groups.count
                    groups.append(NavigationGroup(kind: .container(k), members: [], frame: m.frame))
                    pending.append((child, k))
                    nodes.append((.group(child), m.frame))
                }
            }
            if style == .scanning && options.groupItems && nodes.count > groupSize {
                nodes = crowdedLevel(nodes, groups: &groups)
            }
            groups[g].members = nodes.map(\.0)
            if let first = nodes.first {
                groups[g].frame = nodes.dropFirst().reduce(first.1) { $0.union($1.1) }
            }
        }
    }

    func flatStops(_ c: ElementIndex) -> [ElementIndex] {
        var out: [ElementIndex] = []
        appendStops(of: c, to: &out)
        return out
    }

    /// The stops of container `c`'s level and the levels inside it,
    /// depth-first, walked by position: no reversed copy of a level.
    func appendStops(of c: ElementIndex, to out: inout [ElementIndex]) {
        var open: [(members: [LevelMember], next: Int)] = [(levels[c] ?? [], 0)]
        while let t = open.indices.last {
            guard open[t].next < open[t].members.count else { open.removeLast(); continue }
            let node = open[t].members[open[t].next].node
            open[t].next += 1
            switch node {
            case .stop(let k): out.append(k)
            case .container(let k): open.append((levels[k] ?? [], 0))
            }
        }
    }

    /// Switch Control on a crowded level: consecutive members sharing a row
    /// become a row group; if still more than `maxGroupSize` remain, they are
    /// gathered into balanced blocks.
    func crowdedLevel(_ nodes: [(NavigationNode, Rect)], groups: inout [NavigationGroup]) -> [(NavigationNode, Rect)] {
        // Rows as ranges of `nodes` (consecutive members sharing the first one's row): no array per row.
        var level: [(NavigationNode, Rect)] = []
        var start = 0
        while start < nodes.count {
            var end = start + 1
            while end < nodes.count && sharesRow(nodes[start].1, nodes[end].1) { end += 1 }
            level.append(end - start == 1 ? nodes[start] : makeGroup(.row, nodes[start..<end], &groups))
            start = end
        }
        // Rows may themselves hold too many items: split them into blocks too.
        for (k, item) in level.enumerated() {
            guard case .group(let g) = item.0, groups[g].kind == .row, groups[g].members.count > groupSize else { continue }
            let inner = zip(groups[g].members, groups[g].members.map { rect(of: $0, groups) }).map { ($0, $1) }
            groups[g].members = blocks(inner, &groups).map(\.0)
            level[k] = item
        }
        if level.count > groupSize { level = blocks(level, &groups) }
        return level
    }

    func rect(of node: NavigationNode, _ groups: [NavigationGroup]) -> Rect {
        switch node {
        case .stop(let k): return screen.frames[k]
        case .group(let g): return groups[g].frame
        }
    }

    /// Balanced consecutive blocks of at most `maxGroupSize` members.
    func blocks(_ items: [(NavigationNode, Rect)], _ groups: inout [NavigationGroup]) -> [(NavigationNode, Rect)] {
        let size = groupSize
        guard items.count > size else { return items }
        // At most `size` blocks; a block that would still be too big nests further.
        let count2 = min((items.count + size - 1) / size, size)
        var out: [(NavigationNode, Rect)] = []
        var start = 0
        let base = items.count / count2
        let extra = items.count % count2
        for b in 0..<count2 {
            let n = base + (b < extra ? 1 : 0)
            let chunk = items[start..<(start + n)]
            start += n
            if chunk.count == 1 { out.append(chunk[chunk.startIndex]); continue }
            out.append(chunk.count > size ? makeGroup(.block, blocks(Array(chunk), &groups)[...], &groups) : makeGroup(.block, chunk, &groups))
        }
        return out
    }

    func makeGroup(_ kind: NavigationGroup.Kind, _ members: ArraySlice<(NavigationNode, Rect)>, _ groups: inout [NavigationGroup]) -> (NavigationNode, Rect) {
        let frame = members.dropFirst().reduce(members[members.startIndex].1) { $0.union($1.1) }
        groups.append(NavigationGroup(kind: kind, members: members.map(\.0), frame: frame))
        return (.group(groups.count - 1), frame)
    }
}
