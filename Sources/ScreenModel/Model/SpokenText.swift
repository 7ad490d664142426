import Foundation

/// The one rule for comparing what a user says (or types at Find) with an
/// element's names: Voice Control matches utterances with it, decides which
/// names are speakable with it, and Full Keyboard Access's Find can use it.
///
/// Spec section 3.3, rules 1–3 ([model choice] derived from Apple's advice to
/// keep input labels short and free of symbols, S12b, S10b):
///
/// 1. Unicode NFKC (compatibility characters become their plain forms: full-width
///    `ＷＩ` is `WI`, `ﬁ` is `fi`, `①` is `1`, half-width kana become full-width);
/// 2. lower-case (Unicode full case mapping, no locale);
/// 3. letters and numbers are kept, whitespace separates words, and everything
///    else — punctuation, symbols, emoji, private-use glyphs, controls — is
///    dropped without leaving a space (`Wi-Fi` is `wifi`, `Latte, €3.50` is
///    `latte 350`);
/// 4. runs of whitespace become one space, with none at either end.
///
/// A name is **speakable** when something is left: at least one letter or
/// number, in any script. Labels made only of emoji, symbols or private-use
/// glyphs are not, so Voice Control shows a number for them.
///
/// NFKC needs Foundation (`precomposedStringWithCompatibilityMapping`), so the
/// rule lives here rather than in the engine, which does not import Foundation.
/// Text that is all ASCII is its own NFKC form and takes a fast path that
/// never calls Foundation.
public enum SpokenText {
    // MARK: - API

    /// `text` normalised for matching: NFKC, lower-case, letters and numbers
    /// only, words separated by one space.
    /// - Parameter text: a label, an input label or an utterance.
    /// - Returns: e.g. `"wifi"` for `"Wi-Fi"`; empty when nothing speakable is left.
    public static func normalize(_ text: String) -> String {
        var ascii = true
        for b in text.utf8 where b >= 0x80 { ascii = false; break }
        return ascii ? normalizeASCII(text) : normalizeUnicode(text)
    }

    /// Whether `text` has a speakable name: something is left after `normalize(_:)`.
    /// - Parameter text: a label or input label.
    /// - Returns: false for an empty label, or one made only of emoji, symbols or private-use glyphs.
    public static func isSpeakable(_ text: String) -> Bool {
        !normalize(text).isEmpty
    }

    // MARK: - The two paths

    /// ASCII: letters lower-cased, digits kept, space, tab and newline separate
    /// words, every other byte dropped.
    static func normalizeASCII(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if pendingSpace && !out.isEmpty { out.append(UInt8(ascii: " ")) }
                pendingSpace = false
                out.append(b)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if pendingSpace && !out.isEmpty { out.append(UInt8(ascii: " ")) }
                pendingSpace = false
                out.append(b + 32)
            case 0x09...0x0D, 0x20:
                pendingSpace = true
            default:
                break
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Any text: NFKC, then the same rule per character. Foundation's
    /// compatibility mapping on Linux leaves some sequences decomposed
    /// (half-width `ｶﾞ` becomes `カ` + U+3099), so the canonical composition
    /// follows; Swift compares strings by canonical equivalence either way.
    static func normalizeUnicode(_ text: String) -> String {
        let nfkc = text.precomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping.lowercased()
        var out = ""
        out.reserveCapacity(nfkc.utf8.count)
        var pendingSpace = false
        for ch in nfkc {
            if ch.isWhitespace {
                pendingSpace = true
            } else if isWordCharacter(ch) {
                if pendingSpace && !out.isEmpty { out.append(" ") }
                pendingSpace = false
                out.append(ch)
            }
        }
        return out
    }

    /// A letter or a number that is not part of an emoji (a keycap `1️⃣` is a
    /// digit followed by U+FE0F and U+20E3: an emoji, not a number).
    static func isWordCharacter(_ ch: Character) -> Bool {
        guard ch.isLetter || ch.isNumber else { return false }
        for u in ch.unicodeScalars where u.value == 0xFE0F || u.value == 0x20E3 || u.properties.isEmojiPresentation {
            return false
        }
        return true
    }
}
