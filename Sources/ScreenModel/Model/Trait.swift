/// An accessibility trait, named as in Apple's `UIAccessibilityTraits` /
/// SwiftUI `AccessibilityTraits`.
///
/// Traits describe what an element is; the interaction traits (button, link,
/// searchField, adjustable, keyboardKey, toggle) also make an element respond
/// to user interaction when `respondsToUserInteraction` is not given.
public enum Trait: String, CaseIterable, Hashable, Sendable {
    case button, link, header, image, staticText, searchField, selected, notEnabled
    case adjustable, updatesFrequently, isModal, keyboardKey, tabBar, toggle
    case summaryElement, playsSound, startsMediaSession, allowsDirectInteraction
    case causesPageTurn, supportsZoom

    /// Traits that, on their own, make an element respond to user interaction
    /// (Apple infers `accessibilityRespondsToUserInteraction` from traits).
    public static let interactive: TraitSet = [.button, .link, .searchField, .adjustable, .keyboardKey, .toggle]

    /// The traits by bit (`allCases`, read once).
    static let byBit = allCases

    /// The trait's bit in a `TraitSet`: its position in `allCases`. A switch,
    /// not `allCases.firstIndex(of:)`, which allocated and searched an array
    /// on every `contains` (a fifth of the time to load a million elements).
    var bit: UInt32 {
        switch self {
        case .button: return 0
        case .link: return 1
        case .header: return 2
        case .image: return 3
        case .staticText: return 4
        case .searchField: return 5
        case .selected: return 6
        case .notEnabled: return 7
        case .adjustable: return 8
        case .updatesFrequently: return 9
        case .isModal: return 10
        case .keyboardKey: return 11
        case .tabBar: return 12
        case .toggle: return 13
        case .summaryElement: return 14
        case .playsSound: return 15
        case .startsMediaSession: return 16
        case .allowsDirectInteraction: return 17
        case .causesPageTurn: return 18
        case .supportsZoom: return 19
        }
    }
}

/// A set of traits, stored as bits.
public struct TraitSet: OptionSet, Hashable, Sendable, CustomStringConvertible, TerminalDescribable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The set holding one trait.
    public init(_ trait: Trait) {
        self.rawValue = 1 << trait.bit
    }

    public init<S: Sequence>(_ traits: S) where S.Element == Trait {
        var raw: UInt32 = 0
        for t in traits { raw |= TraitSet(t).rawValue }
        self.rawValue = raw
    }

    public static let button = TraitSet(.button)
    public static let link = TraitSet(.link)
    public static let header = TraitSet(.header)
    public static let image = TraitSet(.image)
    public static let staticText = TraitSet(.staticText)
    public static let searchField = TraitSet(.searchField)
    public static let selected = TraitSet(.selected)
    public static let notEnabled = TraitSet(.notEnabled)
    public static let adjustable = TraitSet(.adjustable)
    public static let updatesFrequently = TraitSet(.updatesFrequently)
    public static let isModal = TraitSet(.isModal)
    public static let keyboardKey = TraitSet(.keyboardKey)
    public static let tabBar = TraitSet(.tabBar)
    public static let toggle = TraitSet(.toggle)

    public func contains(_ trait: Trait) -> Bool { contains(TraitSet(trait)) }

    /// The traits in declaration order.
    public var traits: [Trait] {
        var list: [Trait] = []
        forEach { list.append($0) }
        return list
    }

    /// Calls `body` with each trait, in declaration order (bit order),
    /// making no array: a report writes every element's traits.
    public func forEach(_ body: (Trait) -> Void) {
        var bits = rawValue
        while bits != 0 {
            body(Trait.byBit[bits.trailingZeroBitCount])
            bits &= bits &- 1
        }
    }

    /// `button, selected`.
    public var description: String { TerminalBytes.text(of: self) }

    /// Appends `button, selected` to a text line: the names in declaration order.
    public func describe(into t: inout TerminalBytes) {
        var first = true
        forEach { trait in
            if !first { t.append(", ") }
            first = false
            t.append(escaping: trait.rawValue)
        }
    }
}
