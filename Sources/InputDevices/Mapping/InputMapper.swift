import SwitchyardEngine

/// Turns one device's raw evdev events into `TimedInput`s through a profile.
///
/// Events are collected per frame and applied when `SYN_REPORT` arrives.
/// Rules, on purpose:
/// - `EV_KEY` 1 presses, 0 releases; **2 (autorepeat) is ignored**: a held
///   switch is one press, and hold timing belongs to the engine.
/// - `EV_MSC` (scan codes) and unmapped codes are ignored.
/// - Several sources may drive one target (hat and stick both → `previous`):
///   the target goes down with the first source and up with the last.
/// - `releaseAll(at:)` ends every held target, for unplug and shutdown.
/// - With `passthroughKeys`, every `KEY_*` code becomes a `.key` transition
///   named as in the Linux headers, modifier keys included; each carries the
///   modifiers held just before it (`KeyStroke`).
/// - A chord target (`shift+tab` on a shoulder button) goes down as its
///   keys' downs in order and up as their ups in reverse (`KeyChord.strokes`),
///   with the modifiers the device holds added.
public struct InputMapper: Sendable {
    public let profile: DeviceProfile
    private var keyTargets: [UInt16: MappingTarget] = [:]
    private var axisSwitches: [UInt16: [(AxisSwitch, MappingTarget)]] = [:]
    private var frame: [RawEvent] = []
    /// Sources currently holding each target.
    private var holders: [MappingTarget: Set<Source>] = [:]
    private var modifiers: KeyModifiers = []
    private var heldModifierKeys: Set<Key> = []

    enum Source: Hashable, Sendable { case key(UInt16), axis(UInt16, AxisDirection), passthrough(UInt16) }

    /// - Parameter axes: axis ranges of the device (for `EV_ABS` mappings);
    ///   axis mappings for codes the device lacks are dropped.
    public init(profile: DeviceProfile, axes: [UInt16: AbsInfo]) {
        self.profile = profile
        for m in profile.mappings {
            switch m {
            case .key(let code, let target):
                keyTargets[code] = target
            case .axis(let code, let direction, let threshold, let hysteresis, let target):
                guard let range = axes[code] else { continue }
                axisSwitches[code, default: []].append(
                    (AxisSwitch(range: range, direction: direction, threshold: threshold, hysteresis: hysteresis), target))
            }
        }
    }

    /// Adds one event; returns the inputs of the frame it completed (empty
    /// until `SYN_REPORT`). `SYN_DROPPED` drops the frame so far, which the
    /// overflow damaged (libevdev discards the rest of it), live and in a
    /// replay alike.
    public mutating func feed(_ event: RawEvent, clock: SessionClock) -> [TimedInput] {
        if event.isReport { return flush(clock: clock) }
        if event.type == EventType.syn && event.code == EventType.synDropped { frame.removeAll(); return [] }
        frame.append(event)
        return []
    }

    /// Applies the collected frame now, even without `SYN_REPORT`.
    public mutating func flush(clock: SessionClock) -> [TimedInput] {
        let events = frame
        frame.removeAll()
        var out: [TimedInput] = []
        for e in events { out += apply(e, at: clock.instant(e)) }
        return out
    }

    /// Releases every held target at `time` (unplug, shutdown), in target order.
    public mutating func releaseAll(at time: Instant) -> [TimedInput] {
        let held = holders.filter { !$0.value.isEmpty }.keys.sorted { "\($0)" < "\($1)" }
        holders.removeAll()
        return held.flatMap { transitions($0, .up).map { TimedInput($0, at: time) } }
    }

    private mutating func apply(_ e: RawEvent, at time: Instant) -> [TimedInput] {
        switch e.type {
        case EventType.key:
            if e.value == 2 { return [] }          // autorepeat: not a new press (see type comment)
            let pressed = e.value != 0
            if let target = keyTargets[e.code] { return set(target, source: .key(e.code), pressed: pressed, at: time) }
            guard profile.passthroughKeys, let key = KeyNames.key(forKeyCode: e.code) else { return [] }
            // The transition carries the modifiers held before it; a modifier key then updates them.
            let out = set(.key(key), source: .passthrough(e.code), pressed: pressed, at: time)
            if key.isModifier {
                if pressed { heldModifierKeys.insert(key) } else { heldModifierKeys.remove(key) }
                modifiers = KeyModifiers(heldModifierKeys.compactMap(\.modifier))
            }
            return out
        case EventType.abs:
            guard var list = axisSwitches[e.code] else { return [] }   // unmapped axis (triggers, right stick)
            var out: [TimedInput] = []
            for i in list.indices {
                guard let t = list[i].0.update(e.value) else { continue }
                out += set(list[i].1, source: .axis(e.code, list[i].0.direction), pressed: t == .press, at: time)
            }
            axisSwitches[e.code] = list
            return out
        default:
            return []
        }
    }

    private mutating func set(_ target: MappingTarget, source: Source, pressed: Bool, at time: Instant) -> [TimedInput] {
        var set = holders[target] ?? []
        let wasHeld = !set.isEmpty
        if pressed { set.insert(source) } else { set.remove(source) }
        holders[target] = set
        switch (wasHeld, set.isEmpty) {
        case (false, false): return transitions(target, .down).map { TimedInput($0, at: time) }
        case (true, true): return transitions(target, .up).map { TimedInput($0, at: time) }
        case (false, true), (true, false): return []
        }
    }

    /// The inputs of `t` going down or coming up.
    private func transitions(_ t: MappingTarget, _ phase: KeyPhase) -> [Input] {
        switch t {
        case .switchID(let s): return [phase == .down ? .switchDown(s) : .switchUp(s)]
        case .key(let k): return [.key(KeyStroke(key: k, modifiers: modifiers, phase: phase))]
        case .chord(let c):
            return c.strokes.filter { $0.phase == phase }.map { .key(KeyStroke(key: $0.key, modifiers: $0.modifiers.union(modifiers), phase: phase)) }
        }
    }
}
