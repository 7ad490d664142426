import ScreenModel
import SwitchyardEngine

/// The measurable core of the Voice Control matching benchmark: a screen of
/// `labels` buttons named `Item 1` … `Item N` (every name distinct, in a
/// 100-column grid), Voice Control alone, and utterances `tap item K` for
/// every K in a shuffled order. Each utterance is normalised, parsed by the
/// grammar, looked up in the index from normalised name to elements (built
/// once per screen), and taps its element.
///
/// The engine reads no clock; `switchyard-bench` times `run(_:)`.
public struct VoiceMatchBenchmark {
    /// The session being driven.
    public var session: Session
    /// The number of labelled buttons.
    public let labels: Int
    /// The utterances, one per label, in a fixed scrambled order.
    public let utterances: [String]

    /// Builds the screen and starts the session at zero.
    /// - Parameter labels: the number of buttons (at least 1).
    public init(labels: Int) {
        self.labels = labels
        session = BenchmarkScreens.session(BenchmarkScreens.grid(count: labels, columns: 100, label: "Item", contained: false, pitch: 10), .voiceControl(VoiceControlSettings()))
        // A fixed permutation (multiplying by a number prime to the count), so look-ups are not in table order.
        var order: [String] = []
        order.reserveCapacity(labels)
        var step = 7919 % labels
        while step == 0 || gcd(step, labels) != 1 { step += 1 }
        for k in 0..<labels { order.append("tap item \((k * step) % labels + 1)") }
        utterances = order
    }

    /// Says `count` utterances, 1 ms apart, cycling through `utterances`.
    /// - Parameter count: how many utterances.
    /// - Returns: how many of them tapped an element (all of them, when matching works).
    public mutating func run(_ count: Int) -> Int {
        var taps = 0
        var t = session.now
        for k in 0..<count {
            t = t + .milliseconds(1)
            session.handle(TimedInput(.utterance(utterances[k % utterances.count]), at: t)) { e in
                if case .activated(.some, _) = e.event { taps &+= 1 }
            }
        }
        return taps
    }
}

private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
