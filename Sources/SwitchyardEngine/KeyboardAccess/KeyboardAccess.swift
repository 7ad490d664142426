import ScreenModel

// Full Keyboard Access: a focus ring moved with Tab, the arrows and the Tab
// commands; Space activates; Tab-Z lists actions, Tab-F finds, Tab-B goes
// back, Tab-H lists the commands; text fields take typed characters.
// docs/keyboard-access.md documents every command, setting and model choice.
//
// Keys arrive as transitions (modifier keys too: they only hold modifiers).
// Tab is Full Keyboard Access's own modifier, so Tab alone acts when it
// comes up, and a key pressed while Tab is held acts when it goes down:
//
//   Tab↓ ──────── Tab↑                lone Tab: Move forward, on Tab↑
//   Tab↓  Z↓  Z↑  Tab↑                Tab chord: Actions, on Z↓; Tab↑ does nothing
//   Space↓  Space↑                    any other key acts on its down; ups do nothing
//
// Auto-Hide, time A (default 15 s), restarted by every key transition while
// the ring shows:
//
//   key@t ────────────── t+A: focusHidden ─── key↓@u: focused (shown again; that key does nothing else)
//
// Phases: browsing (focus moves), editing (a text field takes characters;
// Control-Tab leaves), actions (Tab-Z list), finding (Tab-F), help (Tab-H).
//
// Not handled (listed so nobody assumes otherwise): the commands Apple lists
// that mean nothing in a model of one app (Home, Control Center,
// Notification Center, Siri, Accessibility Shortcut, Restart, Analytics,
// Pass-Through Mode, Keyboard Gestures and the gesture commands, Contextual
// menu); Visual Appearance; the text cursor inside a field (arrows go to
// the field and change nothing); key autorepeat (the device layer drops it).

/// A Full Keyboard Access timer.
public enum KeyboardAccessTimer: Hashable, Sendable, CustomStringConvertible {
    /// Auto-Hide: no key for the Auto-Hide time; the focus ring hides.
    case autoHide

    /// `autoHide`.
    public var description: String {
        switch self {
        case .autoHide: return "autoHide"
        }
    }
}

/// Full Keyboard Access's phase.
enum KeyboardPhase: Hashable, Sendable, CustomStringConvertible {
    /// Commands move focus (focus may be nil before the first key).
    case browsing
    /// The focused text field takes typed characters.
    case editing(ElementIndex)
    /// The actions list (Tab-Z) is open.
    case actions(ActionsList)
    /// Find (Tab-F) is open.
    case finding(FindState)
    /// Help (Tab-H) lists the commands.
    case help

    var description: String {
        switch self {
        case .browsing: return "browsing"
        case .editing(let k): return "editing([\(k)])"
        case .actions(let l): return "actions(\(l.position)/\(l.items.count))"
        case .finding(let f): return "finding(\"\(f.query)\")"
        case .help: return "help"
        }
    }
}

/// An item of the actions list.
enum ActionItem: Hashable, Sendable {
    case custom(Int, name: String)
    case increment
    case decrement

    var title: String {
        switch self {
        case .custom(_, let name): return name
        case .increment: return "Increment"
        case .decrement: return "Decrement"
        }
    }
}

/// The open actions list.
struct ActionsList: Hashable, Sendable {
    var target: ElementIndex
    var items: [ActionItem]
    var position: Int
}

/// The open Find.
struct FindState: Hashable, Sendable {
    var query: String
    var match: ElementIndex?
}

/// Tab while it is held.
struct HeldTab: Hashable, Sendable {
    /// The modifiers held when Tab went down.
    var modifiers: KeyModifiers
    /// Another key went down while Tab was held (or Tab's down showed the
    /// hidden ring): Tab's up does nothing.
    var chorded: Bool
}

/// An arrow move waiting for the scroll it asked for.
struct PendingMove: Hashable, Sendable {
    var from: ElementIndex
    var direction: ArrowDirection
    /// Towards later content (down, or right).
    var forward: Bool
    var ordered: Bool
    /// The domain's container; nil for the loose stops.
    var container: ElementIndex?
}

/// What Full Keyboard Access remembers of a screen below the current one.
struct SavedScreen: Hashable, Sendable {
    var screen: String
    var focus: ElementIndex?
    var memory: [ElementIndex: ElementIndex]
}

/// iOS Full Keyboard Access, as one `AssistiveTechnology` of a session. It
/// handles `.key` inputs only.
struct KeyboardAccess: AssistiveTechnology {
    var settings: KeyboardAccessSettings
    /// The command each bound key runs.
    var commands: [KeyCombo: KeyboardCommand]
    let navigation: NavigationOptions
    /// The screen the layout was built for (element references).
    var screen: Screen
    var layout: FocusLayout
    /// An `ElementRef` per stop of the current screen, made once per layout.
    var refs: [ElementRef?] = []
    /// The focused stop; nil before the first key.
    var focus: ElementIndex? = nil
    /// Whether the focus ring shows (false before the first key and after Auto-Hide).
    var ringVisible = false
    var phase: KeyboardPhase = .browsing
    var tabDown: HeldTab? = nil
    /// The last focused stop of each container (group memory), on this screen.
    var memory: [ElementIndex: ElementIndex] = [:]
    /// Screens below the current one on the stack, bottom first.
    var saved: [SavedScreen] = []
    /// The stack's depth when the layout was built.
    var depth = 1
    var pendingMove: PendingMove? = nil
    /// The last key transition (Auto-Hide counts from it).
    var lastKeyAt: Instant? = nil

    /// Modifiers that make a key a command rather than typing.
    static let commandModifiers: KeyModifiers = [.control, .option, .command, .function]

    var technology: Technology { .fullKeyboardAccess }

    init(settings: KeyboardAccessSettings, navigation: NavigationOptions, screen: Screen) {
        self.settings = settings
        self.commands = settings.commandTable()
        self.navigation = navigation
        self.screen = screen
        self.layout = FocusLayout(screen: screen, navigation: navigation)
        self.refs = Self.refs(of: layout, screen)
    }

    // MARK: - AssistiveTechnology

    mutating func start(_ core: inout SessionCore) {
        // No focus shows until the first key. [model choice]
        depth = core.app.stack.count
        if core.app.screen != screen { rebuild(core.app.screen) }
    }

    mutating func handle(_ input: Input, _ core: inout SessionCore) -> Bool {
        guard case .key(let stroke) = input else { return false }
        let before = core.trace == nil ? nil : state
        lastKeyAt = core.now
        switch stroke.phase {
        case .down: keyDown(stroke, input, &core)
        case .up: keyUp(stroke, input, &core)
        }
        if focus != nil, ringVisible, let t = settings.autoHide {
            core.schedule(.keyboard(.autoHide), at: core.now + t)
        }
        if let before { core.record(before, "\(input)", state) }
        return true
    }

    mutating func fire(_ timer: TimerID, _ core: inout SessionCore) {
        guard case .keyboard(.autoHide) = timer else {
            core.emit(.bug("Full Keyboard Access got the timer \(timer)"))
            return
        }
        guard focus != nil, ringVisible else {
            core.emit(.bug("timer autoHide fired with no focus ring showing; ignored"))
            return
        }
        let before = core.trace == nil ? nil : state
        ringVisible = false
        core.emit(.focusHidden)
        if let before { core.record(before, "timer(autoHide)", state) }
    }

    mutating func appDidChange(_ change: AppChange, _ core: inout SessionCore) {
        switch change {
        case .screenChanged:
            closeOverlays(&core)
            let restored = changeScreen(&core)
            guard focus != nil else { return }
            focusAfterChange(restored, announce: true, &core)
        case .sheetDismissed(let presenter):
            closeOverlays(&core)
            _ = changeScreen(&core)
            guard focus != nil else { return }
            // The session announced focusRestored; the ring moves there silently.
            if let p = presenter, layout.isStop(p) { return land(on: p, announce: false, &core) }
            focusAfterChange(nil, announce: true, &core)
        case .sameScreen(_, _, let orderChanged):
            guard orderChanged else { return }
            let container = relayout(core.app.screen)
            refocusIfGone(container, &core)
        case .replaced(let moved, let restored):
            // A live app read again: focus stays on its element wherever it
            // is now; a modal that closed returns it to its opener.
            let container = relayout(core.app.screen)
            if let r = restored, layout.isStop(r) {
                closeOverlays(&core)
                return land(on: r, announce: true, &core)
            }
            if let k = focus {
                let n = moved.indices.contains(k) ? moved[k] : nil
                if let n, n != k, layout.isStop(n) {
                    if case .editing(let e) = phase, e == k { phase = .editing(n) }
                    focus = n
                    if let c = layout.groups[Int(layout.groupOf[n])].container { memory[c] = n }
                    return
                }
                if n == nil { focus = nil }
            }
            refocusIfGone(container, &core)
        case .scrolled(_, let by):
            let container = relayout(core.app.screen)
            if by == .fullKeyboardAccess, let move = pendingMove {
                pendingMove = nil
                finishMove(move, &core)
            } else {
                refocusIfGone(container, &core)
            }
        }
    }

    mutating func reconfigure(_ new: TechnologySettings, _ core: inout SessionCore) {
        guard let s = new.keyboard else {
            core.emit(.bug("Full Keyboard Access got settings for \(new.technology.name)"))
            return
        }
        let old = settings
        settings = s
        commands = s.commandTable()
        // A new Auto-Hide time counts from the last key.
        guard old.autoHide != s.autoHide, focus != nil, ringVisible else { return }
        if let t = s.autoHide {
            core.schedule(.keyboard(.autoHide), at: max(core.now, (lastKeyAt ?? core.now) + t))
        } else {
            core.cancel(.keyboard(.autoHide))
        }
    }

    func present(into p: inout Presentation) {
        if let k = focus {
            p.focused = ref(k)
            p.focusVisible = ringVisible
        }
        switch phase {
        case .browsing: break
        case .editing(let k): p.textEditing = ref(k)
        case .actions(let l):
            p.actionsList = ActionsListPresentation(items: l.items.map(\.title), highlightedItem: l.items.isEmpty ? nil : l.position, target: ref(l.target))
        case .finding(let f): p.find = FindPresentation(query: f.query, match: f.match.map(ref))
        case .help: p.commandList = settings.commandLines
        }
    }

    // MARK: - Layout of the current screen

    mutating func rebuild(_ screen: Screen) {
        self.screen = screen
        layout = FocusLayout(screen: screen, navigation: navigation)
        refs = Self.refs(of: layout, screen)
    }

    /// An `ElementRef` per stop of `layout`, by element index.
    static func refs(of layout: FocusLayout, _ screen: Screen) -> [ElementRef?] {
        var refs = [ElementRef?](repeating: nil, count: screen.elements.count)
        for k in layout.order.stops { refs[k] = ElementRef(screen, k) }
        return refs
    }

    /// Rebuilds the layout of the same screen (it scrolled, or traits changed).
    /// - Returns: the container the focus was in before.
    mutating func relayout(_ screen: Screen) -> ElementIndex? {
        let container = focus.flatMap { layout.isStop($0) ? layout.groups[Int(layout.groupOf[$0])].container : nil }
        rebuild(screen)
        return container
    }

    func ref(_ k: ElementIndex) -> ElementRef {
        if refs.indices.contains(k), let r = refs[k] { return r }
        return ElementRef(screen, k)
    }

    /// `browsing focus [3] ring on`, for the transition trace.
    var state: String {
        "\(phase) focus \(focus.map { "[\($0)]" } ?? "none") ring \(ringVisible ? "on" : "off")\(tabDown == nil ? "" : " tab held")"
    }

    // MARK: - Keys

    mutating func keyDown(_ s: KeyStroke, _ input: Input, _ core: inout SessionCore) {
        // A second Tab down while Tab is held (two keyboards, an edited
        // recording) is not a press: the held Tab stays as it was. [model choice]
        if s.key == .tab, tabDown != nil { return ignore(input, .unpairedKeyTransition, &core) }
        let shown = showHiddenRing(&core)
        if s.key == .tab {
            tabDown = HeldTab(modifiers: s.modifiers, chorded: shown)
            return
        }
        // A modifier key only holds its modifier; the key that shows the
        // hidden ring does nothing else. [model choice]
        if s.key.isModifier || shown { return }
        let tab = tabDown != nil
        if tab { tabDown?.chorded = true }
        act(KeyCombo(s.key, modifiers: s.modifiers, tab: tab), input, &core)
    }

    mutating func keyUp(_ s: KeyStroke, _ input: Input, _ core: inout SessionCore) {
        guard s.key == .tab else { return }
        guard let t = tabDown else { return ignore(input, .notApplicable, &core) }
        tabDown = nil
        if t.chorded { return }
        act(KeyCombo(.tab, modifiers: t.modifiers), input, &core)
    }

    /// After Auto-Hide: a key shows the ring again where it was.
    /// - Returns: true when this key showed it.
    mutating func showHiddenRing(_ core: inout SessionCore) -> Bool {
        guard let k = focus, !ringVisible else { return false }
        ringVisible = true
        core.emit(.focused(ref(k)))
        return true
    }

    /// Whether `combo` is a command even where plain keys type (a text
    /// field, Find): a Tab chord, Tab itself, or a key with Control,
    /// Option, Command or Fn.
    static func isCommandChord(_ combo: KeyCombo) -> Bool {
        combo.tab || combo.key == .tab || !combo.modifiers.isDisjoint(with: commandModifiers)
    }

    /// What a key (or chord) does in the current phase.
    mutating func act(_ combo: KeyCombo, _ input: Input, _ core: inout SessionCore) {
        switch phase {
        case .browsing:
            guard let c = commands[combo] else { return ignore(input, .unboundKey, &core) }
            run(c, input, &core)
        case .editing(let k):
            guard Self.isCommandChord(combo) else { return type(combo, into: k, &core) }
            guard let c = commands[combo] else { return ignore(input, .unboundKey, &core) }
            endEditing(k, &core)
            // Control-Tab leaves text editing, focus staying on the field. [Apple doc] S31
            if c == .moveToNextItem { return }
            run(c, input, &core)
        case .actions(let list):
            actionsKey(combo, list, input, &core)
        case .finding(let f):
            findKey(combo, f, input, &core)
        case .help:
            if combo.key == .escape && !combo.tab { return closeHelp(&core) }
            guard let c = commands[combo] else { return ignore(input, .unboundKey, &core) }
            switch c {
            case .help, .goBack: closeHelp(&core)
            case .moveForward, .moveBackward, .moveUp, .moveDown, .moveLeft, .moveRight, .moveToBeginning, .moveToEnd,
                 .moveToNextItem, .moveToPreviousItem, .find, .activate, .actions:
                ignore(input, .notApplicable, &core)
            }
        }
    }

    mutating func run(_ c: KeyboardCommand, _ input: Input, _ core: inout SessionCore) {
        switch c {
        case .moveForward: moveInLoop(by: 1, input, &core)
        case .moveBackward: moveInLoop(by: -1, input, &core)
        case .moveToNextItem: moveInOrder(by: 1, input, &core)
        case .moveToPreviousItem: moveInOrder(by: -1, input, &core)
        case .moveUp: arrow(.up, input, &core)
        case .moveDown: arrow(.down, input, &core)
        case .moveLeft: arrow(.left, input, &core)
        case .moveRight: arrow(.right, input, &core)
        case .moveToBeginning: moveToEdge(last: false, input, &core)
        case .moveToEnd: moveToEdge(last: true, input, &core)
        case .activate: activate(input, &core)
        case .goBack: goBack(input, &core)
        case .actions: openActions(input, &core)
        case .find: openFind(&core)
        case .help: openHelp(&core)
        }
    }

    mutating func ignore(_ input: Input, _ reason: IgnoreReason, _ core: inout SessionCore) {
        core.emit(.inputIgnored(input, reason: reason))
    }

    // MARK: - Moving focus

    /// The focused stop. With nothing focused yet, the first stop of the
    /// first group takes focus (that is the whole move) and this returns nil.
    mutating func focusedOrFirst(_ input: Input, _ core: inout SessionCore) -> ElementIndex? {
        if let k = focus, layout.isStop(k) { return k }
        if let first = layout.firstStop { moveFocus(to: first, &core) } else { ignore(input, .noItemThatWay, &core) }
        return nil
    }

    /// Tab, Shift-Tab: the next (previous) focus group of the tab loop,
    /// wrapping; focus goes to the item last focused in it, else its first.
    mutating func moveInLoop(by delta: Int, _ input: Input, _ core: inout SessionCore) {
        guard let k = focusedOrFirst(input, &core) else { return }
        let n = layout.groups.count
        let g = ((Int(layout.groupOf[k]) + delta) % n + n) % n
        let target = primary(of: g)
        guard target != k else { return ignore(input, .noItemThatWay, &core) }
        moveFocus(to: target, &core)
    }

    /// Control-Tab, Control-Shift-Tab: the next (previous) item in
    /// navigation order, into and through groups, wrapping.
    mutating func moveInOrder(by delta: Int, _ input: Input, _ core: inout SessionCore) {
        guard let k = focusedOrFirst(input, &core) else { return }
        let stops = layout.order.stops
        let p = ((Int(layout.positionOf[k]) + delta) % stops.count + stops.count) % stops.count
        guard stops[p] != k else { return ignore(input, .noItemThatWay, &core) }
        moveFocus(to: stops[p], &core)
    }

    /// Tab-Left, Tab-Right: the first (last) item of the arrow domain.
    mutating func moveToEdge(last: Bool, _ input: Input, _ core: inout SessionCore) {
        guard let k = focusedOrFirst(input, &core) else { return }
        let stops = layout.domains[Int(layout.domainOf[k])].stops
        let target = last ? stops[stops.count - 1] : stops[0]
        guard target != k else { return ignore(input, .noItemThatWay, &core) }
        moveFocus(to: target, &core)
    }

    /// The item focus goes to when the tab loop enters group `g`: the one
    /// last focused in it, else its first. [model choice] after UIKit's
    /// focus group memory.
    func primary(of g: Int) -> ElementIndex {
        let group = layout.groups[g]
        if let c = group.container, let m = memory[c], layout.isStop(m), Int(layout.groupOf[m]) == g { return m }
        return group.stops[0]
    }

    /// An arrow key: in order in a list, geometrically otherwise; past the
    /// visible end, the scroll container scrolls one page and focus moves
    /// to what it revealed.
    mutating func arrow(_ direction: ArrowDirection, _ input: Input, _ core: inout SessionCore) {
        guard let k = focusedOrFirst(input, &core) else { return }
        let d = layout.domains[Int(layout.domainOf[k])]
        let slot = Int(layout.slotOf[k])
        if d.ordered {
            let later: ArrowDirection = screen.layoutDirection == .rightToLeft ? .left : .right
            let forward = direction == .down || direction == later
            let next = slot + (forward ? 1 : -1)
            if next >= 0 && next < d.stops.count { return moveFocus(to: d.stops[next], &core) }
            if scroll(from: k, forward ? .down : .up, direction, ordered: true, container: d.container, &core) { return }
            return ignore(input, .noItemThatWay, &core)
        }
        if let p = d.nearest(from: screen.frames[k], excluding: slot, direction) { return moveFocus(to: d.stops[p], &core) }
        if scroll(from: k, direction.scroll, direction, ordered: false, container: d.container, &core) { return }
        ignore(input, .noItemThatWay, &core)
    }

    /// Scrolls `k`'s scroll container one page towards `scroll`, when it can;
    /// the move finishes when the session reports the scroll.
    mutating func scroll(from k: ElementIndex, _ scroll: ScrollDirection, _ direction: ArrowDirection, ordered: Bool,
                         container: ElementIndex?, _ core: inout SessionCore) -> Bool {
        let screen = core.app.screen
        guard let c = screen.scrollContainer(of: k), screen.scrollDirections(of: c).contains(scroll) else { return false }
        pendingMove = PendingMove(from: k, direction: direction, forward: scroll == .down || scroll == .right, ordered: ordered, container: container)
        core.scroll(c, scroll, by: .fullKeyboardAccess)
        return true
    }

    /// After the scroll an arrow asked for: in a list, the next (previous)
    /// stop after the old focus in document order; otherwise the nearest
    /// stop from where the old focus is now.
    mutating func finishMove(_ move: PendingMove, _ core: inout SessionCore) {
        let domain = move.container.flatMap { layout.domainOfContainer[$0] } ?? (move.container == nil ? layout.looseDomain : nil)
        var target: ElementIndex? = nil
        if let d = domain {
            let stops = layout.domains[d].stops
            if move.ordered {
                target = move.forward ? stops.filter { $0 > move.from }.min() : stops.filter { $0 < move.from }.max()
            } else {
                let excluding = Int(layout.domainOf[move.from]) == d ? Int(layout.slotOf[move.from]) : nil
                target = layout.domains[d].nearest(from: screen.frames[move.from], excluding: excluding, move.direction).map { stops[$0] }
            }
        }
        if let t = target { return moveFocus(to: t, &core) }
        refocusIfGone(move.container, &core)
    }

    /// A key moved focus to `t`: the ring shows there.
    mutating func moveFocus(to t: ElementIndex, _ core: inout SessionCore) {
        ringVisible = true
        land(on: t, announce: true, &core)
    }

    /// Puts focus on `t`: remembered in its group; text editing ends on
    /// another field and begins on a text field. `announce` emits `focused`
    /// when the ring shows.
    mutating func land(on t: ElementIndex, announce: Bool, _ core: inout SessionCore) {
        if case .editing(let e) = phase, e != t { endEditing(e, &core) }
        focus = t
        if let c = layout.groups[Int(layout.groupOf[t])].container { memory[c] = t }
        if announce && ringVisible { core.emit(.focused(ref(t))) }
        if case .browsing = phase, core.app.screen.traits(of: t).contains(.searchField) { beginEditing(t, &core) }
    }

    /// After the layout changed under the focus: when it is no longer a stop
    /// (scrolled out, hidden, disabled), focus goes to the first stop of its
    /// container, else the first stop of the screen; with none, it is gone.
    mutating func refocusIfGone(_ container: ElementIndex?, _ core: inout SessionCore) {
        guard let k = focus, !layout.isStop(k) else { return }
        closeOverlays(&core)
        if let c = container, let d = layout.domainOfContainer[c] { return land(on: layout.domains[d].stops[0], announce: true, &core) }
        if let first = layout.firstStop { return land(on: first, announce: true, &core) }
        focus = nil
        if ringVisible {
            ringVisible = false
            core.emit(.focusHidden)
        }
    }

    /// After a screen change: `restored` (the focus remembered for a screen
    /// gone back to) when it is still a stop, else the first stop.
    mutating func focusAfterChange(_ restored: ElementIndex?, announce: Bool, _ core: inout SessionCore) {
        if let r = restored, layout.isStop(r) { return land(on: r, announce: announce, &core) }
        if let first = layout.firstStop { return land(on: first, announce: announce, &core) }
        focus = nil
    }

    /// Another screen shows: remembers the one left (while it stays on the
    /// stack), rebuilds, and restores the memory of a screen gone back to.
    /// - Returns: the focus remembered for the screen now showing, if it was gone back to.
    mutating func changeScreen(_ core: inout SessionCore) -> ElementIndex? {
        let newDepth = core.app.stack.count
        let current = SavedScreen(screen: screen.name, focus: focus, memory: memory)
        if saved.count < depth { saved.append(contentsOf: repeatElement(SavedScreen(screen: "", focus: nil, memory: [:]), count: depth - saved.count)) }
        saved[depth - 1] = current
        var restored: SavedScreen? = nil
        if newDepth < depth, newDepth >= 1, saved[newDepth - 1].screen == core.app.screen.name { restored = saved[newDepth - 1] }
        saved = Array(saved.prefix(max(0, newDepth - 1)))
        depth = newDepth
        pendingMove = nil
        rebuild(core.app.screen)
        memory = restored?.memory ?? [:]
        return restored?.focus
    }

    // MARK: - Interaction

    /// Space: activates the focused element; on a text field, begins editing.
    mutating func activate(_ input: Input, _ core: inout SessionCore) {
        guard let k = focus, layout.isStop(k) else { return ignore(input, .nothingFocused, &core) }
        if core.app.screen.traits(of: k).contains(.searchField) { return beginEditing(k, &core) }
        core.activate(k, by: .fullKeyboardAccess)
    }

    /// Tab-B: dismisses a sheet, else goes back a screen.
    mutating func goBack(_ input: Input, _ core: inout SessionCore) {
        let stack = core.app.stack
        guard stack.count > 1 else { return ignore(input, .nothingToGoBackTo, &core) }
        let effect: Effect = stack[stack.count - 1].kind == .sheet ? .dismiss : .back
        core.perform([effect], source: focus ?? core.app.screen.root, by: .fullKeyboardAccess)
    }

    /// Closes whatever list is open and ends text editing, announcing it.
    mutating func closeOverlays(_ core: inout SessionCore) {
        switch phase {
        case .browsing: return
        case .editing(let k): core.emit(.textEditingEnded(ref(k)))
        case .actions: core.emit(.actionsListHidden)
        case .finding: core.emit(.findHidden)
        case .help: core.emit(.helpHidden)
        }
        phase = .browsing
    }

    // MARK: - Text editing

    mutating func beginEditing(_ k: ElementIndex, _ core: inout SessionCore) {
        phase = .editing(k)
        core.emit(.textEditingBegan(ref(k)))
    }

    mutating func endEditing(_ k: ElementIndex, _ core: inout SessionCore) {
        phase = .browsing
        core.emit(.textEditingEnded(ref(k)))
    }

    /// A plain key in a text field: a character is typed, Backspace deletes
    /// the last one; arrows, Return, Escape and the rest go to the field,
    /// whose cursor the model does not track (nothing changes).
    mutating func type(_ combo: KeyCombo, into k: ElementIndex, _ core: inout SessionCore) {
        let value = core.app.screen.value(of: k) ?? ""
        if combo.key == .backspace {
            guard !value.isEmpty else { return }
            core.perform([.setValue(String(value.dropLast()), target: nil)], source: k, by: .fullKeyboardAccess)
        } else if let ch = combo.key.character(shifted: combo.modifiers.contains(.shift)) {
            core.perform([.setValue(value + String(ch), target: nil)], source: k, by: .fullKeyboardAccess)
        }
    }
}
