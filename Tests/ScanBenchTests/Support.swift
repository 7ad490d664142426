import Testing
import ScreenModel
import SwitchyardEngine
@testable import ScanBench

/// Screens built for the benchmark's tests: a grid of `count` buttons,
/// `columns` to a row (one row: a linear list), `pitch` points apart.
enum TestScreens {
    static func grid(count: Int, columns: Int, pitch: Int = 40, label: String = "Item") -> AppModel {
        let side = pitch * 9 / 10
        var children: [String] = []
        for i in 0..<count {
            let x = (i % columns) * pitch
            let y = (i / columns) * pitch
            children.append("{\"label\": \"\(label) \(i + 1)\", \"traits\": [\"button\"], \"frame\": {\"x\": \(x), \"y\": \(y), \"width\": \(side), \"height\": \(side)}}")
        }
        let rows = (count + columns - 1) / columns
        let json = "{\"name\": \"Grid\", \"screens\": {\"grid\": {\"size\": {\"width\": \(columns * pitch), \"height\": \(rows * pitch)}, \"root\": {\"children\": [\(children.joined(separator: ","))]}}}}"
        return try! AppDecoder(file: "grid.json").decode(Array(json.utf8))
    }

    static func settings(_ change: (inout SwitchControlSettings) -> Void) -> SwitchControlSettings {
        var s = SwitchControlSettings()
        change(&s)
        return s
    }
}

/// Five rows of 50 points in a list 100 points tall: two show at a time,
/// the others are reached by scrolling.
func scrollingList() throws -> AppModel {
    try AppDecoder(file: "list.json").decode(Array(#"""
    {"screens": {"s": {"size": {"width": 300, "height": 200}, "root": {"children": [
      {"scrollable": true, "containerType": "list", "frame": {"x": 0, "y": 0, "width": 300, "height": 100}, "children": [
        {"label": "One", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 300, "height": 50}},
        {"label": "Two", "traits": ["button"], "frame": {"x": 0, "y": 50, "width": 300, "height": 50}},
        {"label": "Three", "traits": ["button"], "frame": {"x": 0, "y": 100, "width": 300, "height": 50}},
        {"label": "Four", "traits": ["button"], "frame": {"x": 0, "y": 150, "width": 300, "height": 50}},
        {"label": "Five", "traits": ["button"], "frame": {"x": 0, "y": 200, "width": 300, "height": 50}}]}
    ]}}}}
    """#.utf8))
}

/// The Appium capture `name` from ScreenModelTests' fixtures.
func capture(_ name: String) throws -> AppModel {
    let dir = String(#filePath.dropLast("ScanBenchTests/Support.swift".count))
    return try AppLoader.load(path: dir + "ScreenModelTests/Fixtures/ios-appium/" + name)
}

/// Settings the agreement tests run, by name (so a failure names them).
enum Method: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case autoGroups, autoFlat, autoPause, autoPauseMax, autoTap, alwaysTap, autoHold, autoOneLoop
    case manual, manualBack, manualUnhighlighted, step, stepAlwaysTap, stepUnhighlighted
    case pointSingle, pointRefined, pointPrecise, pointAutoTap, pointManual

    var testDescription: String { rawValue }

    var settings: SwitchControlSettings {
        TestScreens.settings { s in
            switch self {
            case .autoGroups: break
            case .autoFlat: s.groupItems = false
            case .autoPause: s.pauseOnFirstItem = .milliseconds(700)
            case .autoPauseMax:
                s.pauseOnFirstItem = .milliseconds(1500)
                s.pauseOnFirstItemAdds = false
                s.pauseOnFirstItemAfterLoop = false
            case .autoTap: s.tapBehavior = .autoTap
            case .alwaysTap: s.tapBehavior = .alwaysTap
            case .autoHold:
                s.holdDuration = .milliseconds(100)
                s.ignoreRepeat = .milliseconds(300)
            case .autoOneLoop:
                s.loops = 1
                s.autoScanningTime = .milliseconds(600)
            case .manual, .manualBack, .manualUnhighlighted:
                s.scanningStyle = .manualScanning
                s.switches = [SwitchAssignment(.select, .selectItem), SwitchAssignment(.next, .moveToNextItem)]
                if self == .manualBack { s.switches.append(SwitchAssignment(.previous, .moveToPreviousItem)) }
                if self == .manualUnhighlighted { s.startHighlighted = false }
            case .step, .stepAlwaysTap, .stepUnhighlighted:
                s.scanningStyle = .singleSwitchStepScanning
                if self == .stepAlwaysTap { s.tapBehavior = .alwaysTap }
                if self == .stepUnhighlighted { s.startHighlighted = false }
            case .pointSingle, .pointRefined, .pointPrecise, .pointAutoTap, .pointManual:
                s.mode = .point
                s.glidingCursorSpeed = 60
                s.glidingCursorSelection = self == .pointSingle ? .single : self == .pointPrecise ? .precise : .refined
                if self == .pointAutoTap { s.tapBehavior = .autoTap; s.pauseOnFirstItem = .milliseconds(500) }
                if self == .pointManual {
                    s.scanningStyle = .manualScanning
                    s.switches = [SwitchAssignment(.select, .selectItem), SwitchAssignment(.next, .moveToNextItem)]
                }
            }
        }
    }
}

extension TestScreens {
    /// The same grid as an Appium XCUITest page source (a generated capture).
    static func appiumGrid(count: Int, columns: Int, pitch: Int = 40) throws -> AppModel {
        let side = pitch * 9 / 10
        let rows = (count + columns - 1) / columns
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<AppiumAUT>\n"
        xml += "<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" enabled=\"true\" visible=\"true\" x=\"0\" y=\"0\" width=\"\(columns * pitch)\" height=\"\(rows * pitch)\" name=\"Grid\" label=\"Grid\">\n"
        xml += "<XCUIElementTypeWindow type=\"XCUIElementTypeWindow\" enabled=\"true\" visible=\"true\" x=\"0\" y=\"0\" width=\"\(columns * pitch)\" height=\"\(rows * pitch)\">\n"
        for i in 0..<count {
            xml += "<XCUIElementTypeButton type=\"XCUIElementTypeButton\" enabled=\"true\" visible=\"true\" accessible=\"true\" x=\"\((i % columns) * pitch)\" y=\"\((i / columns) * pitch)\" width=\"\(side)\" height=\"\(side)\" name=\"Item \(i + 1)\" label=\"Item \(i + 1)\"/>\n"
        }
        xml += "</XCUIElementTypeWindow>\n</XCUIElementTypeApplication>\n</AppiumAUT>\n"
        return try AppLoader.load(Array(xml.utf8), file: "grid.xml")
    }

    /// Auto scanning that counts only the highlights to the target: Always
    /// Tap without a menu button (Android's auto-select), no pause.
    static func selectOnly(groups: Bool, maxGroupSize: Int = 10) -> SwitchControlSettings {
        settings { s in
            s.tapBehavior = .alwaysTap
            s.menuButton = .none
            s.groupItems = groups
            s.maxGroupSize = maxGroupSize
        }
    }
}

/// Rounds to 4 decimals, as the validation cases are stated.
func r4(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }
/// A statistic to four decimals; nil when there is none (`CostSummary`).
func r4(mean v: Double?) -> Double? { v.map { r4($0) } }
