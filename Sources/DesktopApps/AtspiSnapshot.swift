import CAtspi
import Glibc
import ScreenModel
import SwitchyardEngine

/// An app registered on the accessibility bus (`switchyard apps`).
public struct DesktopApp: Hashable, Sendable {
    /// The app's accessible name (GTK: the program name).
    public var name: String
    /// Its unique name on the accessibility bus (`:1.5`).
    public var bus: String
    /// Its process id, when the bus knows it.
    public var pid: Int?
    /// Its top-level windows.
    public var windows: [Window]
    /// Whether it answered when asked for its name: false for an app that
    /// is registered but did not answer within the bus's timeout (stopped,
    /// or its main loop blocked); its name and windows are then unknown.
    public var answering = true

    /// `pid 4242 (bus :1.7)`, or `bus :1.7` when the bus does not know the pid.
    public var registration: String { pid.map { "pid \($0) (bus \(bus))" } ?? "bus \(bus)" }

    public struct Window: Hashable, Sendable {
        public var title: String
        public var role: String
        public var showing: Bool
        public var active: Bool
    }
}

/// A running app's showing windows read into a screen model, with the
/// AT-SPI object behind each element, so the engine's actions can go back
/// to the app (`AtspiActuator`) and the next snapshot can say which element
/// became which (`update(from:)`).
public struct AtspiSnapshot: Sendable {
    public var app: DesktopApp
    /// The screen: a root holding each showing window (a modal dialog last).
    public var screen: Screen
    /// Per element, the object it stands for (nil for the root).
    public var objects: [AtspiObject?]
    /// Per element, its node as read (role, states, index in parent).
    public var nodes: [AtspiNode?]
    /// Per element, its actions' names (action 0 activates it).
    public var actions: [[String]]
    /// Per element, the path of its parent object (for Selection.SelectChild).
    public var parentPaths: [String?]
    /// The modal window showing, if any.
    public var modal: AtspiObject?
    /// The element with the `focused` state, if any.
    public var focused: ElementIndex?

    /// The app model of this one screen (`platform: linux`, frames in pixels).
    public var appModel: AppModel {
        AppModel(name: app.name, startScreen: screen.name, screens: [screen], platform: .linux)
    }

    /// What replaces `previous` on the engine's side: this screen, where each
    /// of its elements went (by object), and, when a modal closed, where
    /// focus returns (`opener`, when it is still here).
    public func update(from previous: AtspiSnapshot, opener: AtspiObject?) -> ScreenUpdate {
        var index: [AtspiObject: ElementIndex] = [:]
        for (k, o) in objects.enumerated() { if let o, index[o] == nil { index[o] = k } }
        var moved: [ElementIndex?] = previous.objects.map { o in o.flatMap { index[$0] } }
        if !moved.isEmpty { moved[0] = 0 }
        var focus: ElementIndex? = nil
        if previous.modal != nil, modal == nil, let o = opener { focus = index[o] }
        return ScreenUpdate(screen: screen, moved: moved, focus: focus)
    }

    /// Whether `other` shows the same thing, focus included (no update needed).
    public func showsSame(as other: AtspiSnapshot) -> Bool {
        screen == other.screen && objects == other.objects && focused == other.focused
    }
}

/// Reads apps and their trees from the accessibility bus.
///
/// A snapshot costs one `GetItems` call on the app's cache
/// (`/org/a11y/atspi/cache`: every object's role, name, states and place in
/// one reply), then, for showing elements only and in batches sent at once,
/// their extents, actions, values and text. Objects that do not show (other
/// notebook pages, closed menus) are kept as hidden elements.
public final class AtspiReader {
    public let bus: AccessibilityBus
    var roleNames = RoleNames()
    /// Whether event listeners were registered (the app's cache answers only then).
    private var listening = false
    /// Direct connections to apps, by bus name (`connection(to:)`).
    private var peers: [String: AccessibilityBus] = [:]

    /// The AT-SPI events a reader listens to: enough to see a tree change.
    public static let events = [
        "object:children-changed", "object:state-changed", "object:property-change",
        "object:text-changed", "object:value-changed", "window:",
    ]

    public init(bus: AccessibilityBus) {
        self.bus = bus
    }

    /// Connects to the session's accessibility bus.
    public convenience init() throws(DesktopAppError) {
        self.init(bus: try AccessibilityBus())
    }

    /// Registers for AT-SPI events with the registry and routes their
    /// signals to us. Apps' bridges start emitting events, and answer
    /// `GetItems`, once some listener is registered.
    public func listen() throws(DesktopAppError) {
        guard !listening else { return }
        try bus.addMatch(interface: "org.a11y.atspi.Event.Object")
        try bus.addMatch(interface: "org.a11y.atspi.Event.Window")
        for e in Self.events {
            _ = try bus.call(BusCall(AtspiPaths.registry, AtspiPaths.registryPath, AtspiPaths.registry, "RegisterEvent",
                                     [.string(e), .strings([]), .string("")]))
        }
        listening = true
    }

    // MARK: - Apps

    /// The apps registered on the bus, with their pids and windows; an app
    /// that does not answer within the bus's timeout is listed with
    /// `answering` false (each such app costs that timeout once).
    public func apps() throws(DesktopAppError) -> [DesktopApp] {
        let registered = try bus.call(BusCall(AtspiPaths.registry, AtspiPaths.root, AtspiPaths.accessible, "GetChildren"))
        let refs: [String] = (registered.first?.items ?? []).compactMap { $0.items?.first?.string }
            .filter { !$0.isEmpty && $0 != bus.uniqueName }
        // One call to each app first: an app that does not answer costs
        // one timeout (`AccessibilityBus.timeout`), not one per question.
        var calls: [BusCall] = []
        for b in refs {
            calls.append(Self.property(b, AtspiPaths.root, AtspiPaths.accessible, "Name"))
            calls.append(BusCall("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetConnectionUnixProcessID", [.string(b)]))
        }
        let replies = bus.callAll(calls)
        var apps: [DesktopApp] = []
        for (k, b) in refs.enumerated() {
            let pid = (try? replies[2 * k + 1].get())?.first?.int
            switch replies[2 * k] {
            case .success(let name):
                apps.append(DesktopApp(name: name.first?.string ?? "", bus: b, pid: pid, windows: []))
            case .failure(.noReply):
                // Registered, but silent: stopped, or its main loop blocked.
                apps.append(DesktopApp(name: "", bus: b, pid: pid, windows: [], answering: false))
            case .failure:
                continue  // gone since the registry listed it
            }
        }
        let answering = apps.indices.filter { apps[$0].answering }
        let children = bus.callAll(answering.map { BusCall(apps[$0].bus, AtspiPaths.root, AtspiPaths.accessible, "GetChildren") })
        var windowRefs: [(app: Int, path: String)] = []
        for (a, reply) in zip(answering, children) {
            let windows = ((try? reply.get())?.first?.items ?? []).compactMap { $0.items?.last?.string }
            for w in windows { windowRefs.append((a, w)) }
        }
        var wcalls: [BusCall] = []
        for (a, path) in windowRefs {
            let b = apps[a].bus
            wcalls.append(Self.property(b, path, AtspiPaths.accessible, "Name"))
            wcalls.append(BusCall(b, path, AtspiPaths.accessible, "GetRoleName"))
            wcalls.append(BusCall(b, path, AtspiPaths.accessible, "GetState"))
        }
        let wreplies = bus.callAll(wcalls)
        for (k, (a, _)) in windowRefs.enumerated() {
            let title = (try? wreplies[3 * k].get())?.first?.string ?? ""
            let role = (try? wreplies[3 * k + 1].get())?.first?.string ?? ""
            let states = AtspiStates(words: (try? wreplies[3 * k + 2].get())?.first?.items ?? [])
            apps[a].windows.append(DesktopApp.Window(title: title, role: role, showing: states.isShowing, active: states.isActive))
        }
        return apps
    }

    /// The app named `name` (exactly, else ignoring case), or with pid `name`.
    /// - Throws: `DesktopAppError.notAnswering` when that app, or (for a
    ///   name no app that answered has) some app, is registered but did not
    ///   answer; `.appNotFound` with the apps there are otherwise.
    public func app(_ name: String) throws(DesktopAppError) -> DesktopApp {
        let all = try apps()
        let answering = all.filter(\.answering)
        let silent = all.filter { !$0.answering }
        if let pid = Int(name), let a = all.first(where: { $0.pid == pid }) {
            guard a.answering else { throw .notAnswering(named: name, silent: [a], within: bus.timeout) }
            return a
        }
        if let a = answering.first(where: { $0.name == name }) { return a }
        if let a = answering.first(where: { $0.name.lowercased() == name.lowercased() }) { return a }
        if !silent.isEmpty { throw .notAnswering(named: name, silent: silent, within: bus.timeout) }
        throw .appNotFound(name, known: answering.map { a in a.pid.map { "\(a.name) (pid \($0))" } ?? a.name })
    }

    /// The app with process id `pid`, once it shows a window on the bus
    /// (a GTK app registers about 50 ms after its window shows).
    /// - Parameter timeout: the longest wait, in real time.
    /// - Throws: `DesktopAppError.timeout` when it has not shown one by
    ///   then, `.notAnswering` when it was registered but did not answer.
    public func app(pid: Int, showingWithin timeout: Interval) throws(DesktopAppError) -> DesktopApp {
        let end = LiveDesktopApp.monotonicMicroseconds() + timeout.microseconds
        while true {
            // An app still starting may be too busy to answer: it is asked again until the end.
            let seen = try apps().first(where: { $0.pid == pid })
            if let a = seen, a.answering, a.windows.contains(where: \.showing) { return a }
            guard LiveDesktopApp.monotonicMicroseconds() < end else {
                if let a = seen, !a.answering { throw .notAnswering(named: "\(pid)", silent: [a], within: bus.timeout) }
                throw .timeout("the app with pid \(pid) did not show a window on the accessibility bus within \(timeout)")
            }
            var pause = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            nanosleep(&pause, nil)
        }
    }

    /// Where calls to `app` go: straight to the app when its bridge offers
    /// a peer-to-peer address (`GetApplicationBusAddress`; GTK's does), so
    /// each call skips the bus daemon; else the bus. Asked once per app.
    public func connection(to app: DesktopApp) -> AccessibilityBus {
        if let p = peers[app.bus] { return p.isConnected ? p : bus }
        var peer = bus
        if let reply = try? bus.call(BusCall(app.bus, AtspiPaths.root, "org.a11y.atspi.Application", "GetApplicationBusAddress")),
           let address = reply.first?.string, !address.isEmpty, let p = try? AccessibilityBus(peer: address) {
            peer = p
        }
        peers[app.bus] = peer
        return peer
    }

    static func property(_ bus: String, _ path: String, _ interface: String, _ name: String) -> BusCall {
        BusCall(bus, path, AtspiPaths.properties, "Get", [.string(interface), .string(name)])
    }

    // MARK: - Snapshot

    /// Every object of the app, from its cache, retrying while the app's
    /// bridge has not started its cache (it does once a listener registers).
    public func nodes(of app: DesktopApp, attempts: Int = 40) throws(DesktopAppError) -> [AtspiNode] {
        try listen()
        var last: DesktopAppError? = nil
        for attempt in 0..<max(1, attempts) {
            do throws(DesktopAppError) {
                let reply = try connection(to: app).call(BusCall(app.bus, AtspiPaths.cache, "org.a11y.atspi.Cache", "GetItems"))
                guard let items = reply.first?.items else { throw DesktopAppError.unexpectedReply("GetItems of \(app.name)", expected: "a((so)(so)(so)iiassusau)") }
                var out: [AtspiNode] = []
                out.reserveCapacity(items.count)
                for item in items { if let n = AtspiNode.from(cacheItem: item, roleNames: &roleNames) { out.append(n) } }
                return completing(out, app: app)
            } catch {
                last = error
                guard case .call(_, let why) = error, why.contains("UnknownMethod") || why.contains("UnknownObject"), attempt + 1 < attempts else { throw error }
                // The bridge starts its cache when it hears of our listener: wait a little.
                var pause = timespec(tv_sec: 0, tv_nsec: 25_000_000)
                nanosleep(&pause, nil)
            }
        }
        throw last ?? .timeout("the cache of \(app.name) did not answer")
    }

    /// The cache holds only the objects the app's bridge has met: a GTK3
    /// list box's rows are made when someone first asks for them. A showing
    /// node with more children than the cache lists gets them read one
    /// level at a time (`GetChildren`, then each new child's role, name,
    /// states and interfaces), every level in one batch; the app caches
    /// them from then on.
    func completing(_ cached: [AtspiNode], app: DesktopApp) -> [AtspiNode] {
        let bus = connection(to: app)
        var all = cached
        var known = Set(cached.map(\.object.path))
        var listed: [String: Int] = [:]
        for n in cached { listed[n.parent, default: 0] += 1 }
        // A child count of -1 says "not cached: ask me".
        var frontier = cached.filter { $0.states.isShowing && ($0.childCount < 0 || $0.childCount > listed[$0.object.path, default: 0]) }
        var rounds = 0
        while !frontier.isEmpty, rounds < 64 {
            rounds += 1
            let replies = bus.callAll(frontier.map { BusCall(app.bus, $0.object.path, AtspiPaths.accessible, "GetChildren") })
            var found: [(parent: String, index: Int, path: String)] = []
            for (n, r) in zip(frontier, replies) {
                guard case .success(let v) = r else { continue }
                for (i, c) in (v.first?.items ?? []).enumerated() {
                    guard let path = c.items?.last?.string, !known.contains(path) else { continue }
                    known.insert(path)
                    found.append((n.object.path, i, path))
                }
            }
            var calls: [BusCall] = []
            for f in found {
                calls.append(BusCall(app.bus, f.path, AtspiPaths.properties, "GetAll", [.string(AtspiPaths.accessible)]))
                calls.append(BusCall(app.bus, f.path, AtspiPaths.accessible, "GetRole"))
                calls.append(BusCall(app.bus, f.path, AtspiPaths.accessible, "GetState"))
                calls.append(BusCall(app.bus, f.path, AtspiPaths.accessible, "GetInterfaces"))
            }
            let details = bus.callAll(calls)
            frontier = []
            for (k, f) in found.enumerated() {
                guard case .success(let props) = details[4 * k], case .success(let role) = details[4 * k + 1],
                      case .success(let states) = details[4 * k + 2], case .success(let interfaces) = details[4 * k + 3] else { continue }
                var p: [String: BusValue] = [:]
                for entry in props.first?.items ?? [] { if case .dictEntry(let key, let value) = entry, let name = key.string { p[name] = value } }
                let r = UInt32(truncatingIfNeeded: role.first?.int ?? 0)
                let node = AtspiNode(
                    object: AtspiObject(bus: app.bus, path: f.path), parent: f.parent, indexInParent: f.index,
                    childCount: p["ChildCount"]?.int ?? 0, interfaces: Set((interfaces.first?.items ?? []).compactMap(\.string)),
                    name: p["Name"]?.string ?? "", role: r, roleName: roleNames.name(of: r), description: p["Description"]?.string ?? "",
                    states: AtspiStates(words: states.first?.items ?? []))
                all.append(node)
                if node.states.isShowing && node.childCount != 0 { frontier.append(node) }
            }
        }
        return all
    }

    /// Reads the app's showing windows (or the one titled `window`, with
    /// the dialogs the app shows beside it) into a screen.
    public func snapshot(_ app: DesktopApp, window: String? = nil) throws(DesktopAppError) -> AtspiSnapshot {
        let all = try nodes(of: app)
        var children: [String: [AtspiNode]] = [:]
        for n in all { children[n.parent, default: []].append(n) }
        for k in children.keys { children[k]!.sort { $0.indexInParent < $1.indexInParent } }
        let toplevels = children[AtspiPaths.root] ?? []
        var windows = toplevels.filter { $0.states.contains(ATSPI_STATE_SHOWING) }
        // Windows that do not show (a closed popup menu) follow, hidden.
        var closed = toplevels.filter { !$0.states.contains(ATSPI_STATE_SHOWING) }
        if let title = window {
            let known = windows.map(\.name)
            guard windows.contains(where: { $0.name == title }) else { throw .windowNotFound(app: app.name, title: title, known: known) }
            windows = windows.filter { $0.name == title || Self.isDialog($0) }
            closed = []
        }
        guard !windows.isEmpty else { throw .noWindow(app: app.name) }
        // A modal dialog shows last: it is what the user sees on top.
        let modal = windows.last { AtspiRoleMapping.kind(role: $0.roleName, states: $0.states, interfaces: $0.interfaces) == .window && $0.states.isModal }
        if let m = modal { windows = windows.filter { $0 != m } + [m] }
        return try build(app, windows: windows + closed, modal: modal, children: children)
    }

    /// One element to be: its node and its parent element.
    struct Planned {
        var node: AtspiNode
        var parent: ElementIndex
        var kind: AtspiRoleMapping.Kind
    }

    func build(_ app: DesktopApp, windows: [AtspiNode], modal: AtspiNode?, children: [String: [AtspiNode]]) throws(DesktopAppError) -> AtspiSnapshot {
        var root = Element()
        root.childBehavior = .contain
        var elements: [Element] = []
        _ = Element.append(root, parent: nil, to: &elements)
        var nodes: [AtspiNode?] = [nil]
        var parentPaths: [String?] = [nil]
        // Depth first with an explicit stack (no recursion, however deep the tree).
        var stack: [Planned] = windows.reversed().map { Planned(node: $0, parent: 0, kind: .window) }
        // An object is read once, wherever else it is listed (a popup menu
        // is a top-level window and a child of its button): no cycle loops.
        var placed: Set<String> = []
        while let p = stack.popLast() {
            let n = p.node
            guard placed.insert(n.object.path).inserted else { continue }
            var e = Element()
            // What does not show (another notebook page, a closed menu) is
            // kept, hidden, without its extents (docs/desktop-apps.md).
            e.hidden = !n.states.isShowing
            e.label = n.name.isEmpty ? nil : n.name
            e.hint = n.description.isEmpty ? nil : n.description
            AtspiRoleMapping.apply(p.kind, n.states, to: &e)
            if AtspiRoleMapping.isControl(p.kind), e.label == nil { e.label = Self.text(under: n, children) }
            let k = Element.append(e, parent: p.parent, to: &elements)
            nodes.append(n)
            parentPaths.append(n.parent)
            let all = children[n.object.path] ?? []
            // A control's subtree (a button's label and icon, a row's label)
            // is read, and hidden from navigation: the control stands alone.
            if AtspiRoleMapping.isControl(p.kind) && p.kind != .tab && !all.isEmpty { elements[k].childBehavior = .ignore }
            var next: [Planned] = []
            if p.kind == .tabList {
                // Tabs are leaves of the tab bar; the pages follow the bar
                // (the one shown, and the others hidden).
                for tab in all { next.append(Planned(node: tab, parent: k, kind: .tab)) }
                for page in all.flatMap({ children[$0.object.path] ?? [] }) { next.append(Planned(node: page, parent: p.parent, kind: kind(page))) }
            } else if p.kind != .tab {
                for c in all {
                    let kc = kind(c)
                    if kc != .omitted { next.append(Planned(node: c, parent: k, kind: kc)) }
                }
            }
            stack.append(contentsOf: next.reversed())
        }
        let actions = fillDetails(&elements, nodes, app: app)
        let screenName = modal?.name ?? windows.first { $0.states.isShowing }?.name ?? app.name
        let screen = Screen(name: screenName.isEmpty ? app.name : screenName, title: screenName, elements: elements)
        return AtspiSnapshot(
            app: app, screen: screen, objects: nodes.map { $0?.object }, nodes: nodes, actions: actions, parentPaths: parentPaths,
            modal: modal?.object, focused: nodes.firstIndex { $0?.states.isFocused == true })
    }

    /// The top-level windows a `window "TITLE"` reading keeps beside the
    /// window named: the app's dialogs (roles `dialog`, `alert`, `file
    /// chooser`, `color chooser`, `font chooser`) and any modal window, as
    /// the app opens them in windows of their own. Another `frame` is
    /// another window of the app, not followed.
    static func isDialog(_ n: AtspiNode) -> Bool {
        n.states.isModal || AtspiRoleMapping.dialogRoles.contains(n.roleName)
    }

    func kind(_ n: AtspiNode) -> AtspiRoleMapping.Kind {
        AtspiRoleMapping.kind(role: n.roleName, states: n.states, interfaces: n.interfaces)
    }

    /// The names of the nodes under `n`, joined with ", " (a control
    /// labelled by its children, as a GTK list row by its label).
    static func text(under n: AtspiNode, _ children: [String: [AtspiNode]]) -> String? {
        var parts: [String] = []
        var stack = (children[n.object.path] ?? []).reversed().map { $0 }
        var seen: Set<String> = [n.object.path]
        while let c = stack.popLast() {
            guard seen.insert(c.object.path).inserted else { continue }
            if !c.name.isEmpty { parts.append(c.name); continue }
            stack.append(contentsOf: (children[c.object.path] ?? []).reversed())
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Extents for every element, and actions, values and text where the
    /// element has those interfaces: one batch of calls sent at once.
    /// - Returns: per element, its actions' names (action 0 activates it).
    func fillDetails(_ elements: inout [Element], _ nodes: [AtspiNode?], app: DesktopApp) -> [[String]] {
        enum Ask { case extents, actions, value, text }
        var calls: [BusCall] = []
        var asks: [(ElementIndex, Ask)] = []
        for (k, n) in nodes.enumerated() {
            guard let n, !elements[k].hidden else { continue }
            let o = n.object
            if n.interfaces.contains(AtspiPaths.component) {
                calls.append(BusCall(o.bus, o.path, AtspiPaths.component, "GetExtents", [.uint32(0)]))
                asks.append((k, .extents))
            }
            let control = elements[k].respondsOnItsOwn || elements[k].traits.contains(.searchField)
            if control, n.interfaces.contains(AtspiPaths.action) {
                calls.append(BusCall(o.bus, o.path, AtspiPaths.action, "GetActions"))
                asks.append((k, .actions))
            }
            if n.interfaces.contains(AtspiPaths.value), elements[k].traits.contains(.adjustable) || elements[k].traits.contains(.updatesFrequently) {
                calls.append(BusCall(o.bus, o.path, AtspiPaths.properties, "GetAll", [.string(AtspiPaths.value)]))
                asks.append((k, .value))
            }
            if n.interfaces.contains(AtspiPaths.text), elements[k].traits.contains(.searchField) {
                calls.append(BusCall(o.bus, o.path, AtspiPaths.text, "GetText", [.int32(0), .int32(-1)]))
                asks.append((k, .text))
            }
        }
        var actions = Array(repeating: [String](), count: elements.count)
        let replies = connection(to: app).callAll(calls)
        for ((k, ask), reply) in zip(asks, replies) {
            guard case .success(let v) = reply else { continue }  // gone meanwhile: the next snapshot will tell
            switch ask {
            case .extents:
                guard let r = v.first?.items, r.count == 4, let x = r[0].int, let y = r[1].int, let w = r[2].int, let h = r[3].int,
                      x > Int(Int32.min), y > Int(Int32.min), w >= 0, h >= 0 else { continue }
                elements[k].frame = Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h))
            case .actions:
                let names = (v.first?.items ?? []).compactMap { $0.items?.first?.string }
                actions[k] = names
                elements[k].customActions = names.dropFirst().filter { !$0.isEmpty }.map { CustomAction(name: $0, effects: []) }
                if !names.isEmpty, elements[k].traits.isEmpty, elements[k].label != nil { elements[k].traits = .button }
            case .value:
                var props: [String: Double] = [:]
                for entry in v.first?.items ?? [] {
                    if case .dictEntry(let key, let value) = entry, let name = key.string, let d = value.double { props[name] = d }
                }
                guard let current = props["CurrentValue"] else { continue }
                let low = props["MinimumValue"] ?? 0
                let high = props["MaximumValue"] ?? max(low, current)
                if elements[k].traits.contains(.adjustable), low.isFinite, high.isFinite, high >= low {
                    var step = props["MinimumIncrement"] ?? 0
                    if !(step.isFinite && step > 0) { step = high > low ? (high - low) / 10 : 1 }
                    let range = ValueRange(minimum: low, maximum: high, step: step)
                    elements[k].range = range
                    elements[k].value = range.text(for: current)
                } else if current.isFinite {
                    elements[k].value = ValueRange(minimum: low, maximum: high, step: 1).text(for: current)
                }
            case .text:
                if let s = v.first?.string, !s.isEmpty { elements[k].value = s }
            }
        }
        return actions
    }
}
