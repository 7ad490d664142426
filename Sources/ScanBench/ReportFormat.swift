import Diagnostics
import ScreenModel
import SwitchyardEngine

/// How a `BenchReport` is written: a table for people, CSV for
/// spreadsheets, JSON for programs (docs/scan-bench.md, "Output").
public enum ReportFormat: String, Hashable, Sendable, CaseIterable {
    case table, csv, json

    /// The report in this format, ending with a newline.
    public func render(_ r: BenchReport) -> String {
        switch self {
        case .table: return Self.table(r)
        case .csv: return Self.csv(r)
        case .json: return Self.json(r).text + "\n"
        }
    }

    /// `12.346`: three decimals at most, trailing zeros dropped.
    public static func number(_ v: Double) -> String {
        Point.format((v * 1000).rounded() / 1000)
    }

    static func name(_ c: ElementCost) -> String {
        TerminalText.escaped(c.label ?? c.path, keepNewlines: false)
    }

    static func table(_ r: BenchReport) -> String {
        var lines = [
            TerminalText.escaped("\(r.app) — \(r.screen): \(r.technology.name), \(r.method) (\(r.computedBy))", keepNewlines: false),
            "user: reaction \(number(r.user.reactionTime.seconds)) s, press \(number(r.user.pressLength.seconds)) s, miss \(number(r.user.missProbability)), key \(number(r.user.keyTime.seconds)) s, command \(number(r.user.commandTime.seconds)) s",
        ]
        let weighted = r.elements.contains { $0.weight != 1 }
        let rows = r.elements.map { c -> [String] in
            var row = [name(c)]
            if c.reachable {
                let more = c.lowerBound == nil ? "" : "> "
                row += [more + number(c.steps), more + number(c.presses), more + number(c.seconds)]
            } else {
                row += ["—", "—", "—"]
            }
            if weighted { row.append(number(c.weight)) }
            if let why = c.unreachable {
                row.append("unreachable: " + why)
            } else if let why = c.lowerBound {
                row.append("more than shown: " + why)
            } else if let se = c.secondsStandardError {
                row.append("± " + number(1.96 * se) + " s (95%)")
            } else {
                row.append("")
            }
            return row
        }
        let header = ["element", "steps", "presses", "seconds"] + (weighted ? ["weight"] : []) + [""]
        lines.append("")
        lines += TextTable.lines([header] + rows, leftAligned: [0, header.count - 1])
        lines.append("")
        lines.append(summaryLine(r.summary))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The table's last line: `mean 2.5 steps, 2 presses, 1.5 s; median 1 s,
    /// p90 2 s, max 2 s; unreachable 0`. Figures that are lower bounds
    /// read `≥ 1.5`; with nothing to average, `mean —, median —, p90 —,
    /// max — (nothing can be reached)`.
    public static func summaryLine(_ s: CostSummary) -> String {
        guard let steps = s.meanSteps, let presses = s.meanPresses, let seconds = s.meanSeconds,
              let median = s.medianSeconds, let p90 = s.p90Seconds, let max = s.maxSeconds else {
            return "mean —, median —, p90 —, max — (\(s.noMean ?? "")); unreachable \(s.unreachable)"
        }
        let n = { (v: Double) in (s.lowerBound ? "≥ " : "") + number(v) }
        let figure = { (v: Double, singular: String, plural: String) in "\(n(v)) " + Plural.noun(figure: number(v), singular, plural) }
        return "mean \(figure(steps, "step", "steps")), \(figure(presses, "press", "presses")), \(n(seconds)) s; median \(n(median)) s, p90 \(n(p90)) s, max \(n(max)) s; unreachable \(s.unreachable)"
    }

    /// A statistic as text: the number, `—` when there is none.
    public static func statistic(_ v: Double?) -> String {
        v.map { number($0) } ?? "—"
    }

    static func csv(_ r: BenchReport) -> String {
        func field(_ s: String) -> String {
            s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
        }
        var lines = ["path,label,steps,presses,seconds,reachable,reason,weight"]
        for c in r.elements {
            lines.append([field(c.path), field(c.label ?? ""), number(c.steps), number(c.presses), number(c.seconds),
                          c.reachable ? "true" : "false", field(c.unreachable ?? c.lowerBound.map { "lower bound: " + $0 } ?? ""),
                          number(c.weight)].joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON document (`JSONWriter`): elements, summary, and the settings and user model used.
    public static func json(_ r: BenchReport) -> JSONWriter {
        var w = JSONWriter()
        write(r, into: &w)
        return w
    }

    /// A JSON array of several reports (`scan-report`: every screen of an app), each as `json(_:)` writes it.
    public static func json(_ reports: [BenchReport]) -> JSONWriter {
        var w = JSONWriter()
        w.openArray()
        for r in reports { write(r, into: &w) }
        w.closeArray()
        return w
    }

    /// Writes one report as a JSON object.
    static func write(_ r: BenchReport, into w: inout JSONWriter) {
        w.openObject()
        w.key("app"); w.string(r.app)
        w.key("screen"); w.string(r.screen)
        w.key("technology"); w.string(r.technology.name)
        w.key("method"); w.string(r.method)
        w.key("computed_by"); w.string(r.computedBy)
        w.key("elements")
        w.openArray()
        for c in r.elements {
            w.openObject(inline: true)
            w.key("path"); w.string(c.path)
            w.key("label"); if let l = c.label { w.string(l) } else { w.null() }
            w.key("steps"); w.number(c.steps)
            w.key("presses"); w.number(c.presses)
            w.key("seconds"); w.number(c.seconds)
            w.key("reachable"); w.bool(c.reachable)
            if let why = c.unreachable { w.key("reason"); w.string(why) }
            if let why = c.lowerBound { w.key("lower_bound"); w.bool(true); w.key("reason"); w.string(why) }
            if let se = c.secondsStandardError { w.key("seconds_ci95"); w.number(1.96 * se) }
            w.key("weight"); w.number(c.weight)
            w.closeObject()
        }
        w.closeArray()
        let s = r.summary
        w.key("summary")
        w.openObject()
        // No statistic (nothing reachable and weighted) is null, never 0.
        func statistic(_ v: Double?) { if let v { w.number(v) } else { w.null() } }
        w.key("mean_steps"); statistic(s.meanSteps)
        w.key("mean_presses"); statistic(s.meanPresses)
        w.key("mean_seconds"); statistic(s.meanSeconds)
        w.key("median_seconds"); statistic(s.medianSeconds)
        w.key("p90_seconds"); statistic(s.p90Seconds)
        w.key("max_seconds"); statistic(s.maxSeconds)
        w.key("unreachable"); w.number(Int64(s.unreachable))
        if s.lowerBound { w.key("lower_bound"); w.bool(true) }
        w.closeObject()
        w.key("settings")
        w.openObject()
        for (name, value) in r.settings { w.key(escaping: name); w.string(value) }
        w.closeObject()
        w.key("user")
        w.openObject()
        w.key("reaction_time"); w.number(r.user.reactionTime.seconds)
        w.key("press_length"); w.number(r.user.pressLength.seconds)
        w.key("miss_probability"); w.number(r.user.missProbability)
        w.key("key_time"); w.number(r.user.keyTime.seconds)
        w.key("command_time"); w.number(r.user.commandTime.seconds)
        w.key("trials"); w.number(Int64(r.user.trials))
        w.key("seed"); w.number(Int64(bitPattern: r.user.seed))
        w.closeObject()
        w.closeObject()
    }
}

/// A plain-text table as the tool prints it: columns two spaces apart, each
/// as wide as its widest cell, numbers right-aligned, no trailing spaces.
public enum TextTable {
    /// The table's lines.
    /// - Parameters:
    ///   - rows: the cells, row by row (the header first, when there is one).
    ///   - leftAligned: the columns aligned left (names); the others align right.
    public static func lines(_ rows: [[String]], leftAligned: Set<Int>) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { i in rows.map { i < $0.count ? $0[i].count : 0 }.max() ?? 0 }
        return rows.map { cells in
            cells.enumerated().map { i, c in
                let pad = String(repeating: " ", count: widths[i] - c.count)
                return leftAligned.contains(i) ? c + pad : pad + c
            }.joined(separator: "  ").trimmingTrailingSpaces
        }
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }

    func replacingOccurrences(of a: String, with b: String) -> String {
        split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}
