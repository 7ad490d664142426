import Diagnostics
import ScreenModel

/// How the audit's findings are written (docs/audit.md, "Output"): text
/// for people and build logs (the compiler's diagnostic shape), JSON for
/// programs, SARIF 2.1.0 for code-scanning tools. One case per format,
/// one file each.
public enum AuditFormat: String, CaseIterable, Hashable, Sendable {
    case text, json, sarif

    // MARK: - API

    /// Every report in this format, ending with a newline.
    /// - Parameters:
    ///   - reports: one per app audited, in the order audited.
    ///   - settings: the settings the audit ran with.
    public func render(_ reports: [AuditReport], settings: AuditSettings) -> String {
        switch self {
        case .text: return AuditText.render(reports)
        case .json: return AuditJSON.render(reports, settings: settings).text + "\n"
        case .sarif: return SARIFLog.render(reports).text + "\n"
        }
    }
}
