import Foundation
import Testing
@testable import ScreenModel

/// The `inspect` report and the JSON writer every JSON output goes
/// through: terminal-safe text, escapes that decode to the same string,
/// element paths found once.
@Suite struct ReportTests {
    // MARK: - JSONWriter.quote

    /// Every C0 control, with its expected escape.
    static let controls: [(UInt32, String)] = (UInt32(0)..<0x20).map { v -> (UInt32, String) in
        switch v {
        case 0x0A: return (v, #""\n""#)
        case 0x0D: return (v, #""\r""#)
        case 0x09: return (v, #""\t""#)
        default: return (v, "\"\\u00" + (v < 0x10 ? "0" : "") + String(v, radix: 16) + "\"")
        }
    }

    @Test(arguments: controls)
    func quoteEscapesEveryC0Control(_ value: UInt32, _ expected: String) throws {
        let s = String(Character(try #require(Unicode.Scalar(value))))
        #expect(JSONWriter.quote(s) == expected)
        #expect(try decodedJSONString(JSONWriter.quote(s)) == s)
    }

    /// DEL, C1 controls, bidi overrides and isolates, and the separators
    /// JavaScript forbids raw: escaped, though JSON allows them raw.
    @Test(arguments: [
        ("\u{7F}", #""\u007f""#), ("\u{85}", #""\u0085""#), ("\u{9B}", #""\u009b""#),
        ("\u{202A}", #""\u202a""#), ("\u{202E}", #""\u202e""#), ("\u{2066}", #""\u2066""#), ("\u{2069}", #""\u2069""#),
        ("\u{2028}", #""\u2028""#), ("\u{2029}", #""\u2029""#),
        ("Pay\u{1B}[2J\r\u{202E}now", #""Pay\u001b[2J\r\u202enow""#),
        ("\"quoted\" \\ back", #""\"quoted\" \\ back""#),
    ])
    func quoteEscapesWhatATerminalMustNotSee(_ s: String, _ expected: String) throws {
        #expect(JSONWriter.quote(s) == expected)
        #expect(try decodedJSONString(expected) == s)
    }

    /// Text with nothing to escape is copied as it is, in any script.
    @Test(arguments: ["Corner Café", "صندوق الوارد", "¡Olé! — 1×2 “quotes” €", "😀 emoji", "\u{200F}RLM mark"])
    func quoteKeepsOtherText(_ s: String) throws {
        #expect(JSONWriter.quote(s) == "\"" + s + "\"")
    }

    func decodedJSONString(_ literal: String) throws -> String? {
        let array = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
        return array?.first
    }

    // MARK: - inspect with someone else's control characters

    static let hostileApp = """
        {"name": "Evil\\u001b]0;title\\u0007App", "screens": {"s": {"title": "T\\u202eitle", "root": {"children": [
          {"label": "Pay\\u001b[2J\\r\\u202enow", "value": "v\\u009b1m", "identifier": "id\\u0008x", "traits": ["button"],
           "frame": {"x": 0, "y": 0, "width": 100, "height": 40}}
        ]}}}}
        """

    @Test func inspectTextIsTerminalSafe() throws {
        let app = try decode(Self.hostileApp)
        let report = InspectionReport(app: app, screen: app.screens[0], style: .scanning, technologyName: "switch-control", technologyTitle: "Switch Control")
        #expect(report.text() == #"""
            Evil\u{1B}]0;title\u{7}App — screen "s" (T\u{202E}itle), 100×40 pt, left to right

            Tree:
              root
                [1]  "Pay\u{1B}[2J\r\u{202E}now"  button  #id\u{8}x  {0, 0, 100×40}

            Navigation order (Switch Control):
              1  "Pay\u{1B}[2J\r\u{202E}now"  button  value "v\u{9B}1m"  #id\u{8}x  {0, 0, 100×40}

            Counts: 2 elements, 1 stop, 0 groups

            """#)
    }

    @Test func inspectJSONEscapesEveryControl() throws {
        let app = try decode(Self.hostileApp)
        let json = InspectionReport(app: app, screen: app.screens[0], style: .scanning, technologyName: "switch-control", technologyTitle: "Switch Control").json()
        #expect(json.contains(#""app": "Evil\u001b]0;title\u0007App""#))
        #expect(json.contains(#"{"number": 1, "path": "root/children[0]", "label": "Pay\u001b[2J\r\u202enow", "identifier": "id\u0008x", "traits": ["button"], "value": "v\u009b1m", "#))
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
    }

    // MARK: - Element paths

    /// A flat screen: `Screen.path(of:)` searches the root's children for
    /// each element; the table knows every position after one pass.
    @Test func pathsOfAFlatScreen() throws {
        let s = try screen(root: rootWith((0..<500).map { button("B\($0)", 0, Double($0) * 40) }))
        let paths = ElementPaths(s)
        #expect(paths.positions.count == s.elements.count)
        #expect(paths.path(of: 0) == "root")
        #expect(paths.path(of: 1) == "root/children[0]")
        #expect(paths.path(of: 500) == "root/children[499]")
        #expect(s.elements.indices.allSatisfy { paths.path(of: $0) == s.path(of: $0) })
    }

    @Test(arguments: ["Examples/apps/mail.json", "Examples/apps/podcasts.json", "Examples/apps/settings.json"])
    func pathsAreScreenPaths(_ file: String) throws {
        let app = try AppLoader.load(path: repoRoot.appendingPathComponent(file).path)
        for s in app.screens {
            let paths = ElementPaths(s)
            #expect(s.elements.indices.map(paths.path(of:)) == s.elements.indices.map(s.path(of:)), "\(file) \(s.name)")
        }
    }

    /// The text report streams in pieces of about 64 KiB, each ending at a
    /// line's end, which together are `text()`; the last line is the counts.
    @Test func theTextStreamsInWholeLines() throws {
        let s = try screen(root: rootWith((0..<5_000).map { button("Button \($0)", 0, Double($0) * 40) }))
        let report = InspectionReport(app: AppModel(name: "t", startScreen: "s", screens: [s]), screen: s, style: .scanning, technologyName: "switch-control", technologyTitle: "Switch Control")
        var pieces: [[UInt8]] = []
        report.writeText { pieces.append(Array($0)) }
        #expect(pieces.count > 2)
        #expect(pieces.allSatisfy { $0.last == 0x0A && $0.count <= (1 << 16) + 4096 })
        let text = String(decoding: pieces.joined(), as: UTF8.self)
        #expect(text == report.text())
        #expect(text.hasSuffix("\nCounts: 5001 elements, 5000 stops, 1122 groups\n"))
        #expect(text.contains("\n    [4321]  \"Button 4320\"  button  {0, 172800, 40×40}\n"))
        #expect(text.contains("\n  4321  \"Button 4320\"  button  {0, 172800, 40×40}\n"))
    }

    /// The report finds every path once, in one table, and writes them all from it.
    @Test func theReportWritesPathsFromItsTable() throws {
        let s = try screen(root: rootWith([button("A", 0, 0), #"{"containerType": "list", "children": [\#(button("B", 0, 50))]}"#]))
        let report = InspectionReport(app: AppModel(name: "t", startScreen: "s", screens: [s]), screen: s, style: .scanning, technologyName: "switch-control", technologyTitle: "Switch Control")
        #expect(report.paths.positions == [0, 0, 1, 0])
        #expect(report.json().contains("""
              "stops": [
                {"number": 1, "path": "root/children[0]", "label": "A", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 40, "height": 40}},
                {"number": 2, "path": "root/children[1]/children[0]", "label": "B", "traits": ["button"], "frame": {"x": 0, "y": 50, "width": 40, "height": 40}}
              ],
            """))
    }
}
