import ScreenModel
import SwitchyardEngine

/// The elements a benchmark costs: every element that responds to user
/// interaction (outside combined and ignored subtrees), the stops of the
/// navigation order first, then the others with the reason none can reach them.
enum Candidates {
    static func list(_ screen: Screen, order: NavigationOrder) -> (stops: [ElementIndex], others: [(ElementIndex, NotAStop)]) {
        let stops = Set(order.stops)
        var others: [(ElementIndex, NotAStop)] = []
        var stack: [(ElementIndex, Bool)] = [(screen.root, false)]
        while let (k, hiddenAbove) = stack.popLast() {
            let e = screen.elements[k]
            let hidden = hiddenAbove || e.hidden
            if !stops.contains(k) && screen.respondsToUserInteraction(k) {
                let reason: NotAStop
                if hidden {
                    reason = .hidden
                } else if screen.isScrolledOut(k) {
                    reason = .scrolledOut
                } else if screen.traits(of: k).contains(.notEnabled) {
                    reason = .notEnabled
                } else if let m = order.modal, !screen.isDescendant(k, of: m) {
                    reason = .behindModal
                } else {
                    reason = .notInOrder
                }
                others.append((k, reason))
            }
            if e.childBehavior.keepsChildrenOut { continue }
            stack.append(contentsOf: e.children.reversed().map { ($0, hidden) })
        }
        return (order.stops, others.sorted { $0.0 < $1.0 })
    }

    /// Every candidate's cost: `cost` of each stop in navigation order, then
    /// the elements that are not stops, unreachable; with their paths.
    /// - Parameter afterScrolling: the cost of reaching an element scrolled
    ///   out of view by scrolling first, for the technologies that cost it
    ///   (nil: it cannot be reached that way); else it is unreachable.
    static func costs(_ screen: Screen, order: NavigationOrder, afterScrolling: ((ElementIndex) -> ElementCost?)? = nil,
                      _ cost: (ElementIndex) -> ElementCost) -> [ElementCost] {
        let (stops, others) = list(screen, order: order)
        let rest = others.map { k, reason in
            (reason == .scrolledOut ? afterScrolling?(k) : nil) ?? ElementCost.unreachable(k, on: screen, reason)
        }
        return withPaths(stops.map(cost) + rest, on: screen)
    }

    /// `costs` with every element's path, found in one pass (`ElementPaths`).
    static func withPaths(_ costs: [ElementCost], on screen: Screen) -> [ElementCost] {
        let paths = ElementPaths(screen)
        return costs.map { c in
            var c = c
            c.path = paths.path(of: c.element)
            return c
        }
    }
}

/// The sessions the benchmark drives: one technology, started at zero on the
/// screen being costed (the app's other screens kept for its effects).
enum BenchSession {
    /// - Returns: the started session and the events of its start.
    /// - Throws: `SessionError` when the session cannot be made.
    static func started(on screen: Screen, of app: AppModel, _ technology: TechnologySettings, navigation: NavigationOptions) throws -> (Session, [TimedEvent]) {
        let one = AppModel(name: app.name, startScreen: screen.name, screens: app.screens)
        var session = try Session(app: one, configuration: SessionConfiguration(technology: technology, navigation: navigation))
        let events = session.start(at: .zero)
        return (session, events)
    }
}
