import Diagnostics
import ScreenModel
import SwitchyardEngine

/// The audit's settings: the time budget for reaching and activating an
/// element with Switch Control, and the thresholds of the rules, each one
/// constant (docs/audit.md).
public struct AuditSettings: Hashable, Sendable {
    /// The longest a switch user may take to reach and activate an element
    /// with Switch Control's default settings before `activation-over-budget`
    /// reports it. Default 15 s [model choice]: fifteen auto-scan steps of
    /// Apple's default 1 s, which a screen of about a dozen stops in groups
    /// of 6 stays under.
    public var budget: Interval = .seconds(15)

    public init() {}

    /// The budgets `--budget` accepts, in seconds: above 0, at most an hour.
    public static let budgetRange: ClosedRange<Double> = 0.001...3600

    /// The budget written as `written` on a command line, checked before it
    /// becomes an interval: nil when it is not a number of seconds in
    /// `budgetRange`.
    /// - Parameter written: the value as the user wrote it.
    public static func budget(_ written: String) -> Interval? {
        guard let v = DecimalNumber.parse(written), budgetRange.contains(v) else { return nil }
        return Interval(seconds: v)
    }

    /// The most input labels Apple advises (`input-labels-too-many`).
    public static let maximumInputLabels = 4

    /// The smallest tap target, in points (dp on Android, pixels on a Linux
    /// desktop): 44 on iOS (Human Interface Guidelines), 48 on Android
    /// (Material Design), 24 on Linux (WCAG 2.2, Target Size (Minimum)).
    /// - Parameter platform: the app's platform.
    public static func minimumTarget(on platform: Platform) -> Double {
        switch platform {
        case .iOS: return 44
        case .android: return 48
        case .linux: return 24
        }
    }

    /// Android only: the smaller target allowed in a dimension whose edge
    /// lies on the screen's edge (Accessibility Test Framework), in dp.
    public static let minimumTargetAtScreenEdge = 32.0
}
