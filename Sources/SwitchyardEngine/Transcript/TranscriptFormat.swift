import Diagnostics
import ScreenModel

/// Writes events as JSON Lines and as readable text (docs/transcript.md
/// documents every field).
public enum TranscriptFormat {
    // MARK: - API

    /// One JSON object on one line, without a trailing newline.
    /// - Parameters:
    ///   - e: the event.
    ///   - scenario: the scenario file it came from, written first when
    ///     several scenarios share one transcript (`switchyard run`).
    /// - Returns: e.g. `{"time_us":1000000,"event":"highlighted","highlight":"element","element":{…}}`.
    public static func jsonLine(_ e: TimedEvent, scenario: String? = nil) -> String {
        var w = JSONWriter(compact: true)
        write(e, scenario: scenario, into: &w)
        return w.text
    }

    /// `jsonLine(_:scenario:)` and its newline, appended to `w` (a compact
    /// writer), for a stream of lines written without a `String` each.
    /// - Parameters:
    ///   - e: the event.
    ///   - scenario: the scenario file it came from, if named.
    ///   - w: the writer; its `bytes` grow by one line.
    public static func appendJSONLine(_ e: TimedEvent, scenario: String? = nil, to w: inout JSONWriter) {
        write(e, scenario: scenario, into: &w)
        w.endLine()
    }

    static func write(_ e: TimedEvent, scenario: String?, into w: inout JSONWriter) {
        w.openObject()
        if let scenario { w.key("scenario"); w.string(scenario) }
        w.key("time_us"); w.number(e.time.microseconds)
        switch e.event {
        case .screenChanged(let screen):
            w.key("event"); w.string("screenChanged"); w.key("screen"); w.string(screen)
        case .screenUpdated(let screen, let elements):
            w.key("event"); w.string("screenUpdated"); w.key("screen"); w.string(screen); w.key("elements"); w.number(Int64(elements))
        case .highlighted(let h):
            w.key("event"); w.string("highlighted")
            switch h {
            case .element(let r): w.key("highlight"); w.string("element"); w.key("element"); ref(r, &w)
            case .group(let frame, let count): w.key("highlight"); w.string("group"); w.key("frame"); rect(frame, &w); w.key("count"); w.number(Int64(count))
            case .groupExit(let frame): w.key("highlight"); w.string("groupExit"); w.key("frame"); rect(frame, &w)
            case .menuItem(let item): w.key("highlight"); w.string("menuItem"); w.key("item"); w.string(item)
            case .pointLine(let axis, let position): w.key("highlight"); w.string("pointLine"); w.key("axis"); w.string(axis.rawValue); w.key("position"); w.number(position)
            case .pointSweep(let axis, let stage, let from, let to, let duration):
                w.key("highlight"); w.string("pointSweep"); w.key("axis"); w.string(axis.rawValue); w.key("stage"); w.string(stage.rawValue)
                w.key("from"); w.number(from); w.key("to"); w.number(to); w.key("duration_us"); w.number(duration.microseconds)
            case .menuButton: w.key("highlight"); w.string("menuButton")
            }
        case .menuShown(let items):
            w.key("event"); w.string("menuShown"); w.key("items"); w.strings(items)
        case .menuHidden:
            w.key("event"); w.string("menuHidden")
        case .activated(let r, let p):
            w.key("event"); w.string("activated"); w.key("element"); ref(r, &w); w.key("point"); point(p, &w)
        case .customActionPerformed(let r, let name):
            w.key("event"); w.string("customActionPerformed"); w.key("element"); ref(r, &w); w.key("name"); w.string(name)
        case .valueChanged(let r, let value):
            w.key("event"); w.string("valueChanged"); w.key("element"); ref(r, &w); w.key("value"); if let value { w.string(value) } else { w.null() }
        case .traitsChanged(let r, let traits):
            w.key("event"); w.string("traitsChanged"); w.key("element"); ref(r, &w); w.key("traits"); w.strings(traits.traits.map(\.rawValue))
        case .announced(let message):
            w.key("event"); w.string("announced"); w.key("message"); w.string(message)
        case .focusRestored(let r):
            w.key("event"); w.string("focusRestored"); w.key("element"); ref(r, &w)
        case .scrolled(let r, let direction):
            w.key("event"); w.string("scrolled"); w.key("element"); ref(r, &w); w.key("direction"); w.string(direction.rawValue)
        case .scanningStopped(let reason):
            w.key("event"); w.string("scanningStopped"); w.key("reason"); w.string(reason)
        case .inputIgnored(let input, let reason):
            w.key("event"); w.string("inputIgnored"); w.key("input"); Self.input(input, &w); w.key("reason"); w.string(reason.rawValue)
        case .deviceAdded(let name):
            w.key("event"); w.string("deviceAdded"); w.key("device"); w.string(name)
        case .deviceRemoved(let name):
            w.key("event"); w.string("deviceRemoved"); w.key("device"); w.string(name)
        case .bug(let message):
            w.key("event"); w.string("bug"); w.key("message"); w.string(message)
        case .overlayShown(let overlay):
            w.key("event"); w.string("overlayShown"); w.key("overlay"); w.string(overlay.kind.rawValue); w.key("continuous"); w.bool(overlay.continuous)
            w.key("badges"); w.openArray(); for b in overlay.badges { badge(b, &w) }; w.closeArray()
            if let g = overlay.grid { w.key("grid"); grid(g, &w) }
        case .overlayHidden(let kind):
            w.key("event"); w.string("overlayHidden"); w.key("overlay"); w.string(kind.rawValue)
        case .gridZoomed(let path, let area):
            w.key("event"); w.string("gridZoomed"); w.key("path"); w.openArray(); for cell in path { w.number(Int64(cell)) }; w.closeArray(); w.key("area"); rect(area, &w)
        case .disambiguationShown(let name, let candidates):
            w.key("event"); w.string("disambiguationShown"); w.key("name"); w.string(name); w.key("candidates"); w.openArray(); for c in candidates { ref(c, &w) }; w.closeArray()
        case .disambiguationHidden:
            w.key("event"); w.string("disambiguationHidden")
        case .utteranceNotUnderstood(let text, let reason):
            w.key("event"); w.string("utteranceNotUnderstood"); w.key("text"); w.string(text); w.key("reason"); w.string(reason.rawValue)
        case .commandsListed(let commands):
            w.key("event"); w.string("commandsListed"); w.key("commands"); w.strings(commands)
        case .gesturePerformed(let gesture, let r, let p):
            w.key("event"); w.string("gesturePerformed"); w.key("gesture"); w.string(gesture.rawValue); w.key("element"); ref(r, &w); w.key("point"); point(p, &w)
        case .focused(let r):
            w.key("event"); w.string("focused"); w.key("element"); ref(r, &w)
        case .focusHidden:
            w.key("event"); w.string("focusHidden")
        case .actionsListShown(let items):
            w.key("event"); w.string("actionsListShown"); w.key("items"); w.strings(items)
        case .actionsListItem(let item):
            w.key("event"); w.string("actionsListItem"); w.key("item"); w.string(item)
        case .actionsListHidden:
            w.key("event"); w.string("actionsListHidden")
        case .findQueryChanged(let query, let match):
            w.key("event"); w.string("findQueryChanged"); w.key("query"); w.string(query); w.key("match"); ref(match, &w)
        case .findHidden:
            w.key("event"); w.string("findHidden")
        case .helpShown(let commands):
            w.key("event"); w.string("helpShown"); w.key("commands"); w.strings(commands)
        case .helpHidden:
            w.key("event"); w.string("helpHidden")
        case .textEditingBegan(let r):
            w.key("event"); w.string("textEditingBegan"); w.key("element"); ref(r, &w)
        case .textEditingEnded(let r):
            w.key("event"); w.string("textEditingEnded"); w.key("element"); ref(r, &w)
        }
        if let t = e.technology { w.key("technology"); w.string(t.name) }
        w.closeObject()
    }

    /// One readable line: the instant, then what happened. Labels, values
    /// and names come from other people's files, so the line is
    /// terminal-safe: control characters (newlines included) and bidi
    /// overrides are shown escaped (`TerminalText`).
    /// - Parameter e: the event.
    /// - Returns: e.g. `1.7s highlighted "Pay" {16, 700, 358×44}`.
    public static func textLine(_ e: TimedEvent) -> String {
        TerminalText.escaped(rawTextLine(e), keepNewlines: false)
    }

    /// `textLine(_:)`, with the technology that caused the event after the
    /// instant when `showingTechnology` (a session of several technologies):
    /// `0.2s [voice] tap "Pay" at (195, 236)`. The session's own events
    /// (the start screen, `focusRestored`, an input nobody handles) carry no
    /// technology and read as without it.
    /// - Parameters:
    ///   - e: the event.
    ///   - showingTechnology: whether to name the technology.
    /// - Returns: the line.
    public static func textLine(_ e: TimedEvent, showingTechnology: Bool) -> String {
        let line = textLine(e)
        guard showingTechnology, let t = e.technology else { return line }
        let time = e.time.description
        return time + " [\(t.name)]" + line.dropFirst(time.count)
    }

    /// `textLine` before escaping.
    static func rawTextLine(_ e: TimedEvent) -> String {
        let t = e.time.description
        switch e.event {
        case .screenChanged(let screen): return "\(t) screen \(screen)"
        case .screenUpdated(let screen, let elements): return "\(t) screen \(screen) updated (\(elements) elements)"
        case .highlighted(let h):
            switch h {
            case .element(let r): return "\(t) highlighted \(r) \(r.frame)"
            case .group(let frame, let count): return "\(t) highlighted group of \(count) \(frame)"
            case .groupExit(let frame): return "\(t) highlighted group exit \(frame)"
            case .menuItem(let item): return "\(t) highlighted menu item \"\(item)\""
            case .pointLine(let axis, let position): return "\(t) point line stopped \(axis.rawValue)=\(number(position))"
            case .pointSweep(let axis, let stage, let from, let to, let duration):
                return "\(t) point sweep \(stage.rawValue) \(axis.rawValue) \(number(from))→\(number(to)) over \(duration)"
            case .menuButton: return "\(t) highlighted menu button"
            }
        case .menuShown(let items): return "\(t) menu shown: " + items.map { "\"\($0)\"" }.joined(separator: ", ")
        case .menuHidden: return "\(t) menu hidden"
        case .activated(let r, let p): return "\(t) tap \(r.map(\.description) ?? "nothing") at \(p)"
        case .customActionPerformed(let r, let name): return "\(t) custom action \"\(name)\" on \(r)"
        case .valueChanged(let r, let value): return "\(t) value of \(r) = \(value.map { "\"\($0)\"" } ?? "none")"
        case .traitsChanged(let r, let traits): return "\(t) traits of \(r) = [\(traits)]"
        case .announced(let message): return "\(t) announced \"\(message)\""
        case .focusRestored(let r): return "\(t) focus restored to \(r)"
        case .scrolled(let r, let direction): return "\(t) scrolled \(r) \(direction.rawValue)"
        case .scanningStopped(let reason): return "\(t) scanning stopped (\(reason))"
        case .inputIgnored(let input, let reason): return "\(t) ignored \(inputText(input)) (\(reason.rawValue))"
        case .deviceAdded(let name): return "\(t) device added \"\(name)\""
        case .deviceRemoved(let name): return "\(t) device removed \"\(name)\""
        case .bug(let message): return "\(t) BUG \(message)"
        case .overlayShown(let overlay):
            let how = overlay.continuous ? " continuously" : ""
            if let g = overlay.grid {
                let zoom = g.zoom.isEmpty ? "" : " zoomed into [\(g.zoom.map(String.init).joined(separator: ", "))]"
                return "\(t) overlay grid\(how) \(g.columns)×\(g.rows)\(zoom) over \(g.area)"
            }
            let badges = overlay.badges.isEmpty ? "(none)" : overlay.badges.map(badgeText).joined(separator: ", ")
            return "\(t) overlay \(overlay.kind)\(how): \(badges)"
        case .overlayHidden(let kind): return "\(t) overlay \(kind) hidden"
        case .gridZoomed(let path, let area): return "\(t) grid zoomed into [\(path.map(String.init).joined(separator: ", "))] \(area)"
        case .disambiguationShown(let name, let candidates):
            return "\(t) disambiguation \"\(name)\": " + candidates.enumerated().map { "\($0 + 1) \($1) \($1.frame)" }.joined(separator: ", ")
        case .disambiguationHidden: return "\(t) disambiguation hidden"
        case .utteranceNotUnderstood(let text, let reason): return "\(t) not understood \"\(text)\" (\(reason.rawValue))"
        case .commandsListed(let commands): return "\(t) commands: " + commands.map { "\"\($0)\"" }.joined(separator: ", ")
        case .gesturePerformed(let gesture, let r, let p): return "\(t) \(gesture) \(r.map(\.description) ?? "nothing") at \(p)"
        case .focused(let r): return "\(t) focused \(r) \(r.frame)"
        case .focusHidden: return "\(t) focus hidden"
        case .actionsListShown(let items): return "\(t) actions shown: " + items.map { "\"\($0)\"" }.joined(separator: ", ")
        case .actionsListItem(let item): return "\(t) highlighted action \"\(item)\""
        case .actionsListHidden: return "\(t) actions hidden"
        case .findQueryChanged(let query, let match): return "\(t) find \"\(query)\" → \(match.map(\.description) ?? "no match")"
        case .findHidden: return "\(t) find hidden"
        case .helpShown(let commands): return "\(t) help shown: \(commands.count) commands"
        case .helpHidden: return "\(t) help hidden"
        case .textEditingBegan(let r): return "\(t) editing \(r)"
        case .textEditingEnded(let r): return "\(t) editing ended \(r)"
        }
    }

    // MARK: - Pieces

    static func ref(_ r: ElementRef, _ w: inout JSONWriter) {
        w.openObject()
        w.key("screen"); w.string(r.screen)
        w.key("index"); w.number(Int64(r.index))
        w.key("label"); if let label = r.label { w.string(label) } else { w.null() }
        w.key("identifier"); if let id = r.identifier { w.string(id) } else { w.null() }
        w.key("frame"); rect(r.frame, &w)
        w.closeObject()
    }

    /// An element, or `null` (a tap on nothing, no match).
    static func ref(_ r: ElementRef?, _ w: inout JSONWriter) {
        if let r { ref(r, &w) } else { w.null() }
    }

    static func badge(_ b: OverlayBadge, _ w: inout JSONWriter) {
        w.openObject()
        w.key("text"); w.string(b.text)
        w.key("number"); if let n = b.number { w.number(Int64(n)) } else { w.null() }
        w.key("element"); ref(b.element, &w)
        w.key("frame"); rect(b.frame, &w)
        w.closeObject()
    }

    static func grid(_ g: Grid, _ w: inout JSONWriter) {
        w.openObject()
        w.key("columns"); w.number(Int64(g.columns))
        w.key("rows"); w.number(Int64(g.rows))
        w.key("zoom"); w.openArray(); for cell in g.zoom { w.number(Int64(cell)) }; w.closeArray()
        w.key("area"); rect(g.area, &w)
        w.closeObject()
    }

    /// A badge in a text line: `3 "Label"` (a number on an element), `"Name"`
    /// (a name that is the element's label), `"Name" on "Label"` (an input label).
    static func badgeText(_ b: OverlayBadge) -> String {
        guard let e = b.element else { return b.text }
        if b.number != nil { return "\(b.text) \(e)" }
        return e.label == b.text ? "\"\(b.text)\"" : "\"\(b.text)\" on \(e)"
    }

    static func rect(_ r: Rect, _ w: inout JSONWriter) {
        w.openObject()
        w.key("x"); w.number(r.x)
        w.key("y"); w.number(r.y)
        w.key("width"); w.number(r.width)
        w.key("height"); w.number(r.height)
        w.closeObject()
    }

    static func point(_ p: Point, _ w: inout JSONWriter) {
        w.openObject()
        w.key("x"); w.number(p.x)
        w.key("y"); w.number(p.y)
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

    static func inputText(_ input: Input) -> String {
        switch input {
        case .switchDown(let s): return "\(s) down"
        case .switchUp(let s): return "\(s) up"
        case .key(let k): return "key \(k)"
        case .utterance(let u): return "\"\(u)\""
        case .deviceAdded(let d): return "device added \(d)"
        case .deviceRemoved(let d): return "device removed \(d)"
        case .screenReplaced(let u): return "screen \(u.screen.name) replaced"
        }
    }

    /// `12` for whole numbers, `12.5` otherwise, in text lines.
    static func number(_ v: Double) -> String { JSONWriter.number(v) }
}
