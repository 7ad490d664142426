import Diagnostics
import ScreenModel
import SwitchyardEngine

/// A self-contained HTML report of one or more `BenchReport`s: for each,
/// the heat map (inline SVG), the summary, the settings and user model
/// used, and the table of every element. No script and nothing fetched:
/// it reads offline in any browser.
public enum HTMLReport {
    /// The document.
    /// - Parameters:
    ///   - sections: each report with its heat map's SVG document (nil: none).
    ///   - title: the page's title and heading.
    public static func render(_ sections: [(report: BenchReport, svg: String?)], title: String = "Scan-time benchmark") -> String {
        func e(_ s: String) -> String { XMLText.escaped(s) }
        let n = ReportFormat.number
        let m = ReportFormat.statistic
        var h = head(title: title)
        for (r, svg) in sections {
            let s = r.summary
            h += "<section>\n<h2>\(e(r.app)) — \(e(r.screen))</h2>\n"
            h += "<p>\(e(r.technology.name)): \(e(r.method)); computed by \(e(r.computedBy)).</p>\n"
            if let why = s.noMean {
                h += "<p>Mean —, median —, p90 —, max — (\(e(why))); unreachable \(s.unreachable).</p>\n"
            } else {
                let b = s.lowerBound ? "≥ " : ""
                h += "<p>Mean \(b)\(m(s.meanSeconds)) s (\(b)\(m(s.meanSteps)) \(Plural.noun(figure: m(s.meanSteps), "step")), \(b)\(m(s.meanPresses)) \(Plural.noun(figure: m(s.meanPresses), "press", "presses"))); median \(b)\(m(s.medianSeconds)) s; p90 \(b)\(m(s.p90Seconds)) s; max \(b)\(m(s.maxSeconds)) s; unreachable \(s.unreachable).</p>\n"
            }
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
                    let note = c.lowerBound.map { "more than shown: " + e($0) } ?? c.secondsStandardError.map { "± \(n(1.96 * $0)) s (95%)" } ?? ""
                    let more = c.lowerBound == nil ? "" : "&gt; "
                    h += "<tr><td>\(name)</td><td class=\"n\">\(more)\(n(c.steps))</td><td class=\"n\">\(more)\(n(c.presses))</td><td class=\"n\">\(more)\(n(c.seconds))</td><td class=\"n\">\(n(c.weight))</td><td>\(note)</td></tr>\n"
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

    /// One line of `index`: a screen's summary in a report written beside it.
    public struct IndexEntry: Sendable {
        /// The screen-model or Appium file, as found.
        public var source: String
        /// The report of one screen under one technology.
        public var report: BenchReport
        /// The HTML report that holds it: its path relative to the index
        /// (percent-encoded in the page: `href`).
        public var link: String
        public init(source: String, report: BenchReport, link: String) {
            self.source = source
            self.report = report
            self.link = link
        }
    }

    /// The page that lists every report of a `scan-report` run: for each
    /// app, technology and screen the mean, median, p90 and max seconds and
    /// the unreachable count, linked to its report; then the files that
    /// could not be costed, with their errors.
    public static func index(_ entries: [IndexEntry], failures: [(file: String, message: String)], title: String) -> String {
        func e(_ s: String) -> String { XMLText.escaped(s) }
        let n = ReportFormat.statistic
        var h = head(title: title)
        h += "<table>\n<tr><th>file</th><th>app</th><th>technology</th><th>screen</th><th>elements</th><th>mean s</th><th>median s</th><th>p90 s</th><th>max s</th><th>unreachable</th></tr>\n"
        for entry in entries {
            let r = entry.report
            let s = r.summary
            h += "<tr><td>\(e(entry.source))</td><td>\(e(r.app))</td><td><a href=\"\(e(href(entry.link)))\">\(e(r.technology.name))</a></td><td>\(e(r.screen))</td>"
            h += "<td class=\"n\">\(r.elements.count)</td><td class=\"n\">\(n(s.meanSeconds))</td><td class=\"n\">\(n(s.medianSeconds))</td><td class=\"n\">\(n(s.p90Seconds))</td><td class=\"n\">\(n(s.maxSeconds))</td><td class=\"n\">\(s.unreachable)</td></tr>\n"
        }
        h += "</table>\n"
        if !failures.isEmpty {
            h += "<h2>Not costed</h2>\n<ul>\n"
            for f in failures { h += "<li><code>\(e(f.file))</code>: \(e(f.message))</li>\n" }
            h += "</ul>\n"
        }
        h += "</body>\n</html>\n"
        return h
    }

    /// `path` as a relative URL: every byte but letters, digits, `-._~`
    /// and `/` percent-encoded (RFC 3986, section 2.1), so that a file
    /// named `a #1?.json`, or one whose name holds `%` or non-ASCII
    /// letters, links to its own report (`a%20%231%3F/keyboard.html`).
    public static func href(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out += "%"
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return out
    }

    /// The document's start, up to its heading: one style for every page.
    static func head(title: String) -> String {
        let t = XMLText.escaped(title)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(t)</title>
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
            <h1>\(t)</h1>

            """
    }
}
