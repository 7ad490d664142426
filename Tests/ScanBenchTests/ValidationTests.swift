import Testing
import ScreenModel
import SwitchyardEngine
@testable import ScanBench

/// Validation cases V1–V4 and V9–V12 of scanning-models.md, reproduced to 4
/// decimals through our own settings and screens (screen models and
/// generated Appium captures).
@Suite struct ValidationTests {
    func report(_ app: AppModel, _ settings: SwitchControlSettings, user: UserModel = UserModel(), weights: TargetWeights? = nil) throws -> BenchReport {
        try Bench.switchControl(app: app, screen: app.screens[0], settings: settings, user: user, weights: weights)
    }

    /// V1: linear scanning, uniform targets: E[dwells] = (n + 1) / 2.
    @Test(arguments: zip([10, 26, 36], [5.5, 13.5, 18.5]))
    func v1LinearUniform(_ n: Int, _ expected: Double) throws {
        let flat = TestScreens.selectOnly(groups: false)
        #expect(r4(mean: try report(TestScreens.grid(count: n, columns: n), flat).summary.meanSteps) == expected)
        #expect(r4(mean: try report(TestScreens.appiumGrid(count: n, columns: n), flat).summary.meanSteps) == expected)
    }

    /// V2: row-column scanning (rows as groups): row r, column c takes r + c;
    /// linear on the same n for comparison.
    @Test(arguments: [(6, 6, 7.0, 18.5), (5, 6, 6.5, 15.5), (3, 10, 7.5, 15.5)])
    func v2RowColumnUniform(_ rows: Int, _ columns: Int, _ rowColumn: Double, _ linear: Double) throws {
        let n = rows * columns
        for app in [TestScreens.grid(count: n, columns: columns), try TestScreens.appiumGrid(count: n, columns: columns)] {
            let grouped = try report(app, TestScreens.selectOnly(groups: true))
            #expect(r4(mean: grouped.summary.meanSteps) == rowColumn)
            #expect(r4(mean: try report(app, TestScreens.selectOnly(groups: false)).summary.meanSteps) == linear)
        }
        // Row 2, column 3 of the screen-model grid: 2 + 3 steps.
        let grouped = try report(TestScreens.grid(count: n, columns: columns), TestScreens.selectOnly(groups: true))
        #expect(grouped.elements.first { $0.label == "Item \(columns + 3)" }?.steps == 5)
    }

    /// V3: linear scanning, non-uniform targets from a weights file.
    @Test func v3LinearWeighted() throws {
        let app = TestScreens.grid(count: 3, columns: 3)
        let flat = TestScreens.selectOnly(groups: false)
        let forward = try TargetWeights.load(json: Array(#"{"Item 1": 0.5, "Item 2": 0.3, "Item 3": 0.2}"#.utf8), file: "w.json")
        let backward = try TargetWeights.load(json: Array(#"{"Item 1": 0.2, "Item 2": 0.3, "Item 3": 0.5}"#.utf8), file: "w.json")
        #expect(r4(mean: try report(app, flat, weights: forward).summary.meanSteps) == 1.7)
        #expect(r4(mean: try report(app, flat, weights: backward).summary.meanSteps) == 2.3)
    }

    /// V4: the 26 English letters with HuffmanTreeBuilderTest's frequencies,
    /// in alphabetical and in frequency order.
    @Test func v4EnglishLetters() throws {
        let frequencies: [(String, Double)] = [
            ("a", 8.167), ("b", 1.492), ("c", 2.782), ("d", 4.253), ("e", 12.702), ("f", 2.228), ("g", 2.015),
            ("h", 6.094), ("i", 6.966), ("j", 0.153), ("k", 0.772), ("l", 4.025), ("m", 2.406), ("n", 6.749),
            ("o", 7.507), ("p", 1.929), ("q", 0.095), ("r", 5.987), ("s", 6.327), ("t", 9.056), ("u", 2.758),
            ("v", 0.978), ("w", 2.360), ("x", 0.150), ("y", 1.974), ("z", 0.074),
        ]
        let app = TestScreens.grid(count: 26, columns: 26)
        let flat = TestScreens.selectOnly(groups: false)
        let alphabetical = TargetWeights(frequencies.enumerated().map { ("Item \($0.offset + 1)", $0.element.1) })
        let byFrequency = TargetWeights(frequencies.map(\.1).sorted(by: >).enumerated().map { ("Item \($0.offset + 1)", $0.element) })
        #expect(r4(mean: try report(app, flat, weights: alphabetical).summary.meanSteps) == 11.6581)
        #expect(r4(mean: try report(app, flat, weights: byFrequency).summary.meanSteps) == 7.5359)
    }

    /// V9: Android's step scanning with Next and Select, nothing highlighted
    /// at first: item i takes i + 1 presses; row r, column c takes r + c + 1.
    @Test func v9StepScanPresses() throws {
        var manual = TestScreens.selectOnly(groups: false)
        manual.scanningStyle = .manualScanning
        manual.startHighlighted = false
        manual.switches = [SwitchAssignment(.select, .selectItem), SwitchAssignment(.next, .moveToNextItem)]
        let linear = try report(TestScreens.grid(count: 10, columns: 10), manual)
        #expect(linear.elements.map(\.presses) == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
        manual.groupItems = true
        let grid = try report(TestScreens.grid(count: 36, columns: 6), manual)
        // Row 1 column 1, row 1 column 6, row 3 column 2, row 6 column 6.
        #expect([1, 6, 14, 36].map { grid.elements[$0 - 1].presses } == [3, 8, 6, 13])
    }

    /// V10: Android's auto-scan timing, T = 1 s and D0 = 0.7 s: onsets of
    /// items 1, 2, 5, 10; after a pass, item 1 dwells T + D0 again.
    @Test func v10AutoScanTiming() throws {
        var settings = TestScreens.selectOnly(groups: false)
        settings.pauseOnFirstItem = .milliseconds(700)
        settings.loops = 2
        let timing = AutoScanTiming(settings)
        let onsets = [1, 2, 5, 10].map { timing.chance(0, position: $0 - 1, count: 10, resumed: false).onset.seconds }
        #expect(onsets == [0, 1.7, 4.7, 9.7])
        let again = timing.chance(1, position: 0, count: 10, resumed: false)
        #expect(again.onset.seconds == 10.7)
        #expect(again.dwell.seconds == 1.7)
        // The engine shows the same onsets.
        var session = try Session(app: TestScreens.grid(count: 10, columns: 10), configuration: SessionConfiguration(technology: .switchControl(settings)))
        var shown: [Double] = session.start(at: .zero).compactMap { if case .highlighted = $0.event { $0.time.seconds } else { nil } }
        shown += session.advance(to: .seconds(13)).compactMap { if case .highlighted = $0.event { $0.time.seconds } else { nil } }
        try #require(shown.count == 12)
        #expect([0, 1, 4, 9, 10, 11].map { shown[$0] } == [0, 1.7, 4.7, 9.7, 10.7, 12.4])
    }

    /// V11: Android's point scan at 0.9 cm/s on a 6.5 × 14 cm screen (40
    /// points per cm; Gliding Cursor Speed 9 is 36 points, 0.9 cm, a second):
    /// X sweep 7.2222 s, Y 15.5556 s, each after D0 = 0.7 s; 3 presses.
    @Test func v11PointScan() throws {
        var settings = SwitchControlSettings()
        settings.mode = .point
        settings.glidingCursorSelection = .single
        settings.glidingCursorSpeed = 9
        settings.pauseOnFirstItem = .milliseconds(700)
        let screen = Rect(x: 0, y: 0, width: 260, height: 560)
        #expect(r4(settings.glidingSweep(axis: .x, stage: .coarse, around: nil, screen: screen).duration.seconds) == 7.2222)
        #expect(r4(settings.glidingSweep(axis: .y, stage: .coarse, around: nil, screen: screen).duration.seconds) == 15.5556)
        let json = #"{"screens": {"s": {"size": {"width": 260, "height": 560}, "root": {"children": [{"label": "Target", "traits": ["button"], "frame": {"x": 120, "y": 270, "width": 20, "height": 20}}]}}}}"#
        let app = try AppDecoder(file: "point.json").decode(Array(json.utf8))
        let cost = try report(app, settings).elements[0]
        #expect(cost.presses == 3)
        // 0.7 + 130/36 to stop x, 0.7 + 280/36 to stop y, then the menu's Tap after the 0.5 s reaction.
        #expect(r4(cost.seconds) == r4(0.7 + 130.0 / 36 + 0.7 + 280.0 / 36 + 0.5))
        #expect(r4(cost.seconds) == 13.2889)
    }

    /// V12: the miss model, q = 0.1 and 0.2: expected passes 1/(1 − q) =
    /// 1.1111 and 1.25; with Loops 2, P(no selection) = q² = 0.01 and 0.04.
    @Test(arguments: zip([0.1, 0.2], [(1.1111, 0.01), (1.25, 0.04)]))
    func v12MissModel(_ q: Double, _ expected: (passes: Double, noSelection: Double)) throws {
        let app = TestScreens.grid(count: 10, columns: 10)
        var user = UserModel()
        user.missProbability = q
        var settings = TestScreens.selectOnly(groups: false)
        settings.loops = nil
        let model = try SwitchScanModel(screen: app.screens[0], settings: settings, user: user)
        // Item 4 of 10: 4 highlights on the first pass, 10 more per missed pass.
        let cost = model.cost(of: model.order.stops[3])
        #expect(r4((cost.steps - 4) / 10 + 1) == expected.passes)
        settings.loops = 2
        let limited = try SwitchScanModel(screen: app.screens[0], settings: settings, user: user)
        let attempt = try #require(limited.attempt(limited.visits(to: limited.order.stops[3])[0], resumed: false, minimumDown: nil))
        #expect(r4(attempt.f) == expected.noSelection)
    }
}
