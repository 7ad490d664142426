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
    /// Full Keyboard Access's focused element; nil before the first key
    /// (and when the screen has no stop). It stays set while Auto-Hide hides the ring.
    public var focused: ElementRef? = nil
    /// Whether Full Keyboard Access's focus ring shows (false before the
    /// first key and after Auto-Hide).
    public var focusVisible: Bool = false
    /// Full Keyboard Access's actions list (Tab-Z) while it is open.
    public var actionsList: ActionsListPresentation? = nil
    /// Full Keyboard Access's Find (Tab-F) while it is open.
    public var find: FindPresentation? = nil
    /// Full Keyboard Access's command list (Tab-H) while it shows: one line per command.
    public var commandList: [String]? = nil
    /// The text field Full Keyboard Access types into, while editing.
    public var textEditing: ElementRef? = nil

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

/// Full Keyboard Access's open actions list as the user sees it.
public struct ActionsListPresentation: Hashable, Sendable {
    /// The item titles, in order (custom actions, then Increment and Decrement).
    public var items: [String]
    /// The highlighted item's index in `items`; nil when the list is empty.
    public var highlightedItem: Int?
    /// The element the list acts on.
    public var target: ElementRef

    public init(items: [String], highlightedItem: Int?, target: ElementRef) {
        self.items = items
        self.highlightedItem = highlightedItem
        self.target = target
    }
}

/// Full Keyboard Access's open Find as the user sees it.
public struct FindPresentation: Hashable, Sendable {
    /// What has been typed.
    public var query: String
    /// The element the query finds now; nil when none (or the query is empty).
    public var match: ElementRef?

    public init(query: String, match: ElementRef?) {
        self.query = query
        self.match = match
    }
}
