import ScreenModel
import SwitchyardEngine

/// Carries the engine's actions out on the real app, as AT-SPI calls on the
/// objects a snapshot read:
///
/// | engine event | AT-SPI |
/// |---|---|
/// | `activated` (a tap, Space, "tap …") | `Action.DoAction(0)`; an item or tab without actions: its parent's `Selection.SelectChild(index)` when the parent has that interface; a text field: `Component.GrabFocus` |
/// | `customActionPerformed` | `Action.DoAction(k)`, `k` the action of that name |
/// | `valueChanged` of an adjustable | `Value.CurrentValue` set |
/// | `valueChanged` of a text field (typed text) | `EditableText.SetTextContents` |
/// | `focused`, `textEditingBegan` (Full Keyboard Access) | `Component.GrabFocus` |
///
/// GTK performs a click on its idle loop: a call returns at once, and what
/// it changed comes back as events, then a new snapshot (`LiveDesktopApp`).
public struct AtspiActuator {
    public let bus: AccessibilityBus

    public init(bus: AccessibilityBus) {
        self.bus = bus
    }

    /// What one event asks of the app, as calls (none for events that ask nothing).
    public static func calls(for event: Event, in snapshot: AtspiSnapshot) -> [BusCall] {
        func object(_ r: ElementRef?) -> (ElementIndex, AtspiObject)? {
            guard let r, r.screen == snapshot.screen.name, snapshot.objects.indices.contains(r.index),
                  let o = snapshot.objects[r.index] else { return nil }
            return (r.index, o)
        }
        switch event {
        case .activated(let r, _):
            guard let (k, o) = object(r) else { return [] }
            let traits = snapshot.screen.elements[k].traits
            if traits.contains(.searchField) {
                return [BusCall(o.bus, o.path, AtspiPaths.component, "GrabFocus")]
            }
            if !snapshot.actions[k].isEmpty {
                return [BusCall(o.bus, o.path, AtspiPaths.action, "DoAction", [.int32(0)])]
            }
            // Only a parent that implements Selection is asked (GTK warns otherwise).
            if let n = snapshot.nodes[k], let parent = snapshot.parentPaths[k],
               snapshot.nodes.contains(where: { $0?.object.path == parent && $0?.interfaces.contains(AtspiPaths.selection) == true }) {
                return [BusCall(o.bus, parent, AtspiPaths.selection, "SelectChild", [.int32(Int32(clamping: n.indexInParent))])]
            }
            return []
        case .customActionPerformed(let r, let name):
            guard let (k, o) = object(r), let a = snapshot.actions[k].firstIndex(of: name) else { return [] }
            return [BusCall(o.bus, o.path, AtspiPaths.action, "DoAction", [.int32(Int32(clamping: a))])]
        case .valueChanged(let r, let value):
            guard let (k, o) = object(r) else { return [] }
            let e = snapshot.screen.elements[k]
            if let range = e.range, let v = value.flatMap({ range.number(in: $0) }) {
                return [BusCall(o.bus, o.path, AtspiPaths.properties, "Set", [.string(AtspiPaths.value), .string("CurrentValue"), .variantDouble(v)])]
            }
            if e.traits.contains(.searchField) {
                return [BusCall(o.bus, o.path, AtspiPaths.editableText, "SetTextContents", [.string(value ?? "")])]
            }
            return []
        case .focused(let r), .textEditingBegan(let r):
            guard let (_, o) = object(r) else { return [] }
            return [BusCall(o.bus, o.path, AtspiPaths.component, "GrabFocus")]
        default:
            return []
        }
    }

    /// Carries out `events` on the app.
    /// - Returns: one `appActionFailed` event per call that failed (a D-Bus
    ///   error, no reply in time) or that the app refused (a method that
    ///   answers whether it did it, `DoAction`, `GrabFocus`, `SelectChild`,
    ///   `SetTextContents`, answered false), at the instant of the event
    ///   that asked, by its technology.
    public func perform(_ events: [TimedEvent], in snapshot: AtspiSnapshot) -> [TimedEvent] {
        var calls: [BusCall] = []
        var askedBy: [TimedEvent] = []
        for e in events {
            for c in Self.calls(for: e.event, in: snapshot) {
                calls.append(c)
                askedBy.append(e)
            }
        }
        guard !calls.isEmpty else { return [] }
        var failed: [TimedEvent] = []
        for ((call, e), reply) in zip(zip(calls, askedBy), bus.callAll(calls)) {
            guard let answer = Self.failure(reply) else { continue }
            let name = call.interface.split(separator: ".").last.map { "\($0).\(call.method)" } ?? call.method
            failed.append(TimedEvent(.appActionFailed(Self.element(of: e.event), call: name, answer: answer), at: e.time, by: e.technology))
        }
        return failed
    }

    /// What the app answered, in words, when the call failed or was refused; nil when it did it.
    static func failure(_ reply: Result<[BusValue], DesktopAppError>) -> String? {
        switch reply {
        case .success(let values):
            return values.first?.bool == false ? "it answered false" : nil
        case .failure(.noReply(_, let within)):
            return "it did not answer within \(within)"
        case .failure(.call(_, let error)):
            return "it answered with an error: \(error)"
        case .failure(let other):
            return other.message
        }
    }

    /// The element an event asked something of.
    static func element(of event: Event) -> ElementRef? {
        switch event {
        case .activated(let r, _): return r
        case .customActionPerformed(let r, _), .valueChanged(let r, _), .focused(let r), .textEditingBegan(let r): return r
        default: return nil
        }
    }
}
