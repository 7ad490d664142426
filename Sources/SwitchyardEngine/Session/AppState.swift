import ScreenModel

/// One entry of the screen stack.
struct StackEntry: Hashable, Sendable {
    enum Kind: String, Hashable, Sendable { case start, pushed, sheet }
    var screen: String
    var kind: Kind
    /// For a sheet: the element that presented it, where focus returns on dismiss.
    var presenter: ElementRef?
}

/// What carrying out a list of effects did to the screen.
enum EffectOutcome: Hashable, Sendable {
    /// Same screen; `traitsChanged` when the navigation order may have changed.
    case sameScreen(traitsChanged: Bool)
    /// Another screen shows (go to, back, present): scanning restarts at its first item.
    case screenChanged
    /// A sheet was dismissed: focus returns to the element that presented it.
    case dismissed(presenter: ElementRef?)
}

/// The app as the session runs it: the screen stack, and each screen's
/// elements with their current values and traits.
///
/// Screens are value types: a change of value or trait rebuilds the current
/// screen from its element table, so every reader (navigation order, labels of
/// combined elements, hit testing) sees the current state.
struct AppState: Sendable {
    let app: AppModel
    /// Screens by name with their current values and traits.
    var screens: [String: Screen]
    var stack: [StackEntry]
    /// The screen on top of the stack.
    private(set) var screen: Screen

    init(app: AppModel) throws(SessionError) {
        guard let start = app.screen(named: app.startScreen) else {
            throw .unknownStartScreen(app.startScreen, known: app.screens.map(\.name))
        }
        self.app = app
        var screens: [String: Screen] = [:]
        for s in app.screens where screens[s.name] == nil { screens[s.name] = s }
        self.screens = screens
        self.stack = [StackEntry(screen: start.name, kind: .start, presenter: nil)]
        self.screen = start
    }

    // MARK: - Effects

    /// Carries out `effects` of element `source` on the current screen, emitting what changes.
    mutating func perform(_ effects: [Effect], source: ElementIndex, into w: inout EventLog) -> EffectOutcome {
        var outcome = EffectOutcome.sameScreen(traitsChanged: false)
        // What the model asks for and cannot be done is the model's error, said of the element that asked.
        let asking = source < screen.elements.count ? ElementRef(screen, source) : nil
        for effect in effects {
            switch effect {
            case .goTo(let name):
                guard screens[name] != nil else { w.emit(.bug("goTo unknown screen '\(name)'")); continue }
                stack.append(StackEntry(screen: name, kind: .pushed, presenter: nil))
                show(name, &w)
                outcome = .screenChanged
            case .present(let name):
                guard screens[name] != nil else { w.emit(.bug("present unknown screen '\(name)'")); continue }
                let presenter = source < screen.elements.count ? ElementRef(screen, source) : nil
                stack.append(StackEntry(screen: name, kind: .sheet, presenter: presenter))
                show(name, &w)
                outcome = .screenChanged
            case .back, .dismiss:
                guard stack.count > 1 else {
                    w.emit(.appModelError(asking, message: "\(effect.kind) on the start screen '\(screen.name)': nothing to go back to"))
                    continue
                }
                if case .dismiss = effect, stack.last?.kind != .sheet {
                    w.emit(.appModelError(asking, message: "dismiss with no sheet presented on '\(screen.name)'"))
                    continue
                }
                let gone = stack.removeLast()
                show(stack[stack.count - 1].screen, &w)
                outcome = gone.kind == .sheet ? .dismissed(presenter: gone.presenter) : .screenChanged
            case .toggleTrait(let trait, let target):
                guard let k = resolve(target, source, asking, &w) else { continue }
                var traits = screen.elements[k].traits
                if traits.contains(trait) { traits.remove(TraitSet(trait)) } else { traits.insert(TraitSet(trait)) }
                rebuild { $0[k].traits = traits }
                w.emit(.traitsChanged(ElementRef(screen, k), traits: screen.traits(of: k)))
                if case .sameScreen = outcome { outcome = .sameScreen(traitsChanged: true) }
            case .toggleValue(let target, let off, let on):
                guard let k = resolve(target, source, asking, &w) else { continue }
                let new = screen.elements[k].value == on ? off : on
                setValue(new, of: k, &w)
            case .setValue(let value, let target):
                guard let k = resolve(target, source, asking, &w) else { continue }
                setValue(value, of: k, &w)
            case .increment(let target), .decrement(let target):
                guard let k = resolve(target, source, asking, &w) else { continue }
                // An adjustable without a range (as captures import them: the
                // app does its own arithmetic) is offered Increment and
                // Decrement, and its value stays: the model does not know the
                // app's step (docs/screen-model.md). Found by fuzz-appium.
                guard let range = screen.elements[k].range else { continue }
                let current = screen.elements[k].value.flatMap { range.number(in: $0) } ?? range.minimum
                var sign = 1.0
                if case .decrement = effect { sign = -1 }
                let new = range.text(for: current + sign * range.step)
                if new != screen.elements[k].value { setValue(new, of: k, &w) }
            case .announce(let message):
                w.emit(.announced(message))
            }
        }
        return outcome
    }

    /// The element an effect changes: its named target, or the source.
    func resolve(_ target: String?, _ source: ElementIndex, _ asking: ElementRef?, _ w: inout EventLog) -> ElementIndex? {
        guard let id = target else { return source }
        if let k = screen.identifiers[id] { return k }
        w.emit(.appModelError(asking, message: "effect target '\(id)' is not on screen '\(screen.name)'"))
        return nil
    }

    mutating func setValue(_ value: String, of k: ElementIndex, _ w: inout EventLog) {
        rebuild { $0[k].value = value }
        w.emit(.valueChanged(ElementRef(screen, k), value: screen.value(of: k)))
    }

    /// Rebuilds the current screen with its element table changed by `change`.
    mutating func rebuild(_ change: (inout [Element]) -> Void) {
        var elements = screen.elements
        change(&elements)
        let s = Screen(name: screen.name, title: screen.title, size: screen.size, layoutDirection: screen.layoutDirection, elements: elements)
        screens[s.name] = s
        screen = s
    }

    /// Scrolls `container` of the current screen one page towards `direction`.
    /// - Returns: false when it cannot scroll that way (nothing changes).
    mutating func scroll(_ container: ElementIndex, _ direction: ScrollDirection, _ w: inout EventLog) -> Bool {
        guard screen.elements.indices.contains(container), screen.scrollDirections(of: container).contains(direction) else { return false }
        let s = screen.scrolled(container, direction)
        screens[s.name] = s
        screen = s
        w.emit(.scrolled(ElementRef(s, container), direction: direction))
        return true
    }

    /// Puts `new` in place of the screen showing (a live app read again).
    /// - Returns: true when it is the same screen (same name): `screenUpdated`
    ///   is emitted; else it is another screen, which replaces the whole
    ///   stack (a live app has no stack of ours), and `screenChanged` is.
    mutating func replace(_ new: Screen, _ w: inout EventLog) -> Bool {
        let same = new.name == screen.name
        screens[new.name] = new
        screen = new
        if same {
            w.emit(.screenUpdated(screen: new.name, elements: new.elements.count))
        } else {
            stack = [StackEntry(screen: new.name, kind: .start, presenter: nil)]
            w.emit(.screenChanged(screen: new.name))
        }
        return same
    }

    mutating func show(_ name: String, _ w: inout EventLog) {
        guard let s = screens[name] else {
            w.emit(.bug("show unknown screen '\(name)'"))
            return
        }
        screen = s
        w.emit(.screenChanged(screen: name))
    }
}

/// The session's output buffer: events stamped with the virtual now.
struct EventLog: Sendable {
    var now: Instant = .zero
    var events: [TimedEvent] = []
    /// The technology the session is calling into; it stamps what is emitted.
    var source: Technology? = nil

    mutating func emit(_ e: consuming Event) {
        events.append(TimedEvent(time: now, event: e, technology: source))
    }

    /// Empties the buffer, keeping its capacity. (`removeAll(keepingCapacity:)`
    /// goes through the generic `replaceSubrange`: most flushes hold an event
    /// or two, removed one by one for a few instructions each; a run of auto
    /// scanning's steps holds up to 256, removed at once.)
    mutating func clear() {
        if events.count > 4 { events.removeAll(keepingCapacity: true); return }
        while !events.isEmpty { events.removeLast() }
    }
}
