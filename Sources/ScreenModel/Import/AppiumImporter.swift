import Foundation

/// Imports an Appium XCUITest page source (WebDriverAgent's `/source` XML,
/// `driver.getPageSource()`) as an app with one screen.
///
/// The page source is XCTest's snapshot of the app's accessibility tree,
/// written by WebDriverAgent: one XML element per node, the tag being the
/// `XCUIElementType`, nested as the views are. Both forms real tools emit are
/// read: with Appium's `<AppiumAUT>` wrapper and without it (raw WDA), and
/// both attribute sets: older WDA (about 2021–22) without `accessible` and
/// `index`, newer WDA with them and sometimes with `traits`.
///
/// The tree is read with libxml2's SAX2 parser (`XMLEventParser`, huge
/// documents allowed) and an explicit stack of open elements, so a document
/// of any depth imports without recursion. A capture is at most
/// `Limits.maximumFileBytes` (512 MiB).
///
/// ## Mapping
///
/// | Page source | Screen model | Why |
/// |---|---|---|
/// | `<AppiumAUT>` | skipped | Appium's wrapper, not a node |
/// | root element (`XCUIElementTypeApplication`) | `elements[0]`; screen `size` ← its `width`×`height`; screen `title` and app name ← its label | WDA's root spans the screen |
/// | `type` (or the tag), prefix stripped | traits, element kind, container kind: see the type table | XCTest's element type is the UIKit control class |
/// | `traits="Button, Selected"` | added to the type's traits; names compared case-insensitively; `None` adds nothing, `ToggleButton` → `toggle`; any other name is an `unknownTrait` error | the real `accessibilityTraits` (newer WDA) |
/// | `label` | `label`; falls back to `name` when absent or empty | `name` is the identifier if set, else the label |
/// | `name` | `identifier`, only when it differs from the label, and only its first use on the screen (captures repeat names; screen identifiers are unique) | |
/// | `value` | `value` (absent or empty → nil) | switches give `0`/`1`, fields their text |
/// | `x, y, width, height` | `frame` (points, absolute, as written) | WDA writes screen coordinates in points |
/// | `visible="false"` | inside a scrollable node and wholly outside its viewport: kept, not hidden (scrolled out); elsewhere `hidden = true`, the node kept | rows below the fold become stops when scrolled in; other invisible nodes are not drawn |
/// | `enabled="false"` | `notEnabled` trait | `isEnabled` |
/// | `selected="true"` | `selected` trait | |
/// | `accessible="true"` | an accessibility element: `respondsToUserInteraction` ← the type is a control or a trait is interactive; with children, `childBehavior = .ignore` | UIKit hides the subviews of an accessibility element |
/// | `accessible="false"` | not an element: a container only, `respondsToUserInteraction = false`; its label is kept but no stop reads it. Except a `Link` or `Button` inside a `WebView`: an element, its label (when none) from its `StaticText`s joined with a space | `isAccessibilityElement == false`; WebKit reports links as containers of their text |
/// | no `accessible` (older WDA) | an element when the type is one UIKit makes an element (controls, `StaticText`, `Image`, progress indicators) or a `traits` name is interactive; then as `accessible="true"` | |
/// | `index`, `hittable`, `focused`, `placeholderValue`, `bundleId`, `processId`, `customActions`, `minValue`, `maxValue` | ignored | no screen-model field, or not reliable enough |
///
/// Every node gets an explicit `respondsToUserInteraction`, so the result
/// does not depend on how the model would infer it.
///
/// ## Types
///
/// | Type | Traits | Element | Responds | Container |
/// |---|---|---|---|---|
/// | `Button`, `MenuButton`, `PopUpButton`, `RadioButton`, `Tab`, `Icon`, `MenuItem`, `MenuBarItem` | `button` | yes | yes | |
/// | `Link` | `link` | yes | yes | |
/// | `Switch`, `Toggle`, `CheckBox` | `button`, `toggle` | yes | yes | |
/// | `Cell` | — | yes | yes (a row is tapped as a whole; no `button` trait, as UIKit gives a plain cell none) | |
/// | `TextField`, `SecureTextField`, `TextView`, `ComboBox` | — | yes | yes (they take text) | |
/// | `SearchField` | `searchField` | yes | yes | |
/// | `Slider`, `Stepper`, `PickerWheel`, `PageIndicator`, `Incrementor`, `RatingIndicator`, `LevelIndicator` | `adjustable` | yes | yes | |
/// | `Key` | `keyboardKey` | yes | yes | |
/// | `StaticText` | `staticText` | yes | no | |
/// | `Image` | `image` | yes | no | |
/// | `ProgressIndicator`, `ActivityIndicator` | `updatesFrequently` | yes | no | |
/// | `TabBar` | `tabBar` | no | no | a tab bar (navigated as a block) |
/// | `NavigationBar`, `Toolbar`, `Picker`, `DatePicker`, `SegmentedControl`, `Keyboard`, `Menu`, `MenuBar`, `TabGroup` | — | no | no | `semanticGroup`: UIKit makes bars and pickers accessibility containers, and Switch Control scans them as one group |
/// | `Table`, `CollectionView`, `ScrollView`, `Outline`, `Browser` | — | no | no | `list`, `scrollable` |
/// | `WebView` | — | no | no | plain, `scrollable`; its links and buttons are elements |
/// | `Alert`, `Sheet`, `Dialog` | `isModal` | no | no | plain; the modal traps navigation (`accessibilityViewIsModal`) |
/// | anything else (`Other`, `Window`, `Application`, `Group`, …) | — | no | no | plain (transparent) |
///
/// The container kinds (`containerType`, `scrollable`, `tabBar`,
/// `isModal`) are kept whatever `accessible` says: they describe the node as
/// a container, which is what an `accessible="false"` node is. On an
/// accessibility element `containerType` and `scrollable` are dropped: its
/// children are hidden.
public struct AppiumImporter {
    /// The file name used in error messages and for the screen's name.
    public var file: String

    /// The largest capture read, in bytes.
    public var maximumBytes: Int

    /// - Parameters:
    ///   - file: the capture's file name or path; the screen is named
    ///     after its last component without the extension
    ///     (`ios-settings-top_390x844.xml` → `ios-settings-top_390x844`), or
    ///     `screen` when that is empty.
    ///   - maximumBytes: the largest capture read: `Limits.maximumFileBytes`
    ///     unless a test lowers it (it cannot be raised).
    public init(file: String, maximumBytes: Int = Limits.maximumFileBytes) {
        self.file = file
        self.maximumBytes = min(maximumBytes, Limits.maximumFileBytes)
    }

    /// The screen's name, derived from `file`.
    public var screenName: String { ImportText.screenName(file: file) }

    // MARK: - API

    /// Imports a page source.
    /// - Parameter bytes: the XML text, UTF-8 (or with an XML declaration
    ///   naming its encoding).
    /// - Returns: an app named after the root's label, with one screen.
    /// - Throws: `ScreenModelError.syntax` with the line and column for XML
    ///   that does not parse (including an empty document), in words;
    ///   `.tooLarge` for a capture over `maximumBytes`;
    ///   `.wrongType` when the root is not a page source;
    ///   `.invalidValue`, `.negativeFrameSize` or `.unknownTrait` for an
    ///   attribute that cannot be read, naming the element's path.
    public func importApp(_ bytes: [UInt8]) throws(ScreenModelError) -> AppModel {
        let name = screenName
        guard bytes.count <= maximumBytes else { throw .tooLarge(file: file, bytes: bytes.count, limit: maximumBytes) }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw .syntax(file: file, line: 1, column: 1, message: "empty document; expected an Appium XCUITest page source (<AppiumAUT> or <XCUIElementTypeApplication>)")
        }
        let builder = XMLTreeBuilder(PageSourceTree(file: file, screenPath: "screens.\(name)", elements: StartTags.upperBound(bytes)))
        try XMLEventParser.parseCapture(bytes, file: file, handler: builder)
        try builder.tree.finish()

        let table = builder.tree.table
        let root = table[0]
        let size = root.frame.map { Rect(x: 0, y: 0, width: $0.width, height: $0.height) }
        let screen = Screen(name: name, title: root.label, size: size, elements: table, uniqueIdentifiers: builder.tree.identifiers.table)
        let app = AppModel(name: root.label ?? name, startScreen: name, screens: [screen])
        try AppValidator(file: file).validate(app)
        return app
    }
}
