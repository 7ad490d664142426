import Diagnostics
import ScreenModel

/// How a spoken name is compared with the elements' names (both normalised
/// by `SpokenText.normalize(_:)`).
public enum NameMatching: String, Hashable, Sendable, CaseIterable {
    /// The whole name: `tap add to cart` matches "Add to Cart" only. Default.
    case exact
    /// Exact matches first; with none, every name holding the spoken words as
    /// a run of whole words: `tap cart` matches "Add to Cart" (not "Carts").
    case contains
}

/// Voice Control's settings, with the documented source or model choice of
/// each default (docs/voice-control.md, "Settings").
public struct VoiceControlSettings: Hashable, Sendable {
    /// Settings › Voice Control › Overlay: the overlay shown continuously from
    /// the start; nil is None. Default None ([third-party] S13 for macOS's
    /// options; the iOS default is [unconfirmed]).
    public var overlay: OverlayKind? = nil
    /// Exact or contains matching of names. Default exact ([model choice],
    /// spec 3.3 rule 5 and open question 10).
    public var nameMatching: NameMatching = .exact
    /// Columns of "show grid". Default 3 ([model choice], open question 9).
    public var gridColumns: Int = 3
    /// Rows of "show grid". Default 3 ([model choice], open question 9).
    public var gridRows: Int = 3
    /// How many times saying a cell's number zooms into it before a number
    /// taps instead. Default 2 ([model choice], open question 9).
    public var gridZoomLevels: Int = 2

    public init() {}

    /// The settings' names as written in files and `set` commands, in documentation order.
    public static let names = ["overlay", "name-matching", "grid-columns", "grid-rows", "grid-zoom-levels"]

    /// Columns and rows a grid may have (settings and "show grid with N columns").
    public static let gridSizes: ClosedRange<Int> = 1...20
    /// Zoom levels a grid may have.
    public static let zoomLevels: ClosedRange<Int> = 0...6

    // MARK: - API

    /// Checks the ranges.
    /// - Throws: `SessionError.invalidSetting` naming the first setting out of range.
    public func validate() throws(SessionError) {
        if let problem = rangeProblems().first { throw .invalidSetting(problem) }
    }
}

extension Technology {
    /// Voice Control: spoken commands, names, numbers and the grid.
    public static var voiceControl: Technology { Technology(VoiceControlSettings.self) }
}

extension TechnologySettings {
    /// Voice Control with `settings`.
    public static func voiceControl(_ settings: VoiceControlSettings) -> TechnologySettings { TechnologySettings(settings) }

    /// The settings when they are Voice Control's.
    public var voiceControl: VoiceControlSettings? { settings as? VoiceControlSettings }
}

// Voice Control's entry in the technology list (`Technology.allCases`). Its
// settings file is one JSON object of the settings by kebab-case name, every
// key optional (docs/voice-control.md, "Settings"); a `set` line takes
// `names`, `none`, `contains`, `4`. Both are `SettingsFormat`'s.
extension VoiceControlSettings: SettingsFormat {
    static let kind = TechnologyKind(name: "voice", aliases: ["voice-control"], title: "Voice Control", navigation: .flat)

    func makeTechnology(navigation: NavigationOptions, screen: Screen) -> any AssistiveTechnology {
        VoiceControl(settings: self, navigation: navigation, screen: screen)
    }

    mutating func apply(_ name: String, _ value: SettingValue) throws(SettingsError) {
        let read = SettingReader(name: name, value: value, technology: Self.technology)
        let sizes = Double(Self.gridSizes.lowerBound)...Double(Self.gridSizes.upperBound)
        switch name {
        case "overlay":
            if case .null = value { overlay = nil; return }
            if case .string("none") = value { overlay = nil; return }
            guard case .string(let s) = value, let kind = OverlayKind(rawValue: s) else {
                throw read.bad("one of: none, \(OverlayKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            overlay = kind
        case "name-matching": nameMatching = try read.choice(NameMatching.self)
        case "grid-columns": gridColumns = try read.whole(sizes)
        case "grid-rows": gridRows = try read.whole(sizes)
        case "grid-zoom-levels":
            gridZoomLevels = try read.whole(Double(Self.zoomLevels.lowerBound)...Double(Self.zoomLevels.upperBound))
        default:
            throw SettingsError(.unknownSetting(name: name, suggestion: Suggestion.closest(to: name, among: Self.names)), technology: Self.technology)
        }
    }

    func rangeProblems() -> [SettingsError.Problem] {
        var out: [SettingsError.Problem] = []
        func check(_ name: String, _ value: Int, _ range: ClosedRange<Int>) {
            if !range.contains(value) {
                out.append(.invalidValue(name: name, value: String(value), expected: "a whole number from \(range.lowerBound) to \(range.upperBound)"))
            }
        }
        check("grid-columns", gridColumns, Self.gridSizes)
        check("grid-rows", gridRows, Self.gridSizes)
        check("grid-zoom-levels", gridZoomLevels, Self.zoomLevels)
        return out
    }
}
