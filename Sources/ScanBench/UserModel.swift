import Diagnostics
import ScreenModel
import SwitchyardEngine

/// The person at the switch, keyboard or microphone, as the scan-time
/// benchmark models them (docs/scan-bench.md, "User model").
///
/// Every time is an `Interval` (microseconds), so the analytic model and the
/// simulation through `Session` compute the same instants.
public struct UserModel: Hashable, Sendable {
    /// From a highlight appearing to the switch going down, when the user
    /// waits for it. Default 0.5 s [model choice]: above an able-bodied
    /// simple reaction (about 0.2–0.3 s), below Apple's default 1 s Auto
    /// Scanning Time, which it must stay under to catch a highlight;
    /// scanning-models.md B8 asks for it per user.
    public var reactionTime: Interval = .milliseconds(500)
    /// How long a switch is held down. Default 0.15 s [model choice]; it must
    /// reach a Hold Duration and stay under a Long Press time.
    public var pressLength: Interval = .milliseconds(150)
    /// Probability of letting one chance to press pass (auto scanning): the
    /// highlight goes by and comes back a pass later. Default 0 (misses off).
    public var missProbability: Double = 0
    /// Full Keyboard Access: seconds per key command. Default 0.28 s, the
    /// Keystroke-Level Model's average keystroke (Card, Moran & Newell 1980).
    public var keyTime: Interval = .milliseconds(280)
    /// Voice Control: seconds per spoken command, saying it and the
    /// recogniser's answer. Default 2 s [model choice].
    public var commandTime: Interval = .seconds(2)
    /// Monte Carlo trials per element when misses are on. Default 1,000.
    public var trials: Int = 1000
    /// The Monte Carlo generator's seed. Default 1.
    public var seed: UInt64 = 1

    public init() {}

    /// The names of a user-model file's settings, in documentation order.
    public static let names = ["reaction-time", "press-length", "miss-probability", "key-time", "command-time", "trials", "seed"]

    /// Most Monte Carlo trials per element.
    public static let maximumTrials = 1_000_000

    /// Reads a user-model file: one JSON object, every key optional
    /// (`{"reaction-time": 0.6, "miss-probability": 0.05}`); times in seconds.
    /// - Parameters:
    ///   - json: the file's bytes.
    ///   - file: the name used in error messages.
    /// - Throws: a `Diagnostic` at the line and column of the bad name or value.
    public static func load(json: [UInt8], file: String) throws(Diagnostic) -> UserModel {
        let doc = try BenchFile.object(json, file: file, what: "a user-model file is one JSON object of settings by name")
        var user = UserModel()
        var seen: Set<String> = []
        for (key, node) in doc.members(doc.root) {
            let here = BenchFile.location(doc, node, file)
            guard seen.insert(key).inserted else { throw Diagnostic(.error, "'\(key)' is given twice; give each setting once", at: here) }
            if key == "comment" || key == "$schema" { continue }
            guard names.contains(key) else {
                throw Diagnostic(.error, "unknown user-model setting '\(key)'" + Suggestion.hint(for: key, among: names, fallback: "; known: \(names.joined(separator: ", "))"), at: here)
            }
            let written = doc.numberText(node) ?? doc.kind(node).noun
            guard let v = doc.number(node) else {
                throw Diagnostic(.error, "'\(key)' cannot be \(written); expected a number", at: here)
            }
            func seconds(_ range: ClosedRange<Double>) throws(Diagnostic) -> Interval {
                guard range.contains(v), let i = Interval(seconds: v) else {
                    throw Diagnostic(.error, "'\(key)' cannot be \(written); expected seconds from \(Point.format(range.lowerBound)) to \(Point.format(range.upperBound))", at: here)
                }
                return i
            }
            func whole(_ range: ClosedRange<Double>) throws(Diagnostic) -> Double {
                guard range.contains(v), v.rounded() == v else {
                    throw Diagnostic(.error, "'\(key)' cannot be \(written); expected a whole number from \(Int(range.lowerBound)) to \(Int(range.upperBound))", at: here)
                }
                return v
            }
            switch key {
            case "reaction-time": user.reactionTime = try seconds(0...3600)
            case "press-length": user.pressLength = try seconds(0.001...3600)
            case "key-time": user.keyTime = try seconds(0...3600)
            case "command-time": user.commandTime = try seconds(0...3600)
            case "miss-probability":
                guard v >= 0, v < 1 else { throw Diagnostic(.error, "'miss-probability' cannot be \(written); expected a probability from 0 up to (not including) 1", at: here) }
                user.missProbability = v
            case "trials": user.trials = Int(try whole(1...Double(maximumTrials)))
            default: user.seed = UInt64(try whole(0...9_007_199_254_740_992))
            }
        }
        return user
    }
}
