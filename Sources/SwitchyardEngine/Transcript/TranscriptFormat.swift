import Diagnostics
import ScreenModel

/// Writes events as JSON Lines and as readable text (docs/transcript.md
/// documents every field).
public enum TranscriptFormat {
    // MARK: - API

    /// One JSON object on one line, without a trailing newline.
    /// - Parameter e: the event.
    /// - Returns: e.g. `{"time_us":1000000,"event":"highlighted","highlight":"element","element":{…}}`.
    public static func jsonLine(_ e: TimedEvent) -> String {
        var o = JSONObject()
        o.raw("time_us", String(e.time.microseconds))
        switch e.event {
        case .screenChanged(let screen):
            o.string("event", "screenChanged"); o.string("screen", screen)
        case .highlighted(let h):
            o.string("event", "highlighted")
            switch h {
            case .element(let r): o.string("highlight", "element"); o.raw("element", ref(r))
            case .group(let frame, let count): o.string("highlight", "group"); o.raw("frame", rect(frame)); o.raw("count", String(count))
            case .groupExit(let frame): o.string("highlight", "groupExit"); o.raw("frame", rect(frame))
            case .menuItem(let item): o.string("highlight", "menuItem"); o.string("item", item)
            case .pointLine(let axis, let position): o.string("highlight", "pointLine"); o.string("axis", axis.rawValue); o.raw("position", number(position))
            case .pointSweep(let axis, let stage, let from, let to, let duration):
                o.string("highlight", "pointSweep"); o.string("axis", axis.rawValue); o.string("stage", stage.rawValue)
                o.raw("from", number(from)); o.raw("to", number(to)); o.raw("duration_us", String(duration.microseconds))
            case .menuButton: o.string("highlight", "menuButton")
            }
        case .menuShown(let items):
            o.string("event", "menuShown"); o.raw("items", strings(items))
        case .menuHidden:
            o.string("event", "menuHidden")
        case .activated(let r, let p):
            o.string("event", "activated"); o.raw("element", r.map(ref) ?? "null"); o.raw("point", point(p))
        case .customActionPerformed(let r, let name):
            o.string("event", "customActionPerformed"); o.raw("element", ref(r)); o.string("name", name)
        case .valueChanged(let r, let value):
            o.string("event", "valueChanged"); o.raw("element", ref(r)); o.raw("value", value.map(quote) ?? "null")
        case .traitsChanged(let r, let traits):
            o.string("event", "traitsChanged"); o.raw("element", ref(r)); o.raw("traits", "[" + traits.traits.map { quote($0.rawValue) }.joined(separator: ",") + "]")
        case .announced(let message):
            o.string("event", "announced"); o.string("message", message)
        case .focusRestored(let r):
            o.string("event", "focusRestored"); o.raw("element", ref(r))
        case .scrolled(let r, let direction):
            o.string("event", "scrolled"); o.raw("element", ref(r)); o.string("direction", direction.rawValue)
        case .scanningStopped(let reason):
            o.string("event", "scanningStopped"); o.string("reason", reason)
        case .inputIgnored(let input, let reason):
            o.string("event", "inputIgnored"); o.raw("input", inputJSON(input)); o.string("reason", reason.rawValue)
        case .deviceAdded(let name):
            o.string("event", "deviceAdded"); o.string("device", name)
        case .deviceRemoved(let name):
            o.string("event", "deviceRemoved"); o.string("device", name)
        case .bug(let message):
            o.string("event", "bug"); o.string("message", message)
        case .overlayShown(let overlay):
            o.string("event", "overlayShown"); o.string("overlay", overlay.kind.rawValue); o.raw("continuous", String(overlay.continuous))
            o.raw("badges", "[" + overlay.badges.map(badge).joined(separator: ",") + "]")
            if let g = overlay.grid { o.raw("grid", grid(g)) }
        case .overlayHidden(let kind):
            o.string("event", "overlayHidden"); o.string("overlay", kind.rawValue)
        case .gridZoomed(let path, let area):
            o.string("event", "gridZoomed"); o.raw("path", "[" + path.map(String.init).joined(separator: ",") + "]"); o.raw("area", rect(area))
        case .disambiguationShown(let name, let candidates):
            o.string("event", "disambiguationShown"); o.string("name", name); o.raw("candidates", "[" + candidates.map(ref).joined(separator: ",") + "]")
        case .disambiguationHidden:
            o.string("event", "disambiguationHidden")
        case .utteranceNotUnderstood(let text, let reason):
            o.string("event", "utteranceNotUnderstood"); o.string("text", text); o.string("reason", reason.rawValue)
        case .commandsListed(let commands):
            o.string("event", "commandsListed"); o.raw("commands", "[" + commands.map(quote).joined(separator: ",") + "]")
        case .gesturePerformed(let gesture, let r, let p):
            o.string("event", "gesturePerformed"); o.string("gesture", gesture.rawValue); o.raw("element", r.map(ref) ?? "null"); o.raw("point", point(p))
        case .focused(let r):
            o.string("event", "focused"); o.raw("element", ref(r))
        case .focusHidden:
            o.string("event", "focusHidden")
        case .actionsListShown(let items):
            o.string("event", "actionsListShown"); o.raw("items", strings(items))
        case .actionsListItem(let item):
            o.string("event", "actionsListItem"); o.string("item", item)
        case .actionsListHidden:
            o.string("event", "actionsListHidden")
        case .findQueryChanged(let query, let match):
            o.string("event", "findQueryChanged"); o.string("query", query); o.raw("match", match.map(ref) ?? "null")
        case .findHidden:
            o.string("event", "findHidden")
        case .helpShown(let commands):
            o.string("event", "helpShown"); o.raw("commands", strings(commands))
        case .helpHidden:
            o.string("event", "helpHidden")
        case .textEditingBegan(let r):
            o.string("event", "textEditingBegan"); o.raw("element", ref(r))
        case .textEditingEnded(let r):
            o.string("event", "textEditingEnded"); o.raw("element", ref(r))
        }
        if let t = e.technology { o.string("technology", t.name) }
        return o.text + "}"
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

    static func ref(_ r: ElementRef) -> String {
        var o = JSONObject()
        o.string("screen", r.screen)
        o.raw("index", String(r.index))
        o.raw("label", r.label.map(quote) ?? "null")
        o.raw("identifier", r.identifier.map(quote) ?? "null")
        o.raw("frame", rect(r.frame))
        return o.text + "}"
    }

    static func badge(_ b: OverlayBadge) -> String {
        var o = JSONObject()
        o.string("text", b.text)
        o.raw("number", b.number.map(String.init) ?? "null")
        o.raw("element", b.element.map(ref) ?? "null")
        o.raw("frame", rect(b.frame))
        return o.text + "}"
    }

    static func grid(_ g: Grid) -> String {
        "{\"columns\":\(g.columns),\"rows\":\(g.rows),\"zoom\":[\(g.zoom.map(String.init).joined(separator: ","))],\"area\":\(rect(g.area))}"
    }

    /// A badge in a text line: `3 "Label"` (a number on an element), `"Name"`
    /// (a name that is the element's label), `"Name" on "Label"` (an input label).
    static func badgeText(_ b: OverlayBadge) -> String {
        guard let e = b.element else { return b.text }
        if b.number != nil { return "\(b.text) \(e)" }
        return e.label == b.text ? "\"\(b.text)\"" : "\"\(b.text)\" on \(e)"
    }

    static func rect(_ r: Rect) -> String {
        "{\"x\":\(number(r.x)),\"y\":\(number(r.y)),\"width\":\(number(r.width)),\"height\":\(number(r.height))}"
    }

    static func point(_ p: Point) -> String { "{\"x\":\(number(p.x)),\"y\":\(number(p.y))}" }

    static func inputJSON(_ input: Input) -> String {
        switch input {
        case .switchDown(let s): return "{\"kind\":\"switchDown\",\"switch\":\(quote(s.name))}"
        case .switchUp(let s): return "{\"kind\":\"switchUp\",\"switch\":\(quote(s.name))}"
        case .key(let k):
            return "{\"kind\":\"key\",\"key\":\(quote(k.key.name)),\"modifiers\":\(strings(k.modifiers.names)),\"phase\":\"\(k.phase.rawValue)\"}"
        case .utterance(let u): return "{\"kind\":\"utterance\",\"text\":\(quote(u))}"
        case .deviceAdded(let d): return "{\"kind\":\"deviceAdded\",\"device\":\(quote(d))}"
        case .deviceRemoved(let d): return "{\"kind\":\"deviceRemoved\",\"device\":\(quote(d))}"
        }
    }

    static func inputText(_ input: Input) -> String {
        switch input {
        case .switchDown(let s): return "\(s) down"
        case .switchUp(let s): return "\(s) up"
        case .key(let k): return "key \(k)"
        case .utterance(let u): return "\"\(u)\""
        case .deviceAdded(let d): return "device added \(d)"
        case .deviceRemoved(let d): return "device removed \(d)"
        }
    }

    /// A JSON array of strings.
    static func strings(_ items: [String]) -> String { "[" + items.map(quote).joined(separator: ",") + "]" }

    /// `12` for whole numbers, `12.5` otherwise; `null` when not finite.
    static func number(_ v: Double) -> String { v.isFinite ? JSONWriter.number(v) : "null" }

    /// A JSON string literal (one rule for the whole project: `JSONWriter.quote`).
    static func quote(_ s: String) -> String { JSONWriter.quote(s) }
}

/// Builds a JSON object's text field by field, in a fixed order.
struct JSONObject {
    var text = "{"
    var first = true
    mutating func raw(_ key: String, _ value: String) {
        if !first { text += "," }
        first = false
        text += TranscriptFormat.quote(key) + ":" + value
    }
    mutating func string(_ key: String, _ value: String) { raw(key, TranscriptFormat.quote(value)) }
}
