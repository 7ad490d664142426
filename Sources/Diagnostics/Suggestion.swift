/// "Did you mean": the closest known word to a misspelt one, the one rule
/// for every file format, script, setting, command and option name in the
/// project.
public enum Suggestion {
    /// The closest word of `known` to `word`, ignoring case. Short words allow
    /// fewer edits (`w` does not suggest `x`); others up to two.
    /// - Returns: the suggestion, or nil when nothing is close.
    public static func closest(to word: String, among known: [String]) -> String? {
        let w = Array(word.lowercased())
        let budget = min(2, w.count / 2)
        var best: (String, Int)? = nil
        for candidate in known {
            let d = distance(w, Array(candidate.lowercased()), limit: budget)
            if d <= budget, d < (best?.1 ?? .max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// `; did you mean 'x'?`, or `fallback` when nothing is close.
    public static func hint(for word: String, among known: [String], fallback: String = "") -> String {
        closest(to: word, among: known).map { "; did you mean '\($0)'?" } ?? fallback
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once every
    /// prefix is further than `limit`.
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for (i, ca) in a.enumerated() {
            cur[0] = i + 1
            var rowMin = cur[0]
            for (j, cb) in b.enumerated() {
                cur[j + 1] = min(prev[j + 1] + 1, cur[j] + 1, prev[j] + (ca == cb ? 0 : 1))
                rowMin = min(rowMin, cur[j + 1])
            }
            if rowMin > limit { return limit + 1 }
            swap(&prev, &cur)
        }
        return prev[b.count]
    }
}
