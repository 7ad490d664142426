import ScreenModel
import SwitchyardEngine

/// What the events since the last input hold for `expect activated`,
/// `expect announcement` and `expect scanning stopped`: each activated
/// element and each announcement once, so the window grows with the app,
/// never with time.
struct EventWindow {
    /// An element as expectations match it: its screen and index.
    struct Key: Hashable {
        var screen: String
        var index: ElementIndex
    }
    /// One activation: the element (nil: a point with no element) and its
    /// screen as it was then (a live app's is read again as it changes:
    /// the name is matched against the tree the element was tapped in).
    struct Activation {
        var ref: ElementRef?
        var screen: Screen?
    }
    /// Activations in the order first seen.
    private(set) var activations: [Activation] = []
    private var activated: Set<Key?> = []
    /// Announcements in the order first seen.
    private(set) var announcements: [String] = []
    private var announced: Set<String> = []
    private(set) var scanningStopped = false

    var count: Int { activations.count + announcements.count + (scanningStopped ? 1 : 0) }

    /// - Parameters:
    ///   - event: the event.
    ///   - screens: the screens as they are when it happens, by name.
    mutating func add(_ event: Event, screens: [String: Screen]) {
        switch event {
        case .activated(let ref, _):
            if activated.insert(ref.map { Key(screen: $0.screen, index: $0.index) }).inserted {
                activations.append(Activation(ref: ref, screen: ref.flatMap { screens[$0.screen] }))
            }
        case .announced(let text):
            if announced.insert(text).inserted { announcements.append(text) }
        case .scanningStopped:
            scanningStopped = true
        default:
            break
        }
    }

    mutating func reset() { self = EventWindow() }
}
