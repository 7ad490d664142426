import Foundation
import Glibc
import InputDevices
import SwitchyardEngine

/// `switchyard record --device PATH|auto --out FILE`: writes an evemu
/// recording (device description + `E:` lines) of what the user pressed,
/// until Ctrl-C or `--duration`.
struct RecordCommand {
    static let name = "record"
    static let usage = """
        usage: switchyard record --out FILE [--device PATH|auto] [--duration SECONDS] [--grab] [--profiles DIR]
          --device    /dev/input/eventN, or auto (default): the first device with a profile
          --out       the evemu file to write
          --duration  stop after this many seconds (default: at Ctrl-C)
          --grab      take the device exclusively while recording (presses do not reach the desktop)
        """

    var device: String
    var out: String
    var duration: Double?
    var grab: Bool
    var profilesDirectory: String?

    init(_ args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name, options: ["device", "out", "duration", "profiles"], flags: ["grab"])
        guard a.positionals.isEmpty else { throw UsageError(command: Self.name, message: "unexpected argument '\(a.positionals[0])'") }
        guard let out = a.value("out") else { throw UsageError(command: Self.name, message: "missing '--out FILE'") }
        self.out = out
        device = a.value("device") ?? "auto"
        if let d = a.value("duration") {
            guard let s = Double(d), s > 0 else { throw UsageError(command: Self.name, message: "'--duration \(d)' is not a positive number of seconds") }
            duration = s
        }
        grab = a.flags.contains("grab")
        profilesDirectory = a.value("profiles")
    }

    func run() throws(SetupError) -> ExitStatus {
        let matcher = try DevicesCommand.profiles(profilesDirectory)
        let info: DeviceInfo
        do {
            let discovery = try DeviceDiscovery()
            let all = discovery.enumerate()
            if device == "auto" {
                guard let first = all.first(where: { matcher.match($0, override: nil) != nil }) else {
                    throw InputDeviceError.noDevicesFound
                }
                info = first
            } else {
                guard let d = all.first(where: { $0.devnode == device }) else {
                    throw SetupError(message: "switchyard record: error: no input device at '\(device)'; 'switchyard devices --all' lists them")
                }
                info = d
            }
        } catch let e as SetupError {
            throw e
        } catch {
            throw SetupError(message: "\(error)")
        }
        let clock = SessionClock.startingNow()
        let recorder: DeviceRecorder
        let pipe: SignalPipe
        do {
            recorder = try DeviceRecorder(info: info, clock: clock, grab: grab)
            pipe = try SignalPipe()
        } catch {
            throw SetupError(message: "\(error)")
        }
        defer {
            recorder.stop()
            pipe.uninstall()
        }
        Output.err("recording \(info.devnode) \"\(info.name)\" — press Ctrl-C to stop")
        let end = duration.map { clock.now() + Interval.seconds($0) }
        loop: while true {
            let timeout = LiveLoop<CollectingSink>.timeoutMilliseconds(until: end, now: clock.now())
            let readable: Set<Int32>
            do { readable = try Poll.readable([pipe.readFD, recorder.fd], timeoutMilliseconds: timeout) } catch { throw SetupError(message: "poll: \(error)") }
            if readable.contains(pipe.readFD) { break loop }
            if readable.contains(recorder.fd) {
                do { try recorder.readAvailable() } catch { throw SetupError(message: "\(error)") }
            }
            if let end, clock.now() >= end { break loop }
        }
        guard FileManager.default.createFile(atPath: out, contents: Data(recorder.text.utf8)) else {
            throw SetupError(message: "switchyard record: error: cannot write '\(out)'")
        }
        Output.err("wrote \(recorder.recording.events.count) events to \(out)")
        return .success
    }
}
