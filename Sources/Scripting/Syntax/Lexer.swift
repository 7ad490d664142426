/// One token of a scenario line.
struct Token: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        /// A bare word: `press`, `select`, `#pay`, `shift+Tab`, `1.5s`.
        case word
        /// A double-quoted string, escapes resolved.
        case string
        /// `=`.
        case equals
    }
    var kind: Kind
    var text: String
    var column: Int
}

/// Splits scenario text into commands: one per line, or several separated by
/// `;`. A `#` that starts a word and is followed by a space, or ends the line,
/// begins a comment (so `#pay` names an identifier, `# note` is a comment).
struct Lexer {
    struct Command {
        var line: Int
        var tokens: [Token]
        /// The lexical error that cut this command short (an unterminated
        /// string); `tokens` holds what came before it.
        var broken: ScriptError? = nil
    }

    /// Every command of `text`, a broken one included (with its error), so
    /// that one bad line does not hide the errors of the others.
    static func commands(in text: String, file: String) -> [Command] {
        var out: [Command] = []
        var lineNumber = 0
        // "\r\n" is one Character in Swift, so split on it as well as on "\n" (CRLF files).
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let chars = Array(rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine)
            var tokens: [Token] = []
            var k = 0
            func flush() {
                if !tokens.isEmpty { out.append(Command(line: lineNumber, tokens: tokens)) }
                tokens = []
            }
            while k < chars.count {
                let c = chars[k]
                if c == " " || c == "\t" { k += 1; continue }
                if c == ";" { flush(); k += 1; continue }
                if c == "#" && (k + 1 == chars.count || chars[k + 1] == " " || chars[k + 1] == "\t" || chars[k + 1] == "#") {
                    break
                }
                let column = k + 1
                if c == "=" {
                    tokens.append(Token(kind: .equals, text: "=", column: column))
                    k += 1
                    continue
                }
                if c == "\"" || c == "\u{201C}" {
                    var s = ""
                    k += 1
                    var closed = false
                    while k < chars.count {
                        let d = chars[k]
                        if d == "\"" || d == "\u{201D}" { closed = true; k += 1; break }
                        if d == "\\" && k + 1 < chars.count {
                            let e = chars[k + 1]
                            switch e {
                            case "n": s.append("\n")
                            case "t": s.append("\t")
                            default: s.append(e)
                            }
                            k += 2
                            continue
                        }
                        s.append(d)
                        k += 1
                    }
                    guard closed else {
                        let error = ScriptError("unterminated string: expected a closing '\"'", at: SourcePosition(file: file, line: lineNumber, column: column))
                        out.append(Command(line: lineNumber, tokens: tokens, broken: error))
                        tokens = []
                        break
                    }
                    tokens.append(Token(kind: .string, text: s, column: column))
                    continue
                }
                var w = ""
                while k < chars.count, !" \t;=\"".contains(chars[k]) {
                    w.append(chars[k])
                    k += 1
                }
                tokens.append(Token(kind: .word, text: w, column: column))
            }
            flush()
        }
        return out
    }
}
