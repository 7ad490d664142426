import ScreenModel

// Voice Control: spoken commands (typed utterances here: there is no speech
// recogniser), names, numbers, the grid and disambiguation.
// docs/voice-control.md documents the grammar, the matching rule, the
// overlays and every model choice.
//
// Voice Control has no timers: everything happens at the instant of an
// utterance. Phases and overlays, with the events of each step:
//
//   listening ──"show numbers"──▶ listening, overlay numbers     overlayShown
//   listening ──"tap 3"─────────▶ listening, overlay hidden      overlayHidden, activated …
//   listening ──"tap Edit" (2)──▶ disambiguating(Edit: 1, 2)     disambiguationShown
//   disambiguating ──"2"────────▶ listening                      disambiguationHidden, activated …
//   disambiguating ──other──────▶ listening, then the utterance  disambiguationHidden, …
//   listening ──"show grid"─────▶ overlay grid                   overlayShown
//   grid ──"5" (zoom < levels)──▶ grid zoomed into cell 5        gridZoomed
//   grid ──"tap 4"──────────────▶ tap at the centre of cell 4    overlayHidden, activated …
//
// An overlay shown "continuously" (or by the Overlay setting) stays, and is
// shown again whenever it changes (renumbered after a screen change or a
// scroll). One shown without "continuously" hides when the next command acts.
//
// Not handled (listed so nobody assumes otherwise): dictation and text
// editing, "drag … to …", "zoom in/out", "rotate", "scroll to top/bottom",
// "go home" and the system commands (Open Control Center, …), "repeat that",
// custom commands and vocabulary, attention awareness, "go to sleep",
// Flexible Item Names (iOS 27), the macOS overlay fade, the grid's "drag".

/// Voice Control's phase.
enum VoicePhase: Hashable, Sendable, CustomStringConvertible {
    /// Before `start`.
    case notStarted
    /// Waiting for an utterance.
    case listening
    /// A spoken name matched several targets; the next number picks one.
    case disambiguating(PendingChoice)

    var description: String {
        switch self {
        case .notStarted: return "notStarted"
        case .listening: return "listening"
        case .disambiguating(let c): return "disambiguating(\(c.action) \"\(c.shown.name)\", \(c.candidates.count) matches)"
        }
    }
}

/// An ambiguous command waiting for its number.
struct PendingChoice: Hashable, Sendable {
    /// What the command does to the element picked.
    var action: TargetAction
    /// The matches, in navigation order: number `n` is `candidates[n - 1]`.
    var candidates: [ElementIndex]
    /// What the user sees.
    var shown: VoiceDisambiguation
}

/// The overlay asked for: the badges are computed from it for the screen as it is.
struct OverlayRequest: Hashable, Sendable {
    var kind: OverlayKind
    var continuous: Bool
    var columns: Int
    var rows: Int
    var zoom: [Int] = []
}

/// Where a command's item lands.
enum Resolution: Hashable, Sendable {
    /// One target element.
    case element(ElementIndex)
    /// A grid cell: its centre.
    case point(Point, cell: Int)
    /// Several targets share the name (as spoken, normalised).
    case several([ElementIndex], name: String)
    /// Nothing: why.
    case nothing(NotUnderstoodReason)
}

/// iOS Voice Control, as one `AssistiveTechnology` of a session. It handles
/// utterances only, so it runs beside Switch Control or Full Keyboard Access.
struct VoiceControl: AssistiveTechnology {
    var settings: VoiceControlSettings
    let navigation: NavigationOptions
    /// The targets of the current screen, with their names and numbers.
    var targets: VoiceTargets
    var phase: VoicePhase = .notStarted
    /// The overlay asked for, if any.
    var request: OverlayRequest? = nil
    /// The overlay as last shown (what `present` gives, and what a change is compared with).
    var shown: Overlay? = nil

    var technology: Technology { .voiceControl }

    init(settings: VoiceControlSettings, navigation: NavigationOptions, screen: Screen) {
        self.settings = settings
        self.navigation = navigation
        self.targets = VoiceTargets(screen: screen, navigation: navigation)
    }

    // MARK: - AssistiveTechnology

    mutating func start(_ core: inout SessionCore) {
        targets = VoiceTargets(screen: core.app.screen, navigation: navigation)
        phase = .listening
        if let kind = settings.overlay { showOverlay(kind, continuous: true, columns: settings.gridColumns, rows: settings.gridRows, &core) }
    }

    mutating func handle(_ input: Input, _ core: inout SessionCore) -> Bool {
        guard case .utterance(let text) = input else { return false }
        let before = core.trace == nil ? nil : phase.description
        hear(text, &core)
        if let before { core.record(before, "utterance(\"\(text)\")", phase.description) }
        return true
    }

    mutating func fire(_ timer: TimerID, _ core: inout SessionCore) {
        core.emit(.bug("Voice Control schedules no timers, but got \(timer)"))
    }

    mutating func appDidChange(_ change: AppChange, _ core: inout SessionCore) {
        switch change {
        case .sameScreen(_, _, let orderChanged):
            guard orderChanged else { return }
        case .screenChanged, .sheetDismissed:
            request?.zoom = []
        case .scrolled, .replaced:
            break
        }
        targets = VoiceTargets(screen: core.app.screen, navigation: navigation)
        endDisambiguation(&core)
        refreshOverlay(&core)
    }

    mutating func reconfigure(_ new: TechnologySettings, _ core: inout SessionCore) {
        guard let s = new.voiceControl else {
            core.emit(.bug("Voice Control got settings for \(new.technology.name)"))
            return
        }
        let old = settings
        settings = s
        guard old.overlay != s.overlay else { return }
        if let kind = s.overlay {
            showOverlay(kind, continuous: true, columns: s.gridColumns, rows: s.gridRows, &core)
        } else if let r = request, r.continuous, r.kind == old.overlay {
            hideOverlay(&core)
        }
    }

    func present(into p: inout Presentation) {
        p.voiceOverlay = shown
        if case .disambiguating(let c) = phase { p.disambiguation = c.shown }
    }

    // MARK: - Hearing

    /// One utterance, in the current phase.
    mutating func hear(_ text: String, _ core: inout SessionCore) {
        let words = SpokenText.normalize(text).split(separator: " ")
        switch phase {
        case .notStarted:
            core.emit(.bug("utterance \"\(text)\" before start"))
        case .listening:
            run(words, text, &core)
        case .disambiguating(let c):
            endDisambiguation(&core)
            if let n = pickedNumber(words), c.candidates.indices.contains(n - 1) {
                act(c.action, on: .element(c.candidates[n - 1]), text, &core)
            } else {
                // Anything else cancels the choice and is heard as itself.
                run(words, text, &core)
            }
        }
    }

    /// The number of "2" or "tap 2" (what picks a match).
    func pickedNumber(_ words: [Substring]) -> Int? {
        guard let m = Grammar.match(words), let item = m.item else { return nil }
        switch m.action {
        case .bare, .target(.tap): return SpokenNumber.parse(item.split(separator: " "))
        case .show, .showGrid, .hide, .target, .swipe, .scroll, .goBack, .showCommands: return nil
        }
    }

    /// Carries out the command the words say.
    mutating func run(_ words: [Substring], _ text: String, _ core: inout SessionCore) {
        guard let m = Grammar.match(words) else { return notUnderstood(text, .unknownCommand, &core) }
        switch m.action {
        case .showCommands:
            core.emit(.commandsListed(commandsThatApply(core)))
        case .show(let kind, let continuous):
            showOverlay(kind, continuous: continuous, columns: settings.gridColumns, rows: settings.gridRows, &core)
        case .showGrid(let continuous, let sizes):
            var columns = settings.gridColumns
            var rows = settings.gridRows
            switch sizes {
            case .columns: columns = m.counts[0]
            case .rows: rows = m.counts[0]
            case .columnsAndRows: columns = m.counts[0]; rows = m.counts[1]
            }
            guard VoiceControlSettings.gridSizes.contains(columns), VoiceControlSettings.gridSizes.contains(rows) else {
                return notUnderstood(text, .notApplicable, &core)
            }
            showOverlay(.grid, continuous: continuous, columns: columns, rows: rows, &core)
        case .hide(let kind):
            guard request?.kind == kind else { return notUnderstood(text, .notApplicable, &core) }
            hideOverlay(&core)
        case .target(let action):
            act(action, on: resolve(m.item ?? "", bare: false), text, &core)
        case .bare:
            let item = m.item ?? ""
            let target = resolve(item, bare: true)
            if case .point(_, let cell) = target, let r = request, r.kind == .grid, r.zoom.count < settings.gridZoomLevels {
                return zoom(into: cell, &core)
            }
            act(.tap, on: target, text, &core)
        case .swipe:
            // The finger's way: swiping up moves the content up, showing what is below.
            let opposite: [ScrollDirection: ScrollDirection] = [.up: .down, .down: .up, .left: .right, .right: .left]
            scroll(opposite[m.direction ?? .up] ?? .down, text, &core)
        case .scroll:
            scroll(m.direction ?? .down, text, &core)
        case .goBack:
            goBack(text, &core)
        }
    }

    mutating func notUnderstood(_ text: String, _ reason: NotUnderstoodReason, _ core: inout SessionCore) {
        core.emit(.utteranceNotUnderstood(text, reason: reason))
    }

    // MARK: - Targets

    /// Where `item` lands: a number shown on a badge or cell, else a name
    /// (exact, or as `nameMatching` says). A number no overlay shows is still
    /// tried as a name (a keypad's "3").
    /// - Parameter bare: the item was said alone; naming nothing, it is no command at all.
    func resolve(_ item: String, bare: Bool) -> Resolution {
        let number = SpokenNumber.parse(item.split(separator: " "))
        if let n = number, let badge = shown?.badge(numbered: n) {
            if let e = badge.element { return .element(e.index) }
            return .point(badge.frame.center, cell: n)
        }
        let matches = targets.matches(item, settings.nameMatching)
        switch matches.count {
        case 0: return .nothing(number != nil ? .unknownNumber : bare ? .unknownCommand : .unknownName)
        case 1: return .element(targets.stops[matches[0]])
        default: return .several(matches.map { targets.stops[$0] }, name: item)
        }
    }

    /// Carries out `action` on what `target` resolved to.
    mutating func act(_ action: TargetAction, on target: Resolution, _ text: String, _ core: inout SessionCore) {
        switch target {
        case .nothing(let reason):
            notUnderstood(text, reason, &core)
        case .several(let ks, let name):
            disambiguate(action, ks, name: name, &core)
        case .element(let k):
            let screen = core.app.screen
            switch action {
            case .tap:
                overlayActedOn(&core)
                core.activate(k, by: .voiceControl)
            case .gesture(let g):
                overlayActedOn(&core)
                core.emit(.gesturePerformed(g, ElementRef(screen, k), at: screen.activationPoint(of: k)))
            case .increment, .decrement:
                guard screen.traits(of: k).contains(.adjustable) else { return notUnderstood(text, .notApplicable, &core) }
                overlayActedOn(&core)
                core.perform([action == .increment ? .increment(target: nil) : .decrement(target: nil)], source: k, by: .voiceControl)
            }
        case .point(let p, _):
            switch action {
            case .tap:
                overlayActedOn(&core)
                core.tap(at: p, inside: targets.modal, by: .voiceControl)
            case .gesture(let g):
                overlayActedOn(&core)
                let hit = core.target(at: p, inside: targets.modal)
                core.emit(.gesturePerformed(g, hit.map { ElementRef(core.app.screen, $0) }, at: p))
            case .increment, .decrement:
                guard let k = core.target(at: p, inside: targets.modal) else { return notUnderstood(text, .notApplicable, &core) }
                act(action, on: .element(k), text, &core)
            }
        }
    }

    // MARK: - Disambiguation

    /// Shows numbers on the matches only; the next number picks one.
    mutating func disambiguate(_ action: TargetAction, _ ks: [ElementIndex], name: String, _ core: inout SessionCore) {
        let screen = core.app.screen
        let refs = ks.map { ElementRef(screen, $0) }
        let badges = refs.enumerated().map { n, r in OverlayBadge(text: String(n + 1), number: n + 1, element: r, frame: r.frame) }
        phase = .disambiguating(PendingChoice(action: action, candidates: ks, shown: VoiceDisambiguation(name: name, badges: badges)))
        core.emit(.disambiguationShown(name: name, candidates: refs))
    }

    mutating func endDisambiguation(_ core: inout SessionCore) {
        guard case .disambiguating = phase else { return }
        phase = .listening
        core.emit(.disambiguationHidden)
    }

    // MARK: - Overlays

    mutating func showOverlay(_ kind: OverlayKind, continuous: Bool, columns: Int, rows: Int, _ core: inout SessionCore) {
        request = OverlayRequest(kind: kind, continuous: continuous, columns: columns, rows: rows)
        shown = overlay(core.app.screen)
        if let shown { core.emit(.overlayShown(shown)) }
    }

    mutating func hideOverlay(_ core: inout SessionCore) {
        guard let r = request else { return }
        request = nil
        shown = nil
        core.emit(.overlayHidden(r.kind))
    }

    /// A command is acting: an overlay shown without "continuously" hides;
    /// a continuous grid returns to the whole screen.
    mutating func overlayActedOn(_ core: inout SessionCore) {
        guard let r = request else { return }
        if !r.continuous { return hideOverlay(&core) }
        if !r.zoom.isEmpty {
            request?.zoom = []
            refreshOverlay(&core)
        }
    }

    /// The requested overlay for `screen` as it is now.
    func overlay(_ screen: Screen) -> Overlay? {
        guard let r = request else { return nil }
        switch r.kind {
        case .names, .numbers:
            return Overlay(r.kind, targets: targets, screen: screen, continuous: r.continuous)
        case .grid:
            let grid = Grid.over(screen, columns: r.columns, rows: r.rows, zoom: r.zoom) ?? Grid(area: screen.size, columns: r.columns, rows: r.rows)
            return Overlay(grid: grid, continuous: r.continuous)
        }
    }

    /// Shows the overlay again when the screen under it changed it.
    mutating func refreshOverlay(_ core: inout SessionCore) {
        guard request != nil else { return }
        let new = overlay(core.app.screen)
        guard new != shown else { return }
        shown = new
        if let new { core.emit(.overlayShown(new)) }
    }

    /// Saying a cell's number: the grid zooms into it.
    mutating func zoom(into cell: Int, _ core: inout SessionCore) {
        request?.zoom.append(cell)
        shown = overlay(core.app.screen)
        if let g = shown?.grid { core.emit(.gridZoomed(path: g.zoom, area: g.area)) }
    }

    // MARK: - Scrolling and going back

    /// Scrolls one page towards `direction`: the largest visible scroll view
    /// that can (ties: the first in the tree).
    mutating func scroll(_ direction: ScrollDirection, _ text: String, _ core: inout SessionCore) {
        guard let c = scrollContainer(direction, core.app.screen) else { return notUnderstood(text, .notApplicable, &core) }
        overlayActedOn(&core)
        core.scroll(c, direction, by: .voiceControl)
    }

    /// The scroll view "scroll `direction`" moves: visible (not hidden, not
    /// scrolled out, inside the modal trap), able to scroll that way, the
    /// largest on screen.
    func scrollContainer(_ direction: ScrollDirection, _ screen: Screen) -> ElementIndex? {
        var best: (k: ElementIndex, area: Double)? = nil
        for k in screen.elements.indices where screen.elements[k].scrollable {
            guard isShown(k, screen), screen.scrollDirections(of: k).contains(direction) else { continue }
            let visible = screen.frames[k].intersection(screen.size)
            let area = visible.width * visible.height
            if best == nil || area > best!.area { best = (k, area) }
        }
        return best?.k
    }

    /// Whether `k` shows: not hidden (nor any ancestor), not scrolled out, inside the modal trap.
    func isShown(_ k: ElementIndex, _ screen: Screen) -> Bool {
        if screen.isScrolledOut(k) { return false }
        if let m = targets.modal, !screen.isDescendant(k, of: m) { return false }
        var c: ElementIndex? = k
        while let i = c {
            if screen.elements[i].hidden { return false }
            c = screen.elements[i].parent
        }
        return true
    }

    /// "Go back": dismisses a sheet, else pops the screen (as the back button
    /// or the escape gesture does); on the start screen there is nothing to go back to.
    mutating func goBack(_ text: String, _ core: inout SessionCore) {
        let effect: Effect
        if core.app.stack.last?.kind == .sheet {
            effect = .dismiss
        } else if core.app.stack.count > 1 {
            effect = .back
        } else {
            return notUnderstood(text, .notApplicable, &core)
        }
        overlayActedOn(&core)
        core.perform([effect], source: core.app.screen.root, by: .voiceControl)
    }

    // MARK: - Show me what to say

    /// The commands that apply now, in order: the overlay commands, then
    /// "Tap NAME" for each target with a speakable name (and "Increment" /
    /// "Decrement" for adjustable ones), then the scroll directions, then "Go back".
    func commandsThatApply(_ core: SessionCore) -> [String] {
        let screen = core.app.screen
        var out: [String] = []
        var seen: Set<String> = []
        func add(_ phrase: String) { if seen.insert(phrase).inserted { out.append(phrase) } }
        for kind in OverlayKind.allCases {
            add(request?.kind == kind ? "Hide \(kind)" : "Show \(kind)")
        }
        for p in 0..<targets.count {
            guard let name = targets.displayName(p) else { continue }
            add("Tap \(name)")
            if screen.traits(of: targets.stops[p]).contains(.adjustable) {
                add("Increment \(name)")
                add("Decrement \(name)")
            }
        }
        for d in ScrollDirection.allCases where scrollContainer(d, screen) != nil {
            add("Scroll \(d)")
        }
        if core.app.stack.count > 1 { add("Go back") }
        return out
    }
}
