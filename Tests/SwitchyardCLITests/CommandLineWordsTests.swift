import Foundation
import Testing

/// What the command line says and reads: short options, numbers written
/// in decimal only, one shape for every error line, and what `overlay`
/// draws.
@Suite struct CommandLineWordsTests {
    // MARK: - Plurals

    /// One of a thing is one thing: `1 stop`, `1 input`, `1 expectation`.
    @Test func countsOfOneReadRight() throws {
        let dir = try TemporaryDirectory()
        try dir.write("one.json", #"{"name": "One", "startScreen": "s", "screens": {"s": {"root": {"label": "Go", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 100, "height": 44}}}}}"#)
        // One press opens the scanner menu, so the one expectation fails.
        try dir.write("one.swy", "app one.json\npress select\nexpect activated \"Go\"")
        let inspect = try switchyard(["inspect", "one.json"], in: dir.url)
        #expect(inspect.stdout.contains("\nCounts: 1 element, 1 stop, 0 groups\n"))
        let run = try switchyard(["run", "one.swy"], in: dir.url)
        #expect(run.status == 1)
        #expect(run.stdout.contains("\n✗ one.swy: 0/1 expectation held, 1 input, simulated "))
    }
}
