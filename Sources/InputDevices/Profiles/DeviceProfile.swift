import ScreenModel
import SwitchyardEngine

/// A device profile: which devices it is for, and how their evdev inputs
/// become switches and keys. Loaded from JSON (see docs/device-profiles.md).
public struct DeviceProfile: Hashable, Sendable {
    /// Short stable name, e.g. `xbox-controller`.
    public var name: String
    /// Where the profile came from (file path), for messages.
    public var source: String
    public var match: ProfileMatchRule
    /// Tie-breaker between equally specific profiles; higher wins.
    public var priority: Int
    public var mappings: [InputMapping]
    /// Mappings that replace `mappings` while a technology takes the
    /// device's inputs (`technologyMappings` in the file): a game
    /// controller's d-pad moves Switch Control's scanning by default, and
    /// Full Keyboard Access's focus as arrow keys.
    public var technologyMappings: [Technology: [InputMapping]]
    /// Keyboard keys with no explicit mapping pass through as `.key` inputs (Full Keyboard Access).
    public var passthroughKeys: Bool

    public init(name: String, source: String = "", match: ProfileMatchRule, priority: Int = 0,
                mappings: [InputMapping], technologyMappings: [Technology: [InputMapping]] = [:], passthroughKeys: Bool = false) {
        self.name = name
        self.source = source
        self.match = match
        self.priority = priority
        self.mappings = mappings
        self.technologyMappings = technologyMappings
        self.passthroughKeys = passthroughKeys
    }

    // MARK: - API

    /// The technologies that take device inputs, and so may have mappings
    /// of their own: Switch Control (switches) and Full Keyboard Access
    /// (keys). Voice Control hears utterances only.
    public static let mappedTechnologies: [Technology] = [.switchControl, .fullKeyboardAccess]

    /// The technology whose own mappings apply when `technologies` are
    /// active: the first of them that takes device inputs
    /// (`mappedTechnologies`), when the profile has `technologyMappings`
    /// for it; nil when the default `mappings` apply.
    /// - Parameter technologies: the session's technologies, in the order given.
    public func mappingTechnology(for technologies: [Technology]) -> Technology? {
        guard let first = technologies.first(where: Self.mappedTechnologies.contains), technologyMappings[first] != nil else { return nil }
        return first
    }

    /// The profile as it applies while `technologies` are active: `mappings`
    /// are those of `mappingTechnology(for:)` when there is one.
    /// - Parameter technologies: the session's technologies, in the order given.
    /// - Returns: the profile with the mappings in force.
    public func applying(_ technologies: [Technology]) -> DeviceProfile {
        guard let t = mappingTechnology(for: technologies), let own = technologyMappings[t] else { return self }
        var p = self
        p.mappings = own
        return p
    }
}

/// Conditions a device must meet; all present conditions must hold.
public struct ProfileMatchRule: Hashable, Sendable {
    /// (vendor, product, optional version) triples; any one may match.
    public var ids: [IDPattern]
    /// udev bus name (`usb`, `bluetooth`).
    public var bus: String?
    /// Glob (`*`, `?`) on the device name, case-insensitive.
    public var namePattern: String?
    /// udev classes the device must have.
    public var classes: Set<DeviceClass>
    /// udev classes the device must not have.
    public var excludedClasses: Set<DeviceClass>
    /// When set: whether the device must (true) or must not (false) have EV_ABS axes.
    public var hasAxes: Bool?

    public init(ids: [IDPattern] = [], bus: String? = nil, namePattern: String? = nil, classes: Set<DeviceClass> = [],
                excludedClasses: Set<DeviceClass> = [], hasAxes: Bool? = nil) {
        self.ids = ids
        self.bus = bus
        self.namePattern = namePattern
        self.classes = classes
        self.excludedClasses = excludedClasses
        self.hasAxes = hasAxes
    }

    public struct IDPattern: Hashable, Sendable {
        public var vendor: UInt16
        public var product: UInt16
        public var version: UInt16?
        public init(vendor: UInt16, product: UInt16, version: UInt16? = nil) {
            self.vendor = vendor
            self.product = product
            self.version = version
        }
    }
}

/// What an input becomes.
public enum MappingTarget: Hashable, Sendable {
    /// A switch: press → `.switchDown`, release → `.switchUp`.
    case switchID(SwitchID)
    /// A keyboard key for Full Keyboard Access, by its Linux name
    /// (`KEY_TAB`): press/release → `.key` down/up.
    case key(Key)
    /// Keys pressed together (`shift+tab`): press → each key down in
    /// order, release → each up in reverse (`KeyChord.strokes`).
    case chord(KeyChord)
}

/// Which half of an axis acts as a button.
public enum AxisDirection: String, Hashable, Sendable {
    case negative, positive
}

/// One evdev input mapped to a target.
public enum InputMapping: Hashable, Sendable {
    /// `EV_KEY` code: value 1 presses, 0 releases, 2 (autorepeat) is ignored.
    case key(code: UInt16, target: MappingTarget)
    /// Half of an `EV_ABS` axis past `threshold` (0…1 of the half range) acts as a button.
    case axis(code: UInt16, direction: AxisDirection, threshold: Double, hysteresis: Double, target: MappingTarget)
}
