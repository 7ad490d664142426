import ScreenModel
import SwitchyardEngine

/// How a Switch Control user reaches an element scrolled out of view, in
/// item mode: select a stop inside its scroll container (the one cheapest
/// to select), the scanner menu's Scroll, then the direction that brings the
/// element into view in the fewest pages; after each page scanning resumes
/// on that stop (or the first stop inside the container, docs/switch-control.md),
/// so the user selects it again for the next page, and after the last page
/// scans on from there to the element and activates it.
///
/// The simulated user (`SwitchScanSimulation`) carries it out through the
/// engine; the analytic model has no formula for it and takes the
/// simulation's figure (docs/scan-bench.md, "What is costed").
struct ScrollRoute: Sendable {
    /// The most pages a route scrolls.
    static let maximumPages = 100

    let target: ElementIndex
    let container: ElementIndex
    let direction: ScrollDirection
    /// Pages still to scroll (the screen decides: the route goes on while the
    /// target is scrolled out).
    var pages: Int
    let settings: SwitchControlSettings
    let user: UserModel
    /// The models of the screen after each page (index 0: one page), made
    /// once for every trial of the route.
    let pageModels: [SwitchScanModel]
    /// The visits from the top of the unscrolled screen (`fromTop`).
    private(set) var firstPlan: [ScanVisit]?

    /// The route to `k`; nil when no direction of its scroll container
    /// brings it into view within `maximumPages` pages.
    init?(to k: ElementIndex, model: SwitchScanModel) {
        let screen = model.screen
        guard let c = screen.scrollContainer(of: k) else { return nil }
        var best: (ScrollDirection, Int)? = nil
        for d in screen.scrollDirections(of: c) {
            var s = screen
            for n in 1...Self.maximumPages {
                guard s.scrollDirections(of: c).contains(d) else { break }
                s = s.scrolled(c, d)
                if !s.isScrolledOut(k) {
                    if best.map({ n < $0.1 }) ?? true { best = (d, n) }
                    break
                }
            }
        }
        guard let (d, n) = best else { return nil }
        target = k
        container = c
        direction = d
        pages = n
        settings = model.settings
        user = model.user
        var models: [SwitchScanModel] = []
        var s = screen
        for _ in 0..<n {
            s = s.scrolled(c, d)
            guard let m = try? SwitchScanModel(screen: s, settings: model.settings, user: model.user) else { break }
            models.append(m)
        }
        pageModels = models
        firstPlan = nil
        firstPlan = fromTop(model)
    }

    /// The analytic model of `screen` (as scrolled) under the route's settings.
    func model(for screen: Screen) -> SwitchScanModel? {
        if let m = pageModels.first(where: { $0.screen == screen }) { return m }
        return try? SwitchScanModel(screen: screen, settings: settings, user: user)
    }

    /// The stops whose scanner menu scrolls the container.
    func stopsOffering(_ model: SwitchScanModel) -> [ElementIndex] {
        model.order.stops.filter { model.screen.scrollContainer(of: $0) == container }
    }

    /// The menu's Scroll and the Scroll page's direction, opened on `element` of `screen`.
    func scrollVisits(on element: ElementIndex, _ screen: Screen) -> [ScanVisit]? {
        let titles = ScannerMenu.titles(forElement: element, on: screen)
        let directions = screen.scrollDirections(of: container)
        guard let p = titles.firstIndex(of: "Scroll"), let q = directions.firstIndex(of: direction) else { return nil }
        return [
            // The menu's items, then the element (`MenuState.count`).
            ScanVisit(count: titles.count + 1, position: p, wanted: .menuItem("Scroll"), highlighted: true),
            // The directions, Escape, then the element.
            ScanVisit(count: directions.count + 2, position: q, wanted: .menuItem(ScannerMenu.title(of: direction)), highlighted: true),
        ]
    }

    /// The visits from the top of the scan: to the stop whose menu scrolls
    /// (the cheapest to select) and through the menu; or, once the target
    /// shows, to the target and its Tap.
    func fromTop(_ model: SwitchScanModel?) -> [ScanVisit]? {
        guard let model else { return nil }
        if !model.screen.isScrolledOut(target) {
            guard model.paths[target] != nil else { return nil }
            var p = model.visits(to: target)
            if model.tapBehavior == .default { p.append(model.menuVisit(for: target)) }
            return p
        }
        let via = stopsOffering(model).min { model.cost(of: $0).seconds < model.cost(of: $1).seconds }
        guard let via, let menu = scrollVisits(on: via, model.screen) else { return nil }
        return model.visits(to: via) + menu
    }

    /// The visits after a page scrolled, from the stop scanning resumed on:
    /// select it again for the next page; or, once the target shows, scan
    /// on to it (leaving groups by their exit stops when it lies in another).
    /// Also the index of the visit the scanner menu goes back to when it
    /// closes without acting.
    func fromResumed(_ session: Session) -> ([ScanVisit], Int)? {
        guard pages > -Self.maximumPages, case .element(let ref)? = session.presentation.highlight,
              let model = model(for: session.currentScreen), let here = model.paths[ref.index]?.last else { return nil }
        let members = model.order.groups[here.group].members
        let count = settings.scanLength(members: members.count, topLevel: here.group == 0, mode: .item)
        let screen = model.screen
        if screen.isScrolledOut(target) {
            guard let menu = scrollVisits(on: ref.index, screen) else { return nil }
            return ([ScanVisit(count: count, position: 0, wanted: .element(ref.index), highlighted: true)] + menu, 0)
        }
        // The target shows: from the resumed highlight, up through the
        // groups' exits to the level both share, along it, then down.
        guard let path = model.paths[target], let from = model.paths[ref.index] else { return nil }
        var common = 0
        while common + 1 < path.count, common + 1 < from.count, path[common].position == from[common].position { common += 1 }
        let toTarget = model.visits(to: target)
        func length(_ g: Int) -> Int {
            settings.scanLength(members: model.order.groups[g].members.count, topLevel: g == 0, mode: .item)
        }
        var visits: [ScanVisit] = []
        for level in stride(from: from.count - 1, to: common, by: -1) {
            let g = from[level].group
            let n = length(g)
            let exit = model.order.groups[g].members.count
            visits.append(ScanVisit(count: n, position: (exit - from[level].position + n) % n,
                                    wanted: .exit(frame: model.order.groups[g].frame), highlighted: true))
        }
        let n = length(path[common].group)
        visits.append(ScanVisit(count: n, position: (path[common].position - from[common].position + n) % n,
                                wanted: toTarget[common].wanted, highlighted: true))
        visits += toTarget[(common + 1)...]
        if model.tapBehavior == .default { visits.append(model.menuVisit(for: target)) }
        return (visits, visits.count - (model.tapBehavior == .default ? 2 : 1))
    }

    /// Why `fromResumed` found no way on.
    func resumeFailure(_ session: Session) -> String {
        guard case .element = session.presentation.highlight else { return "after scrolling, scanning did not resume on an element" }
        if pages <= -Self.maximumPages { return "it does not come into view within \(Self.maximumPages) pages" }
        if session.currentScreen.isScrolledOut(target) { return "after scrolling, the stop scanning resumed on offers no Scroll \(direction)" }
        return "after scrolling, it is not a stop of Switch Control's scan"
    }
}
