import Foundation
import Testing
import ScreenModel
@testable import SwitchyardEngine

@Suite struct AutoScanningTests {
    @Test func onsetsOncePerAutoScanningTime() throws {
        var s = try session(threeButtons)
        #expect(s.start(at: .zero) == [bySession(0, .screenChanged(screen: "main")), hl(0, A)])
        #expect(s.advance(to: ms(2500)) == [hl(1000, B), hl(2000, C)])
        #expect(s.pendingTimers == [ScheduledTimer(.switchControl(.autoScanStep), at: ms(3000))])
        #expect(s.advance(to: ms(3000)) == [hl(3000, A)])
        #expect(s.highlighted == .element(A))
    }

    /// Changed on purpose: at Apple's defaults (pause 0.5 s, scanning 1 s)
    /// the first item used to dwell 0.5 s, shorter than the others. The
    /// pause now adds to the scanning time, after every loop too.
    @Test func pauseOnFirstItemAddsToTheFirstDwellNeverShortensIt() throws {
        var s = try session(threeButtons) { $0.pauseOnFirstItem = .milliseconds(500) }
        #expect(s.start(at: .zero) == [bySession(0, .screenChanged(screen: "main")), hl(0, A)])
        #expect(s.advance(to: ms(5000)) == [hl(1500, B), hl(2500, C), hl(3500, A), hl(5000, B)])
    }

    /// With `pause-on-first-item-adds` off, the first item dwells the longer
    /// of the pause and the scanning time.
    @Test func pauseOnFirstItemNotAddedDwellsTheLongerOfTheTwo() throws {
        var s = try session(threeButtons) {
            $0.pauseOnFirstItem = .seconds(2)
            $0.pauseOnFirstItemAdds = false
        }
        _ = s.start(at: .zero)
        #expect(s.advance(to: ms(6000)) == [hl(2000, B), hl(3000, C), hl(4000, A), hl(6000, B)])
        var short = try session(threeButtons) {
            $0.pauseOnFirstItem = .milliseconds(500)
            $0.pauseOnFirstItemAdds = false
        }
        _ = short.start(at: .zero)
        #expect(short.advance(to: ms(3000)) == [hl(1000, B), hl(2000, C), hl(3000, A)])
    }

    @Test func pauseOnFirstItemAddedAndNotAfterLoop() throws {
        var s = try session(threeButtons) {
            $0.pauseOnFirstItem = .milliseconds(500)
            $0.pauseOnFirstItemAdds = true
            $0.pauseOnFirstItemAfterLoop = false
        }
        _ = s.start(at: .zero)
        #expect(s.advance(to: ms(5000)) == [hl(1500, B), hl(2500, C), hl(3500, A), hl(4500, B)])
    }

    @Test func loopsEndWithScanningStoppedAndAPressRestarts() throws {
        var s = try session(threeButtons) { $0.loops = 2 }
        _ = s.start(at: .zero)
        #expect(s.advance(to: ms(9000)) == [
            hl(1000, B), hl(2000, C), hl(3000, A), hl(4000, B), hl(5000, C),
            at(6000, .scanningStopped(reason: "loops")),
        ])
        #expect(s.pendingTimers == [])
        #expect(s.highlighted == nil)
        #expect(s.press(at: 9500) == [hl(9500, A)])
        #expect(s.pendingTimers == [ScheduledTimer(.switchControl(.autoScanStep), at: ms(10500))])
    }

    @Test func unlimitedLoopsNeverStop() throws {
        var s = try session(threeButtons) { try! $0.set("loops", "unlimited") }
        _ = s.start(at: .zero)
        var count = 0
        s.advance(to: .seconds(3600)) { _ in count += 1 }
        #expect(count == 3600)
        #expect(s.nextDeadline == .seconds(3601))
    }

    /// scanning-models.md V10: Android auto-scan, T = 1 s, D0 = 0.7 s added to
    /// the first item, loops = 2: onsets item 1 at 0, 2 at 1.7 s, 5 at 4.7 s,
    /// 10 at 9.7 s; a miss re-enters item 1 with another T + D0 dwell (10.7 s).
    /// Loads the shipped preset, Examples/settings/android-switch-access.json.
    @Test func v10AndroidAutoScanTimingFromTheShippedPreset() throws {
        let bytes = try [UInt8](Data(contentsOf: ExampleSettingsTests.directory.appendingPathComponent("android-switch-access.json")))
        let settings = try SwitchControlSettings.load(json: bytes, file: "android-switch-access.json")
        var s = try Session(app: column(10), configuration: SessionConfiguration(technology: .switchControl(settings)))
        var onsets: [String: [Instant]] = [:]
        func record(_ events: [TimedEvent]) {
            for e in events { if case .highlighted(.element(let r)) = e.event { onsets[r.label!, default: []].append(e.time) } }
        }
        record(s.start(at: .zero))
        record(s.advance(to: .seconds(30)))
        #expect(onsets["1"] == [ms(0), ms(10700)])
        #expect(onsets["2"] == [ms(1700), ms(12400)])
        #expect(onsets["5"] == [ms(4700), ms(15400)])
        #expect(onsets["10"] == [ms(9700), ms(20400)])
    }
}
