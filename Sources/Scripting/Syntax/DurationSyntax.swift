import SwitchyardEngine

/// Durations as scenarios write them (docs/scenarios.md): `1.5s`, `500ms`,
/// `2m` (minutes), `1min`; and, for `set press-length`, a bare number of
/// seconds. The number is checked before it becomes an `Interval`: not
/// NaN, infinite or negative, and at most `Interval.maximum` (1,000 years).
enum DurationSyntax {
    /// What is wrong with a duration as written.
    enum Problem: Error, Equatable {
        /// Not a number with a unit.
        case notADuration
        /// Longer than `Interval.maximum`.
        case tooLong

        /// The message for `text`, found where `what` was expected.
        func message(_ text: String, for what: String? = nil) -> String {
            let example = what.map { "a duration such as 150ms for \($0)" } ?? "a duration such as 1.5s or 500ms"
            switch self {
            case .notADuration: return "expected \(example), found '\(text)'"
            case .tooLong: return "'\(text)' is longer than the longest simulated time, \(Interval.maximum) (1000 years); expected \(example)"
            }
        }
    }

    /// The units, longest suffix first, in microseconds.
    static let units: [(suffix: String, microseconds: Double)] = [("ms", 1_000), ("min", 60_000_000), ("s", 1_000_000), ("m", 60_000_000)]

    /// Reads `text`.
    /// - Parameters:
    ///   - text: the duration as written.
    ///   - bareSeconds: whether a number without a unit means seconds.
    /// - Returns: the interval, or the problem.
    static func parse(_ text: String, bareSeconds: Bool = false) -> Result<Interval, Problem> {
        var number = Substring(text)
        var scale = 1_000_000.0
        if let unit = units.first(where: { text.hasSuffix($0.suffix) }) {
            number = number.dropLast(unit.suffix.count)
            scale = unit.microseconds
        } else if !bareSeconds {
            return .failure(.notADuration)
        }
        // `+1s`, `nan`, `inf` and `-0s` are not durations; `1e20s` is one, too long.
        guard let first = number.first, first.isNumber || first == ".", let v = Double(number), v.isFinite else {
            return .failure(.notADuration)
        }
        guard let interval = Interval(v, unitMicroseconds: scale) else { return .failure(.tooLong) }
        return .success(interval)
    }
}
