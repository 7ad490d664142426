import ScreenModel
import SwitchyardEngine

/// The transcript's JSON Lines (docs/transcript.md documents every
/// field): one event's line, and the writing under `TranscriptLines`.
extension TranscriptFormat {
    // MARK: - API

    /// One JSON object on one line, without a trailing newline.
    /// - Parameters:
    ///   - e: the event.
    ///   - scenario: the scenario file it came from, written first when
    ///     several scenarios share one transcript (`switchyard run`).
    /// - Returns: e.g. `{"time_us":1000000,"event":"highlighted","highlight":"element","element":{…}}`.
    public static func jsonLine(_ e: TimedEvent, scenario: String? = nil) -> String {
        var w = JSONWriter(compact: true)
        var fragments = TranscriptFragments(slots: 0)
        write(e, scenario: scenario, into: &w, fragments: &fragments)
        return w.text
    }

    static func write(_ e: TimedEvent, scenario: String?, into w: inout JSONWriter, fragments: inout TranscriptFragments) {
        w.openObject()
        if let scenario { w.key("scenario"); fragments.write(scenario: scenario, &w) }
        w.key("time_us"); w.number(e.time.microseconds)
        if !fragments.keeps || !repeatHighlight(e.event, by: e.technology, into: &w, fragments: &fragments) {
            write(e.event, into: &w, fragments: &fragments)
            if let t = e.technology { w.key("technology"); fragments.write(t, &w) }
        }
        w.closeObject()
    }

    /// A highlight's line ends as the last one of the same highlight by the
    /// same technology did: writes that end, or writes it afresh and keeps
    /// it. False for any other event. Borrowed, not copied.
    private static func repeatHighlight(_ event: borrowing Event, by t: Technology?, into w: inout JSONWriter, fragments: inout TranscriptFragments) -> Bool {
        let h: Highlight
        switch event {
        case .highlighted(let highlight): h = highlight
        default: return false
        }
        if let members = fragments.members(of: h, by: t) {
            w.members(members)
        } else if let members = w.captureMembers({ w in
            write(.highlighted(h), into: &w, fragments: &fragments)
            if let t { w.key("technology"); fragments.write(t, &w) }
        }) {
            fragments.remember(members, of: h, by: t)
        }
        return true
    }

    /// The event's members: its name and what it carries. Borrowed, not
    /// copied (a copy of a whole event costs more than writing most of them).
    private static func write(_ event: borrowing Event, into w: inout JSONWriter, fragments: inout TranscriptFragments) {
        switch event {
        case .screenChanged(let screen):
            w.member("event", "screenChanged"); w.key("screen"); w.string(screen)
        case .screenUpdated(let screen, let elements):
            w.member("event", "screenUpdated"); w.key("screen"); w.string(screen); w.key("elements"); w.number(Int64(elements))
        case .highlighted(let h):
            w.member("event", "highlighted")
            switch h {
            case .element(let r): w.member("highlight", "element"); w.key("element"); fragments.write(r, &w)
            case .group(let frame, let count): w.member("highlight", "group"); w.key("frame"); w.rect(frame); w.key("count"); w.number(Int64(count))
            case .groupExit(let frame): w.member("highlight", "groupExit"); w.key("frame"); w.rect(frame)
            case .menuItem(let item): w.member("highlight", "menuItem"); w.key("item"); w.string(item)
            case .pointLine(let axis, let position): w.member("highlight", "pointLine"); w.key("axis"); w.string(axis.rawValue); w.key("position"); w.number(position)
            case .pointSweep(let axis, let stage, let from, let to, let duration):
                w.member("highlight", "pointSweep"); w.key("axis"); w.string(axis.rawValue); w.key("stage"); w.string(stage.rawValue)
                w.key("from"); w.number(from); w.key("to"); w.number(to); w.key("duration_us"); w.number(duration.microseconds)
            case .menuButton: w.member("highlight", "menuButton")
            }
        case .menuShown(let items):
            w.member("event", "menuShown"); w.key("items"); w.strings(items)
        case .menuHidden:
            w.member("event", "menuHidden")
        case .activated(let r, let p):
            w.member("event", "activated"); w.key("element"); fragments.write(r, &w); w.key("point"); w.point(p)
        case .customActionPerformed(let r, let name):
            w.member("event", "customActionPerformed"); w.key("element"); fragments.write(r, &w); w.key("name"); w.string(name)
        case .valueChanged(let r, let value):
            w.member("event", "valueChanged"); w.key("element"); fragments.write(r, &w); w.key("value"); if let value { w.string(value) } else { w.null() }
        case .traitsChanged(let r, let traits):
            w.member("event", "traitsChanged"); w.key("element"); fragments.write(r, &w); w.key("traits"); w.traits(traits)
        case .announced(let message):
            w.member("event", "announced"); w.key("message"); w.string(message)
        case .focusRestored(let r):
            w.member("event", "focusRestored"); w.key("element"); fragments.write(r, &w)
        case .scrolled(let r, let direction):
            w.member("event", "scrolled"); w.key("element"); fragments.write(r, &w); w.key("direction"); w.string(direction.rawValue)
        case .scanningStopped(let reason):
            w.member("event", "scanningStopped"); w.key("reason"); w.string(reason)
        case .inputIgnored(let input, let reason):
            w.member("event", "inputIgnored"); w.key("input"); Self.input(input, &w); w.key("reason"); w.string(reason.rawValue)
        case .deviceAdded(let name):
            w.member("event", "deviceAdded"); w.key("device"); w.string(name)
        case .deviceRemoved(let name):
            w.member("event", "deviceRemoved"); w.key("device"); w.string(name)
        case .bug(let message):
            w.member("event", "bug"); w.key("message"); w.string(message)
        case .appModelError(let r, let message):
            w.member("event", "appModelError"); w.key("element"); fragments.write(r, &w); w.key("message"); w.string(message)
        case .overlayShown(let overlay):
            w.member("event", "overlayShown"); w.key("overlay"); w.string(overlay.kind.rawValue); w.key("continuous"); w.bool(overlay.continuous)
            w.key("badges"); w.openArray(); for b in overlay.badges { badge(b, &w, &fragments) }; w.closeArray()
            if let g = overlay.grid { w.key("grid"); grid(g, &w) }
        case .overlayHidden(let kind):
            w.member("event", "overlayHidden"); w.key("overlay"); w.string(kind.rawValue)
        case .gridZoomed(let path, let area):
            w.member("event", "gridZoomed"); w.key("path"); w.openArray(); for cell in path { w.number(Int64(cell)) }; w.closeArray(); w.key("area"); w.rect(area)
        case .disambiguationShown(let name, let candidates):
            w.member("event", "disambiguationShown"); w.key("name"); w.string(name); w.key("candidates"); w.openArray(); for c in candidates { fragments.write(c, &w) }; w.closeArray()
        case .disambiguationHidden:
            w.member("event", "disambiguationHidden")
        case .utteranceNotUnderstood(let text, let reason):
            w.member("event", "utteranceNotUnderstood"); w.key("text"); w.string(text); w.key("reason"); w.string(reason.rawValue)
        case .commandsListed(let commands):
            w.member("event", "commandsListed"); w.key("commands"); w.strings(commands)
        case .gesturePerformed(let gesture, let r, let p):
            w.member("event", "gesturePerformed"); w.key("gesture"); w.string(gesture.rawValue); w.key("element"); fragments.write(r, &w); w.key("point"); w.point(p)
        case .focused(let r):
            w.member("event", "focused"); w.key("element"); fragments.write(r, &w)
        case .focusHidden:
            w.member("event", "focusHidden")
        case .actionsListShown(let items):
            w.member("event", "actionsListShown"); w.key("items"); w.strings(items)
        case .actionsListItem(let item):
            w.member("event", "actionsListItem"); w.key("item"); w.string(item)
        case .actionsListHidden:
            w.member("event", "actionsListHidden")
        case .findQueryChanged(let query, let match):
            w.member("event", "findQueryChanged"); w.key("query"); w.string(query); w.key("match"); fragments.write(match, &w)
        case .findHidden:
            w.member("event", "findHidden")
        case .helpShown(let commands):
            w.member("event", "helpShown"); w.key("commands"); w.strings(commands)
        case .helpHidden:
            w.member("event", "helpHidden")
        case .textEditingBegan(let r):
            w.member("event", "textEditingBegan"); w.key("element"); fragments.write(r, &w)
        case .textEditingEnded(let r):
            w.member("event", "textEditingEnded"); w.key("element"); fragments.write(r, &w)
        case .appActionFailed(let r, let call, let answer):
            w.member("event", "appActionFailed"); w.key("element"); fragments.write(r, &w); w.key("call"); w.string(call); w.key("answer"); w.string(answer)
        }
    }

    // MARK: - Pieces

    static func ref(_ r: ElementRef, _ w: inout JSONWriter) {
        w.openObject()
        w.key("screen"); w.string(r.screen)
        w.key("index"); w.number(Int64(r.index))
        w.key("label"); if let label = r.label { w.string(label) } else { w.null() }
        w.key("identifier"); if let id = r.identifier { w.string(id) } else { w.null() }
        w.key("frame"); w.rect(r.frame)
        w.closeObject()
    }

    static func badge(_ b: OverlayBadge, _ w: inout JSONWriter, _ fragments: inout TranscriptFragments) {
        w.openObject()
        w.key("text"); w.string(b.text)
        w.key("number"); if let n = b.number { w.number(Int64(n)) } else { w.null() }
        w.key("element"); fragments.write(b.element, &w)
        w.key("frame"); w.rect(b.frame)
        w.closeObject()
    }

    static func grid(_ g: Grid, _ w: inout JSONWriter) {
        w.openObject()
        w.key("columns"); w.number(Int64(g.columns))
        w.key("rows"); w.number(Int64(g.rows))
        w.key("zoom"); w.openArray(); for cell in g.zoom { w.number(Int64(cell)) }; w.closeArray()
        w.key("area"); w.rect(g.area)
        w.closeObject()
    }



    static func input(_ input: Input, _ w: inout JSONWriter) {
        w.openObject()
        w.key("kind")
        switch input {
        case .switchDown(let s): w.string("switchDown"); w.key("switch"); w.string(s.name)
        case .switchUp(let s): w.string("switchUp"); w.key("switch"); w.string(s.name)
        case .key(let k):
            w.string("key"); w.key("key"); w.string(k.key.name)
            w.key("modifiers"); w.strings(k.modifiers.names)
            w.key("phase"); w.string(k.phase.rawValue)
        case .utterance(let u): w.string("utterance"); w.key("text"); w.string(u)
        case .deviceAdded(let d): w.string("deviceAdded"); w.key("device"); w.string(d)
        case .deviceRemoved(let d): w.string("deviceRemoved"); w.key("device"); w.string(d)
        case .screenReplaced(let u): w.string("screenReplaced"); w.key("screen"); w.string(u.screen.name)
        }
        w.closeObject()
    }

}
