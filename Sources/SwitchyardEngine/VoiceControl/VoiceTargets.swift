import ScreenModel

/// What Voice Control can target on one screen, built once per screen (and
/// again when the screen scrolls or its traits change): the stops of the
/// navigation order — visible, not scrolled out, not outside a modal trap,
/// responding to interaction (spec 3.5) — their numbers, their names, and an
/// index from normalised name to stops, so that matching an utterance is one
/// dictionary look-up.
struct VoiceTargets: Sendable {
    /// The targets, in navigation order; position `p` is number `p + 1`.
    let stops: [ElementIndex]
    /// The modal element that traps navigation, if any.
    let modal: ElementIndex?
    /// Per target: its first speakable name as written (first input label,
    /// else label), nil when it has none.
    let displayNames: [String?]
    /// Per target: its names normalised (`SpokenText.normalize`), speakable ones only.
    let spokenNames: [[String]]
    /// Normalised name → target positions, ascending, each once.
    let index: [String: [Int]]

    init(screen: Screen, navigation: NavigationOptions) {
        let order = NavigationOrder(screen: screen, technology: .voiceControl, options: navigation)
        stops = order.stops
        modal = order.modal
        var display: [String?] = []
        var spoken: [[String]] = []
        var index: [String: [Int]] = [:]
        display.reserveCapacity(stops.count)
        spoken.reserveCapacity(stops.count)
        index.reserveCapacity(stops.count)
        for (p, k) in stops.enumerated() {
            var first: String? = nil
            var names: [String] = []
            for label in screen.inputLabels(of: k) {
                let n = SpokenText.normalize(label)
                guard !n.isEmpty else { continue }
                if first == nil { first = label }
                if !names.contains(n) {
                    names.append(n)
                    index[n, default: []].append(p)
                }
            }
            display.append(first)
            spoken.append(names)
        }
        displayNames = display
        spokenNames = spoken
        self.index = index
    }

    /// How many targets.
    var count: Int { stops.count }

    /// The first speakable name of target `p`, as written.
    func displayName(_ p: Int) -> String? { displayNames[p] }

    /// The targets whose names match `name` (normalised), ascending. Exact
    /// matches always win; with `contains` and no exact match, every name
    /// holding the spoken words as a run of whole words.
    func matches(_ name: String, _ mode: NameMatching) -> [Int] {
        if let exact = index[name] { return exact }
        guard mode == .contains, !name.isEmpty else { return [] }
        let needle = " " + name + " "
        var out: [Int] = []
        for (p, names) in spokenNames.enumerated() where names.contains(where: { (" " + $0 + " ").contains(needle) }) {
            out.append(p)
        }
        return out
    }
}
