import Foundation

/// The line editor of the terminal's utterance prompt: what the user types
/// there becomes Voice Control's `Input.utterance` when Return sends it.
/// There is no speech recogniser in Switchyard; typed text stands for what
/// the recogniser would have heard (docs/voice-control.md, "Live").
///
/// It reads the bytes of a raw terminal (pure; `feed(_:)`):
///
/// | bytes                          | does                                             |
/// |--------------------------------|--------------------------------------------------|
/// | printable text (UTF-8)         | appends it (at most `maximumLength` characters)  |
/// | Backspace (`0x7f`, `0x08`)     | deletes the last character                       |
/// | Ctrl-W                         | deletes the last word                            |
/// | Ctrl-U                         | clears the line                                  |
/// | Return (`\r`, `\n`)            | sends the line (`.utterance`; a blank line sends nothing) |
/// | Escape (alone)                 | clears the line (`.escape`: the caller passes `KEY_ESC` on, so the emergency chord counts it) |
/// | Ctrl-C                         | `.interrupt`                                     |
/// | Ctrl-D                         | `.quit`                                          |
/// | arrows and other escape sequences, Alt-*key*, Tab, other control bytes | ignored |
///
/// ```
/// closed ──open()──▶ open ──Return / Escape──▶ closed   (closesAfterLine)
///                     open ──Return / Escape──▶ open    (always open)
/// ```
/// A UTF-8 character split across two reads is kept until its last byte comes.
public struct UtterancePrompt: Hashable, Sendable {
    /// What the editor asks of its caller.
    public enum Action: Hashable, Sendable {
        /// Return sent this line.
        case utterance(String)
        /// Escape was pressed: the line is cleared (and the prompt closed, if it closes after a line).
        case escape
        /// Ctrl-D: end the session.
        case quit
        /// Ctrl-C: end the session as `SIGINT` would.
        case interrupt
    }

    /// The longest line the prompt keeps, in characters; more typing is ignored.
    public static let maximumLength = 1000

    /// The text typed so far.
    public private(set) var line: String = ""
    /// Whether keys go to the prompt now.
    public private(set) var isOpen: Bool
    /// Whether Return and Escape close the prompt (it is opened by a key);
    /// false: it is always open.
    public let closesAfterLine: Bool
    /// The first bytes of a UTF-8 character whose last byte has not come yet.
    private var pending: [UInt8] = []

    /// - Parameter closesAfterLine: true for a prompt a key opens (`open()`)
    ///   and Return or Escape closes; false for one that is always open.
    public init(closesAfterLine: Bool) {
        self.closesAfterLine = closesAfterLine
        isOpen = !closesAfterLine
    }

    // MARK: - API

    /// Opens the prompt with an empty line.
    public mutating func open() {
        isOpen = true
        line = ""
        pending = []
    }

    /// Reads bytes while the prompt is open.
    /// - Parameter bytes: what the terminal sent.
    /// - Returns: the actions, and how many bytes were read: all of them,
    ///   or, when the prompt closed or Ctrl-C or Ctrl-D ended the session,
    ///   those up to that key (the rest are the caller's).
    public mutating func feed(_ bytes: ArraySlice<UInt8>) -> (actions: [Action], consumed: Int) {
        var actions: [Action] = []
        var i = bytes.startIndex
        while i < bytes.endIndex, isOpen {
            let b = bytes[i]
            i += 1
            switch b {
            case 0x03, 0x04:
                // The session ends: nothing typed after it counts.
                actions.append(b == 0x03 ? .interrupt : .quit)
                return (actions, i - bytes.startIndex)
            case 0x0d, 0x0a:
                let text = line.trimmingCharacters(in: .whitespaces)
                if !text.isEmpty { actions.append(.utterance(text)) }
                finishLine()
            case 0x7f, 0x08:
                pending = []
                if !line.isEmpty { line.removeLast() }
            case 0x15:
                pending = []
                line = ""
            case 0x17:
                pending = []
                while line.last == " " { line.removeLast() }
                while let c = line.last, c != " " { line.removeLast() }
            case 0x1b:
                guard i < bytes.endIndex, bytes[i] != 0x1b else {
                    actions.append(.escape)
                    finishLine()
                    continue
                }
                // An escape sequence (ESC [ … final, ESC O x) or Alt-key (ESC x): ignored.
                let introducer = bytes[i]
                i += 1
                if introducer == UInt8(ascii: "[") {
                    while i < bytes.endIndex, !(0x40...0x7e).contains(bytes[i]) { i += 1 }
                    if i < bytes.endIndex { i += 1 }
                } else if introducer == UInt8(ascii: "O"), i < bytes.endIndex {
                    i += 1
                }
            case 0x20...0x7e:
                pending = []
                append(Character(Unicode.Scalar(b)))
            case 0x80...0xff:
                pending.append(b)
                if let c = Self.character(pending) {
                    pending = []
                    if let c { append(c) }
                }
            default:
                continue   // Tab and other control bytes
            }
        }
        return (actions, i - bytes.startIndex)
    }

    // MARK: - Editing

    private mutating func append(_ c: Character) {
        guard line.count < Self.maximumLength else { return }
        line.append(c)
    }

    /// After Return or Escape: an empty line, and closed if the prompt closes after a line.
    private mutating func finishLine() {
        line = ""
        pending = []
        if closesAfterLine { isOpen = false }
    }

    /// The character `bytes` encode once they are complete: nil while more
    /// bytes are due; `.some(nil)` for bytes that are no UTF-8 character
    /// (dropped).
    static func character(_ bytes: [UInt8]) -> Character?? {
        let lead = bytes[0]
        let length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1
        if length == 1 || lead > 0xf4 { return .some(nil) }   // a stray continuation byte or an invalid lead
        guard bytes.count >= length else {
            return bytes.dropFirst().allSatisfy { $0 & 0xc0 == 0x80 } ? nil : .some(nil)
        }
        guard let s = String(validating: bytes.prefix(length), as: UTF8.self), let c = s.first,
              !c.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })   // C1 controls
        else { return .some(nil) }
        return .some(c)
    }
}
