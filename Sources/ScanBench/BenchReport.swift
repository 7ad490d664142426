import ScreenModel
import SwitchyardEngine

/// What reaching and activating one element costs: expected highlight steps,
/// switch presses (key commands, spoken commands) and seconds from the start
/// of scanning (the screen's first key, the first utterance) to the element's
/// activation. An unreachable element is listed with the reason, never dropped.
public struct ElementCost: Hashable, Sendable {
    /// The element's index on its screen.
    public var element: ElementIndex
    /// Its path (`root/children[2]`; filled in by the `costs()` of a whole
    /// screen, in one pass), label and frame.
    public var path: String
    public var label: String?
    public var frame: Rect
    /// Expected highlights up to and including the one that shows the target
    /// (a group highlight counts as one; Switch Control), key commands
    /// (Full Keyboard Access) or commands (Voice Control).
    public var steps: Double
    /// Expected switch presses (Switch Control), keys (Full Keyboard Access)
    /// or spoken commands (Voice Control), the activating one included.
    public var presses: Double
    /// Expected seconds to reach and activate.
    public var seconds: Double
    /// Why the element cannot be reached; nil when it can.
    public var unreachable: String?
    /// Why the element is not a stop of the navigation order at all, when
    /// that is why it cannot be reached (then `unreachable` is its words).
    public var notAStop: NotAStop? = nil
    /// The element's target probability weight (1 unless a weights file says otherwise).
    public var weight: Double = 1
    /// Monte Carlo only: the standard error of `seconds` (the 95%
    /// confidence interval is ± 1.96 of it).
    public var secondsStandardError: Double? = nil
    /// Why `seconds` (and `steps`, `presses`) is a lower bound rather than
    /// the expectation: the element can be reached, and takes longer than
    /// that (a simulated trial ran past the simulation's horizon); nil when
    /// it is the expectation. A slow element is never called unreachable,
    /// and its time is printed however large (docs/scan-bench.md, "Very
    /// slow elements").
    public var lowerBound: String? = nil

    /// Whether the element can be reached.
    public var reachable: Bool { unreachable == nil }

    public init(element: ElementIndex, on screen: Screen, steps: Double, presses: Double, seconds: Double, unreachable: String? = nil) {
        self.element = element
        self.path = ""
        self.label = screen.label(of: element)
        self.frame = screen.frames[element]
        self.steps = steps
        self.presses = presses
        self.seconds = seconds
        self.unreachable = unreachable
    }

    /// An element that cannot be reached, and why.
    public static func unreachable(_ element: ElementIndex, on screen: Screen, _ reason: String) -> ElementCost {
        ElementCost(element: element, on: screen, steps: 0, presses: 0, seconds: 0, unreachable: reason)
    }

    /// An element that responds to user interaction but is not a stop of
    /// the navigation order, and why.
    public static func unreachable(_ element: ElementIndex, on screen: Screen, _ reason: NotAStop) -> ElementCost {
        var cost = unreachable(element, on: screen, reason.rawValue)
        cost.notAStop = reason
        return cost
    }
}

/// Why an element that responds to user interaction is not a stop of the
/// navigation order (docs/scan-bench.md, "What is costed"); the raw value is
/// the reason as reports write it.
public enum NotAStop: String, CaseIterable, Hashable, Sendable {
    /// It, or an ancestor, is hidden.
    case hidden = "hidden"
    /// It lies outside a scrollable ancestor's viewport; scrolling brings it back.
    case scrolledOut = "scrolled out of view"
    /// It has the `notEnabled` trait (own or merged).
    case notEnabled = "not enabled"
    /// A modal element elsewhere on the screen traps navigation.
    case behindModal = "behind a modal view that traps navigation"
    /// None of the above: the screen's structure leaves it out (a container's
    /// `accessibilityElements` does not list it).
    case notInOrder = "not in the navigation order"

    /// Whether the screen's present state keeps it out (hidden, scrolled
    /// out, not enabled, behind a modal), which changes as the app runs,
    /// rather than the screen's structure.
    public var isState: Bool { self != .notInOrder }
}

/// Aggregates over the reachable elements, weighted by target probability.
/// With no reachable element of weight above 0 there is nothing to average:
/// the means and quantiles are nil, printed `—` (`null` in JSON), never 0.
public struct CostSummary: Hashable, Sendable {
    public var meanSteps: Double?
    public var meanPresses: Double?
    public var meanSeconds: Double?
    /// Weighted quantiles of seconds: the smallest value whose cumulative
    /// weight reaches half (nine tenths) of the total.
    public var medianSeconds: Double?
    public var p90Seconds: Double?
    public var maxSeconds: Double?
    /// How many elements cannot be reached.
    public var unreachable: Int
    /// How many elements can be reached (whatever their weight).
    public var reachable: Int
    /// Whether an element in the statistics has a lower bound for its
    /// figures (`ElementCost.lowerBound`): then so do the statistics.
    public var lowerBound: Bool

    /// The summary of `costs` (unreachable ones and zero weights left out of the statistics).
    public init(_ costs: [ElementCost]) {
        let live = costs.filter { $0.reachable && $0.weight > 0 }
        let total = live.reduce(0) { $0 + $1.weight }
        func mean(_ f: (ElementCost) -> Double) -> Double? {
            total > 0 ? live.reduce(0) { $0 + $1.weight * f($1) } / total : nil
        }
        meanSteps = mean(\.steps)
        meanPresses = mean(\.presses)
        meanSeconds = mean(\.seconds)
        let sorted = live.sorted { $0.seconds < $1.seconds }
        func quantile(_ q: Double) -> Double? {
            var sum = 0.0
            for c in sorted {
                sum += c.weight
                if sum >= q * total * (1 - 1e-12) { return c.seconds }
            }
            return sorted.last?.seconds
        }
        medianSeconds = quantile(0.5)
        p90Seconds = quantile(0.9)
        maxSeconds = sorted.last?.seconds
        reachable = costs.count { $0.reachable }
        unreachable = costs.count - reachable
        lowerBound = live.contains { $0.lowerBound != nil }
    }

    /// Why there are no statistics, when there are none: nothing can be
    /// reached, or nothing reachable has a weight above 0.
    public var noMean: String? {
        guard meanSeconds == nil else { return nil }
        if reachable > 0 { return "no reachable element has a weight above 0" }
        return unreachable > 0 ? "nothing can be reached" : "no element responds to user interaction"
    }
}

/// One screen's costs under one technology and its settings, for one user.
public struct BenchReport: Sendable {
    /// The app and screen.
    public var app: String
    public var screen: String
    /// The technology and, in words, its method (`auto scanning, groups on`).
    public var technology: Technology
    public var method: String
    /// The settings used, as `name: value` pairs in documentation order.
    public var settings: [(String, String)]
    public var user: UserModel
    /// How the costs were computed (`analytic`, `simulation`, `monte carlo`).
    public var computedBy: String
    /// One entry per element that responds to user interaction, in navigation order, then the unreachable ones.
    public var elements: [ElementCost]
    public var summary: CostSummary

    public init(app: String, screen: String, technology: Technology, method: String, settings: [(String, String)], user: UserModel, computedBy: String, elements: [ElementCost]) {
        self.app = app
        self.screen = screen
        self.technology = technology
        self.method = method
        self.settings = settings
        self.user = user
        self.computedBy = computedBy
        self.elements = elements
        self.summary = CostSummary(elements)
    }
}
