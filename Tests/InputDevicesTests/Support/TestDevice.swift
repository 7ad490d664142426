import Foundation
import Testing
@testable import InputDevices

/// The test devices: one evemu fixture file each, in `Devices/fixtures/`.
enum TestDevice: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case switchBox = "switch-box"
    case keyboard = "usb-keyboard"
    case xboxPad = "xbox-pad"
    case joystickSwitch = "joystick-switch"

    var testDescription: String { rawValue }

    /// The event node number the testbed gives it (`/dev/input/eventN`).
    var eventNumber: Int {
        switch self {
        case .switchBox: return 20
        case .keyboard: return 21
        case .xboxPad: return 22
        case .joystickSwitch: return 23
        }
    }
    var devnode: String { "/dev/input/event\(eventNumber)" }

    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }   // Support, InputDevicesTests, Tests, root
        return url.path
    }()
    static let fixturesDirectory = repositoryRoot + "/Devices/fixtures"
    static let profilesDirectory = repositoryRoot + "/Devices/profiles"

    var fixturePath: String { Self.fixturesDirectory + "/\(rawValue).evemu" }

    /// The parsed fixture.
    func description() throws -> EvemuDescription { try Evemu.load(fixturePath).description }

    /// The shipped profiles.
    static func shippedProfiles() throws -> ProfileMatcher {
        ProfileMatcher(profiles: try ProfileLoader.loadDirectory(profilesDirectory))
    }
}
