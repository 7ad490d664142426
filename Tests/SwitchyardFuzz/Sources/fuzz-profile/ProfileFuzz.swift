import FuzzSupport
import Foundation
import InputDevices
import SwitchyardEngine

/// The hand-written test devices of `Devices/fixtures/`, read once: every
/// profile that loads is matched against each, and drives a mapper for it.
let fixtures: [(info: DeviceInfo, axes: [UInt16: AbsInfo])] = {
    let dir = FuzzFiles.repositoryRoot + "/Devices/fixtures"
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".evemu") }.sorted()
    return names.compactMap { name in
        guard let recording = try? Evemu.load(dir + "/" + name) else { return nil }
        return (DeviceInfo(evemu: recording.description, source: name), recording.description.absInfo)
    }
}()

/// Device profile JSON: parse (event names resolved through libevdev); a
/// profile that loads is matched against every fixture device, and each of
/// its mappings is pressed and released through an `InputMapper`: every
/// target that goes down comes up, and time never goes backwards.
func fuzzProfile(_ bytes: [UInt8]) {
    let profile: DeviceProfile
    do {
        profile = try ProfileLoader.parse(bytes, file: "fuzz.json")
    } catch {
        render(error)
        return
    }
    invariant(!fixtures.isEmpty, "no fixture devices in \(FuzzFiles.repositoryRoot)/Devices/fixtures")
    for device in fixtures {
        if let match = ProfileMatcher.evaluate(profile, device.info) { _ = match.description }
        drive(profile, axes: device.axes)
    }
}

/// Presses and releases every mapping of `profile` once, one frame each, 10 ms apart.
func drive(_ profile: DeviceProfile, axes: [UInt16: AbsInfo]) {
    var mapper = InputMapper(profile: profile, axes: axes)
    let clock = SessionClock(epochMicroseconds: 0)
    var inputs: [TimedInput] = []
    var t: Int64 = 0
    func frame(_ type: UInt16, _ code: UInt16, _ value: Int32) {
        t += 10_000
        inputs += mapper.feed(RawEvent(seconds: t / 1_000_000, microseconds: t % 1_000_000, type: type, code: code, value: value), clock: clock)
        inputs += mapper.feed(RawEvent(seconds: t / 1_000_000, microseconds: t % 1_000_000, type: 0, code: 0, value: 0), clock: clock)
    }
    for mapping in profile.mappings {
        switch mapping {
        case .key(let code, _):
            frame(1, code, 1)
            frame(1, code, 2)
            frame(1, code, 0)
        case .axis(let code, let direction, _, _, _):
            let range = axes[code] ?? AbsInfo(minimum: -32_768, maximum: 32_767)
            frame(3, code, direction == .positive ? range.maximum : range.minimum)
            frame(3, code, (range.minimum / 2) &+ (range.maximum / 2))
        }
    }
    inputs += mapper.releaseAll(at: Instant(microseconds: t))
    var held: [Input: Int] = [:]
    var last = Instant.zero
    for input in inputs {
        invariant(input.time >= last, "mapped input \(input) is before \(last)")
        last = input.time
        switch input.input {
        case .switchDown(let id): held[.switchUp(id), default: 0] += 1
        case .switchUp: held[input.input, default: 0] -= 1
        default: break
        }
    }
    invariant(held.values.allSatisfy { $0 == 0 }, "a switch went down without coming up, or up without going down: \(inputs)")
}
