import CAtspi

/// An accessible object on the bus: the app's bus name and the object's path.
public struct AtspiObject: Hashable, Sendable, CustomStringConvertible {
    public var bus: String
    public var path: String
    public init(bus: String, path: String) {
        self.bus = bus
        self.path = path
    }
    /// The app's root object, `/org/a11y/atspi/accessible/root`.
    public static func root(of bus: String) -> AtspiObject { AtspiObject(bus: bus, path: AtspiPaths.root) }
    public var description: String { "\(bus) \(path)" }
}

/// The object paths and interfaces AT-SPI 2 defines.
public enum AtspiPaths {
    public static let root = "/org/a11y/atspi/accessible/root"
    public static let cache = "/org/a11y/atspi/cache"
    public static let registryPath = "/org/a11y/atspi/registry"
    public static let registry = "org.a11y.atspi.Registry"
    public static let accessible = "org.a11y.atspi.Accessible"
    public static let component = "org.a11y.atspi.Component"
    public static let action = "org.a11y.atspi.Action"
    public static let value = "org.a11y.atspi.Value"
    public static let text = "org.a11y.atspi.Text"
    public static let editableText = "org.a11y.atspi.EditableText"
    public static let selection = "org.a11y.atspi.Selection"
    public static let properties = "org.freedesktop.DBus.Properties"
}

/// The AT-SPI states Switchyard reads, by their bit in the state set
/// (`AtspiStateType`).
public struct AtspiStates: Hashable, Sendable {
    /// The two 32-bit words of the state set, as the bus carries them.
    public var bits: UInt64
    public init(bits: UInt64) { self.bits = bits }
    public init(words: [BusValue]) {
        let low = UInt64(UInt32(truncatingIfNeeded: words.first?.int ?? 0))
        let high = words.count > 1 ? UInt64(UInt32(truncatingIfNeeded: words[1].int ?? 0)) : 0
        bits = low | high << 32
    }
    public func contains(_ state: AtspiStateType) -> Bool {
        let k = UInt64(state.rawValue)
        return k < 64 && bits & (1 << k) != 0
    }
    /// Showing and visible: on screen now.
    public var isShowing: Bool { contains(ATSPI_STATE_SHOWING) && contains(ATSPI_STATE_VISIBLE) }
    /// Sensitive (GTK) or enabled: it takes input.
    public var isEnabled: Bool { contains(ATSPI_STATE_SENSITIVE) || contains(ATSPI_STATE_ENABLED) }
    /// Checked, pressed (a toggle button down) or selected (a tab, a row).
    public var isOn: Bool { contains(ATSPI_STATE_CHECKED) || contains(ATSPI_STATE_PRESSED) || contains(ATSPI_STATE_SELECTED) }
    public var isModal: Bool { contains(ATSPI_STATE_MODAL) }
    public var isFocused: Bool { contains(ATSPI_STATE_FOCUSED) }
    public var isEditable: Bool { contains(ATSPI_STATE_EDITABLE) }
    public var isActive: Bool { contains(ATSPI_STATE_ACTIVE) }
    public var isSelectable: Bool { contains(ATSPI_STATE_SELECTABLE) }
}

/// One object of an app's tree as the app's cache reports it
/// (`org.a11y.atspi.Cache.GetItems`: reference, app, parent, index in
/// parent, child count, interfaces, name, role, description, states).
public struct AtspiNode: Hashable, Sendable {
    public var object: AtspiObject
    public var parent: String
    public var indexInParent: Int
    public var childCount: Int
    public var interfaces: Set<String>
    public var name: String
    /// The role's number (`AtspiRole`) and name (`push button`).
    public var role: UInt32
    public var roleName: String
    public var description: String
    public var states: AtspiStates

    public init(object: AtspiObject, parent: String, indexInParent: Int, childCount: Int, interfaces: Set<String>, name: String,
                role: UInt32, roleName: String, description: String, states: AtspiStates) {
        self.object = object
        self.parent = parent
        self.indexInParent = indexInParent
        self.childCount = childCount
        self.interfaces = interfaces
        self.name = name
        self.role = role
        self.roleName = roleName
        self.description = description
        self.states = states
    }

    /// Reads one item of a `GetItems` reply: `((so)(so)(so)iiassusau)`.
    static func from(cacheItem v: BusValue, roleNames: inout RoleNames) -> AtspiNode? {
        guard let f = v.items, f.count >= 10,
              let me = f[0].items, me.count == 2, let bus = me[0].string, let path = me[1].string,
              let parent = f[2].items, parent.count == 2, let parentPath = parent[1].string,
              let index = f[3].int, let count = f[4].int,
              let interfaces = f[5].items, let name = f[6].string, let role = f[7].int,
              let description = f[8].string, let states = f[9].items
        else { return nil }
        let r = UInt32(truncatingIfNeeded: role)
        return AtspiNode(object: AtspiObject(bus: bus, path: path), parent: parentPath, indexInParent: index, childCount: count,
                         interfaces: Set(interfaces.compactMap(\.string)), name: name, role: r, roleName: roleNames.name(of: r),
                         description: description, states: AtspiStates(words: states))
    }
}

/// Role names by number, as libatspi spells them (`push button`, `page tab list`).
struct RoleNames {
    var names: [UInt32: String] = [:]
    mutating func name(of role: UInt32) -> String {
        if let n = names[role] { return n }
        var name = "unknown"
        if let p = atspi_role_get_name(AtspiRole(rawValue: role)) {
            name = String(cString: p)
            g_free(p)
        }
        names[role] = name
        return name
    }
}
