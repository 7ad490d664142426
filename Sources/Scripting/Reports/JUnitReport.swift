import Foundation
import Diagnostics
import SwitchyardEngine

/// A JUnit XML report of scenario runs, the format CI systems (GitLab,
/// Jenkins, GitHub test reporters) read natively: one test case per
/// scenario; a failed expectation is a `<failure>` with file:line and the
/// events around it; a scenario that could not run is an `<error>`.
public struct JUnitReport {
    /// One scenario's outcome: a result, or the errors that kept it from running.
    public enum Outcome {
        case ran(ScenarioResult)
        /// The diagnostics that kept `file` from running, in the order they were printed.
        case unusable(file: String, errors: [Diagnostic])
    }

    public var outcomes: [(outcome: Outcome, wallSeconds: Double)]

    public init(outcomes: [(outcome: Outcome, wallSeconds: Double)]) { self.outcomes = outcomes }

    public func xml() -> String {
        var failures = 0
        var errors = 0
        var total = 0.0
        for (o, t) in outcomes {
            total += t
            switch o {
            case .ran(let r): if !r.passed { failures += 1 }
            case .unusable: errors += 1
            }
        }
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x += "<testsuites name=\"switchyard\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(Self.seconds(total))\">\n"
        x += "  <testsuite name=\"switchyard run\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" time=\"\(Self.seconds(total))\">\n"
        for (o, t) in outcomes {
            switch o {
            case .ran(let r):
                x += "    <testcase classname=\"scenarios\" name=\"\(Self.escape(r.file))\" file=\"\(Self.escape(r.file))\" time=\"\(Self.seconds(t))\""
                if r.passed {
                    x += ">\n      <system-out>\(Plural.count(r.expectations, "expectation")) held; \(Plural.count(r.presses, "input")); simulated \(r.endTime)</system-out>\n    </testcase>\n"
                    continue
                }
                x += ">\n"
                for f in r.failures {
                    x += "      <failure type=\"expectation\" message=\"\(Self.escape("\(f.position): \(f.message)"))\">"
                    var body = "\(f.position): \(f.message)\nat simulated time \(f.time); events before:\n"
                    for e in f.context { body += "  " + TranscriptFormat.textLine(e, showingTechnology: r.technologies.count > 1) + "\n" }
                    x += Self.escape(body) + "</failure>\n"
                }
                x += "    </testcase>\n"
            case .unusable(let file, let diagnostics):
                let text = diagnostics.map(\.description).joined(separator: "\n")
                x += "    <testcase classname=\"scenarios\" name=\"\(Self.escape(file))\" file=\"\(Self.escape(file))\" time=\"\(Self.seconds(t))\">\n"
                x += "      <error type=\"unusable-input\" message=\"\(Self.escape(diagnostics.first?.description ?? ""))\">\(Self.escape(text))</error>\n"
                x += "    </testcase>\n"
            }
        }
        x += "  </testsuite>\n</testsuites>\n"
        return x
    }

    static func seconds(_ s: Double) -> String { String(format: "%.3f", s) }

    /// Text safe inside XML attributes and elements (`XMLText`, the one rule).
    public static func escape(_ s: String) -> String { XMLText.escaped(s) }
}
