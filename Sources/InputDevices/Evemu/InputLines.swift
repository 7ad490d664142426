import Diagnostics
import Foundation
import ScreenModel
import SwitchyardEngine

/// Inputs that are not evdev events, kept in a recording beside the evemu
/// description and `E:` lines: what the terminal gave a live session
/// (utterances typed at its prompt, its keys or switches, the terminal
/// added and removed). They are `#` comments, so evemu's own tools read
/// the file as before (docs/hardware.md, "Recordings").
///
/// ```
/// # switchyard-recording: 1
/// # input: 0.000000 device-added "Terminal keyboard"
/// # input: 1.250000 utterance "tap Pay"
/// # input: 2.000000 key KEY_ESC down
/// # input: 2.500000 key shift+KEY_TAB up
/// # input: 3.000000 switch-down "select"
/// # input: 4.000000 device-removed "Terminal keyboard"
/// ```
/// The header gives the format's version and comes before the first input
/// line. A time is `<seconds>.<six digits>` on the session's clock, as `E:`
/// lines write it; the lines are in time order. Names and utterances are
/// JSON strings; a key is written as `KeyStroke` describes it (the
/// modifiers held before it, the Linux key name, `down` or `up`).
public enum InputLines {
    /// The format version this Switchyard writes and reads.
    public static let version = 1
    /// The header line's prefix (`# switchyard-recording: 1`).
    public static let headerPrefix = "# switchyard-recording:"
    /// An input line's prefix (`# input: …`).
    public static let inputPrefix = "# input:"
    /// The inputs' kinds as lines write them.
    public static let kinds = ["utterance", "key", "switch-down", "switch-up", "device-added", "device-removed"]

    // MARK: - API

    /// The header line.
    public static var header: String { "\(headerPrefix) \(version)" }

    /// One input as a line (without the newline).
    /// - Parameter input: the input and its instant (not negative).
    /// - Returns: `# input: 1.250000 utterance "tap Pay"`.
    public static func format(_ input: TimedInput) -> String {
        let us = max(0, input.time.microseconds)
        let time = "\(us / 1_000_000)." + Evemu.pad(String(us % 1_000_000), 6)
        let what: String
        switch input.input {
        case .utterance(let text): what = "utterance " + JSONWriter.quote(text)
        case .key(let stroke): what = "key \(stroke)"
        case .switchDown(let s): what = "switch-down " + JSONWriter.quote(s.name)
        case .switchUp(let s): what = "switch-up " + JSONWriter.quote(s.name)
        case .deviceAdded(let name): what = "device-added " + JSONWriter.quote(name)
        case .deviceRemoved(let name): what = "device-removed " + JSONWriter.quote(name)
        // Not an input of the user's: a live app's new screen. `live --atspi`
        // does not record (docs/desktop-apps.md); the line says what it was
        // and reading it back is an error at its column.
        case .screenReplaced(let update): what = "screen-replaced " + JSONWriter.quote(update.screen.name)
        }
        return "\(inputPrefix) \(time) \(what)"
    }

    /// Reads one input line.
    /// - Parameters:
    ///   - line: the line, starting with `# input:`.
    ///   - file: the file, for errors.
    ///   - lineNumber: its 1-based line.
    /// - Returns: the input at its instant.
    /// - Throws: a `Diagnostic` at the line and the column of the bad field.
    public static func parse(_ line: Substring, file: String, lineNumber: Int) throws(Diagnostic) -> TimedInput {
        let chars = Array(line)
        func fail(_ column: Int, _ message: String) -> Diagnostic {
            Diagnostic(.error, message, at: SourceLocation(file: file, line: lineNumber, column: column))
        }
        /// The next space-separated field from `i`: its text and 1-based column.
        var i = inputPrefix.count
        func field() -> (text: String, column: Int)? {
            while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 }
            guard i < chars.count else { return nil }
            let start = i
            while i < chars.count, chars[i] != " ", chars[i] != "\t" { i += 1 }
            return (String(chars[start..<i]), start + 1)
        }
        let expected = "expected '\(inputPrefix) <sec>.<usec> <kind> <value>'"
        guard let (timeText, timeColumn) = field() else { throw fail(chars.count + 1, "missing time; \(expected)") }
        guard let time = instant(timeText) else {
            throw fail(timeColumn, "bad time '\(timeText)'; expected <seconds>.<microseconds> with six digits after the point, below \(Evemu.timestampSecondsLimit) s")
        }
        guard let (kind, kindColumn) = field() else { throw fail(chars.count + 1, "missing kind; \(expected)") }
        while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 }
        let valueColumn = i + 1
        let value = String(chars[i...])
        if value.isEmpty && kinds.contains(kind) { throw fail(valueColumn, "missing value after '\(kind)'; \(expected)") }
        func string(_ what: String) throws(Diagnostic) -> String {
            guard let s = quoted(value) else {
                throw fail(valueColumn, "bad \(what) \(value); expected a JSON string such as \"tap Pay\"")
            }
            guard !s.isEmpty else { throw fail(valueColumn, "empty \(what); expected some text") }
            return s
        }
        switch kind {
        case "utterance": return TimedInput(.utterance(try string("utterance")), at: time)
        case "switch-down": return TimedInput(.switchDown(SwitchID(try string("switch name"))), at: time)
        case "switch-up": return TimedInput(.switchUp(SwitchID(try string("switch name"))), at: time)
        case "device-added": return TimedInput(.deviceAdded(try string("device name")), at: time)
        case "device-removed": return TimedInput(.deviceRemoved(try string("device name")), at: time)
        case "key":
            guard let stroke = keyStroke(value) else {
                throw fail(valueColumn, "bad key '\(value)'; expected modifiers held, a Linux key name and down or up, such as 'KEY_TAB down' or 'shift+KEY_TAB up'")
            }
            return TimedInput(.key(stroke), at: time)
        default:
            let hint = Suggestion.closest(to: kind, among: kinds).map { "did you mean '\($0)'? " } ?? ""
            throw fail(kindColumn, "unknown input '\(kind)'; \(hint)expected one of: \(kinds.joined(separator: ", "))")
        }
    }

    /// Reads a header line's version.
    /// - Throws: a `Diagnostic` at the version's column unless it is `version`.
    static func parseHeader(_ line: Substring, file: String, lineNumber: Int) throws(Diagnostic) {
        let rest = line.dropFirst(headerPrefix.count)
        let text = rest.trimmingCharacters(in: .whitespaces)
        guard text != String(version) else { return }
        let column = headerPrefix.count + rest.prefix { $0 == " " || $0 == "\t" }.count + 1
        throw Diagnostic(.error, "unsupported recording version '\(text)'; this Switchyard reads '\(header)'", at: SourceLocation(file: file, line: lineNumber, column: column))
    }

    // MARK: - Fields

    /// `12.000500` as an instant; nil unless the seconds are below
    /// `Evemu.timestampSecondsLimit` and the microseconds have six digits.
    static func instant(_ text: String) -> Instant? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 6, !parts[0].isEmpty,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }), parts[0].count <= 13,
              let s = Int64(parts[0]), let us = Int64(parts[1]), s < Evemu.timestampSecondsLimit else { return nil }
        return Instant(microseconds: s * 1_000_000 + us)
    }

    /// The text of a JSON string literal that is the whole of `text`.
    static func quoted(_ text: String) -> String? {
        guard text.hasPrefix("\""), let doc = try? JSONDocument(bytes: Array(text.utf8)) else { return nil }
        return doc.string(doc.root)
    }

    /// `shift+KEY_TAB down`: the modifiers held, a Linux key name the
    /// kernel defines (`Key(linuxName:)`), and the phase.
    static func keyStroke(_ text: String) -> KeyStroke? {
        let fields = text.split(separator: " ")
        guard fields.count == 2, let phase = KeyPhase(rawValue: String(fields[1])) else { return nil }
        var parts = fields[0].split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard let name = parts.popLast(), let key = Key(linuxName: name) else { return nil }
        var modifiers: KeyModifiers = []
        for p in parts {
            guard let m = KeyModifiers.names.first(where: { $0.0 == p })?.1, !modifiers.contains(m) else { return nil }
            modifiers.insert(m)
        }
        return KeyStroke(key: key, modifiers: modifiers, phase: phase)
    }
}

/// A recording read back (`switchyard replay`): the evemu recording of the
/// device, if one was recorded, and the input lines (`InputLines`), in time
/// order. A recording of the terminal alone has no device.
public struct RecordedSession: Hashable, Sendable {
    /// The device's description and events; nil when the recording has none.
    public var device: EvemuRecording?
    /// The inputs of the `# input:` lines, at their instants.
    public var inputs: [TimedInput]

    public init(device: EvemuRecording?, inputs: [TimedInput]) {
        self.device = device
        self.inputs = inputs
    }

    // MARK: - API

    /// Parses a recording: an evemu recording, input lines after a
    /// `# switchyard-recording: 1` header, or both.
    /// - Parameters:
    ///   - text: the file's text.
    ///   - file: the file, for errors.
    /// - Throws: a `Diagnostic` at the line (and column) of the first problem.
    public static func parse(_ text: String, file: String) throws(Diagnostic) -> RecordedSession {
        var inputs: [TimedInput] = []
        var headerLine: Int?
        var hasDevice = false
        for (index, raw) in lines(of: text).enumerated() {
            let n = index + 1
            if raw.hasPrefix(InputLines.headerPrefix) {
                if let first = headerLine {
                    throw Diagnostic(.error, "a second '\(InputLines.headerPrefix)' line (the first is on line \(first)); give it once", at: SourceLocation(file: file, line: n, column: 1))
                }
                try InputLines.parseHeader(raw, file: file, lineNumber: n)
                headerLine = n
            } else if raw.hasPrefix(InputLines.inputPrefix) {
                guard headerLine != nil else {
                    throw Diagnostic(.error, "an input line before '\(InputLines.header)'; put the header first", at: SourceLocation(file: file, line: n, column: 1))
                }
                let input = try InputLines.parse(raw, file: file, lineNumber: n)
                if let last = inputs.last, input.time < last.time {
                    throw Diagnostic(.error, "time \(input.time) goes backwards (the line before is at \(last.time)); expected input lines in time order", at: SourceLocation(file: file, line: n, column: InputLines.inputPrefix.count + 2))
                }
                inputs.append(input)
            } else if !raw.hasPrefix("#"), !raw.allSatisfy({ $0 == " " || $0 == "\t" }) {
                hasDevice = true
            }
        }
        // Without Switchyard lines the file is an evemu recording, whose reader says what is missing.
        let device = hasDevice || headerLine == nil ? try Evemu.parse(text, file: file) : nil
        return RecordedSession(device: device, inputs: inputs)
    }

    /// Reads and parses `path`.
    /// - Throws: a `Diagnostic`; for an unreadable file, one without a line.
    public static func load(_ path: String) throws(Diagnostic) -> RecordedSession {
        try parse(try Evemu.text(of: path), file: path)
    }
}
