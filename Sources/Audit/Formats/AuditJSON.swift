import Diagnostics
import ScreenModel

/// The JSON format (`JSONWriter`): the budget, one object per app with its
/// findings, and the totals.
enum AuditJSON {
    static func render(_ reports: [AuditReport], settings: AuditSettings) -> JSONWriter {
        var w = JSONWriter()
        w.openObject()
        w.key("budget"); w.number(settings.budget.seconds)
        w.key("apps"); w.openArray()
        for r in reports {
            w.openObject()
            w.key("file"); w.string(r.file)
            w.key("app"); w.string(r.app)
            w.key("platform"); w.string(r.platform.rawValue)
            w.key("screens"); w.strings(r.screens)
            w.key("findings"); w.openArray()
            for f in r.findings {
                w.openObject()
                w.key("rule"); w.string(f.rule.id)
                w.key("severity"); w.string(f.severity.rawValue)
                w.key("screen"); w.string(f.screen)
                w.key("path"); w.string(f.path)
                if let line = f.line { w.key("line"); w.number(Int64(line)) }
                if let column = f.column { w.key("column"); w.number(Int64(column)) }
                if let label = f.label { w.key("label"); w.string(label) }
                w.key("frame"); w.rect(f.frame)
                w.key("message"); w.string(f.message)
                w.key("fix"); w.string(f.fix)
                w.closeObject()
            }
            w.closeArray()
            w.closeObject()
        }
        w.closeArray()
        w.key("summary"); w.openObject(inline: true)
        w.key("findings"); w.number(Int64(reports.reduce(0) { $0 + $1.findings.count }))
        for s in Severity.allCases {
            w.key(escaping: s.rawValue + "s"); w.number(Int64(reports.reduce(0) { $0 + $1.count(s) }))
        }
        w.closeObject()
        w.closeObject()
        return w
    }

}
