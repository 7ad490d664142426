/// Numbers as an utterance gives them, after `SpokenText.normalize`:
/// digits in any script (`3`, `12`, `٣`), or English words from zero to nine
/// hundred and ninety-nine (`three`, `twenty one`, `twenty-one` — which
/// normalises to `twentyone` —, `one hundred and five`). [model choice]:
/// there is no speech recogniser here, so utterances are typed text; a
/// recogniser would give digits for the numbers it shows.
enum SpokenNumber {
    /// The number `words` say, or nil.
    /// - Parameter words: normalised words (no punctuation, lower-case).
    static func parse<S: Collection>(_ words: S) -> Int? where S.Element: StringProtocol {
        guard !words.isEmpty else { return nil }
        if words.count == 1, let n = digits(words.first!) { return n }
        var tokens: [String] = []
        for w in words {
            guard let split = split(String(w)) else { return nil }
            tokens.append(contentsOf: split)
        }
        return evaluate(tokens)
    }

    /// A run of decimal digits in any script, at most 9 of them.
    static func digits<S: StringProtocol>(_ w: S) -> Int? {
        guard !w.isEmpty, w.count <= 9 else { return nil }
        var n = 0
        for ch in w {
            guard ch.isNumber, let d = ch.wholeNumberValue, (0...9).contains(d) else { return nil }
            n = n * 10 + d
        }
        return n
    }

    static let units: [String: Int] = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
        "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]
    static let tens: [String: Int] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ]
    /// Every number word, longest first (so `seventeen` is not `seven` + `teen`).
    static let vocabulary: [String] = (Array(units.keys) + Array(tens.keys) + ["hundred", "and"]).sorted { $0.count > $1.count || ($0.count == $1.count && $0 < $1) }

    /// The letters number words begin with: a word beginning otherwise is
    /// no number (the common case, checked before any splitting).
    static let initials: Set<Character> = Set(vocabulary.compactMap(\.first))

    /// A word split into number words (`twentyone` → `twenty`, `one`); nil when it is not made of them.
    static func split(_ word: String) -> [String]? {
        if units[word] != nil || tens[word] != nil || word == "hundred" || word == "and" { return [word] }
        guard let first = word.first, initials.contains(first) else { return nil }
        var out: [String] = []
        var rest = Substring(word)
        while !rest.isEmpty {
            guard let w = vocabulary.first(where: { rest.hasPrefix($0) }) else { return nil }
            out.append(w)
            rest = rest.dropFirst(w.count)
        }
        return out
    }

    /// `[unit] hundred [and]` then `tens [unit]` or a unit or teen; all words used.
    static func evaluate(_ tokens: [String]) -> Int? {
        var k = 0
        var total = 0
        var hundreds = false
        if tokens.count >= 2, let u = units[tokens[0]], (1...9).contains(u), tokens[1] == "hundred" {
            total = u * 100
            hundreds = true
            k = 2
            if k < tokens.count, tokens[k] == "and" { k += 1 }
        }
        if k < tokens.count, let t = tens[tokens[k]] {
            total += t
            k += 1
            if k < tokens.count, let u = units[tokens[k]], (1...9).contains(u) {
                total += u
                k += 1
            }
        } else if k < tokens.count, let u = units[tokens[k]], u > 0 || (!hundreds && tokens.count == 1) {
            total += u
            k += 1
        }
        guard k == tokens.count, k > 0, tokens.last != "and" else { return nil }
        return total
    }
}
