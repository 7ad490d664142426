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

    /// Carries out `events` on the app; returns the calls that failed.
    @discardableResult
    public func perform(_ events: [TimedEvent], in snapshot: AtspiSnapshot) -> [DesktopAppError] {
        let calls = events.flatMap { Self.calls(for: $0.event, in: snapshot) }
        guard !calls.isEmpty else { return [] }
        return bus.callAll(calls).compactMap { r in
            if case .failure(let e) = r { return e }
            return nil
        }
    }
}
