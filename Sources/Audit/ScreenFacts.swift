import ScreenModel

/// What every rule reads about one screen, worked out once: the paths, the
/// navigation order (the stops are the same for every technology), and the
/// elements that stand for themselves.
struct ScreenFacts {
    let app: AppModel
    let screen: Screen
    let paths: ElementPaths
    /// The navigation order with the default options (Switch Control's
    /// groups; the stops are every technology's).
    let order: NavigationOrder
    /// Per element: whether it is a stop of `order`.
    let isStop: [Bool]
    /// The elements an assistive technology can meet as themselves, in
    /// preorder: not hidden, not inside a hidden subtree, and not merged
    /// into a `combine` element or under an `ignore` one.
    let visible: [ElementIndex]
    /// The elements of `visible` that respond to user interaction
    /// (`Screen.respondsToUserInteraction`): the audit's interactive
    /// elements, stops or not (scrolled out, not enabled, behind a modal).
    let interactive: [ElementIndex]

    init(app: AppModel, screen: Screen) {
        self.app = app
        self.screen = screen
        paths = ElementPaths(screen)
        order = NavigationOrder(screen: screen, technology: .switchControl)
        var stop = [Bool](repeating: false, count: screen.elements.count)
        for k in order.stops { stop[k] = true }
        isStop = stop
        var visible: [ElementIndex] = []
        var stack = [screen.root]
        while let k = stack.popLast() {
            let e = screen.elements[k]
            if e.hidden { continue }
            visible.append(k)
            if e.childBehavior.keepsChildrenOut { continue }
            stack.append(contentsOf: e.children.reversed())
        }
        self.visible = visible
        interactive = visible.filter { screen.respondsToUserInteraction($0) }
    }

    /// How an element is named in messages: its label in quotes, else its
    /// identifier (`#share`), else "element".
    func name(_ k: ElementIndex) -> String {
        if let l = screen.label(of: k), !l.isEmpty { return "'\(l)'" }
        if let id = screen.elements[k].identifier { return "#\(id)" }
        return "element"
    }
}
