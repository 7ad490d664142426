import Foundation
import Diagnostics
import ScreenModel
import SwitchyardEngine
import Scripting
import Pictures
import DemoApp

/// `switchyard overlay [FILE] [--screen S] --names|--numbers|--grid [--zoom N…] [--svg F] [--png F]`:
/// a screen with Voice Control's overlay drawn over it, in the terminal and
/// as SVG or PNG (docs/voice-control.md, "Pictures").
struct OverlayCommand: Command {
    static let name = "overlay"
    static let summary = "draw Voice Control's names, numbers or grid over a screen (terminal text, SVG, PNG)"
    static let usage = """
        usage: switchyard overlay [FILE] [--screen NAME] [--names|--numbers|--grid] [--columns N] [--rows N] [--zoom N]...
                                  [--focus NAME] [--focus-style keyboard|switch-control] [--svg FILE] [--png FILE] [--scale S]
                                  [--app-format NAME] [--density D]
          FILE           an app file (screen-model JSON, a page source, XCTest text: docs/importing.md);
                         the built-in demo app when absent
          --screen       the screen to draw (default: the app's start screen)
          --names        each target's name, or its number when it has no speakable name
                         (without --names, --numbers or --grid: the screen alone, no overlay)
          --numbers      each target's number, from 1 in navigation order
          --grid         the numbered grid, --columns × --rows cells (default 3 × 3)
          --zoom N       zoom the grid into cell N; repeat it (or write N,M) to zoom further, at most \(VoiceControlSettings().gridZoomLevels) times
                         (Voice Control's grid-zoom-levels at its default)
          --focus NAME   draw a focus on the element NAME ("Label", #identifier or root/children[…] path)
          --focus-style  keyboard (Full Keyboard Access's ring, default) or switch-control (Switch Control's cursor)
          --svg FILE     write the picture as SVG
          --png FILE     write it as PNG (needs rsvg-convert, Debian package librsvg2-bin)
          --scale S      pixels per point in the SVG and PNG (default 1)
        \(Arguments.importUsage(column: 17))
        """

    var file: String?
    var screen: String?
    var kind: OverlayKind?
    /// Every overlay flag given (at most one may be).
    var kinds: [OverlayKind] = []
    /// Grid size given on the command line (the Voice Control defaults otherwise).
    var columns: Int?
    var rows: Int?
    var zoom: [Int] = []
    var focus: ElementName?
    var focusStyle: OverlayPicture.FocusStyle = .keyboard
    var svg: String?
    var png: String?
    var scale = 1.0
    /// `--app-format`, `--density`.
    var importOptions = ImportOptions()

    init(arguments args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name, options: Arguments.importOptionNames.union(["screen", "columns", "rows", "zoom", "focus", "focus-style", "svg", "png", "scale"]),
                              flags: ["names", "numbers", "grid"])
        guard a.positionals.count <= 1 else {
            throw UsageError(command: Self.name, message: "expected at most one FILE, got \(a.positionals.count)")
        }
        file = a.positionals.first
        screen = a.value("screen")
        kinds = OverlayKind.allCases.filter { a.flags.contains($0.rawValue) }
        kind = kinds.first
        func count(_ name: String) throws(UsageError) -> Int? {
            guard let v = a.value(name) else { return nil }
            guard let n = DecimalNumber.whole(v), VoiceControlSettings.gridSizes.contains(n) else {
                throw UsageError(command: Self.name, message: "'--\(name) \(v)' is not valid; expected a whole number from \(VoiceControlSettings.gridSizes.lowerBound) to \(VoiceControlSettings.gridSizes.upperBound)")
            }
            return n
        }
        columns = try count("columns")
        rows = try count("rows")
        for v in a.options["zoom"] ?? [] {
            for part in v.split(separator: ",", omittingEmptySubsequences: false) {
                guard let n = DecimalNumber.whole(part), n >= 1 else {
                    throw UsageError(command: Self.name, message: "'--zoom \(v)' is not valid; expected cell numbers from 1, e.g. --zoom 5 or --zoom 5,2")
                }
                zoom.append(n)
            }
        }
        if let f = a.value("focus") {
            if f.hasPrefix("#") { focus = .identifier(String(f.dropFirst())) } else if f == "root" || f.hasPrefix("root/") { focus = .path(f) } else { focus = .label(f) }
        }
        if let s = try a.choice("focus-style", command: Self.name, allowed: OverlayPicture.FocusStyle.allCases.map(\.rawValue)) {
            focusStyle = OverlayPicture.FocusStyle(rawValue: s)!
        }
        svg = a.value("svg")
        png = a.value("png")
        importOptions = try a.importOptions(command: Self.name)
        if let v = a.value("scale") {
            guard let s = DecimalNumber.parse(v), s > 0, s <= 16 else {
                throw UsageError(command: Self.name, message: "'--scale \(v)' is not valid; expected a number above 0, at most 16")
            }
            scale = s
        }
    }

    func validate() throws(UsageError) {
        if kinds.count > 1 {
            throw UsageError(command: Self.name, message: "choose one overlay: \(kinds.map { "--\($0)" }.joined(separator: ", ")) were given")
        }
        if kind != .grid && (!zoom.isEmpty || columns != nil || rows != nil) {
            throw UsageError(command: Self.name, message: "--zoom, --columns and --rows shape the grid; add --grid")
        }
        // The picture shows what Voice Control at its defaults can show: a
        // cell's number zooms `grid-zoom-levels` times, then it taps.
        let levels = VoiceControlSettings().gridZoomLevels
        if zoom.count > levels {
            throw UsageError(command: Self.name, message: "'--zoom \(zoom.map(String.init).joined(separator: ","))' zooms \(zoom.count) times; Voice Control zooms a grid at most "
                + "\(Plural.count(levels, "time")) (grid-zoom-levels, default \(levels)), then a cell's number taps it")
        }
        if let svg, svg == png {
            throw UsageError(command: Self.name, message: "--svg and --png name the same file '\(svg)'")
        }
    }

    func run() throws -> ExitStatus {
        let outputs = try Outputs([("--svg", svg), ("--png", png)], inputs: [file], command: Self.name)
        defer { outputs.discard() }
        let app = try file.map { f throws(ScreenModelError) in try AppScreens.loadApp(f, options: importOptions) } ?? DemoApp.load()
        let source = file ?? DemoApp.fileName
        let name = screen ?? app.startScreen
        guard let s = app.screen(named: name) else {
            throw ScreenModelError.unknownScreen(file: source, at: "--screen", name: name, known: app.screens.map(\.name))
        }
        var overlay: Overlay? = nil
        if let kind {
            let defaults = VoiceControlSettings()
            let columns = columns ?? defaults.gridColumns
            let rows = rows ?? defaults.gridRows
            guard let o = Overlay.compute(kind, of: s, columns: columns, rows: rows, zoom: zoom) else {
                throw UsageError(command: Self.name, message: "'--zoom \(zoom.map(String.init).joined(separator: ","))' names a cell the \(columns)×\(rows) grid does not have; cells are 1 to \(columns * rows)")
            }
            overlay = o
        }
        var ring: (element: ElementIndex, style: OverlayPicture.FocusStyle)? = nil
        if let focus {
            let matches = ElementMatcher().matches(focus, on: s)
            guard matches.count == 1 else {
                let one = AppModel(name: app.name, startScreen: s.name, screens: [s])
                throw SetupError.noSuchElement(command: Self.name, message: ElementMatcher().problem(with: focus, in: one) ?? "\(focus) does not name one element on screen '\(s.name)'")
            }
            ring = (matches[0], focusStyle)
        }
        let title = "\(app.name) — \(s.title ?? s.name): " + (kind.map { "\($0) overlay" } ?? "no overlay")
        let picture = OverlayPicture(screen: s, overlay: overlay, focus: ring, title: title)
        var out = [title] + picture.text() + picture.legend()
        if kind == nil {
            out.append("no overlay: the screen's element frames and labels alone; --names, --numbers or --grid draws Voice Control's")
        }
        let document = picture.svg(scale: scale)
        if let file = outputs["--svg"] {
            file.write(document)
            if !file.isStandardOutput { out.append("wrote \(TerminalText.escaped(file.path, keepNewlines: false))") }
        }
        if let file = outputs["--png"] {
            let bytes = try SVGRasterizer.png(document, for: file.path)
            bytes.withUnsafeBytes { file.write($0) }
            if !file.isStandardOutput { out.append("wrote \(TerminalText.escaped(file.path, keepNewlines: false))") }
        }
        if let error = outputs.commit().first { throw error }
        Output.out(out.joined(separator: "\n") + "\n")
        return .success
    }
}
