import BenchmarkWorkloads
import ScreenModel
import SwitchyardEngine
import Testing

/// The workloads switchyard-bench times: screens built with the model's
/// API, and the engine's measurable cores on small screens.
@Suite struct BenchmarkWorkloadsTests {
    /// The screen model JSON the benchmark screens were once written as,
    /// decoded: the model's API builds the same app.
    static func decoded(count: Int, columns: Int, label: String, contained: Bool, pitch: Int) throws -> AppModel {
        let side = pitch * 9 / 10
        var children: [String] = []
        for i in 0..<count {
            children.append("{\"label\": \"\(label) \(i + 1)\", \"traits\": [\"button\"], \"frame\": {\"x\": \((i % columns) * pitch), \"y\": \((i / columns) * pitch), \"width\": \(side), \"height\": \(side)}}")
        }
        var body = children.joined(separator: ",")
        if contained { body = "{\"childBehavior\": \"contain\", \"children\": [\(body)]}" }
        let json = "{\"name\": \"Bench\", \"screens\": {\"grid\": {\"size\": {\"width\": \(columns * pitch), \"height\": \((count / columns + 1) * pitch)}, \"root\": {\"children\": [\(body)]}}}}"
        return try AppDecoder(file: "bench.json").decode(Array(json.utf8))
    }

    @Test(arguments: [(25, 10, "Item", false, 40), (9, 3, "Key", true, 40), (250, 100, "Item", false, 10)])
    func gridIsTheAppItsScreenModelDescribes(_ count: Int, _ columns: Int, _ label: String, _ contained: Bool, _ pitch: Int) throws {
        let built = BenchmarkScreens.grid(count: count, columns: columns, label: label, contained: contained, pitch: pitch)
        #expect(built == (try Self.decoded(count: count, columns: columns, label: label, contained: contained, pitch: pitch)))
    }

    /// One highlight a second, Group Items off: 25 s, 25 steps.
    @Test func autoScanStepsOncePerSecond() {
        var bench = AutoScanBenchmark(stops: 10)
        #expect(bench.run(for: .seconds(25)) == 25)
        #expect(bench.session.now == .seconds(25))
    }

    /// A 3 × 3 grid swept Right, Right, Down, Left, Left, Down, Right, Right:
    /// eight presses (sixteen strokes), eight moves.
    @Test func arrowSweepMovesOncePerPress() {
        var bench = KeyboardBenchmark(side: 3)
        #expect(bench.run(strokes: 16) == 8)
    }

    /// The benchmark's core works on a small screen: every utterance taps.
    @Test func everyUtteranceTaps() {
        var bench = VoiceMatchBenchmark(labels: 500)
        #expect(bench.utterances.prefix(3) == ["tap item 1", "tap item 420", "tap item 339"])
        #expect(bench.run(1000) == 1000)
    }

    /// A capture reaches the size asked for, ends its document, and is well-formed.
    @Test func captureIsWellFormedAndLargeEnough() {
        let bytes = AppiumImportBenchmark.capture(bytes: 5_000)
        #expect(bytes.count >= 5_000)
        #expect(String(decoding: bytes.suffix(13), as: UTF8.self) == "</AppiumAUT>\n")
        #expect(AppiumImportBenchmark.libxml2Parse(bytes))
        #expect(!AppiumImportBenchmark.libxml2Parse(Array(bytes.dropLast(20))))
    }
}
