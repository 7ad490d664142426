import Diagnostics
import ScreenModel

/// Writes events as readable text lines: what `switchyard run` prints, and
/// every event's `description`. The transcript's JSON Lines
/// (docs/transcript.md documents every field) are the `Transcript`
/// module's, which extends this type.
public enum TranscriptFormat {
    // MARK: - API

    /// One readable line: the instant, then what happened. Labels, values
    /// and names come from other people's files, so the line is
    /// terminal-safe: control characters (newlines included) and bidi
    /// overrides are shown escaped (`TerminalText`).
    ///
    /// With `showingTechnology` (a session of several technologies), the
    /// technology that caused the event follows the instant: `0.2s [voice]
    /// tap "Pay" at (195, 236)`. The session's own events (the start
    /// screen, `focusRestored`, an input nobody handles) carry no technology
    /// and read as without it.
    /// - Parameters:
    ///   - e: the event.
    ///   - showingTechnology: whether to name the technology.
    /// - Returns: e.g. `1.7s highlighted "Pay" {16, 700, 358×44}`.
    public static func textLine(_ e: TimedEvent, showingTechnology: Bool) -> String {
        var t = TerminalBytes()
        appendTextLine(e, showingTechnology: showingTechnology, to: &t)
        return t.text
    }

    /// `textLine(_:showingTechnology:)` without the technology.
    public static func textLine(_ e: TimedEvent) -> String { textLine(e, showingTechnology: false) }

    /// `textLine(_:showingTechnology:)` appended to `t`, without a newline:
    /// a run's lines are written one after another into one buffer, with no
    /// `String` each.
    public static func appendTextLine(_ e: TimedEvent, showingTechnology: Bool = false, to t: inout TerminalBytes) {
        e.time.describe(into: &t)
        if showingTechnology, let tech = e.technology {
            t.append(" ["); t.append(escaping: tech.name); t.append("]")
        }
        t.append(" ")
        switch e.event {
        case .screenChanged(let screen): t.append("screen "); t.append(escaping: screen)
        case .screenUpdated(let screen, let elements):
            t.append("screen "); t.append(escaping: screen); t.append(" updated ("); t.append(decimal: elements); t.append(" elements)")
        case .highlighted(let h):
            switch h {
            case .element(let r): t.append("highlighted "); r.describe(into: &t); t.append(" "); r.frame.describe(into: &t)
            case .group(let frame, let count): t.append("highlighted group of "); t.append(decimal: count); t.append(" "); frame.describe(into: &t)
            case .groupExit(let frame): t.append("highlighted group exit "); frame.describe(into: &t)
            case .menuItem(let item): t.append("highlighted menu item "); t.append(quoting: item)
            case .pointLine(let axis, let position):
                t.append("point line stopped "); t.append(escaping: axis.rawValue); t.append("="); t.append(number: position)
            case .pointSweep(let axis, let stage, let from, let to, let duration):
                t.append("point sweep "); t.append(escaping: stage.rawValue); t.append(" "); t.append(escaping: axis.rawValue); t.append(" ")
                t.append(number: from); t.append("→"); t.append(number: to); t.append(" over "); duration.describe(into: &t)
            case .menuButton: t.append("highlighted menu button")
            }
        case .menuShown(let items): t.append("menu shown: "); quotedList(items, &t)
        case .menuHidden: t.append("menu hidden")
        case .activated(let r, let p): t.append("tap "); refOrNothing(r, &t); t.append(" at "); p.describe(into: &t)
        case .customActionPerformed(let r, let name): t.append("custom action "); t.append(quoting: name); t.append(" on "); r.describe(into: &t)
        case .valueChanged(let r, let value):
            t.append("value of "); r.describe(into: &t); t.append(" = ")
            if let value { t.append(quoting: value) } else { t.append("none") }
        case .traitsChanged(let r, let traits):
            t.append("traits of "); r.describe(into: &t); t.append(" = ["); traits.describe(into: &t); t.append("]")
        case .announced(let message): t.append("announced "); t.append(quoting: message)
        case .focusRestored(let r): t.append("focus restored to "); r.describe(into: &t)
        case .scrolled(let r, let direction): t.append("scrolled "); r.describe(into: &t); t.append(" "); t.append(escaping: direction.rawValue)
        case .scanningStopped(let reason): t.append("scanning stopped ("); t.append(escaping: reason); t.append(")")
        case .inputIgnored(let input, let reason):
            t.append("ignored "); t.append(escaping: inputText(input)); t.append(" ("); t.append(escaping: reason.rawValue); t.append(")")
        case .deviceAdded(let name): t.append("device added "); t.append(quoting: name)
        case .deviceRemoved(let name): t.append("device removed "); t.append(quoting: name)
        case .bug(let message): t.append("BUG "); t.append(escaping: message)
        case .appModelError(let r, let message): t.append("app model error: "); refOrNothing(r, &t); t.append(": "); t.append(escaping: message)
        case .overlayShown(let overlay):
            if let g = overlay.grid {
                t.append("overlay grid")
                if overlay.continuous { t.append(" continuously") }
                t.append(" "); t.append(decimal: g.columns); t.append("×"); t.append(decimal: g.rows)
                if !g.zoom.isEmpty { t.append(" zoomed into "); numberList(g.zoom, &t) }
                t.append(" over "); g.area.describe(into: &t)
            } else {
                t.append("overlay "); t.append(escaping: overlay.kind.description)
                if overlay.continuous { t.append(" continuously") }
                t.append(": ")
                if overlay.badges.isEmpty { t.append("(none)") }
                for (k, b) in overlay.badges.enumerated() {
                    if k > 0 { t.append(", ") }
                    badge(b, &t)
                }
            }
        case .overlayHidden(let kind): t.append("overlay "); t.append(escaping: kind.description); t.append(" hidden")
        case .gridZoomed(let path, let area): t.append("grid zoomed into "); numberList(path, &t); t.append(" "); area.describe(into: &t)
        case .disambiguationShown(let name, let candidates):
            t.append("disambiguation "); t.append(quoting: name); t.append(": ")
            for (k, c) in candidates.enumerated() {
                if k > 0 { t.append(", ") }
                t.append(decimal: k + 1); t.append(" "); c.describe(into: &t); t.append(" "); c.frame.describe(into: &t)
            }
        case .disambiguationHidden: t.append("disambiguation hidden")
        case .utteranceNotUnderstood(let text, let reason):
            t.append("not understood "); t.append(quoting: text); t.append(" ("); t.append(escaping: reason.rawValue); t.append(")")
        case .commandsListed(let commands): t.append("commands: "); quotedList(commands, &t)
        case .gesturePerformed(let gesture, let r, let p):
            t.append(escaping: gesture.description); t.append(" "); refOrNothing(r, &t); t.append(" at "); p.describe(into: &t)
        case .focused(let r): t.append("focused "); r.describe(into: &t); t.append(" "); r.frame.describe(into: &t)
        case .focusHidden: t.append("focus hidden")
        case .actionsListShown(let items): t.append("actions shown: "); quotedList(items, &t)
        case .actionsListItem(let item): t.append("highlighted action "); t.append(quoting: item)
        case .actionsListHidden: t.append("actions hidden")
        case .findQueryChanged(let query, let match):
            t.append("find "); t.append(quoting: query); t.append(" → ")
            if let match { match.describe(into: &t) } else { t.append("no match") }
        case .findHidden: t.append("find hidden")
        case .helpShown(let commands): t.append("help shown: "); t.append(decimal: commands.count); t.append(" commands")
        case .helpHidden: t.append("help hidden")
        case .textEditingBegan(let r): t.append("editing "); r.describe(into: &t)
        case .textEditingEnded(let r): t.append("editing ended "); r.describe(into: &t)
        case .appActionFailed(let r, let call, let answer):
            t.append("app did not carry out "); t.append(escaping: call); t.append(" on "); refOrNothing(r, &t); t.append(": "); t.append(escaping: answer)
        }
    }

    /// `"a", "b"`: texts from outside, quoted, comma-separated.
    static func quotedList(_ items: [String], _ t: inout TerminalBytes) {
        for (k, item) in items.enumerated() {
            if k > 0 { t.append(", ") }
            t.append(quoting: item)
        }
    }

    /// `[1, 2]`: grid cells.
    static func numberList(_ cells: [Int], _ t: inout TerminalBytes) {
        t.append("[")
        for (k, cell) in cells.enumerated() {
            if k > 0 { t.append(", ") }
            t.append(decimal: cell)
        }
        t.append("]")
    }

    /// An element, or `nothing` (a tap on no element).
    static func refOrNothing(_ r: ElementRef?, _ t: inout TerminalBytes) {
        if let r { r.describe(into: &t) } else { t.append("nothing") }
    }

    /// A badge in a text line: `3 "Label"` (a number on an element), `"Name"`
    /// (a name that is the element's label), `"Name" on "Label"` (an input label).
    static func badge(_ b: OverlayBadge, _ t: inout TerminalBytes) {
        guard let e = b.element else { t.append(escaping: b.text); return }
        if b.number != nil {
            t.append(escaping: b.text); t.append(" "); e.describe(into: &t)
        } else if e.label == b.text {
            t.append(quoting: b.text)
        } else {
            t.append(quoting: b.text); t.append(" on "); e.describe(into: &t)
        }
    }

    // MARK: - Pieces

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
}
