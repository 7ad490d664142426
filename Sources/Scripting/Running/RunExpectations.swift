import ScreenModel
import SwitchyardEngine

// The expectations a run checks: events since the last input, the app's
// state and Switch Control's highlight and menu (the presentation checks
// of the other technologies are in `PresentationChecks.swift`).

extension Run {
    /// Whether `holds` is true now; with a window, lets simulated time run
    /// (timers fire) until it is, and the clock stops there, or the window closes.
    mutating func advance(within: Interval?, until holds: (Run) -> Bool) -> Bool {
        if holds(self) { return true }
        guard let within else { return false }
        let deadline = cursor + within
        while let next = session.nextDeadline, next <= deadline, next > cursor {
            cursor = next
            take { session, out in session.advance(to: next) { out.append($0) } }
            if holds(self) { return true }
        }
        moveTo(deadline)
        return holds(self)
    }

    /// Which element `name` means on `screen` as it shows now
    /// (`ElementMatcher.resolve`: of several, the one acted on, else the
    /// one in the dialog in front).
    func resolve(_ name: ElementName, on screen: Screen) -> NameResolution {
        matcher.resolve(name, on: screen, acted: acted.indices(on: screen.name))
    }

    /// Whether `ref` is the element `name` means, on its screen as it is now.
    func refIs(_ ref: ElementRef?, _ name: ElementName) -> Bool {
        guard let ref, let screen = screens[ref.screen], case .element(let k) = resolve(name, on: screen) else { return false }
        return k == ref.index
    }

    /// Whether `ref` is one of the elements `name` matches (`expect
    /// disambiguation`, where a name may match several).
    func refMatches(_ ref: ElementRef, _ name: ElementName) -> Bool {
        guard let screen = screens[ref.screen] else { return false }
        return matcher.matches(name, on: screen).contains(ref.index)
    }

    /// Whether the highlight `h` shows `name` (the element it means, or a scanner menu item).
    func shows(_ h: Highlight?, _ name: ElementName) -> Bool {
        switch h {
        case .element(let r): return refIs(r, name)
        case .menuItem(let s): if case .label(let l) = name { return l == s } else { return false }
        default: return false
        }
    }

    /// Why `name` means no one element of the current screen, as the end
    /// of a failure (`"Page 3" is ambiguous on screen …: 2 elements match: …`); nil when it means one.
    func ambiguity(_ name: ElementName) -> String? {
        let screen = session.currentScreen
        guard case .ambiguous(let candidates) = resolve(name, on: screen) else { return nil }
        return matcher.ambiguity(name, candidates, on: screen)
    }

    func describe(_ h: Highlight?) -> String {
        guard let h else { return "nothing is highlighted" }
        switch h {
        case .element(let r): return "the highlight is on \(Self.describe(r))"
        case .group(let frame, let count): return "the highlight is on a group of \(count) at \(frame)"
        case .groupExit: return "the highlight is on a group's exit"
        case .menuItem(let s): return "the highlight is on menu item \"\(s)\""
        case .pointLine(let axis, let position): return "point mode stopped a line (\(axis) at \(Point.format(position)))"
        case .pointSweep(let axis, _, _, _, _): return "point mode is sweeping (\(axis))"
        case .menuButton: return "the highlight is on the menu button"
        }
    }

    static func describe(_ r: ElementRef) -> String {
        (r.label.map { "\"\($0)\"" } ?? "(no label)") + (r.identifier.map { " (#\($0))" } ?? "")
    }

    /// Looks for a matching event since the last input (`seen`, asked of
    /// the events' window), then (with a window) lets time run until one
    /// appears (the clock stops there) or the window closes.
    mutating func awaitEvent(_ within: Interval?, seen: (Run) -> Bool) -> Bool {
        if seen(self) { return true }
        guard let within else { return false }
        let deadline = cursor + within
        while let next = session.nextDeadline, next <= deadline, next > cursor {
            // every timer up to the cursor has fired already
            take { session, out in session.advance(to: next) { out.append($0) } }
            cursor = next
            if seen(self) { return true }
        }
        moveTo(deadline)
        return seen(self)
    }

    /// Whether an activation is of the element `name` meant then (on the
    /// screen as it was when it was tapped: of several, the one tapped).
    static func activation(_ a: EventWindow.Activation, is name: ElementName, _ matcher: ElementMatcher) -> Bool {
        guard let r = a.ref, let screen = a.screen else { return false }
        return matcher.matches(name, on: screen).contains(r.index)
    }

    mutating func check(_ e: Expectation, at position: SourcePosition) {
        switch e {
        case .highlighted(let name, let within):
            // The highlight is the session's own, in simulated time, live app or not.
            if advance(within: within, until: { run in run.shows(run.session.highlighted, name) }) { return }
            fail("expected the highlight on \(name)\(within.map { " within \($0)" } ?? ""), but " + (ambiguity(name) ?? "\(describe(session.highlighted)) at \(cursor)"), at: position)
        case .activated(let name, let within):
            // Each activation against its screen as it was then: a live app's are read again as it changes.
            let ok = awaitEvent(within) { run in run.sinceInput.activations.contains { Self.activation($0, is: name, run.matcher) } }
            if !ok {
                let got = sinceInput.activations.map { $0.ref.map(Self.describe) ?? "a point with no element" }
                fail("expected \(name) to be activated\(within.map { " within \($0)" } ?? ""), but " + (got.isEmpty ? "nothing was activated" : "only \(got.joined(separator: ", ")) was activated"), at: position)
            }
        case .screen(let s, let within):
            if !awaitState(within, { run in run.session.currentScreen.name == s || run.session.currentScreen.title == s }) {
                guard stopped == nil else { return }
                fail("expected screen '\(s)'\(within.map { " within \($0)" } ?? ""), but the current screen is '\(session.currentScreen.name)'\(waited(within))", at: position)
            }
        case .announcement(let text, let within):
            let ok = awaitEvent(within) { run in run.sinceInput.announcements.contains(text) }
            if !ok {
                let got = sinceInput.announcements.map { "\"\($0)\"" }
                fail("expected the announcement \"\(text)\"\(within.map { " within \($0)" } ?? ""), but " + (got.isEmpty ? "nothing was announced" : "got \(got.joined(separator: ", "))"), at: position)
            }
        case .value(let name, let expected, let within):
            // Resolved again on each read while the window is open.
            let held = awaitState(within) { run in
                guard case .element(let k) = run.resolve(name, on: run.session.currentScreen) else { return false }
                return run.session.value(of: k) == expected
            }
            guard !held, stopped == nil else { return }
            let screen = session.currentScreen
            let shown = within.map { " within \($0)" } ?? ""
            switch resolve(name, on: screen) {
            case .missing:
                fail("expected \(name) on the current screen '\(screen.name)'\(shown), but it is not there\(waited(within))", at: position)
            case .ambiguous(let candidates):
                fail("expected the value of \(name) to be \"\(expected)\"\(shown), but \(matcher.ambiguity(name, candidates, on: screen))\(waited(within))", at: position)
            case .element(let i):
                let v = session.value(of: i)
                fail("expected the value of \(name) to be \"\(expected)\"\(shown), but it is \(v.map { "\"\($0)\"" } ?? "empty")\(waited(within))", at: position)
            }
        case .selected(let name, let on, let within):
            let held = awaitState(within) { run in
                guard case .element(let k) = run.resolve(name, on: run.session.currentScreen) else { return false }
                return run.session.traits(of: k).contains(.selected) == on
            }
            guard !held, stopped == nil else { return }
            let screen = session.currentScreen
            let shown = within.map { " within \($0)" } ?? ""
            let expected = on ? "to be selected\(shown)" : "not to be selected\(shown)"
            switch resolve(name, on: screen) {
            case .missing:
                fail("expected \(name) on the current screen '\(screen.name)'\(shown), but it is not there\(waited(within))", at: position)
            case .ambiguous(let candidates):
                fail("expected \(name) \(expected), but \(matcher.ambiguity(name, candidates, on: screen))\(waited(within))", at: position)
            case .element:
                fail("expected \(name) \(expected), but it is\(on ? " not" : "")\(waited(within))", at: position)
            }
        case .noActivation(let d):
            let first = moveTo(cursor + d) { if case .activated = $0 { return true } else { return false } }
            if let first, case .activated(let r, _) = first.event {
                fail("expected no activation for \(d), but \(r.map(Self.describe) ?? "a point") was activated at \(first.time)", at: position)
            }
        case .menu(let items):
            if menu != items {
                fail("expected the scanner menu \(items.map { "\"\($0)\"" }.joined(separator: " ")), but " + (menu.map { "it shows \($0.map { "\"\($0)\"" }.joined(separator: " "))" } ?? "no menu is shown"), at: position)
            }
        case .menuContains(let item):
            if !(menu ?? []).contains(item) {
                fail("expected the scanner menu to contain \"\(item)\", but " + (menu.map { "it shows \($0.map { "\"\($0)\"" }.joined(separator: " "))" } ?? "no menu is shown"), at: position)
            }
        case .scanningStopped(let within):
            let ok = awaitEvent(within) { run in run.sinceInput.scanningStopped }
            if !ok { fail("expected scanning to stop\(within.map { " within \($0)" } ?? ""), but it did not (now \(cursor))", at: position) }
        case .focused, .focusHidden, .overlay, .label, .disambiguation:
            if let problem = presentationProblem(e) { fail(problem, at: position) }
        }
    }
}

extension Expectation {
    /// The `within` window of an expectation that waits for something.
    var window: Interval? {
        switch self {
        case .highlighted(_, let w), .activated(_, let w), .announcement(_, let w), .scanningStopped(let w),
             .screen(_, let w), .value(_, _, let w), .selected(_, _, let w): return w
        case .noActivation, .menu, .menuContains, .focused, .focusHidden, .overlay, .label, .disambiguation: return nil
        }
    }
}
