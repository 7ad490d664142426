import Diagnostics

/// The formats an app file can be in: Switchyard's own screen-model JSON,
/// and the captures of real tools that the importers read
/// (docs/importing.md). `AppLoader` tells them apart by content; the
/// command line's `--app-format NAME` names one to skip the detection.
public enum AppFormat: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Switchyard's screen-model JSON (docs/screen-model.md).
    case json
    /// Appium XCUITest / WebDriverAgent page source: `<AppiumAUT>` or
    /// `<XCUIElementTypeApplication>` (`AppiumImporter`).
    case appiumIOS = "appium-ios"
    /// Appium UiAutomator2 page source: `<hierarchy … width= height=>`
    /// with class-named tags (`AndroidImporter`).
    case uiautomator2
    /// `adb shell uiautomator dump`: `<hierarchy rotation=…>` with `<node>`
    /// elements (`AndroidImporter`).
    case uiautomatorDump = "uiautomator-dump"
    /// XCTest's `XCUIApplication().debugDescription` text (`XCTestImporter`).
    case xctest

    /// The names `--app-format` takes, in declaration order.
    public static var names: [String] { allCases.map(\.rawValue) }

    /// What the format is, for messages: `Appium UiAutomator2 page source`.
    public var description: String {
        switch self {
        case .json: return "screen-model JSON"
        case .appiumIOS: return "Appium XCUITest page source"
        case .uiautomator2: return "Appium UiAutomator2 page source"
        case .uiautomatorDump: return "uiautomator dump"
        case .xctest: return "XCTest debugDescription"
        }
    }

    /// Whether it is a capture of an Android app (frames in pixels, converted by a density).
    public var isAndroid: Bool { self == .uiautomator2 || self == .uiautomatorDump }
}

/// How an app file is imported: the format, when detection by content is
/// to be skipped, and the density of an Android capture. The command line
/// builds one from `--app-format` and `--density` (one parser, in
/// `Arguments`) and every command that loads an app passes it to
/// `AppLoader`.
public struct ImportOptions: Hashable, Sendable {
    /// The file's format; nil to detect it by content.
    public var format: AppFormat?
    /// The density of an Android capture: physical pixels per dp. Nil to
    /// guess it from the screen's size (`AndroidDensity.guess`), which the
    /// load reports in a warning.
    public var density: AndroidDensity?
    /// Whether a `density` given for a file that is not an Android capture
    /// is a warning (it is ignored either way): yes for one file named on
    /// the command line, no for a folder of captures of every kind
    /// (`scan-report`).
    public var warnsOfUnusedDensity: Bool

    /// - Parameters:
    ///   - format: the format, or nil to detect it.
    ///   - density: an Android capture's density, or nil to guess it.
    ///   - warnsOfUnusedDensity: whether a density given for another format is a warning.
    public init(format: AppFormat? = nil, density: AndroidDensity? = nil, warnsOfUnusedDensity: Bool = true) {
        self.format = format
        self.density = density
        self.warnsOfUnusedDensity = warnsOfUnusedDensity
    }
}

/// The density of an Android screen: how many physical pixels make one
/// density-independent pixel (dp), Android's `DisplayMetrics.density`
/// (`densityDpi` / 160). UiAutomator writes bounds in physical pixels;
/// dividing by the density gives dp, which the screen model takes as
/// points (Android's dp and Apple's pt are both about 1/160 inch).
public struct AndroidDensity: Hashable, Sendable, CustomStringConvertible {
    /// Pixels per dp, within `range`.
    public let scale: Double

    /// The densities accepted, in pixels per dp: `Limits.androidDensity`,
    /// 0.5 to 10 (80 to 1,600 dpi).
    public static var range: ClosedRange<Double> { Limits.androidDensity }

    /// The densities a phone ships with (`DisplayMetrics.DENSITY_*` / 160),
    /// which the guess chooses from: mdpi 1, hdpi 1.5, xhdpi 2, 420 dpi
    /// 2.625, 440 dpi 2.75, xxhdpi 3, 560 dpi 3.5, xxxhdpi 4.
    public static let phoneBuckets: [Double] = [1, 1.5, 2, 2.625, 2.75, 3, 3.5, 4]

    /// The typical width of a phone in dp that the guess aims for: 411 dp,
    /// the width of Google's Pixel phones (1080 px at 420 dpi).
    public static let typicalPhoneWidth = 411.0

    /// A density of `scale` pixels per dp, or nil outside `range`.
    public init?(scale: Double) {
        guard scale.isFinite, Self.range.contains(scale) else { return nil }
        self.scale = scale
    }

    /// A density as a person writes it: pixels per dp (`2.625`), or dots
    /// per inch as `adb shell wm density` prints it (`420`, or `420dpi`),
    /// divided by 160. A plain number up to 10 is pixels per dp, from 80
    /// on it is dpi; the ranges do not meet.
    /// - Returns: nil for anything else, or a density outside `range`.
    public init?(parsing text: String) {
        var number = Substring(text)
        let dpi = number.hasSuffix("dpi")
        if dpi { number = number.dropLast(3) }
        guard number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = DecimalNumber.parse(number) else { return nil }
        if dpi || value >= Self.range.upperBound * 8 {
            self.init(scale: value / 160)
        } else if value <= Self.range.upperBound {
            self.init(scale: value)
        } else {
            return nil
        }
    }

    /// The density guessed for a screen whose shorter side is
    /// `shortSidePixels` physical pixels: of `phoneBuckets`, the one that
    /// makes that side closest to `typicalPhoneWidth` (the lower density on
    /// a tie). 1080 px gives 2.625 (411 dp), 1440 px 3.5 (411 dp), 1344 px
    /// 3.5 (384 dp), 720 px 2 (360 dp). A tablet is guessed as a phone, so
    /// its dp come out too few: give the real density. With no size to go
    /// by (0 or less), 1 (mdpi).
    public static func guess(shortSidePixels: Double) -> AndroidDensity {
        guard shortSidePixels.isFinite, shortSidePixels > 0 else { return AndroidDensity(scale: 1)! }
        var best = phoneBuckets[0]
        for d in phoneBuckets where abs(shortSidePixels / d - typicalPhoneWidth) < abs(shortSidePixels / best - typicalPhoneWidth) {
            best = d
        }
        return AndroidDensity(scale: best)!
    }

    /// `2.625 (420 dpi)`.
    public var description: String {
        "\(Point.format(scale)) (\(Point.format((scale * 160 * 1000).rounded() / 1000)) dpi)"
    }
}
