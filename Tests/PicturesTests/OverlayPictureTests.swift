import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Diagnostics
import ScreenModel
import SwitchyardEngine
import DemoApp
import DeviceTestbed
@testable import Pictures

/// The repository root, found from this file's path.
let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Whether `text` is well-formed XML (Foundation's parser).
func isWellFormedXML(_ text: String) -> Bool {
    XMLParser(data: Data(text.utf8)).parse()
}

/// A one-screen app from its root's children (JSON object texts), 200×100.
func smallApp(_ children: [String], direction: String = "leftToRight") throws -> AppModel {
    let json = #"{"name": "Small", "screens": {"s": {"size": {"width": 200, "height": 100}, "layoutDirection": "\#(direction)", "root": {"children": [\#(children.joined(separator: ","))]}}}}"#
    return try AppDecoder(file: "small.json").decode(Array(json.utf8))
}

@Suite struct OverlayPictureTests {
    let demo = DemoApp.load().screen(named: "home")!

    /// The SVG holds the screen, every badge where Voice Control draws it, and is valid XML.
    @Test func namesOverlayAsSVG() throws {
        let overlay = try #require(Overlay.compute(.names, of: demo))
        let svg = OverlayPicture(screen: demo, overlay: overlay, title: "Corner Café — Shop").svg()
        #expect(svg.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<svg xmlns="http://www.w3.org/2000/svg" width="390" height="844" viewBox="0 0 390 844""#))
        #expect(svg.contains("<title>Corner Café — Shop</title>"))
        #expect(svg.contains(#"<g id="overlay" class="names" font-size="12" font-weight="bold">"#))
        // The Cart badge: 4 characters (2/3 em each, plus 10), at the button's top-left corner, across its top edge.
        #expect(svg.contains(##"<rect x="320" y="51" width="41.68" height="18" rx="5" fill="#3a3a3c" fill-opacity="0.92"/>"##))
        #expect(svg.contains(##"<text x="340.84" y="64.2" text-anchor="middle" fill="#ffffff">Cart</text>"##))
        #expect(svg.components(separatedBy: ##"fill="#3a3a3c""##).count - 1 == 10)
        #expect(isWellFormedXML(svg))
    }

    /// The picture in docs/ (for the README) is what the tool draws today:
    /// `switchyard overlay --names --svg docs/voice-control-names.svg --png docs/voice-control-names.png`.
    @Test func docsExampleIsCurrent() throws {
        let committed = try String(contentsOf: repoRoot.appendingPathComponent("docs/voice-control-names.svg"), encoding: .utf8)
        let overlay = try #require(Overlay.compute(.names, of: demo))
        #expect(OverlayPicture(screen: demo, overlay: overlay, title: "Corner Café — Shop: names overlay").svg() == committed)
    }

    /// Labels are XML-escaped; characters XML forbids, and those a terminal
    /// must not see raw, are written as visible escapes (`XMLText`).
    @Test func textIsEscaped() throws {
        let app = try smallApp([#"{"label": "<b>\"Tom\" & 'Jerry'\u0001</b>", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 200, "height": 50}}"#])
        let screen = app.screens[0]
        let svg = OverlayPicture(screen: screen, overlay: Overlay.compute(.names, of: screen)).svg()
        #expect(svg.contains("&lt;b&gt;&quot;Tom&quot; &amp; &apos;Jerry&apos;\\u{1}&lt;/b&gt;</text>"))
        #expect(!svg.contains("<b>"))
        #expect(isWellFormedXML(svg))
        #expect(SVGWriter.escape("a\u{1B}[2Jb\u{FFFE}") == #"a\u{1B}[2Jb\u{FFFE}"#)
    }

    /// A zoomed grid dims the screen around its area and numbers its cells.
    @Test func zoomedGridAsSVG() throws {
        let overlay = try #require(Overlay.compute(.grid, of: demo, columns: 3, rows: 4, zoom: [5]))
        #expect(overlay.grid?.area == Rect(x: 130, y: 211, width: 130, height: 211))
        let svg = OverlayPicture(screen: demo, overlay: overlay).svg()
        #expect(svg.contains(##"<path d="M0 0H390V844H0ZM130 211H260V422H130Z" fill="#000000" fill-opacity="0.3" fill-rule="evenodd"/>"##))
        #expect(svg.components(separatedBy: "<circle").count - 1 == 12)
        #expect(svg.contains(##"<rect x="130" y="211" width="43.33" height="52.75" fill="none" stroke="#0a60ff" stroke-opacity="0.85" stroke-width="1.5"/>"##))
        #expect(isWellFormedXML(svg))
        #expect(Overlay.compute(.grid, of: demo, zoom: [10]) == nil)
    }

    /// Full Keyboard Access's ring sits just outside the element; Switch Control's cursor on it.
    @Test(arguments: OverlayPicture.FocusStyle.allCases)
    func focus(_ style: OverlayPicture.FocusStyle) throws {
        let cart = try #require(demo.identifiers["cart-button"])
        let svg = OverlayPicture(screen: demo, overlay: nil, focus: (cart, style)).svg()
        let expected = switch style {
        case .keyboard: ##"<rect id="focus" class="keyboard" x="317" y="57" width="60" height="38" rx="8" fill="none" stroke="#0a84ff" stroke-width="4"/>"##
        case .switchControl: ##"<rect id="focus" class="switch-control" x="320" y="60" width="54" height="32" rx="6" fill="#0a84ff" fill-opacity="0.15" stroke="#0a84ff" stroke-width="5"/>"##
        }
        #expect(svg.contains(expected))
        #expect(isWellFormedXML(svg))
    }

    /// The terminal picture: badges at each element's top-left, in a frame.
    @Test func numbersAsText() throws {
        let app = try smallApp([
            #"{"label": "Back", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 100, "height": 25}}"#,
            #"{"label": "検索", "traits": ["button"], "frame": {"x": 100, "y": 0, "width": 100, "height": 25}}"#,
            #"{"label": "A very long name", "traits": ["button"], "frame": {"x": 0, "y": 50, "width": 50, "height": 25}}"#,
        ])
        let screen = app.screens[0]
        let names = OverlayPicture(screen: screen, overlay: Overlay.compute(.names, of: screen))
        #expect(names.text(columns: 20, rows: 4) == [
            "+--------------------+",
            "|[Back]    [検索]    |",
            "|                    |",
            "|[A v…               |",
            "|                    |",
            "+--------------------+",
        ])
        #expect(names.legend() == [
            #"  Back              "Back" {0, 0, 100×25}"#,
            #"  検索              "検索" {100, 0, 100×25}"#,
            #"  A very long name  "A very long name" {0, 50, 50×25}"#,
        ])
        let grid = OverlayPicture(screen: screen, overlay: Overlay.compute(.grid, of: screen, columns: 2, rows: 1))
        #expect(grid.text(columns: 20, rows: 4) == [
            "+--------------------+",
            "|+--------++--------+|",
            "||        ||        ||",
            "||    1   ||    2   ||",
            "|+--------++--------+|",
            "+--------------------+",
        ])
        #expect(grid.legend() == ["grid 2×1 over {0, 0, 200×100}", "  1  {0, 0, 100×100}", "  2  {100, 0, 100×100}"])
    }

    /// A right-to-left screen puts badges and labels at the leading (right) edge.
    @Test func rightToLeftBadges() throws {
        let app = try smallApp([#"{"label": "بحث", "traits": ["button"], "frame": {"x": 100, "y": 50, "width": 100, "height": 50}}"#], direction: "rightToLeft")
        let screen = app.screens[0]
        let picture = OverlayPicture(screen: screen, overlay: Overlay.compute(.names, of: screen))
        #expect(picture.text(columns: 20, rows: 4)[3] == "|               [بحث]|")
        let svg = picture.svg()
        #expect(svg.contains(#"text-anchor="end" clip-path="url(#clip1)">بحث</text>"#))
        #expect(isWellFormedXML(svg))
    }
}

/// PNG through rsvg-convert: the SVG is valid enough for librsvg to draw,
/// at the size asked for. Glyphs for Japanese need a CJK font
/// (`fonts-droid-fallback`, which `make test` installs); the test checks that the
/// picture renders and its size, not which glyphs were drawn.
@Suite(.enabled(if: Requirement.rsvgConvert.runs, Comment(rawValue: Requirement.rsvgConvert.skipReason)))
struct PNGTests {
    /// Width and height from a PNG's IHDR chunk.
    func pngSize(_ path: String) throws -> (Int, Int) {
        let data = try #require(FileManager.default.contents(atPath: path))
        let bytes = [UInt8](data)
        try #require(bytes.count > 24 && bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    @Test(arguments: [
        ("Tests/ScreenModelTests/Fixtures/ios-appium/ios-calendar-date-time-ja_390x844.xml", OverlayKind.names, 1.0, 390, 844),
        ("Examples/apps/rtl-inbox.json", OverlayKind.numbers, 2.0, 780, 1688),
        ("Tests/ScreenModelTests/Fixtures/ios-appium/ios-settings-top_390x844.xml", OverlayKind.grid, 1.0, 390, 844),
    ])
    func rendersJapaneseAndArabicLabels(_ file: String, _ kind: OverlayKind, _ scale: Double, _ width: Int, _ height: Int) throws {
        let app = try AppLoader.load(path: repoRoot.appendingPathComponent(file).path)
        let screen = app.screens[0]
        let svg = OverlayPicture(screen: screen, overlay: Overlay.compute(kind, of: screen)).svg(scale: scale)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        try SVGRasterizer.writePNG(svg, to: out)
        let (w, h) = try pngSize(out)
        #expect(w == width)
        #expect(h == height)
    }

    @Test func brokenSVGIsReported() {
        #expect(throws: PictureError.self) {
            try SVGRasterizer.writePNG("<svg", to: FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).png").path)
        }
    }
}

@Suite struct RasterizerTests {
    /// Without rsvg-convert, the error names the package to install.
    @Test func missingRendererNamesThePackage() {
        #expect(throws: PictureError.rendererMissing(file: "out.png")) {
            try SVGRasterizer.writePNG("<svg/>", to: "out.png", searchPath: "/nonexistent")
        }
        #expect(PictureError.rendererMissing(file: "out.png").description
            == "out.png: error: cannot write a PNG: rsvg-convert is not installed; install the Debian package librsvg2-bin (sudo apt-get install librsvg2-bin), or write SVG with --svg")
    }
}
