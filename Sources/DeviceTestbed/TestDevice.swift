import Foundation
import InputDevices

/// The test devices: one evemu fixture file each, in `Devices/fixtures/`.
public enum TestDevice: String, CaseIterable, Sendable {
    case switchBox = "switch-box"
    case keyboard = "usb-keyboard"
    case xboxPad = "xbox-pad"
    case joystickSwitch = "joystick-switch"

    /// The event node number the testbed gives it (`/dev/input/eventN`).
    public var eventNumber: Int {
        switch self {
        case .switchBox: return 20
        case .keyboard: return 21
        case .xboxPad: return 22
        case .joystickSwitch: return 23
        }
    }
    public var devnode: String { "/dev/input/event\(eventNumber)" }

    /// The package root, found from this file's place in it (`Sources/DeviceTestbed/`):
    /// the tests and `switchyard-bench` run from the checkout they were built from.
    public static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }   // TestDevice.swift → DeviceTestbed, Sources, root
        return url.path
    }()
    public static let fixturesDirectory = repositoryRoot + "/Devices/fixtures"
    public static let profilesDirectory = repositoryRoot + "/Devices/profiles"

    public var fixturePath: String { Self.fixturesDirectory + "/\(rawValue).evemu" }

    /// The parsed fixture.
    public func description() throws -> EvemuDescription { try Evemu.load(fixturePath).description }

    /// The shipped profiles.
    public static func shippedProfiles() throws -> ProfileMatcher {
        ProfileMatcher(profiles: try ProfileLoader.loadDirectory(profilesDirectory))
    }
}
