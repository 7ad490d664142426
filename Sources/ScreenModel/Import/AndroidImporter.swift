import Diagnostics

/// Imports an Android UiAutomator page source as an app with one screen:
/// Appium UiAutomator2's `driver.getPageSource()` (`<hierarchy index="0"
/// class="hierarchy" rotation="0" width="1080" height="2088">` with one
/// element per node, the tag being its Java class) and the raw
/// `adb shell uiautomator dump` (`window_dump.xml`: `<hierarchy
/// rotation="0">` with `<node class="…">` elements, `NAF="true"` on
/// clickable nodes with no text anywhere inside, no screen size). Both
/// are AndroidX UiAutomator's `AccessibilityNodeInfoDumper` output of
/// `AccessibilityNodeInfo`: one node per view the accessibility layer
/// reports, windows as the root's children, invisible nodes left out.
///
/// Bounds are physical pixels; frames are dp (taken as points) after
/// dividing by the screen's density, given (`density`) or guessed from the
/// screen's shorter side (`AndroidDensity.guess`), which the import
/// reports as a warning. The tree is read with libxml2's SAX2 parser
/// (`XMLEventParser`) and an explicit stack, so any depth imports without
/// recursion; a capture is at most `Limits.maximumFileBytes`.
///
/// ## Mapping
///
/// | Page source | Screen model | Why |
/// |---|---|---|
/// | `<hierarchy>` | `elements[0]`, a plain container; screen `size` ← `width`×`height` ÷ density when given (UiAutomator2), else the windows' extent | the display without the navigation bar; nodes may reach past it |
/// | a node (`<android.widget.Button …>` or `<node class="android.widget.Button" …>`) | one element, in document order | windows stay children of the root |
/// | `class` (or the tag) | traits, text field, container kind: see `AndroidWidgetClass` | the widget class behind the node |
/// | `bounds="[x1,y1][x2,y2]"` | `frame` ← (x1, y1, x2−x1, y2−y1) ÷ density | pixels, absolute, right and bottom exclusive |
/// | `content-desc`, else `text` | `label`, lines joined with ", " | TalkBack reads the description in place of the text; Flutter and Compose join a title and subtitle with a newline (`&#10;`) |
/// | `text` of a text field (`EditText` …, or `password="true"`) | `value` (none while `showing-hint="true"`); the label is then `content-desc`, else `hint`, else the shown hint | the typed text is the field's value |
/// | `resource-id` | `identifier`, on its first use in the screen | rows repeat ids (`android:id/title`); identifiers are unique per screen |
/// | `clickable`, `long-clickable` | a stop: `respondsToUserInteraction` | Switch Access and TalkBack act on them |
/// | `focusable` | a stop when nothing inside is actionable | keyboard focus; a focusable list (`RecyclerView`) passes focus to its rows |
/// | a stop without a label | `label` ← the labels of the non-actionable, shown nodes inside it, joined with ", "; not for `NAF="true"` | what TalkBack reads for a clickable row |
/// | `checkable="true"` | `toggle`; `value` ← `checked`: `1` or `0` | a switch's value, as `UISwitch` gives it |
/// | a stop that holds a non-actionable checkable node | `toggle`, `value` from that node's `checked` | a settings row whose switch is drawn inside it toggles as a whole |
/// | `enabled="false"` | `notEnabled` | |
/// | `selected="true"` | `selected` | |
/// | `heading="true"` | `header` | `AccessibilityNodeInfo.isHeading` (newer servers) |
/// | `scrollable="true"` | `scrollable`, and a `list` container unless a stop | it can scroll now |
/// | `displayed="false"`, `visible-to-user="false"` | `hidden` | |
/// | `NAF="true"` | no label is made for it | uiautomator's "not accessibility friendly": clickable, no text inside; the audit names it |
/// | `package` | the app's name (the first one given) | |
/// | `index`, `focused`, `rotation`, `drawing-order`, `window-id`, `a11y-focused`, `live-region`, `input-type`, … | ignored | no screen-model field |
///
/// Every node gets an explicit `respondsToUserInteraction`.
public struct AndroidImporter {
    /// The file name used in error messages and for the screen's name.
    public var file: String
    /// The screen's density; nil to guess it from the screen's size.
    public var density: AndroidDensity?
    /// The largest capture read, in bytes.
    public var maximumBytes: Int

    /// - Parameters:
    ///   - file: the capture's file name or path; the screen is named after
    ///     its last component without the extension.
    ///   - density: the screen's density (`adb shell wm density`, Appium's
    ///     `pixelRatio`); nil to guess it.
    ///   - maximumBytes: the largest capture read: `Limits.maximumFileBytes`
    ///     unless a test lowers it (it cannot be raised).
    public init(file: String, density: AndroidDensity? = nil, maximumBytes: Int = Limits.maximumFileBytes) {
        self.file = file
        self.density = density
        self.maximumBytes = min(maximumBytes, Limits.maximumFileBytes)
    }

    /// An imported capture: the app, and the density that converted it.
    public struct Capture: Sendable {
        public var app: AppModel
        /// The density the frames were converted with.
        public var density: AndroidDensity
        /// Whether it was guessed (no density was given).
        public var densityGuessed: Bool
        /// The screen's shorter side in pixels, which a guess went by (0 when unknown).
        public var shortSidePixels: Double

        /// A warning when the density was guessed, naming the guess and
        /// how to give the real one; else none.
        public func notes(file: String) -> [Diagnostic] {
            guard densityGuessed else { return [] }
            let side = shortSidePixels > 0
                ? "from the screen's shorter side, \(Point.format(shortSidePixels)) px (\(Point.format((shortSidePixels / density.scale * 10).rounded() / 10)) dp)"
                : "with no screen size to go by"
            return [Diagnostic(.warning, "the capture does not record its density; guessed \(density) \(side); pass the device's density with --density (adb shell wm density prints it)",
                               at: SourceLocation(file: file))]
        }
    }

    // MARK: - API

    /// Imports a page source.
    /// - Returns: an app named after the first node's package, with one
    ///   screen, on `Platform.android`.
    /// - Throws: as `importCapture(_:)`.
    public func importApp(_ bytes: [UInt8]) throws(ScreenModelError) -> AppModel {
        try importCapture(bytes).app
    }

    /// Imports a page source, saying which density converted it.
    /// - Parameter bytes: the XML text, UTF-8 (or with an XML declaration
    ///   naming its encoding).
    /// - Throws: `ScreenModelError.syntax` with the line and column for XML
    ///   that does not parse (including an empty document and a capture
    ///   pasted as a quoted string), in words; `.tooLarge` over
    ///   `maximumBytes`; `.wrongType` when the root is not `<hierarchy>`;
    ///   `.invalidValue` or `.negativeFrameSize` for an attribute that
    ///   cannot be read, naming the element's path.
    public func importCapture(_ bytes: [UInt8]) throws(ScreenModelError) -> Capture {
        let name = ImportText.screenName(file: file)
        guard bytes.count <= maximumBytes else { throw .tooLarge(file: file, bytes: bytes.count, limit: maximumBytes) }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw .syntax(file: file, line: 1, column: 1, message: "empty document; expected \(UiAutomatorTree.expected)")
        }
        let builder = XMLTreeBuilder(UiAutomatorTree(file: file, screenPath: "screens.\(name)", elements: StartTags.upperBound(bytes)))
        try XMLEventParser.parseCapture(bytes, file: file, handler: builder)
        let conversion = try builder.tree.finish(density: density)
        let table = builder.tree.table
        let screen = Screen(name: name, size: table[0].frame, elements: table, uniqueIdentifiers: builder.tree.identifiers.table)
        let app = AppModel(name: builder.tree.package ?? name, startScreen: name, screens: [screen], platform: .android)
        try AppValidator(file: file).validate(app)
        return Capture(app: app, density: conversion.density, densityGuessed: conversion.guessed, shortSidePixels: conversion.shortSidePixels)
    }
}
