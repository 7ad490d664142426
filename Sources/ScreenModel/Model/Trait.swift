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
}

/// A set of traits, stored as bits.
public struct TraitSet: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The set holding one trait.
    public init(_ trait: Trait) {
        self.rawValue = 1 << UInt32(Trait.allCases.firstIndex(of: trait)!)
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
    public var traits: [Trait] { Trait.allCases.filter { contains($0) } }

    /// `button, selected`.
    public var description: String { traits.map(\.rawValue).joined(separator: ", ") }
}
