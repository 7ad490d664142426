import DeviceTestbed
import Foundation
import Testing

/// A file with many errors shows the first twenty and how many more, on
/// standard error (scenario errors) and standard output (failed expectations).
@Suite struct BoundedErrorsCLITests {
    @Test func aScenarioWithThirtyBadLinesShowsTwentyAndTenMore() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("many.swy", "app demo\n" + String(repeating: "prss select\n", count: 30))
        let r = try switchyard(["run", "many.swy"], in: scratch.url)
        #expect(r.status == 2)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 21)
        #expect(lines[19] == "many.swy:21:1: error: unknown command 'prss'; did you mean 'press'?")
        #expect(lines[20] == "many.swy: note: and 10 more errors (only the first 20 of a file are shown)")
    }

    @Test func twentyFiveFailedExpectationsShowTwentyAndFiveMore() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("fails.swy", "app demo\n" + String(repeating: "expect screen cart\n", count: 25))
        let r = try switchyard(["run", "fails.swy", "--quiet"], in: scratch.url)
        #expect(r.status == 1)
        let errors = r.stdout.split(separator: "\n").filter { $0.hasPrefix("fails.swy") }
        #expect(errors.count == 21)
        #expect(errors.last == "fails.swy: note: and 5 more errors (only the first 20 of a file are shown)")
        #expect(r.stdout.hasSuffix("✗ fails.swy: 0/25 expectations held, 0 inputs, simulated 0s\n0 passed, 1 failed\n"))
    }
}
