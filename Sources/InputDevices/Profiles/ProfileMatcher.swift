import Diagnostics
import Foundation
import ScreenModel
import SwitchyardEngine

/// The profile chosen for a device and why (shown by `switchyard devices`).
public struct ProfileMatch: Hashable, Sendable, CustomStringConvertible {
    public var profile: DeviceProfile
    /// `vendor/product 045e:028e`, `classification ID_INPUT_JOYSTICK (fallback)`…
    public var reason: String
    /// Higher is more specific; see `ProfileMatcher.specificity`.
    public var specificity: Int
    public var description: String { "\(profile.name) (\(reason))" }

    /// The match as it applies while `technologies` are active
    /// (`DeviceProfile.applying(_:)`); the reason then names the technology
    /// whose own mappings apply (`…; keyboard mappings`).
    /// - Parameter technologies: the session's technologies, in the order given.
    public func applying(_ technologies: [Technology]) -> ProfileMatch {
        guard let t = profile.mappingTechnology(for: technologies) else { return self }
        return ProfileMatch(profile: profile.applying(technologies), reason: reason + "; \(t.name) mappings", specificity: specificity)
    }
}

/// Picks the most specific profile for a device.
///
/// Specificity, highest first: vendor+product+version (4000), vendor+product
/// (3000), name pattern (+200), bus (+50), each required or excluded class
/// (+10), axes condition (+5). Ties go to the higher `priority`, then to the
/// name that sorts first, so the choice is deterministic.
///
/// A controller listed in the SDL GameControllerDB (`controllers`, from
/// `--gamecontrollerdb FILE`) is a candidate too, as specific as an `ids`
/// entry with version plus a bus (4050): its GUID names all four.
public struct ProfileMatcher: Sendable {
    public var profiles: [DeviceProfile]
    /// Controllers that get a profile made from their GameControllerDB entry.
    public var controllers: GameControllerDB

    /// - Parameters:
    ///   - profiles: the profile files (shipped, or `--profiles DIR`).
    ///   - controllers: an SDL GameControllerDB (`--gamecontrollerdb FILE`), or none.
    public init(profiles: [DeviceProfile], controllers: GameControllerDB = GameControllerDB()) {
        self.profiles = profiles
        self.controllers = controllers
    }

    /// The best match for `device`, or nil if no profile applies.
    public func match(_ device: DeviceInfo) -> ProfileMatch? {
        var candidates = profiles.compactMap { Self.evaluate($0, device) }
        if let entry = controllers.mapping(for: device.id) {
            candidates.append(ProfileMatch(profile: entry.profile(for: device), reason: "SDL GameControllerDB \(entry.source), GUID \(entry.guid)",
                                           specificity: Self.gameControllerDBSpecificity))
        }
        return candidates.min { a, b in
            if a.specificity != b.specificity { return a.specificity > b.specificity }
            if a.profile.priority != b.profile.priority { return a.profile.priority > b.profile.priority }
            return a.profile.name < b.profile.name
        }
    }

    /// The profile called `name`, or nil.
    public func profile(named name: String) -> DeviceProfile? { profiles.first { $0.name == name } }

    /// `match(device)`, unless `override` names a profile: then that one, with
    /// reason `chosen with --profile`. Nil if the named profile does not exist.
    public func match(_ device: DeviceInfo, override: String?) -> ProfileMatch? {
        guard let override else { return match(device) }
        return profile(named: override).map { ProfileMatch(profile: $0, reason: "chosen with --profile", specificity: .max) }
    }

    /// How specific a GameControllerDB match is: vendor, product and version (4000) and bus (50).
    public static let gameControllerDBSpecificity = 4050

    /// Whether `profile` applies to `device`, with reason and specificity.
    public static func evaluate(_ profile: DeviceProfile, _ device: DeviceInfo) -> ProfileMatch? {
        let rule = profile.match
        var reasons: [String] = []
        var score = 0
        if !rule.ids.isEmpty {
            guard let hit = rule.ids.first(where: {
                $0.vendor == device.id.vendor && $0.product == device.id.product && ($0.version == nil || $0.version == device.id.version)
            }) else { return nil }
            if let v = hit.version {
                score += 4000
                reasons.append("vendor/product \(hex4(hit.vendor)):\(hex4(hit.product)) version \(hex4(v))")
            } else {
                score += 3000
                reasons.append("vendor/product \(hex4(hit.vendor)):\(hex4(hit.product))")
            }
        }
        if let bus = rule.bus {
            guard device.id.busName == bus || device.properties["ID_BUS"] == bus else { return nil }
            score += 50
            reasons.append("bus \(bus)")
        }
        if let pattern = rule.namePattern {
            guard glob(pattern.lowercased(), device.name.lowercased()) else { return nil }
            score += 200
            reasons.append("name matches \"\(pattern)\"")
        }
        if !rule.classes.isEmpty {
            guard rule.classes.isSubset(of: device.classes) else { return nil }
            score += 10 * rule.classes.count
            reasons.append("classification \(rule.classes.sorted().map(\.rawValue).joined(separator: "+"))")
        }
        if !rule.excludedClasses.isEmpty {
            guard rule.excludedClasses.isDisjoint(with: device.classes) else { return nil }
            score += 10 * rule.excludedClasses.count
            reasons.append("not \(rule.excludedClasses.sorted().map(\.rawValue).joined(separator: "+"))")
        }
        if let axes = rule.hasAxes {
            guard axes == !device.capabilities.absAxes.isEmpty else { return nil }
            score += 5
            reasons.append(axes ? "has axes" : "no axes")
        }
        let fallback = rule.ids.isEmpty && rule.namePattern == nil
        return ProfileMatch(profile: profile, reason: reasons.joined(separator: ", ") + (fallback ? " (fallback)" : ""),
                            specificity: score)
    }

    /// `*` and `?` glob match on characters.
    static func glob(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern), t = Array(text)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count && (p[pi] == "?" || p[pi] == t[ti]) { pi += 1; ti += 1 }
            else if pi < p.count && p[pi] == "*" { star = pi; mark = ti; pi += 1 }
            else if star >= 0 { pi = star + 1; mark += 1; ti = mark }
            else { return false }
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}

/// The profiles shipped in `Devices/profiles/`.
public enum ProfileLibrary {
    /// Where the shipped profiles are: `$SWITCHYARD_DEVICES/profiles`, else
    /// `./Devices/profiles`, else the source checkout this was built from.
    public static func shippedDirectory() -> String {
        if let env = system_getenv("SWITCHYARD_DEVICES") { return env + "/profiles" }
        let cwd = FileManager.default.currentDirectoryPath + "/Devices/profiles"
        if FileManager.default.fileExists(atPath: cwd) { return cwd }
        return repositoryRoot + "/Devices/profiles"
    }

    /// Root of the source checkout (derived from this file's path).
    public static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }   // Profiles, InputDevices, Sources, root
        return url.path
    }()

    /// Loads the shipped profiles.
    public static func shipped() throws(Diagnostic) -> ProfileMatcher {
        ProfileMatcher(profiles: try ProfileLoader.loadDirectory(shippedDirectory()))
    }
}
