import Testing
import SwitchyardEngine
@testable import Scripting

/// The JUnit XML report: one test case per scenario; a failed expectation is
/// a `<failure>` naming file:line with the events before it; a scenario that
/// could not run is an `<error>`.
@Suite struct JUnitTests {
    /// A failure of a scenario that runs several technologies lists the
    /// events before it with the technology that caused each.
    @Test func aMixedScenarioFailureNamesTheTechnologies() throws {
        let failing = try run("app panel.json\ntechnology switch-control voice\nsay \"tap compose\"\nexpect announcement \"Sent\"", file: "mixed.swy")
        let xml = JUnitReport(outcomes: [(.ran(failing.result), 0)]).xml()
        #expect(xml.contains("""
            <failure type="expectation" message="mixed.swy:4:1: expected the announcement &quot;Sent&quot;, but got &quot;Composing&quot;">mixed.swy:4:1: expected the announcement &quot;Sent&quot;, but got &quot;Composing&quot;
            at simulated time 0s; events before:
              0s screen panel
              0s [switch-control] highlighted &quot;Edit&quot; {0, 0, 200×50}
              0s [voice] tap &quot;Compose new message&quot; at (200, 225)
              0s [voice] announced &quot;Composing&quot;
            </failure>
            """))
    }

    @Test func passingFailingAndUnusableScenarios() throws {
        let passing = try run("app three.json\nexpect highlighted \"B\" within 2s", file: "pass.swy")
        let failing = try run("app three.json\nwait 500ms\nexpect announcement \"Tom & <Jerry>\"", file: "fail.swy")
        let unusable = try #require(prepareFailure("app three.json\nprss select\nwait 5", file: "bad.swy"))
        let report = JUnitReport(outcomes: [
            (.ran(passing.result), 0.0125),
            (.ran(failing.result), 0),
            (.unusable(file: "bad.swy", errors: unusable.diagnostics), 0),
        ])
        #expect(report.xml() == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="switchyard" tests="3" failures="1" errors="1" time="0.013">
              <testsuite name="switchyard run" tests="3" failures="1" errors="1" skipped="0" time="0.013">
                <testcase classname="scenarios" name="pass.swy" file="pass.swy" time="0.013">
                  <system-out>1 expectation held; 0 inputs; simulated 1s</system-out>
                </testcase>
                <testcase classname="scenarios" name="fail.swy" file="fail.swy" time="0.000">
                  <failure type="expectation" message="fail.swy:3:1: expected the announcement &quot;Tom &amp; &lt;Jerry&gt;&quot;, but nothing was announced">fail.swy:3:1: expected the announcement &quot;Tom &amp; &lt;Jerry&gt;&quot;, but nothing was announced
            at simulated time 0.5s; events before:
              0s screen main
              0s highlighted &quot;A&quot; {0, 0, 400×50}
            </failure>
                </testcase>
                <testcase classname="scenarios" name="bad.swy" file="bad.swy" time="0.000">
                  <error type="unusable-input" message="bad.swy:2:1: error: unknown command &apos;prss&apos;; did you mean &apos;press&apos;?">bad.swy:2:1: error: unknown command &apos;prss&apos;; did you mean &apos;press&apos;?
            bad.swy:3:6: error: expected a duration such as 1.5s or 500ms, found &apos;5&apos;</error>
                </testcase>
              </testsuite>
            </testsuites>

            """)
    }

    /// XML 1.0 allows no C0 control but tab, newline and carriage return, and
    /// neither U+FFFE nor U+FFFF. Those, and what a terminal must not see
    /// raw (CI logs print the report), are written as the escapes the
    /// terminal shows, so nothing is lost: the report stays valid XML.
    @Test(arguments: [
        ("Pay\u{1B}[2J\r\u{202E}now", #"Pay\u{1B}[2J\r\u{202E}now"#),
        ("nul\u{0}bell\u{7}del\u{7F}csi\u{9B}", #"nul\u{0}bell\u{7}del\u{7F}csi\u{9B}"#),
        ("\u{FFFE}\u{FFFF}", #"\u{FFFE}\u{FFFF}"#),
        ("tab\there\nnext <&>\"'", "tab\there\nnext &lt;&amp;&gt;&quot;&apos;"),
        ("Café مرحبا", "Café مرحبا"),
    ])
    func escapeKeepsTheReportValidXML(_ text: String, _ escaped: String) {
        #expect(JUnitReport.escape(text) == escaped)
    }
}
