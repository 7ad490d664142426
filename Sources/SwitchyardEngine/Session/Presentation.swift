import ScreenModel

/// What the active technologies show the user now: the state that scripts
/// expect against and the live view draws, exposed by the engine so that
/// nobody rebuilds it from events.
///
/// Each technology fills in its own part (`AssistiveTechnology.present(into:)`).
public struct Presentation: Hashable, Sendable {
    /// Switch Control's cursor: an element, a group, a menu item, a point
    /// line; nil while nothing is highlighted (scanning stopped, or manual
    /// scanning before the first move).
    public var highlight: Highlight? = nil
    /// Switch Control's scanner menu while it is open.
    public var scannerMenu: ScannerMenuPresentation? = nil
    /// Voice Control's overlay while one shows (names, numbers or the grid),
    /// with every badge's text and frame.
    public var voiceOverlay: Overlay? = nil
    /// Voice Control's numbered matches while a spoken name is ambiguous.
    public var disambiguation: VoiceDisambiguation? = nil

    public init() {}
}

/// The open scanner menu as the user sees it.
public struct ScannerMenuPresentation: Hashable, Sendable {
    /// The item titles, in scanning order (`Tap`, custom actions, …, `Escape`).
    public var items: [String]
    /// The highlighted item's index in `items`; nil while the highlight is
    /// back on the element the menu was opened on (Select there closes it).
    public var highlightedItem: Int?
    /// The element the menu acts on; nil for a point or the menu button.
    public var target: ElementRef?

    public init(items: [String], highlightedItem: Int?, target: ElementRef?) {
        self.items = items
        self.highlightedItem = highlightedItem
        self.target = target
    }
}
