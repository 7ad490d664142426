import ScreenModel

/// What the scanner menu was opened on.
enum MenuTarget: Hashable, Sendable {
    /// An element (item mode).
    case element(ElementIndex)
    /// A point chosen in point mode.
    case point(Point)
    /// Nothing in particular (Always Tap's menu button, the Scanner Menu switch on a group).
    case none
}

/// Where scanning resumes when the menu closes without acting.
enum MenuResume: Hashable, Sendable {
    case item(ItemCursor)
    case top
}

/// One scanner-menu item.
enum MenuItem: Hashable, Sendable {
    case tap
    case customAction(Int, name: String)
    case increment
    case decrement
    /// Opens the Scroll page for this scroll container.
    case scroll(container: ElementIndex)
    /// On the Scroll page: scroll the container one page this way.
    case scrollDirection(container: ElementIndex, ScrollDirection)
    /// Point mode: sweep again, slowly, around the chosen point.
    case refineSelection
    case pointMode
    case itemMode
    case escape

    /// The item's name as shown and as written in transcripts and scenarios.
    var title: String {
        switch self {
        case .tap: return "Tap"
        case .customAction(_, let name): return name
        case .increment: return "Increment"
        case .decrement: return "Decrement"
        case .scroll: return "Scroll"
        case .scrollDirection(_, let d): return ScannerMenu.title(of: d)
        case .refineSelection: return "Refine Selection"
        case .pointMode: return "Point Mode"
        case .itemMode: return "Item Mode"
        case .escape: return "Escape"
        }
    }
}

/// The scanner menu's item names: Switch Control's knowledge, read by
/// scenarios (`expect highlighted "Tap"`) and the live view.
public enum ScannerMenu {
    /// The titles of the items the menu can show besides custom actions
    /// (docs/switch-control.md, "Scanner menu").
    public static let fixedItemTitles: Set<String> = [
        "Tap", "Increment", "Decrement", "Scroll", "Scroll Up", "Scroll Down", "Scroll Left", "Scroll Right",
        "Refine Selection", "Point Mode", "Item Mode", "Escape",
    ]

    /// The title of the Scroll page's item for `direction`: `Scroll Down`.
    public static func title(of direction: ScrollDirection) -> String {
        switch direction {
        case .up: return "Scroll Up"
        case .down: return "Scroll Down"
        case .left: return "Scroll Left"
        case .right: return "Scroll Right"
        }
    }

    /// The main page's item titles when the menu opens on element `element`
    /// of `screen` in item mode (`Tap` first, `Escape` last). The menu's scan
    /// then comes back to the element itself: one stop more than the titles.
    public static func titles(forElement element: ElementIndex, on screen: Screen) -> [String] {
        SwitchControl.menuItems(for: .element(element), mode: .item, screen).map(\.title)
    }

    /// The main page's item titles when the menu opens on a point chosen in point mode.
    public static func titlesForPoint(on screen: Screen) -> [String] {
        SwitchControl.menuItems(for: .point(Point(x: 0, y: 0)), mode: .point, screen).map(\.title)
    }

    /// Whether `title` can be a scanner-menu item in `app`: a fixed item, or
    /// a custom action of one of its elements.
    public static func canShow(_ title: String, in app: AppModel) -> Bool {
        if fixedItemTitles.contains(title) { return true }
        return app.screens.contains { screen in
            screen.elements.indices.contains { i in screen.customActions(of: i).contains { $0.name == title } }
        }
    }
}

/// The open scanner menu: a scannable list of items, then (when it was
/// opened on an element) the element itself again — Select there closes the
/// menu, as Apple documents ("press Select when the item is highlighted").
struct MenuState: Hashable, Sendable {
    var target: MenuTarget
    var items: [MenuItem]
    var scan: ScanCursor
    var resume: MenuResume

    /// Stops in the menu's scan: the items, then the target element.
    var count: Int {
        if case .element = target { return items.count + 1 }
        return items.count
    }

    /// What the cursor shows at the current position.
    func highlight(_ refs: [ElementRef?]) -> Highlight? {
        if scan.position < items.count { return .menuItem(items[scan.position].title) }
        if case .element(let k) = target, refs.indices.contains(k), let r = refs[k] { return .element(r) }
        return nil
    }
}

extension SwitchControl {
    /// The main page's items, in order (model choice, docs/switch-control.md):
    /// Tap; the element's custom actions in model order; Increment and
    /// Decrement for an adjustable element; Scroll inside a scrollable
    /// container that can scroll; Refine Selection for a point; Point Mode or
    /// Item Mode; Escape.
    func menuItems(for target: MenuTarget, _ screen: Screen) -> [MenuItem] {
        Self.menuItems(for: target, mode: mode, screen)
    }

    /// The main page's items for `target` in scan mode `mode`.
    static func menuItems(for target: MenuTarget, mode: ScanMode, _ screen: Screen) -> [MenuItem] {
        var items: [MenuItem] = []
        switch target {
        case .element(let k):
            items.append(.tap)
            for (i, a) in screen.customActions(of: k).enumerated() { items.append(.customAction(i, name: a.name)) }
            if screen.traits(of: k).contains(.adjustable) {
                items.append(.increment)
                items.append(.decrement)
            }
            if let c = screen.scrollContainer(of: k), !screen.scrollDirections(of: c).isEmpty {
                items.append(.scroll(container: c))
            }
        case .point:
            items.append(.tap)
            items.append(.refineSelection)
        case .none:
            break
        }
        items.append(mode == .item ? .pointMode : .itemMode)
        items.append(.escape)
        return items
    }

    mutating func openMenu(_ target: MenuTarget, resume: MenuResume, _ core: inout SessionCore) {
        showPage(MenuState(target: target, items: menuItems(for: target, core.app.screen), scan: ScanCursor(), resume: resume), &core)
    }

    /// Shows a menu page from its first item.
    mutating func showPage(_ m: MenuState, _ core: inout SessionCore) {
        core.emit(.menuShown(items: m.items.map(\.title)))
        showMenu(m, firstOfLevel: true, &core)
    }

    /// Highlights the menu's current stop and starts the style's timer: the
    /// menu is scanned with the same style and timing as items.
    mutating func showMenu(_ m: MenuState, firstOfLevel: Bool, _ core: inout SessionCore) {
        phase = .menu(m)
        if let h = m.highlight(refs) { core.emit(.highlighted(h)) }
        startDwell(firstOfLevel: firstOfLevel, &core)
    }

    mutating func menuAutoStep(_ m: MenuState, _ core: inout SessionCore) {
        var m = m
        switch m.scan.step(count: m.count, loops: settings.loops) {
        case .moved: showMenu(m, firstOfLevel: false, &core)
        case .wrapped: showMenu(m, firstOfLevel: settings.pauseOnFirstItemAfterLoop, &core)
        case .loopsUsedUp: closeMenu(m, &core)   // loops used up in the menu: it closes as with Escape
        }
    }

    mutating func moveMenu(_ m: MenuState, by delta: Int, _ core: inout SessionCore) {
        var m = m
        m.scan.move(by: delta, count: m.count)
        showMenu(m, firstOfLevel: false, &core)
        if settings.scanningStyle == .singleSwitchStepScanning { schedulePhase(.dwell, at: core.now + settings.dwellTime, &core) }
    }

    /// Closes the menu without acting: scanning resumes where it was.
    mutating func closeMenu(_ m: MenuState, _ core: inout SessionCore) {
        cancelPhaseTimer(&core)
        core.emit(.menuHidden)
        switch (mode, m.resume) {
        case (.item, .item(let c)):
            var c = c
            c.scan.passes = 0
            guard c.level < order.groups.count, c.scan.position < count(c.level) else { return restart(&core) }
            show(c, firstOfLevel: false, &core)
        case (.item, .top), (.point, _):
            restart(&core)
        }
    }

    /// Carries out the highlighted menu stop.
    mutating func choose(_ m: MenuState, _ core: inout SessionCore) {
        cancelPhaseTimer(&core)
        guard m.scan.position < m.items.count else {
            // The element itself: Select there closes the menu.
            return closeMenu(m, &core)
        }
        let item = m.items[m.scan.position]
        switch (item, m.target) {
        case (.escape, _):
            closeMenu(m, &core)
        case (.tap, .element(let k)):
            core.emit(.menuHidden)
            core.activate(k, by: .switchControl)
        case (.tap, .point(let p)):
            core.emit(.menuHidden)
            tapPoint(p, &core)
        case (.customAction(let i, let name), .element(let k)):
            core.emit(.menuHidden)
            core.emit(.customActionPerformed(ref(k, core.app.screen), name: name))
            let actions = core.app.screen.customActions(of: k)
            core.perform(i < actions.count ? actions[i].effects : [], source: k, by: .switchControl)
        case (.increment, .element(let k)), (.decrement, .element(let k)):
            core.emit(.menuHidden)
            let effect: Effect = item == .increment ? .increment(target: nil) : .decrement(target: nil)
            core.perform([effect], source: k, by: .switchControl)
        case (.scroll(let container), .element):
            // The Scroll page: one item per direction the container can scroll.
            let directions = core.app.screen.scrollDirections(of: container)
            var page = m
            page.items = directions.map { .scrollDirection(container: container, $0) } + [.escape]
            page.scan = ScanCursor()
            showPage(page, &core)
        case (.scrollDirection(let container, let direction), .element):
            core.emit(.menuHidden)
            core.scroll(container, direction, by: .switchControl)
        case (.refineSelection, .point(let p)):
            core.emit(.menuHidden)
            beginSweep(axis: .x, stage: .fine, around: p.x, chosenX: nil, refining: p, &core)
        case (.pointMode, _):
            core.emit(.menuHidden)
            mode = .point
            restart(&core)
        case (.itemMode, _):
            core.emit(.menuHidden)
            mode = .item
            restart(&core)
        case (.tap, .none), (.customAction, .point), (.customAction, .none), (.increment, .point), (.increment, .none),
             (.decrement, .point), (.decrement, .none), (.scroll, .point), (.scroll, .none),
             (.scrollDirection, .point), (.scrollDirection, .none), (.refineSelection, .element), (.refineSelection, .none):
            core.emit(.bug("menu item \(item.title) has no target; menu closed"))
            closeMenu(m, &core)
        }
    }

    /// After Switch Control scrolled `container`: the highlight stays on the
    /// element the menu was opened on when it is still a stop; else it goes
    /// to the first stop inside the container (where the new content is);
    /// else scanning restarts. [model choice]
    mutating func resumeAfterScroll(in container: ElementIndex, _ core: inout SessionCore) {
        if case .menu(let m) = phase, case .element(let k) = m.target, let c = cursor(on: k) {
            return show(c, firstOfLevel: false, &core)
        }
        let screen = core.app.screen
        if let k = order.stops.first(where: { screen.isDescendant($0, of: container) }), let c = cursor(on: k) {
            return show(c, firstOfLevel: false, &core)
        }
        restart(&core)
    }
}
