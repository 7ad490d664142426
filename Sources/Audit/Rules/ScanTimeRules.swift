import ScreenModel
import SwitchyardEngine
import ScanBench

/// The rules read from the scan-time benchmark (docs/scan-bench.md), each
/// technology at its default settings and the default user:
/// `activation-over-budget` (Switch Control's analytic costs) and
/// `unreachable` (Switch Control, Full Keyboard Access and Voice Control).
enum ScanTimeRules {
    /// Both rules' findings on `f`'s screen.
    /// - Parameter budget: the longest reaching and activating may take.
    /// - Throws: the benchmark's errors (a session that cannot be made).
    static func findings(_ f: ScreenFacts, budget: Interval) throws -> [Finding] {
        let user = UserModel()
        let reports = [
            try Bench.switchControl(app: f.app, screen: f.screen, settings: SwitchControlSettings(), user: user),
            try Bench.keyboard(app: f.app, screen: f.screen, settings: KeyboardAccessSettings(), user: user),
            try Bench.voice(app: f.app, screen: f.screen, settings: VoiceControlSettings(), user: user),
        ]
        var out: [Finding] = []
        let limit = budget.seconds
        for cost in reports[0].elements where cost.reachable && cost.seconds > limit {
            out.append(Finding(.activationOverBudget, cost.element, f,
                               "reaching and activating it takes \(seconds(cost.seconds)) s with Switch Control's default settings (auto scanning, 1 s per item), over the \(seconds(limit)) s budget"))
        }
        // Per element, the technologies that cannot reach it and why, in
        // the order Switch Control, keyboard, voice.
        var why: [ElementIndex: [(Technology, String)]] = [:]
        for report in reports {
            for cost in report.elements {
                guard let reason = cost.unreachable, cost.notAStop?.isState != true else { continue }
                why[cost.element, default: []].append((report.technology, reason))
            }
        }
        for (k, list) in why {
            out.append(Finding(.unreachable, k, f, unreachable(list, of: reports.count)))
        }
        return out
    }

    /// The message of an `unreachable` finding: each technology that cannot
    /// reach the element and why, or one reason when all share it.
    /// - Parameters:
    ///   - list: the technologies and their reasons, in report order.
    ///   - count: how many technologies were asked.
    static func unreachable(_ list: [(Technology, String)], of count: Int) -> String {
        if list.count == count && Set(list.map(\.1)).count == 1 {
            return "no technology can reach it: \(list[0].1)"
        }
        return list.map { "\($0.0) cannot reach it: \($0.1)" }.joined(separator: "; ")
    }

    /// Seconds with up to two decimals (`17.5`).
    static func seconds(_ s: Double) -> String { Point.format((s * 100).rounded() / 100) }
}
