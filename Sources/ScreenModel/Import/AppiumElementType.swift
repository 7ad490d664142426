/// What an `XCUIElementType` means for the screen model: the traits it
/// implies, whether UIKit makes that kind of view an accessibility element,
/// whether it responds to user interaction, and how it groups its children.
///
/// XCTest reports the element type of every snapshot node (`XCUIElementType`,
/// the tag name and `type` attribute of WebDriverAgent's page source). The
/// table below follows what UIKit does for the standard control behind each
/// type: `UIButton` has `UIAccessibilityTraitButton`, a `UISwitch` is a toggle
/// button, a `UISlider` is adjustable, a `UITableViewCell` is an accessibility
/// element that hides its subviews, a `UINavigationBar` or `UIToolbar` is an
/// accessibility container, and so on. The full table, with the reason for
/// each row, is in `AppiumImporter.swift` and docs/importing.md.
struct AppiumElementType: Hashable, Sendable {
    /// The type name without the `XCUIElementType` prefix (`Button`).
    var name: String
    /// Traits implied by the type alone.
    var traits: TraitSet = []
    /// Whether UIKit makes this kind of view an accessibility element
    /// (`isAccessibilityElement == true`). Used when the capture has no
    /// `accessible` attribute (WebDriverAgent before about 2022).
    var isElement: Bool = false
    /// Whether an element of this type responds to user interaction
    /// (`accessibilityRespondsToUserInteraction`).
    var isInteractive: Bool = false
    /// `UIAccessibilityContainerType` of a container of this type.
    var containerType: ContainerType = .none
    /// Whether a container of this type scrolls its content.
    var scrollable: Bool = false

    /// The `XCUIElementType` prefix that every tag and `type` value carries.
    static let prefix = String(describing: prefixBytes)
    /// `prefix`, for comparing with bytes read in place.
    static let prefixBytes: StaticString = "XCUIElementType"

    /// The meaning of `name` (given with or without the prefix). Unknown
    /// types (`Other`, `Window`, `Application`, `Group`, types added by later
    /// XCTest versions) are plain: neither elements nor typed containers.
    init(_ rawName: String) {
        let name = rawName.hasPrefix(Self.prefix) ? String(rawName.dropFirst(Self.prefix.count)) : rawName
        self.name = name
        switch name {
        // Controls that act when activated.
        case "Button", "MenuButton", "PopUpButton", "RadioButton", "Tab", "Icon", "MenuItem", "MenuBarItem":
            control(.button)
        case "Link":
            control(.link)
        case "Switch", "Toggle", "CheckBox":
            control([.button, .toggle])
        case "Cell":
            control([])
        case "TextField", "SecureTextField", "TextView", "ComboBox":
            control([])
        case "SearchField":
            control(.searchField)
        case "Slider", "Stepper", "PickerWheel", "PageIndicator", "Incrementor", "RatingIndicator", "LevelIndicator":
            control(.adjustable)
        case "Key":
            control(.keyboardKey)
        // Elements that only show something.
        case "StaticText":
            display(.staticText)
        case "Image":
            display(.image)
        case "ProgressIndicator", "ActivityIndicator":
            display(.updatesFrequently)
        // Containers.
        case "TabBar":
            traits = .tabBar
        case "NavigationBar", "Toolbar", "Picker", "DatePicker", "SegmentedControl", "Keyboard", "Menu", "MenuBar", "TabGroup":
            containerType = .semanticGroup
        case "Table", "CollectionView", "ScrollView", "Outline", "Browser":
            containerType = .list
            scrollable = true
        case "WebView":
            scrollable = true
        case "Alert", "Sheet", "Dialog":
            traits = .isModal
        default:
            break
        }
    }

    /// Sets what the type decides on `e`, whose `traits` are set: an
    /// accessibility element responds when the type is a control or a
    /// trait is interactive; anything else is a container of the type's
    /// kind (`containerType`, `scrollable`) that does not respond.
    func configure(_ e: inout Element, asElement isElement: Bool) {
        if isElement {
            e.respondsToUserInteraction = isInteractive || !e.traits.intersection(Trait.interactive).isEmpty
        } else {
            e.respondsToUserInteraction = false
            e.containerType = containerType
            e.scrollable = scrollable
        }
    }

    private mutating func control(_ t: TraitSet) {
        traits = t
        isElement = true
        isInteractive = true
    }

    private mutating func display(_ t: TraitSet) {
        traits = t
        isElement = true
        isInteractive = false
    }
}

/// The element types one capture names, each read once and found again
/// from the bytes of its name (a tag, or a `type` value) without making a
/// `String`: a page source names a few dozen types, over and over.
///
/// Open addressing on FNV-1a of the bytes. The table holds at most
/// `capacity` types; a capture naming more (no real one does) gets the
/// rest read each time, so crafted names cost a bounded search, never a
/// long one.
struct AppiumElementTypeTable {
    /// The types in the order first named, each with its name as written.
    private var entries: [(written: [UInt8], name: String, type: AppiumElementType)] = []
    /// Per slot: an index into `entries` plus one; 0 for an empty slot.
    private var slots = [Int16](repeating: 0, count: 2 * capacity)

    /// The most types kept (half the slots, so that a search is short).
    static let capacity = 128

    /// The type named by `bytes`, and its index in the table (nil when the
    /// table is full and the name is new).
    mutating func type(named bytes: UnsafeBufferPointer<UInt8>) -> (type: AppiumElementType, index: Int?) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: hash ^ (hash >> 32)) & mask
        while slots[s] != 0 {
            let k = Int(slots[s]) - 1
            if entries[k].written.withUnsafeBufferPointer({ $0.equals(bytes) }) { return (entries[k].type, k) }
            s = (s + 1) & mask
        }
        let name = String(decoding: bytes, as: UTF8.self)
        let type = AppiumElementType(name)
        guard entries.count < Self.capacity else { return (type, nil) }
        entries.append((Array(bytes), name, type))
        slots[s] = Int16(entries.count)
        return (type, entries.count - 1)
    }

    /// The name of the type at `index`, as written.
    func name(at index: Int) -> String { entries[index].name }
}

extension TraitSet {
    /// The traits named as WebDriverAgent writes them in the `traits`
    /// attribute (`FBAccessibilityTraitsToStringsArray`: `Button`,
    /// `StaticText`, `NotEnabled`, `ToggleButton`, …), compared
    /// case-insensitively. `None` is the empty set; nil for a name that is
    /// neither `None` nor one of `Trait`'s cases.
    init?(appiumName name: String) {
        let key = name.lowercased()
        switch key {
        case "none": self = []
        case "togglebutton": self = .toggle
        default:
            guard let t = Trait.allCases.first(where: { $0.rawValue.lowercased() == key }) else { return nil }
            self = TraitSet(t)
        }
    }
}
