import ScreenModel

/// What the scanner menu was opened on.
enum MenuTarget: Hashable {
    /// An element (item mode).
    case element(ElementIndex)
    /// A point chosen in point mode.
    case point(Point)
    /// Nothing in particular (Always Tap's menu button, the Scanner Menu switch on a group).
    case none
}

/// Where scanning resumes when the menu closes without acting.
enum MenuResume: Hashable {
    case item(ItemCursor)
    case top
}

/// One scanner-menu item.
enum MenuItem: Hashable {
    case tap
    case customAction(Int, name: String)
    case increment
    case decrement
    case scroll(container: ElementIndex)
    case pointMode
    case itemMode
    case escape

    /// The item's name as shown and as written in transcripts.
    var title: String {
        switch self {
        case .tap: return "Tap"
        case .customAction(_, let name): return name
        case .increment: return "Increment"
        case .decrement: return "Decrement"
        case .scroll: return "Scroll"
        case .pointMode: return "Point Mode"
        case .itemMode: return "Item Mode"
        case .escape: return "Escape"
        }
    }
}

/// The open scanner menu: a scannable list.
struct MenuState: Hashable {
    var target: MenuTarget
    var items: [MenuItem]
    var position: Int
    var passes: Int
    var resume: MenuResume
}

extension SwitchControl {
    /// The menu's items, in order (model choice, docs/switch-control.md):
    /// Tap; the element's custom actions in model order; Increment and
    /// Decrement for an adjustable element; Scroll inside a scrollable
    /// container; Point Mode or Item Mode; Escape.
    func menuItems(for target: MenuTarget, _ screen: Screen) -> [MenuItem] {
        var items: [MenuItem] = []
        switch target {
        case .element(let k):
            items.append(.tap)
            for (i, a) in screen.customActions(of: k).enumerated() { items.append(.customAction(i, name: a.name)) }
            if screen.traits(of: k).contains(.adjustable) {
                items.append(.increment)
                items.append(.decrement)
            }
            var c: ElementIndex? = k
            while let e = c {
                if screen.elements[e].scrollable {
                    items.append(.scroll(container: e))
                    break
                }
                c = screen.elements[e].parent
            }
        case .point:
            items.append(.tap)
        case .none:
            break
        }
        items.append(mode == .item ? .pointMode : .itemMode)
        items.append(.escape)
        return items
    }

    mutating func openMenu(_ target: MenuTarget, resume: MenuResume, _ screen: Screen, _ w: inout EventLog) {
        let items = menuItems(for: target, screen)
        w.emit(.menuShown(items: items.map(\.title)))
        showMenu(MenuState(target: target, items: items, position: 0, passes: 0, resume: resume), firstOfLevel: true, &w)
    }

    /// Highlights the menu's current item and starts the style's timer: the menu
    /// is scanned with the same style and timing as items.
    mutating func showMenu(_ m: MenuState, firstOfLevel: Bool, _ w: inout EventLog) {
        phase = .menu(m)
        w.emit(.highlighted(.menuItem(m.items[m.position].title)))
        switch settings.scanningStyle {
        case .autoScanning: schedule(.autoScanStep, at: w.now + dwell(firstOfLevel: firstOfLevel))
        case .manualScanning, .singleSwitchStepScanning: cancelPhaseTimer()
        }
    }

    mutating func menuAutoStep(_ m: MenuState, _ app: inout AppState, _ w: inout EventLog) {
        var m = m
        if m.position + 1 < m.items.count {
            m.position += 1
            showMenu(m, firstOfLevel: false, &w)
            return
        }
        m.passes += 1
        if let loops = settings.loops, m.passes >= loops {
            // Loops used up in the menu: it closes as with Escape.
            escape(m, &app, &w)
            return
        }
        m.position = 0
        showMenu(m, firstOfLevel: settings.pauseOnFirstItemAfterLoop, &w)
    }

    mutating func moveMenu(_ m: MenuState, by delta: Int, _ w: inout EventLog) {
        var m = m
        let n = m.items.count
        m.position = ((m.position + delta) % n + n) % n
        showMenu(m, firstOfLevel: false, &w)
        if settings.scanningStyle == .singleSwitchStepScanning { schedule(.dwell, at: w.now + settings.dwellTime) }
    }

    /// Closes the menu without acting: scanning resumes where it was.
    mutating func escape(_ m: MenuState, _ app: inout AppState, _ w: inout EventLog) {
        cancelPhaseTimer()
        w.emit(.menuHidden)
        switch (mode, m.resume) {
        case (.item, .item(let c)):
            var c = c
            c.passes = 0
            show(c, firstOfLevel: false, &w)
        case (.item, .top), (.point, _):
            restart(&app, &w)
        }
    }

    /// Carries out the highlighted menu item.
    mutating func choose(_ m: MenuState, _ app: inout AppState, _ w: inout EventLog) {
        cancelPhaseTimer()
        let item = m.items[m.position]
        switch (item, m.target) {
        case (.escape, _):
            escape(m, &app, &w)
        case (.tap, .element(let k)):
            w.emit(.menuHidden)
            w.emit(.activated(ref(k, app.screen), at: app.screen.activationPoint(of: k)))
            let outcome = app.perform(app.screen.activationEffects(of: k), source: k, into: &w)
            resume(after: outcome, element: k, &app, &w)
        case (.tap, .point(let p)):
            w.emit(.menuHidden)
            tapPoint(p, &app, &w)
        case (.customAction(let i, let name), .element(let k)):
            w.emit(.menuHidden)
            w.emit(.customActionPerformed(ref(k, app.screen), name: name))
            let actions = app.screen.customActions(of: k)
            let effects = i < actions.count ? actions[i].effects : []
            let outcome = app.perform(effects, source: k, into: &w)
            resume(after: outcome, element: k, &app, &w)
        case (.increment, .element(let k)), (.decrement, .element(let k)):
            w.emit(.menuHidden)
            let effect: Effect = item == .increment ? .increment(target: nil) : .decrement(target: nil)
            let outcome = app.perform([effect], source: k, into: &w)
            resume(after: outcome, element: k, &app, &w)
        case (.scroll(let container), .element(let k)):
            w.emit(.menuHidden)
            w.emit(.scrolled(ElementRef(app.screen, container)))
            if let c = cursor(on: k) { show(c, firstOfLevel: false, &w) } else { restart(&app, &w) }
        case (.pointMode, _):
            w.emit(.menuHidden)
            mode = .point
            restart(&app, &w)
        case (.itemMode, _):
            w.emit(.menuHidden)
            mode = .item
            restart(&app, &w)
        case (.tap, .none), (.customAction, .point), (.customAction, .none), (.increment, .point), (.increment, .none),
             (.decrement, .point), (.decrement, .none), (.scroll, .point), (.scroll, .none):
            w.emit(.bug("menu item \(item.title) has no target; menu closed"))
            escape(m, &app, &w)
        }
    }
}
