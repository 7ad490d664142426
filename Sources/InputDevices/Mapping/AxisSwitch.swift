/// Half of an analog axis acting as a button, with deadzone and hysteresis.
///
/// Normalisation: for range [min, max], centre c = (min+max)/2 and half range
/// h = (max−min)/2; the position is (value−c)/h in [−1, 1], signed so that
/// the mapped direction is positive. Values within `flat` of the centre read
/// as 0 (the kernel's deadzone hint), and the press threshold is never below
/// flat/h, so the application deadzone is at least `flat`.
///
/// ```
/// position  0 ─────── release ──── press ──── 1
///                     (t − hyst)     (t)
/// released ──(pos ≥ t)──▶ pressed ──(pos < t − hyst)──▶ released
/// ```
/// A value resting exactly at the threshold presses once and does not chatter:
/// it has to fall below `t − hysteresis` to release.
public struct AxisSwitch: Hashable, Sendable {
    public enum Phase: String, Hashable, Sendable { case released, pressed }
    /// What an update did.
    public enum Transition: String, Hashable, Sendable { case press, release }

    public let range: AbsInfo
    public let direction: AxisDirection
    public let threshold: Double
    public let hysteresis: Double
    public private(set) var phase: Phase = .released

    public init(range: AbsInfo, direction: AxisDirection, threshold: Double, hysteresis: Double) {
        self.range = range
        self.direction = direction
        self.hysteresis = hysteresis
        let half = Double(Int64(range.maximum) - Int64(range.minimum)) / 2
        let flatFraction = half > 0 ? Double(range.flat) / half : 0
        self.threshold = max(threshold, flatFraction)
    }

    /// The signed position in the mapped direction, after the deadzone.
    public func position(_ value: Int32) -> Double {
        let centre = (Double(range.minimum) + Double(range.maximum)) / 2
        let half = (Double(range.maximum) - Double(range.minimum)) / 2
        guard half > 0 else { return 0 }
        let offset = Double(value) - centre
        if abs(offset) <= Double(range.flat) { return 0 }
        let p = max(-1, min(1, offset / half))
        return direction == .positive ? p : -p
    }

    /// Feeds a new axis value; returns the transition it caused, if any.
    public mutating func update(_ value: Int32) -> Transition? {
        let p = position(value)
        switch phase {
        case .released:
            guard p >= threshold else { return nil }
            phase = .pressed
            return .press
        case .pressed:
            guard p < threshold - hysteresis else { return nil }
            phase = .released
            return .release
        }
    }
}
