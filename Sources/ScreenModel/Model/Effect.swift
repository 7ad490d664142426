import Foundation

/// What happens in the app when an element is activated or one of its custom
/// actions is performed. Effects are data: the screen model parses, validates
/// and writes them; the engine's `Session` carries them out.
public enum Effect: Hashable, Sendable {
    /// Push a screen (navigation).
    case goTo(screen: String)
    /// Pop back to the previous screen.
    case back
    /// Present a screen as a sheet over the current one; when it is dismissed,
    /// focus returns to the element that presented it.
    case present(screen: String)
    /// Dismiss the topmost sheet.
    case dismiss
    /// Add the trait if absent, remove it if present (e.g. `selected`).
    case toggleTrait(Trait, target: String?)
    /// Switch the value between two strings (a switch's "0"/"1").
    case toggleValue(target: String?, off: String, on: String)
    /// Set the value.
    case setValue(String, target: String?)
    /// Raise an adjustable value by its step, within its range.
    case increment(target: String?)
    /// Lower an adjustable value by its step, within its range.
    case decrement(target: String?)
    /// Post an announcement (`UIAccessibility.post(notification: .announcement, …)`).
    case announce(String)

    /// The effect's name as written in files (`"effect": "goTo"`).
    public var kind: String {
        switch self {
        case .goTo: return "goTo"
        case .back: return "back"
        case .present: return "present"
        case .dismiss: return "dismiss"
        case .toggleTrait: return "toggleTrait"
        case .toggleValue: return "toggleValue"
        case .setValue: return "setValue"
        case .increment: return "increment"
        case .decrement: return "decrement"
        case .announce: return "announce"
        }
    }

    /// The kinds of effect, by the names files write them with.
    public enum Kind: String, CaseIterable, Sendable {
        case goTo, back, present, dismiss, toggleTrait, toggleValue, setValue, increment, decrement, announce
    }

    /// Every effect name, for error messages.
    public static let kinds = Kind.allCases.map(\.rawValue)

    /// The identifier of the element the effect changes, when it names one.
    public var target: String? {
        switch self {
        case .toggleTrait(_, let t), .toggleValue(let t, _, _), .setValue(_, let t), .increment(let t), .decrement(let t): return t
        case .goTo, .back, .present, .dismiss, .announce: return nil
        }
    }

    /// The screen the effect leads to, when it names one.
    public var screen: String? {
        switch self {
        case .goTo(let s), .present(let s): return s
        default: return nil
        }
    }
}

/// A custom action (`UIAccessibilityCustomAction`): a name, and what it does.
/// Switch Control lists them in the scanner menu; Full Keyboard Access in its
/// Tab-Z actions list.
public struct CustomAction: Hashable, Sendable {
    public var name: String
    public var effects: [Effect]
    public init(name: String, effects: [Effect]) {
        self.name = name
        self.effects = effects
    }
}

/// The range of an adjustable element's numeric value.
public struct ValueRange: Hashable, Sendable {
    public var minimum: Double
    public var maximum: Double
    public var step: Double
    /// How the number is shown as the element's `value`; `{value}` is replaced
    /// by the number (e.g. `{value}%`).
    public var format: String

    public init(minimum: Double, maximum: Double, step: Double, format: String = "{value}") {
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.format = format
    }

    /// `value` clamped to the range and written with `format`.
    public func text(for value: Double) -> String {
        let v = min(max(value, minimum), maximum)
        return format.replacingOccurrences(of: "{value}", with: Point.format(v))
    }

    /// The number shown in `text`, read back through `format`; nil when it does not fit.
    public func number(in text: String) -> Double? {
        let parts = format.components(separatedBy: "{value}")
        guard parts.count == 2, text.hasPrefix(parts[0]), text.hasSuffix(parts[1]),
              text.count >= parts[0].count + parts[1].count else { return nil }
        let inner = text.dropFirst(parts[0].count).dropLast(parts[1].count)
        return Double(inner)
    }
}
