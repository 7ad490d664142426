import CAtspi
import ScreenModel

/// How an AT-SPI role becomes a screen-model element: the one table of it
/// (docs/desktop-apps.md shows it, with every role gtk3-widget-factory has).
///
/// Roles are read by libatspi's names (`push button`, `page tab list`).
/// What a role cannot say, the states do: `checked`/`pressed`/`selected`
/// make a toggle, tab or row `selected`, no `sensitive` makes it
/// `notEnabled`, `modal` makes a dialog `isModal`, and `editable` makes a
/// `text` a text field rather than static text.
public enum AtspiRoleMapping {
    /// What an element of a role is in the screen model.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A top-level window (frame, dialog, alert): its title as the label; `isModal` with the `modal` state.
        case window
        /// Activated by its first action: `button`.
        case button
        /// A two-state control: `button` + `toggle`, `selected` when on.
        case toggle
        /// A value in a range (Value interface): `adjustable`, with the range and the step.
        case adjustable
        /// Editable text: a text field (`searchField`); its text is the value.
        case textField
        /// Text to read: `staticText`.
        case staticText
        /// A heading: `header`.
        case header
        /// An image or icon: `image`.
        case image
        /// A hyperlink: `link`.
        case link
        /// A notebook's tab: `button`, `selected` when it is the page shown;
        /// the page's content follows the tab list.
        case tab
        /// The tabs of a notebook: a container with the `tabBar` trait.
        case tabList
        /// A list or tree: a container (`list`).
        case list
        /// A table: a container (`dataTable`).
        case table
        /// A row or cell a user picks: `button`, `selected` when selected
        /// (chosen through the parent's Selection when it has no action).
        case item
        /// A tool bar or menu bar: a container (`semanticGroup`).
        case group
        /// A progress or level bar: `staticText` + `updatesFrequently`, its value read.
        case indicator
        /// Structure only (panel, filler, scroll pane, viewport): no traits;
        /// a stop only when it has an action and a name.
        case plain
        /// Left out with its subtree (separators, scroll bars: nothing to do or read).
        case omitted
    }

    /// The window roles of dialogs: a scenario's `window "TITLE"` follows
    /// the windows of these roles that the app shows beside the one named.
    public static let dialogRoles: Set<String> = ["dialog", "alert", "file chooser", "color chooser", "font chooser"]

    /// Roles by kind. A role not listed is `plain`.
    public static let roles: [(kind: Kind, roles: [String])] = [
        (.window, ["frame", "window", "dialog", "alert", "file chooser", "color chooser", "font chooser"]),
        (.button, ["push button", "button", "menu item", "combo box", "push button menu", "tear off menu item", "menu"]),
        (.toggle, ["toggle button", "check box", "radio button", "check menu item", "radio menu item", "switch"]),
        (.adjustable, ["slider", "spin button", "dial"]),
        (.textField, ["entry", "password text", "editbar"]),
        (.staticText, ["label", "static", "caption", "paragraph", "accelerator label", "text", "description term", "description value"]),
        (.header, ["heading"]),
        (.image, ["image", "icon", "animation"]),
        (.link, ["link"]),
        (.tab, ["page tab"]),
        (.tabList, ["page tab list"]),
        (.list, ["list", "list box", "tree"]),
        (.table, ["table", "tree table"]),
        (.item, ["list item", "table cell", "tree item", "table row"]),
        (.group, ["tool bar", "menu bar", "status bar"]),
        (.indicator, ["progress bar", "level bar"]),
        (.omitted, ["separator", "scroll bar"]),
    ]

    static let byRole: [String: Kind] = {
        var d: [String: Kind] = [:]
        for (kind, names) in roles { for n in names { d[n] = kind } }
        return d
    }()

    /// The kind of an object of `role` with `states` and `interfaces`.
    public static func kind(role: String, states: AtspiStates, interfaces: Set<String>) -> Kind {
        let kind = byRole[role] ?? .plain
        switch kind {
        case .staticText where states.isEditable:
            // GTK's GtkEntry is a `text` with the editable state.
            return .textField
        case .textField where !states.isEditable:
            return .staticText
        case .plain where interfaces.contains(AtspiPaths.value) && states.contains(ATSPI_STATE_FOCUSABLE):
            return .adjustable
        default:
            return kind
        }
    }

    /// Whether the kind is a control (one stop; its subtree is part of it).
    public static func isControl(_ kind: Kind) -> Bool {
        switch kind {
        case .button, .toggle, .adjustable, .textField, .link, .tab, .item: return true
        case .window, .staticText, .header, .image, .tabList, .list, .table, .group, .indicator, .plain, .omitted: return false
        }
    }

    /// The traits and container type of an element of `kind` in `states`.
    static func apply(_ kind: Kind, _ states: AtspiStates, to e: inout Element) {
        var traits: TraitSet = []
        switch kind {
        case .window:
            // Not a group of its own: a window's controls are scanned as
            // an iOS screen's are. A modal dialog traps navigation.
            if states.isModal { traits.insert(.isModal) }
        case .button: traits = .button
        case .toggle:
            traits = [.button, .toggle]
            if states.isOn { traits.insert(.selected) }
        case .adjustable: traits = .adjustable
        case .textField: traits = .searchField
        case .staticText: traits = .staticText
        case .header: traits = .header
        case .image: traits = .image
        case .link: traits = .link
        case .tab:
            traits = .button
            if states.isOn { traits.insert(.selected) }
        case .tabList: traits = .tabBar
        case .list: e.containerType = .list
        case .table: e.containerType = .dataTable
        case .item:
            traits = .button
            if states.isOn { traits.insert(.selected) }
        case .group: e.containerType = .semanticGroup
        case .indicator: traits = [.staticText, .updatesFrequently]
        case .plain, .omitted: break
        }
        if isControl(kind) && !states.isEnabled { traits.insert(.notEnabled) }
        e.traits = traits
    }
}
