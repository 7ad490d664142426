import DeviceTestbed
import Foundation
import Testing

/// The HTML report opened in a real browser: headless Chromium over the
/// DevTools protocol loads it from a file with no console message, no
/// uncaught exception and no log entry (a failed load, a blocked resource),
/// and lays out every heat map and table at a visible size. `make test`
/// installs Chromium (Debian package `chromium`); CI sets
/// SWITCHYARD_REQUIRE_CHROMIUM=1 so this never skips there.
@Suite(.enabled(if: Requirement.chromium.runs, Comment(rawValue: Requirement.chromium.skipReason)), .serialized)
struct BenchHTMLBrowserTests {
    /// What the page holds once laid out, measured by the browser.
    struct Layout: Equatable {
        var sections: Int
        var visibleHeatMaps: Int
        var tables: Int
        var costedRows: Int
        var title: String
    }

    func load(_ arguments: [String]) throws -> (Layout, [HeadlessChromium.Message], Data) {
        let dir = try TemporaryDirectory()
        let html = dir.url.appendingPathComponent("report.html")
        let r = try switchyard(arguments + ["--html", html.path])
        try #require(r.status == 0, "\(r.stderr)")
        return try HeadlessChromium.withBrowser { browser in
            let session = try browser.open(html)
            let measured = try browser.evaluate("""
                JSON.stringify({
                  sections: document.querySelectorAll('section').length,
                  visibleHeatMaps: [...document.querySelectorAll('section svg')]
                    .filter(s => { const b = s.getBoundingClientRect(); return b.width > 100 && b.height > 100 }).length,
                  tables: document.querySelectorAll('table').length,
                  costedRows: document.querySelectorAll('tbody tr').length,
                  title: document.title
                })
                """, session: session)
            let json = try #require(measured as? String)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let layout = Layout(
                sections: object["sections"] as? Int ?? -1,
                visibleHeatMaps: object["visibleHeatMaps"] as? Int ?? -1,
                tables: object["tables"] as? Int ?? -1,
                costedRows: object["costedRows"] as? Int ?? -1,
                title: object["title"] as? String ?? "")
            let png = try browser.screenshot(session: session)
            return (layout, browser.messages, png)
        }
    }

    @Test func demoAppReportLoadsCleanlyWithEveryScreenLaidOut() throws {
        let (layout, messages, png) = try load(["bench", "--all-screens"])
        #expect(messages.map(\.description) == [])
        #expect(layout.sections == 4)
        #expect(layout.visibleHeatMaps == 4)
        #expect(layout.title == "Scan-time benchmark")
        #expect(layout.tables == 12)
        #expect(layout.costedRows > 20)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test func captureReportLoadsCleanlyUnderEachTechnology() throws {
        for technology in ["switch-control", "keyboard", "voice"] {
            let (layout, messages, _) = try load(["bench", BenchCommandTests.capture, "--technology", technology])
            #expect(messages.map(\.description) == [], "\(technology)")
            #expect(layout.sections == 1, "\(technology)")
            #expect(layout.visibleHeatMaps == 1, "\(technology)")
        }
    }

    /// The check sees what it must: a console error, an uncaught exception
    /// and a resource that fails to load are each reported.
    @Test func aBrokenPageIsReported() throws {
        let dir = try TemporaryDirectory()
        let page = dir.url.appendingPathComponent("broken.html")
        try """
            <!DOCTYPE html><html><head><title>broken</title></head><body>
            <img src="missing.png" alt="">
            <script>console.error("boom"); undefinedFunction();</script>
            </body></html>
            """.write(to: page, atomically: true, encoding: .utf8)
        let (title, messages) = try HeadlessChromium.withBrowser { browser in
            let session = try browser.open(page)
            return (try browser.evaluate("document.title", session: session) as? String, browser.messages)
        }
        #expect(title == "broken")
        #expect(messages.contains { $0.source == "console" && $0.level == "error" && $0.text == "boom" })
        #expect(messages.contains { $0.source == "exception" && $0.text.contains("undefinedFunction is not defined") })
        #expect(messages.contains { $0.source == "network" && $0.level == "error" && $0.text.contains("missing.png") })
    }
}
