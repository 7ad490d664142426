import Diagnostics

/// The text format: one finding per line in the compiler's diagnostic
/// shape (`Finding.diagnostic(file:)`), then one line of totals.
///
///     app.json:14:9: menu/root/children[1]: error: interactive element has no label; … [label-missing]
///     3 findings (1 error, 2 warnings) in 1 app, 4 screens
enum AuditText {
    static func render(_ reports: [AuditReport]) -> String {
        var lines: [String] = []
        for r in reports {
            lines += r.findings.map { $0.diagnostic(file: r.file).description }
        }
        lines.append(summary(reports))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `3 findings (1 error, 2 warnings) in 1 app, 4 screens`, or
    /// `no findings in 1 app, 4 screens`.
    static func summary(_ reports: [AuditReport]) -> String {
        let count = { (n: Int, noun: String) in Plural.count(n, noun) }
        let findings = reports.reduce(0) { $0 + $1.findings.count }
        let scope = "in \(count(reports.count, "app")), \(count(reports.reduce(0) { $0 + $1.screens.count }, "screen"))"
        guard findings > 0 else { return "no findings " + scope }
        let parts = Severity.allCases.compactMap { s -> String? in
            let n = reports.reduce(0) { $0 + $1.count(s) }
            return n == 0 ? nil : count(n, s.rawValue)
        }
        return "\(count(findings, "finding")) (\(parts.joined(separator: ", "))) " + scope
    }
}
