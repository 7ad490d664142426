/// The ranges Switch Control's settings may take: what Apple's Settings
/// offer (the default), and the wider hard limits that `apple-ranges: false`
/// allows for research. One table, read by the settings file reader (which
/// reports a bad value at its line and column), by `set` commands and by
/// `Session.init` (for settings built in code).
///
/// Sources: the defaults table of spec/apple-assistive-input.md ([third-party]
/// S9 for Auto Scanning Time 0.05–25 s in steps of 0.05, Hold Duration and
/// Ignore Repeat 0.10–10 s, Move Repeat, Loops); the rest are model choices
/// (docs/switch-control.md, "Ranges").
struct SettingRange: Sendable {
    /// The kebab-case setting name.
    let name: String
    /// Apple's range, in microseconds (or the plain number for counts).
    let apple: ClosedRange<Int64>
    /// Apple's step, when the Settings UI uses one.
    let step: Int64?
    /// The hard range: nothing shorter than 1 ms, nothing longer than 1 hour.
    let hard: ClosedRange<Int64>

    /// The hard limits for every duration: 1 ms to 1 hour.
    static let durationLimits: ClosedRange<Int64> = 1_000...3_600_000_000

    /// A duration's ranges, from literal seconds.
    static func duration(_ name: String, _ low: Double, _ high: Double, step: Double? = 0.05) -> SettingRange {
        SettingRange(name: name, apple: Interval.seconds(low).microseconds...Interval.seconds(high).microseconds,
                     step: step.map { Interval.seconds($0).microseconds }, hard: durationLimits)
    }

    static let autoScanningTime = duration("auto-scanning-time", 0.05, 25)
    static let pauseOnFirstItem = duration("pause-on-first-item", 0.05, 8)
    static let moveRepeat = duration("move-repeat", 0.1, 25)
    static let longPress = duration("long-press", 0.1, 10)
    static let autoTapTime = duration("auto-tap-time", 0.1, 10)
    static let holdDuration = duration("hold-duration", 0.1, 10)
    static let ignoreRepeat = duration("ignore-repeat", 0.1, 10)
    static let dwellTime = duration("dwell-time", 0.1, 25)
    static let loops = SettingRange(name: "loops", apple: 1...10, step: nil, hard: 1...1_000_000)
    static let glidingCursorSpeed = SettingRange(name: "gliding-cursor-speed", apple: 1...120, step: nil, hard: 1...120)
    static let maxGroupSize = SettingRange(name: "max-group-size", apple: 2...10_000, step: nil, hard: 2...10_000)

    /// The problem with `value`, or nil when it is in range.
    func problem(_ value: Int64, appleRanges: Bool, isDuration: Bool = true) -> SettingsError.Problem? {
        let range = appleRanges ? apple : hard
        let ok = range.contains(value) && (!appleRanges || step.map { value % $0 == 0 } ?? true)
        guard !ok else { return nil }
        func show(_ v: Int64) -> String { isDuration ? Interval(microseconds: v).description : String(v) }
        var expected = isDuration ? "a time from \(show(range.lowerBound)) to \(show(range.upperBound))" : "a whole number from \(range.lowerBound) to \(range.upperBound)"
        if appleRanges {
            if let step { expected += " in steps of \(show(step))" }
            if hard != apple {
                expected += " (Apple's range; \"apple-ranges\": false allows \(show(hard.lowerBound)) to \(show(hard.upperBound)))"
            }
        }
        return .invalidValue(name: name, value: show(value), expected: expected)
    }
}

extension SwitchControlSettings {
    /// Every setting outside its range, in documentation order.
    /// - Returns: the problems; empty when every value is allowed.
    func rangeProblems() -> [SettingsError.Problem] {
        var out: [SettingsError.Problem] = []
        func check(_ range: SettingRange, _ value: Interval?) {
            if let v = value, let p = range.problem(v.microseconds, appleRanges: appleRanges) { out.append(p) }
        }
        check(.autoScanningTime, autoScanningTime)
        check(.pauseOnFirstItem, pauseOnFirstItem)
        if let loops, let p = SettingRange.loops.problem(Int64(loops), appleRanges: appleRanges, isDuration: false) {
            out.append(p)
        }
        check(.moveRepeat, moveRepeat)
        check(.longPress, longPress)
        check(.autoTapTime, autoTapTime)
        check(.holdDuration, holdDuration)
        check(.ignoreRepeat, ignoreRepeat)
        if let p = SettingRange.maxGroupSize.problem(Int64(maxGroupSize), appleRanges: appleRanges, isDuration: false) { out.append(p) }
        if !(rowOverlap.isFinite && rowOverlap >= 0 && rowOverlap <= 1) {
            out.append(.invalidValue(name: "row-overlap", value: "\(rowOverlap)", expected: "a fraction from 0 to 1"))
        }
        if let p = SettingRange.glidingCursorSpeed.problem(Int64(glidingCursorSpeed), appleRanges: appleRanges, isDuration: false) { out.append(p) }
        if !(glidingRefineBand.isFinite && glidingRefineBand >= 1 && glidingRefineBand <= 100_000) {
            out.append(.invalidValue(name: "gliding-refine-band", value: "\(glidingRefineBand)", expected: "a width in points from 1 to 100000"))
        }
        check(.dwellTime, dwellTime)
        return out
    }
}
