import ScreenModel

// The lists Full Keyboard Access opens over the screen: the actions list
// (Tab-Z), Find (Tab-F) and Help (Tab-H). Each takes the keys while it is
// open; Escape (KEY_ESC) closes each, as do Go back and the command that
// opened it. docs/keyboard-access.md, "Actions", "Find", "Help".

extension KeyboardAccess {
    // MARK: - Actions list (Tab-Z)

    /// The focused element's actions: its custom actions in model order,
    /// then Increment and Decrement for an adjustable element. [Apple doc]
    /// S31 for custom actions; the order and the adjustable pair are [model choice].
    static func actionItems(of k: ElementIndex, _ screen: Screen) -> [ActionItem] {
        var items = screen.customActions(of: k).enumerated().map { ActionItem.custom($0.offset, name: $0.element.name) }
        if screen.traits(of: k).contains(.adjustable) {
            items.append(.increment)
            items.append(.decrement)
        }
        return items
    }

    /// Tab-Z: opens the list, its first item highlighted. An element with no
    /// actions shows an empty list ([Apple doc] S31: "I'm not seeing any actions available").
    mutating func openActions(_ input: Input, _ core: inout SessionCore) {
        guard let k = focus, layout.isStop(k) else { return ignore(input, .nothingFocused, &core) }
        let items = Self.actionItems(of: k, core.app.screen)
        phase = .actions(ActionsList(target: k, items: items, position: 0))
        core.emit(.actionsListShown(items: items.map(\.title)))
        if let first = items.first { core.emit(.actionsListItem(first.title)) }
    }

    /// A key while the actions list is open: arrows move (wrapping),
    /// Activate chooses, Escape, Go back or Actions close it.
    mutating func actionsKey(_ combo: KeyCombo, _ list: ActionsList, _ input: Input, _ core: inout SessionCore) {
        if combo.key == .escape && !combo.tab { return closeActions(&core) }
        guard let c = commands[combo] else { return ignore(input, .unboundKey, &core) }
        switch c {
        case .moveUp, .moveLeft: stepActions(list, by: -1, input, &core)
        case .moveDown, .moveRight: stepActions(list, by: 1, input, &core)
        case .activate: chooseAction(list, input, &core)
        case .goBack, .actions: closeActions(&core)
        case .help, .moveForward, .moveBackward, .moveToBeginning, .moveToEnd, .moveToNextItem, .moveToPreviousItem, .find:
            ignore(input, .notApplicable, &core)
        }
    }

    mutating func stepActions(_ list: ActionsList, by delta: Int, _ input: Input, _ core: inout SessionCore) {
        guard !list.items.isEmpty else { return ignore(input, .notApplicable, &core) }
        var l = list
        l.position = ((l.position + delta) % l.items.count + l.items.count) % l.items.count
        phase = .actions(l)
        core.emit(.actionsListItem(l.items[l.position].title))
    }

    mutating func closeActions(_ core: inout SessionCore) {
        phase = .browsing
        core.emit(.actionsListHidden)
    }

    /// Carries out the highlighted action on the list's element; the list closes first.
    mutating func chooseAction(_ list: ActionsList, _ input: Input, _ core: inout SessionCore) {
        guard list.position < list.items.count else { return ignore(input, .notApplicable, &core) }
        closeActions(&core)
        let k = list.target
        switch list.items[list.position] {
        case .custom(let i, let name):
            core.emit(.customActionPerformed(ref(k), name: name))
            let actions = core.app.screen.customActions(of: k)
            core.perform(i < actions.count ? actions[i].effects : [], source: k, by: .fullKeyboardAccess)
        case .increment:
            core.perform([.increment(target: nil)], source: k, by: .fullKeyboardAccess)
        case .decrement:
            core.perform([.decrement(target: nil)], source: k, by: .fullKeyboardAccess)
        }
    }

    // MARK: - Find (Tab-F)

    mutating func openFind(_ core: inout SessionCore) {
        phase = .finding(FindState(query: "", match: nil))
        core.emit(.findQueryChanged("", match: nil))
    }

    /// A key while Find is open: characters (Space included) extend the
    /// query, Backspace shortens it, Return focuses the match, Escape, Go
    /// back or Find cancel. Focus stays put until Return. [model choice]
    mutating func findKey(_ combo: KeyCombo, _ f: FindState, _ input: Input, _ core: inout SessionCore) {
        if !Self.isCommandChord(combo) {
            switch combo.key {
            case .escape:
                closeFind(&core)
            case .enter, .keypadEnter:
                guard let m = f.match else { return ignore(input, .notApplicable, &core) }
                closeFind(&core)
                moveFocus(to: m, &core)
            case .backspace:
                guard !f.query.isEmpty else { return ignore(input, .notApplicable, &core) }
                updateFind(String(f.query.dropLast()), &core)
            default:
                guard let ch = combo.key.character(shifted: combo.modifiers.contains(.shift)) else {
                    return ignore(input, .notApplicable, &core)
                }
                updateFind(f.query + String(ch), &core)
            }
            return
        }
        guard let c = commands[combo] else { return ignore(input, .unboundKey, &core) }
        switch c {
        case .find, .goBack: closeFind(&core)
        case .help, .moveForward, .moveBackward, .moveUp, .moveDown, .moveLeft, .moveRight, .moveToBeginning, .moveToEnd,
             .moveToNextItem, .moveToPreviousItem, .activate, .actions:
            ignore(input, .notApplicable, &core)
        }
    }

    mutating func updateFind(_ query: String, _ core: inout SessionCore) {
        let match = Self.findMatch(query, among: layout.order.stops, core.app.screen)
        phase = .finding(FindState(query: query, match: match))
        core.emit(.findQueryChanged(query, match: match.map(ref)))
    }

    mutating func closeFind(_ core: inout SessionCore) {
        phase = .browsing
        core.emit(.findHidden)
    }

    /// The stop Find's `query` finds, among `stops` (the screen's stops in
    /// navigation order: scrolled-out and trapped elements are not found).
    ///
    /// Names are an element's input labels, then its label ([Apple doc] S31,
    /// S10b). Query and names are case-folded with `lowercased()` (no
    /// diacritic folding). A name matches when it starts with the query,
    /// else when one of its words does (words split at anything that is not
    /// a letter or digit), else when it contains it. The best match wins:
    /// starts-with over word over contains, an input label over the label,
    /// then the earlier stop. [model choice]
    /// - Returns: the match, or nil (an empty query matches nothing).
    static func findMatch(_ query: String, among stops: [ElementIndex], _ screen: Screen) -> ElementIndex? {
        let needle = query.lowercased()
        guard !needle.isEmpty else { return nil }
        var best: (kind: Int, source: Int, position: Int, element: ElementIndex)? = nil
        for (position, k) in stops.enumerated() {
            var names = screen.elements[k].inputLabels.filter { !$0.isEmpty }.map { ($0, 0) }
            if let l = screen.label(of: k), !l.isEmpty { names.append((l, 1)) }
            for (name, source) in names {
                guard let kind = matchKind(needle, name.lowercased()) else { continue }
                if let b = best, (b.kind, b.source, b.position) <= (kind, source, position) { continue }
                best = (kind, source, position, k)
            }
        }
        return best?.element
    }

    /// 0: `name` starts with `needle`; 1: a word of it does; 2: it contains it; nil: no match.
    static func matchKind(_ needle: String, _ name: String) -> Int? {
        if name.hasPrefix(needle) { return 0 }
        let words = name.split { !($0.isLetter || $0.isNumber) }
        if words.contains(where: { $0.hasPrefix(needle) }) { return 1 }
        return name.contains(needle) ? 2 : nil
    }

    // MARK: - Help (Tab-H)

    mutating func openHelp(_ core: inout SessionCore) {
        phase = .help
        core.emit(.helpShown(commands: settings.commandLines))
    }

    mutating func closeHelp(_ core: inout SessionCore) {
        phase = .browsing
        core.emit(.helpHidden)
    }
}
