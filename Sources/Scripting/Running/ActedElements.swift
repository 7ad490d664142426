import ScreenModel
import SwitchyardEngine

/// The elements a live app's run acted on (tapped, adjusted, typed into,
/// gave a custom action), most recent first: when a name matches several
/// elements, the one acted on is meant (`ElementMatcher.resolve`).
///
/// A live app's screen is read again as it changes; each new screen says
/// where every element of the one before went, by the app's own identity
/// of it (its AT-SPI object: `ScreenUpdate.moved`), and the acted elements
/// follow. One that is gone is dropped. At most `capacity` are kept, so the
/// list is bounded whatever the length of the run.
struct ActedElements {
    /// Where an acted element is: its screen's name and index there.
    struct Place: Hashable {
        var screen: String
        var index: ElementIndex
    }
    /// Most recent first.
    private(set) var places: [Place] = []
    static let capacity = 64

    /// Notes the element `event` acted on, if it acted on one.
    mutating func note(_ event: Event) {
        let ref: ElementRef?
        switch event {
        case .activated(let r, _): ref = r
        case .customActionPerformed(let r, _), .valueChanged(let r, _): ref = r
        default: ref = nil
        }
        guard let ref else { return }
        let place = Place(screen: ref.screen, index: ref.index)
        places.removeAll { $0 == place }
        places.insert(place, at: 0)
        if places.count > Self.capacity { places.removeLast() }
    }

    /// Follows the screen named `replaced` into `update`'s screen: each
    /// acted element to where it went, those that are gone dropped. A live
    /// app shows one screen at a time, so elements of any other are stale.
    mutating func follow(_ update: ScreenUpdate, replacing replaced: String) {
        places = places.compactMap { p in
            guard p.screen == replaced, let k = update.newIndex(of: p.index) else { return nil }
            return Place(screen: update.screen.name, index: k)
        }
    }

    /// The acted elements of the screen named `screen`, most recent first.
    func indices(on screen: String) -> [ElementIndex] {
        places.compactMap { $0.screen == screen ? $0.index : nil }
    }
}
