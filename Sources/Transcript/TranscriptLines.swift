import ScreenModel
import SwitchyardEngine

/// A stream of transcript lines (JSON Lines, docs/transcript.md) written
/// into one buffer and handed on in pieces: what `switchyard run`, `live`
/// and `replay` write for `--transcript` (and `replay --format json` prints).
/// Each line is `TranscriptFormat.jsonLine`'s, followed by a newline.
///
/// A day of auto scanning names the same few elements tens of thousands of
/// times, so an element's JSON is written once and copied after that, and a
/// highlight's line after its `time_us` likewise (`TranscriptFragments`).
public struct TranscriptLines: ~Copyable {
    private var writer = JSONWriter(compact: true)
    private var fragments = TranscriptFragments(slots: 1024)
    private let scenario: String?

    /// - Parameter scenario: the scenario file every line comes from,
    ///   written first in each line (`switchyard run`), or nil.
    public init(scenario: String? = nil) {
        self.scenario = scenario
    }

    /// Appends `e`'s line and its newline.
    public mutating func append(_ e: TimedEvent) {
        TranscriptFormat.write(e, scenario: scenario, into: &writer, fragments: &fragments)
        writer.endLine()
    }

    /// Bytes written and not yet handed on.
    public var count: Int { writer.count }

    /// False when memory ran out and part of a line was dropped: whoever
    /// writes the lines out reports that instead.
    public var isComplete: Bool { writer.isComplete }

    /// Hands the lines written so far to `body` and forgets them.
    public mutating func drain(_ body: (UnsafeRawBufferPointer) -> Void) {
        writer.drain(body)
    }
}

/// The JSON of what a stream of transcript lines repeats: the elements
/// (auto scanning highlights the same stops each cycle), the scenario's
/// name, the technology, and whole highlights. Each is written once, then
/// copied.
///
/// An element's slot (its index's low bits) holds a reference and its
/// JSON. A copy of that reference (`ElementRef.isCopy(of:)`: the same
/// immutable names box, which the slot keeps alive, index and frame) is
/// copied from the slot; any other is written afresh and takes the slot.
/// The scenario's name and the technology are kept as last written.
///
/// A highlight's line differs from the last one for the same highlight by
/// the same technology only in its `time_us`: what follows it (the event,
/// what it highlights, the technology) is kept whole, with the element's
/// slot for an element, in a slot of its frame's for a group.
struct TranscriptFragments {
    private struct Element {
        let ref: ElementRef
        let json: [UInt8]
        /// The members after `time_us` of a highlight of this element.
        var highlighted: (by: Technology?, members: [UInt8])?
    }

    /// A group's highlight (`count`), or its exit's (nil).
    private struct Group {
        let frame: Rect
        let count: Int?
        let technology: Technology?
        let members: [UInt8]
    }

    private var elements: [Element?]
    private var groups: [Group?]
    private var scenario: (name: String, json: [UInt8])?
    private var technology: (Technology, json: [UInt8])?

    /// - Parameter slots: how many elements are kept (a power of two), or 0
    ///   to keep nothing (one line on its own).
    init(slots: Int) {
        precondition(slots >= 0 && slots & (slots &- 1) == 0, "a power of two, or 0")
        elements = Array(repeating: nil, count: slots)
        groups = Array(repeating: nil, count: slots == 0 ? 0 : 64)
    }

    var keeps: Bool { !elements.isEmpty }

    /// Writes `r` (`TranscriptFormat.ref`), or copies its JSON from last time.
    mutating func write(_ r: ElementRef, _ w: inout JSONWriter) {
        guard keeps else { return TranscriptFormat.ref(r, &w) }
        if let k = slot(holding: r) { return w.fragment(elements[k]!.json) }
        if let json = w.capture({ TranscriptFormat.ref(r, &$0) }) {
            elements[r.index & (elements.count - 1)] = Element(ref: r, json: json)
        }
    }

    /// An element, or `null` (a tap on nothing, no match).
    mutating func write(_ r: ElementRef?, _ w: inout JSONWriter) {
        if let r { write(r, &w) } else { w.null() }
    }

    /// The scenario file's name, a JSON string.
    mutating func write(scenario name: String, _ w: inout JSONWriter) {
        guard keeps else { return w.string(name) }
        if let s = scenario, s.name == name { return w.fragment(s.json) }
        if let json = w.capture({ $0.string(name) }) { scenario = (name, json) }
    }

    /// The technology's name, a JSON string.
    mutating func write(_ t: Technology, _ w: inout JSONWriter) {
        guard keeps else { return w.string(t.name) }
        if let last = technology, last.0 == t { return w.fragment(last.json) }
        if let json = w.capture({ $0.string(t.name) }) { technology = (t, json) }
    }

    /// The members after `time_us` of the last line that highlighted `h`
    /// by `t`, or nil.
    func members(of h: Highlight, by t: Technology?) -> [UInt8]? {
        switch h {
        case .element(let r):
            guard keeps, let k = slot(holding: r), let last = elements[k]!.highlighted, last.by == t else { return nil }
            return last.members
        case .group(let frame, let count):
            return group(frame, count, t)
        case .groupExit(let frame):
            return group(frame, nil, t)
        case .menuItem, .pointLine, .pointSweep, .menuButton:
            return nil
        }
    }

    /// Keeps the members after `time_us` of a line that highlighted `h` by `t`.
    mutating func remember(_ members: [UInt8], of h: Highlight, by t: Technology?) {
        guard keeps else { return }
        switch h {
        case .element(let r):
            // The line wrote the element, so its slot holds it (unless memory ran out).
            if let k = slot(holding: r) { elements[k]!.highlighted = (t, members) }
        case .group(let frame, let count):
            groups[slot(of: frame)] = Group(frame: frame, count: count, technology: t, members: members)
        case .groupExit(let frame):
            groups[slot(of: frame)] = Group(frame: frame, count: nil, technology: t, members: members)
        case .menuItem, .pointLine, .pointSweep, .menuButton:
            return
        }
    }

    private func group(_ frame: Rect, _ count: Int?, _ t: Technology?) -> [UInt8]? {
        guard keeps, let g = groups[slot(of: frame)], g.frame == frame, g.count == count, g.technology == t else { return nil }
        return g.members
    }

    /// `r`'s slot (its index's low bits), when it holds a copy of `r`.
    private func slot(holding r: ElementRef) -> Int? {
        let k = r.index & (elements.count - 1)
        guard let e = elements[k], e.ref.isCopy(of: r) else { return nil }
        return k
    }

    /// A frame's slot among the groups: its four numbers' bits, mixed.
    private func slot(of frame: Rect) -> Int {
        let mix: UInt64 = 0x9E37_79B9_7F4A_7C15
        var h = frame.x.bitPattern &* mix
        h = (h ^ frame.y.bitPattern) &* mix
        h = (h ^ frame.width.bitPattern) &* mix
        h = (h ^ frame.height.bitPattern) &* mix
        return Int(truncatingIfNeeded: h >> 58) & (groups.count - 1)
    }
}
