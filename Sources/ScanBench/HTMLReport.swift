import Diagnostics
import ScreenModel
import SwitchyardEngine

/// A self-contained HTML report of one or more `BenchReport`s: for each,
/// the heat map (inline SVG), the summary, the settings and user model
/// used, and the table of every element. No script and nothing fetched:
/// it reads offline in any browser.
public enum HTMLReport {
    /// The document.
    /// - Parameter sections: each report with its heat map's SVG document (nil: none).
    public static func render(_ sections: [(report: BenchReport, svg: String?)]) -> String {
        func e(_ s: String) -> String { XMLText.escaped(s) }
        let n = ReportFormat.number
        var h = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Scan-time benchmark</title>
            <style>
            body { font-family: "DejaVu Sans", "Noto Sans", sans-serif; margin: 2em; color: #1c1c1e; }
            table { border-collapse: collapse; margin: 1em 0; }
            th, td { border: 1px solid #d1d1d6; padding: 0.2em 0.6em; }
            td.n { text-align: right; font-variant-numeric: tabular-nums; }
            tr.unreachable td { color: #8e8e93; }
            .map svg { max-width: 100%; height: auto; }
            </style>
            </head>
            <body>
            <h1>Scan-time benchmark</h1>

            """
        for (r, svg) in sections {
            let s = r.summary
            h += "<section>\n<h2>\(e(r.app)) — \(e(r.screen))</h2>\n"
            h += "<p>\(e(r.technology.name)): \(e(r.method)); computed by \(e(r.computedBy)).</p>\n"
            h += "<p>Mean \(n(s.meanSeconds)) s (\(n(s.meanSteps)) steps, \(n(s.meanPresses)) presses); median \(n(s.medianSeconds)) s; p90 \(n(s.p90Seconds)) s; max \(n(s.maxSeconds)) s; unreachable \(s.unreachable).</p>\n"
            if let svg {
                // The SVG document without its XML declaration, inline.
                let body = svg.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("<?xml") }.joined(separator: "\n")
                h += "<div class=\"map\">\n\(body)</div>\n"
            }
            h += "<table>\n<tr><th>element</th><th>steps</th><th>presses</th><th>seconds</th><th>weight</th><th>note</th></tr>\n"
            for c in r.elements {
                let name = e(c.label ?? c.path)
                if let why = c.unreachable {
                    h += "<tr class=\"unreachable\"><td>\(name)</td><td class=\"n\">—</td><td class=\"n\">—</td><td class=\"n\">—</td><td class=\"n\">\(n(c.weight))</td><td>unreachable: \(e(why))</td></tr>\n"
                } else {
                    let ci = c.secondsStandardError.map { "± \(n(1.96 * $0)) s (95%)" } ?? ""
                    h += "<tr><td>\(name)</td><td class=\"n\">\(n(c.steps))</td><td class=\"n\">\(n(c.presses))</td><td class=\"n\">\(n(c.seconds))</td><td class=\"n\">\(n(c.weight))</td><td>\(ci)</td></tr>\n"
                }
            }
            h += "</table>\n<h3>Settings</h3>\n<table>\n"
            for (name, value) in r.settings { h += "<tr><td>\(e(name))</td><td>\(e(value))</td></tr>\n" }
            h += "</table>\n<h3>User model</h3>\n<table>\n"
            let u = r.user
            for (name, value) in [("reaction-time", "\(n(u.reactionTime.seconds)) s"), ("press-length", "\(n(u.pressLength.seconds)) s"),
                                  ("miss-probability", n(u.missProbability)), ("key-time", "\(n(u.keyTime.seconds)) s"),
                                  ("command-time", "\(n(u.commandTime.seconds)) s"), ("trials", String(u.trials)), ("seed", String(u.seed))] {
                h += "<tr><td>\(name)</td><td>\(e(value))</td></tr>\n"
            }
            h += "</table>\n</section>\n"
        }
        h += "</body>\n</html>\n"
        return h
    }
}
