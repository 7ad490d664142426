import ScreenModel

// Voice Control's grammar as data: one table of phrases, each with what it
// does and where the phrase comes from (spec section 3.2–3.4; source IDs as
// in spec/apple-assistive-input.md). The first rule that matches the whole
// utterance wins, so longer phrases come before their prefixes and the bare
// "<item>" comes last. docs/voice-control.md lists the table.
//
// A pattern is words and slots, matched against the utterance after
// `SpokenText.normalize` (lower-case, no punctuation):
//   <item>       one or more words: a name or a number (always last)
//   <count>      a number, as digits or words (`SpokenNumber`)
//   <direction>  up, down, left or right
// A word written `a|b` accepts either.

/// What a rule does; its slots supply the rest.
enum RuleAction: Hashable, Sendable {
    /// "show names" …: the overlay, continuously or not.
    case show(OverlayKind, continuous: Bool)
    /// "show grid with <count> columns [and <count> rows]".
    case showGrid(continuous: Bool, sizes: GridSizes)
    /// "hide names" …
    case hide(OverlayKind)
    /// "tap <item>", "double tap <item>", "long press <item>", "increment <item>" …
    case target(TargetAction)
    /// "<item>" alone: a name taps; a grid cell's number zooms.
    case bare
    /// "swipe <direction>": the finger's way (swipe up scrolls down).
    case swipe
    /// "scroll <direction>".
    case scroll
    /// "go back".
    case goBack
    /// "show me what to say", "show commands".
    case showCommands
}

/// Which sizes a "show grid with …" phrase gives, in the order its counts come.
enum GridSizes: Hashable, Sendable {
    case columns, rows, columnsAndRows
}

/// What a targeting command does to its target.
enum TargetAction: Hashable, Sendable, CustomStringConvertible {
    case tap
    case gesture(Gesture)
    case increment
    case decrement

    var description: String {
        switch self {
        case .tap: return "tap"
        case .gesture(let g): return g.rawValue
        case .increment: return "increment"
        case .decrement: return "decrement"
        }
    }
}

/// One phrase of the grammar.
struct GrammarRule: Sendable {
    /// The phrase: words and slots.
    let pattern: String
    let action: RuleAction
    /// Where the phrase comes from: a spec tag and source IDs.
    let source: String
}

/// One piece of a pattern.
enum PatternToken: Hashable, Sendable {
    case words(Set<String>)
    case item
    case count
    case direction
}

/// What the slots of a matched rule hold.
struct RuleMatch: Hashable, Sendable {
    var action: RuleAction
    /// `<item>`: the words as spoken (normalised), joined by one space.
    var item: String? = nil
    /// `<count>`s, in order.
    var counts: [Int] = []
    var direction: ScrollDirection? = nil
}

enum Grammar {
    /// The phrases Voice Control understands, in matching order.
    static let rules: [GrammarRule] = [
        GrammarRule(pattern: "show me what to say", action: .showCommands, source: "[third-party] S32"),
        GrammarRule(pattern: "show commands", action: .showCommands, source: "[third-party] S32"),
        GrammarRule(pattern: "show names continuously", action: .show(.names, continuous: true), source: "[third-party] S32, S25"),
        GrammarRule(pattern: "show numbers continuously", action: .show(.numbers, continuous: true), source: "[third-party] S32, S25"),
        GrammarRule(pattern: "show grid continuously", action: .show(.grid, continuous: true), source: "[third-party] S32, S25"),
        GrammarRule(pattern: "show grid with <count> columns|column and <count> rows|row continuously", action: .showGrid(continuous: true, sizes: .columnsAndRows), source: "[third-party] S32"),
        GrammarRule(pattern: "show grid with <count> columns|column continuously", action: .showGrid(continuous: true, sizes: .columns), source: "[third-party] S32"),
        GrammarRule(pattern: "show grid with <count> rows|row continuously", action: .showGrid(continuous: true, sizes: .rows), source: "[third-party] S32"),
        GrammarRule(pattern: "show grid with <count> columns|column and <count> rows|row", action: .showGrid(continuous: false, sizes: .columnsAndRows), source: "[third-party] S32"),
        GrammarRule(pattern: "show grid with <count> columns|column", action: .showGrid(continuous: false, sizes: .columns), source: "[third-party] S32"),
        GrammarRule(pattern: "show grid with <count> rows|row", action: .showGrid(continuous: false, sizes: .rows), source: "[third-party] S32"),
        GrammarRule(pattern: "show names", action: .show(.names, continuous: false), source: "[third-party] S7, S24, S25"),
        GrammarRule(pattern: "show numbers", action: .show(.numbers, continuous: false), source: "[third-party] S7, S24, S25"),
        GrammarRule(pattern: "show grid", action: .show(.grid, continuous: false), source: "[third-party] S7, S25"),
        GrammarRule(pattern: "hide names", action: .hide(.names), source: "[third-party] S7, S25"),
        GrammarRule(pattern: "hide numbers", action: .hide(.numbers), source: "[third-party] S7, S25"),
        GrammarRule(pattern: "hide grid", action: .hide(.grid), source: "[third-party] S7, S25"),
        GrammarRule(pattern: "double tap <item>", action: .target(.gesture(.doubleTap)), source: "[third-party] S25; [Apple doc] S12"),
        GrammarRule(pattern: "long press <item>", action: .target(.gesture(.longPress)), source: "[third-party] S25"),
        GrammarRule(pattern: "tap <item>", action: .target(.tap), source: "[third-party] S7, S24; [Apple doc] S12"),
        GrammarRule(pattern: "click <item>", action: .target(.tap), source: "[unconfirmed] macOS wording, spec 3.4"),
        GrammarRule(pattern: "increment|increase <item>", action: .target(.increment), source: "[model choice] after accessibilityIncrement"),
        GrammarRule(pattern: "decrement|decrease <item>", action: .target(.decrement), source: "[model choice] after accessibilityDecrement"),
        GrammarRule(pattern: "swipe <direction>", action: .swipe, source: "[third-party] S25"),
        GrammarRule(pattern: "scroll <direction>", action: .scroll, source: "[third-party] S25; [Apple doc] S12"),
        GrammarRule(pattern: "go back", action: .goBack, source: "[third-party] S32"),
        GrammarRule(pattern: "<item>", action: .bare, source: "[third-party] S32 (\"<item name>\" on its own), S24, S25 (a number alone)"),
    ]

    /// The rules' patterns as tokens, in the same order.
    static let compiled: [[PatternToken]] = rules.map { compile($0.pattern) }

    static func compile(_ pattern: String) -> [PatternToken] {
        pattern.split(separator: " ").map { w in
            switch w {
            case "<item>": return .item
            case "<count>": return .count
            case "<direction>": return .direction
            default: return .words(Set(w.split(separator: "|").map(String.init)))
            }
        }
    }

    // MARK: - API

    /// The first rule that matches all of `words`, with its slots.
    /// - Parameter words: the utterance normalised and split at spaces.
    /// - Returns: nil when no rule matches (only for an empty utterance: the
    ///   bare `<item>` takes any words; whether they name something is decided
    ///   against the screen).
    static func match(_ words: [Substring]) -> RuleMatch? {
        guard let first = words.first else { return nil }
        for r in candidates(first) {
            var m = RuleMatch(action: rules[r].action)
            if match(compiled[r][...], words[...], &m) { return m }
        }
        return nil
    }

    /// The rules an utterance beginning with `word` can match, in table
    /// order: those whose first word it is, and those that begin with a slot.
    /// (An index, so that matching does not try every phrase.)
    static func candidates(_ word: Substring) -> [Int] {
        guard let some = byFirstWord[String(word)] else { return slotFirst }
        var out: [Int] = []
        out.reserveCapacity(some.count + slotFirst.count)
        var i = 0, j = 0
        while i < some.count || j < slotFirst.count {
            if j == slotFirst.count || (i < some.count && some[i] < slotFirst[j]) { out.append(some[i]); i += 1 } else { out.append(slotFirst[j]); j += 1 }
        }
        return out
    }

    /// First word → the rules that begin with it, ascending.
    static let byFirstWord: [String: [Int]] = {
        var index: [String: [Int]] = [:]
        for (r, tokens) in compiled.enumerated() {
            guard case .words(let words)? = tokens.first else { continue }
            for w in words { index[w, default: []].append(r) }
        }
        return index
    }()

    /// The rules that begin with a slot, ascending.
    static let slotFirst: [Int] = compiled.indices.filter { r in
        if case .words? = compiled[r].first { return false }
        return true
    }

    static func match(_ tokens: ArraySlice<PatternToken>, _ words: ArraySlice<Substring>, _ m: inout RuleMatch) -> Bool {
        guard let t = tokens.first else { return words.isEmpty }
        let rest = tokens.dropFirst()
        switch t {
        case .words(let accepted):
            guard let w = words.first, accepted.contains(String(w)) else { return false }
            return match(rest, words.dropFirst(), &m)
        case .direction:
            guard let w = words.first, let d = ScrollDirection(rawValue: String(w)) else { return false }
            m.direction = d
            return match(rest, words.dropFirst(), &m)
        case .item:
            // Always last: it takes every remaining word.
            guard rest.isEmpty, !words.isEmpty else { return false }
            m.item = words.joined(separator: " ")
            return true
        case .count:
            // One to four words that say a number, the longest that lets the rest match.
            for length in stride(from: min(4, words.count), through: 1, by: -1) {
                guard let n = SpokenNumber.parse(words.prefix(length)) else { continue }
                var attempt = m
                attempt.counts.append(n)
                if match(rest, words.dropFirst(length), &attempt) {
                    m = attempt
                    return true
                }
            }
            return false
        }
    }
}
