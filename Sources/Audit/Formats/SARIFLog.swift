import Foundation
import Diagnostics
import ScreenModel

/// The audit as a SARIF 2.1.0 log (OASIS Static Analysis Results
/// Interchange Format), which code-scanning tools (GitHub code scanning,
/// IDE viewers) display: one run of the `switchyard audit` driver, its
/// rules with their default levels, the files audited as artifacts, and one
/// result per finding.
///
/// Every object holds the schema's required properties (`version`, `runs`;
/// `run.tool`; `tool.driver`; `toolComponent.name`; `reportingDescriptor.id`;
/// `multiformatMessageString.text`; `result.message` with `text`;
/// `physicalLocation.artifactLocation`; `region.startLine`) and only
/// properties the schema names, since it allows no others.
/// A finding's location is its file (`artifactLocation.uri`, with the
/// artifact's index), its line and column when the file keeps them (`region`),
/// and its element path as a logical location (`screen/root/children[2]`,
/// kind `element`); its frame and fix are in the result's property bag.
enum SARIFLog {
    /// The schema this log follows.
    static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// Where to read about the tool: the schema asks for an absolute URI.
    /// The project has no public home yet, so this names its audit page
    /// under a reserved host (RFC 2606 `.invalid`); change it here when it has.
    static let informationURI = "https://switchyard.invalid/docs/audit.md"

    static func render(_ reports: [AuditReport]) -> JSONWriter {
        var w = JSONWriter()
        w.openObject()
        w.key("$schema"); w.string(schema)
        w.key("version"); w.string("2.1.0")
        w.key("runs"); w.openArray()
        w.openObject()
        w.key("tool"); w.openObject()
        w.key("driver"); w.openObject()
        w.key("name"); w.string("switchyard audit")
        w.key("informationUri"); w.string(informationURI)
        w.key("rules"); w.openArray()
        for rule in AuditRule.allCases {
            w.openObject()
            w.key("id"); w.string(rule.id)
            w.key("shortDescription"); text(rule.title, &w)
            w.key("fullDescription"); text(rule.help, &w)
            w.key("help"); text(rule.help + " Fix: " + rule.fix, &w)
            w.key("defaultConfiguration"); w.openObject(inline: true); w.key("level"); w.string(rule.severity.rawValue); w.closeObject()
            w.closeObject()
        }
        w.closeArray()
        w.closeObject()
        w.closeObject()

        // One artifact per file, in the order audited (a file given twice once).
        var artifacts: [String] = []
        for r in reports where !artifacts.contains(r.file) { artifacts.append(r.file) }
        w.key("artifacts"); w.openArray()
        for file in artifacts {
            w.openObject()
            w.key("location"); w.openObject(inline: true); w.key("uri"); w.string(uri(file)); w.closeObject()
            w.key("roles"); w.strings(["analysisTarget"])
            w.closeObject()
        }
        w.closeArray()

        let ruleIndex = Dictionary(uniqueKeysWithValues: AuditRule.allCases.enumerated().map { ($1, $0) })
        w.key("results"); w.openArray()
        for r in reports {
            let artifact = artifacts.firstIndex(of: r.file)!
            for f in r.findings {
                w.openObject()
                w.key("ruleId"); w.string(f.rule.id)
                w.key("ruleIndex"); w.number(Int64(ruleIndex[f.rule]!))
                w.key("level"); w.string(f.severity.rawValue)
                w.key("message"); w.openObject(); w.key("text"); w.string(f.message); w.closeObject()
                w.key("locations"); w.openArray(); w.openObject()
                w.key("physicalLocation"); w.openObject()
                w.key("artifactLocation"); w.openObject(inline: true)
                w.key("uri"); w.string(uri(r.file)); w.key("index"); w.number(Int64(artifact))
                w.closeObject()
                if let line = f.line {
                    w.key("region"); w.openObject(inline: true)
                    w.key("startLine"); w.number(Int64(line))
                    if let column = f.column { w.key("startColumn"); w.number(Int64(column)) }
                    w.closeObject()
                }
                w.closeObject()
                w.key("logicalLocations"); w.openArray(); w.openObject()
                w.key("name"); w.string(f.label ?? f.path)
                w.key("fullyQualifiedName"); w.string(f.place)
                w.key("kind"); w.string("element")
                w.closeObject(); w.closeArray()
                w.closeObject(); w.closeArray()
                w.key("properties"); w.openObject()
                w.key("screen"); w.string(f.screen)
                w.key("frame"); w.rect(f.frame)
                w.key("fix"); w.string(f.fix)
                w.closeObject()
                w.closeObject()
            }
        }
        w.closeArray()
        w.closeObject()
        w.closeArray()
        w.closeObject()
        return w
    }

    /// A `multiformatMessageString`: `{"text": …}`.
    static func text(_ s: String, _ w: inout JSONWriter) {
        w.openObject()
        w.key("text"); w.string(s)
        w.closeObject()
    }

    /// The file as a URI reference: a relative path percent-encoded as a
    /// path (`Examples/apps/my%20app.json`), an absolute one as a `file:`
    /// URI (`file:///tmp/app.json`).
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":;")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
