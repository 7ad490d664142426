import Foundation
import Testing
import ScreenModel
@testable import Audit

/// The three outputs' own rules: the one-line diagnostic, the totals line,
/// SARIF's URIs, and the lines found on the JSON tape.
@Suite struct FormatTests {
    func finding(label: String = "Go", screen: String = "s", line: Int? = nil) throws -> Finding {
        let model = try app([button(label, y: 100, width: 30, height: 30)])
        var f = try #require(try Auditor().audit(model).first)
        f.screen = screen
        f.line = line
        f.column = line.map { _ in 5 }
        return f
    }

    @Test func withALineTheLocationIsTheLineAndThePathOpensTheMessage() throws {
        let f = try finding(line: 12)
        #expect(f.diagnostic(file: "app.json").description == "app.json:12:5: warning: s/root/children[0]: tap target is 30×30 pt, under the 44×44 pt minimum (Apple's Human Interface Guidelines); fix: Make the tappable area at least the minimum, padding the hit area around a smaller visible icon [target-too-small]")
    }

    @Test func withoutALineTheLocationIsThePath() throws {
        let f = try finding()
        #expect(f.diagnostic(file: "capture.xml").description == "capture.xml: s/root/children[0]: warning: tap target is 30×30 pt, under the 44×44 pt minimum (Apple's Human Interface Guidelines); fix: Make the tappable area at least the minimum, padding the hit area around a smaller visible icon [target-too-small]")
    }

    /// A label, screen or file name with a newline or an escape stays on one line.
    @Test func aFindingIsAlwaysOneLine() throws {
        let model = try app([button("Line\\none", y: 100), button("Line\\none", y: 160)])
        var f = try #require(try Auditor().audit(model).first)
        f.screen = "two\nlines"
        let text = f.diagnostic(file: "a\u{1B}[2J.json").description
        #expect(text == "a\\u{1B}[2J.json: two\\nlines/root/children[1]: warning: label 'Line\\none' is also the label of 'Line\\none' at root/children[0]; saying it brings up a numbered list to choose from; fix: Make each label say what sets it apart, such as 'Edit Inbox', or combine the elements if they do the same thing [label-duplicate]")
        #expect(!text.contains("\n"))
    }

    @Test func theTotalsLine() throws {
        let one = AuditReport(file: "a.json", app: "A", platform: .iOS, screens: ["s"], findings: [try finding()])
        let none = AuditReport(file: "b.json", app: "B", platform: .iOS, screens: ["x", "y"], findings: [])
        #expect(AuditText.summary([one]) == "1 finding (1 warning) in 1 app, 1 screen")
        #expect(AuditText.summary([none]) == "no findings in 1 app, 2 screens")
        #expect(AuditText.summary([one, none, one]) == "2 findings (2 warnings) in 3 apps, 4 screens")
        #expect(AuditFormat.text.render([none], settings: AuditSettings()) == "no findings in 1 app, 2 screens\n")
    }

    @Test(arguments: [
        ("Examples/apps/mail.json", "Examples/apps/mail.json"),
        ("my apps/café #1.json", "my%20apps/caf%C3%A9%20%231.json"),
        ("a:b.json", "a%3Ab.json"),
        ("/tmp/app.json", "file:///tmp/app.json"),
    ])
    func sarifURIs(_ path: String, _ uri: String) {
        #expect(SARIFLog.uri(path) == uri)
    }

    /// Lines from the JSON tape, past a byte order mark and CRLF line ends;
    /// an Appium capture keeps none.
    @Test func elementLines() throws {
        let text = "\u{FEFF}{\"screens\": {\"s\": {\"root\": {\r\n  \"children\": [\r\n    {\"label\": \"Go\", \"traits\": [\"button\"], \"frame\": {\"x\": 0, \"y\": 0, \"width\": 30, \"height\": 30}}]}}}}"
        let bytes = Array(text.utf8)
        let model = try AppLoader.load(bytes, file: "t.json")
        let found = ElementLines.locate(try Auditor().audit(model), in: bytes)
        #expect(found.map { "\($0.line ?? 0):\($0.column ?? 0)" } == ["3:5"])
        let xml = Array("<XCUIElementTypeApplication/>".utf8)
        #expect(ElementLines.locate(found.map { var f = $0; f.line = nil; f.column = nil; return f }, in: xml).map(\.line) == [nil])
    }
}
