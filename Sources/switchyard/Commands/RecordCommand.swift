import Foundation
import Glibc
import Diagnostics
import InputDevices
import SwitchyardEngine

/// `switchyard record --device PATH|auto --out FILE`: writes an evemu
/// recording (device description + `E:` lines) of what the user pressed,
/// until Ctrl-C or `--duration`.
struct RecordCommand: Command {
    static let name = "record"
    static let summary = "record a device's events to an evemu file"
    static let usage = """
        usage: switchyard record --out FILE [--device PATH|auto] [--duration SECONDS] [--grab] [--profiles DIR]
          --device    /dev/input/eventN, or auto (default): the first device with a profile
          --out       the evemu file to write
          --duration  stop after this many seconds (default: at Ctrl-C)
          --grab      take the device exclusively while recording (presses do not reach the desktop)
        """

    var device: String
    var out: String
    var duration: Interval?
    var grab: Bool
    var profilesDirectory: String?

    init(arguments args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name, options: ["device", "out", "duration", "profiles"], flags: ["grab"])
        guard a.positionals.isEmpty else { throw UsageError(command: Self.name, message: "unexpected argument '\(a.positionals[0])'") }
        guard let out = a.value("out") else { throw UsageError(command: Self.name, message: "missing '--out FILE'") }
        self.out = out
        device = a.value("device") ?? "auto"
        if let d = a.value("duration") {
            guard let s = DecimalNumber.parse(d), let interval = Interval(seconds: s), interval > .zero else {
                throw UsageError(command: Self.name, message: "'--duration \(d)' is not a number of seconds from 0.000001 to \(Int(Interval.maximum.seconds)) (1000 years)")
            }
            duration = interval
        }
        grab = a.flags.contains("grab")
        profilesDirectory = a.value("profiles")
    }

    func run() throws -> ExitStatus {
        let outputs = try Outputs([("--out", out)], inputs: [profilesDirectory], command: Self.name)
        defer { outputs.discard() }
        let matcher = try DevicesCommand.profiles(profilesDirectory, command: Self.name)
        let all = try DeviceDiscovery().enumerate()
        let info: DeviceInfo
        if device == "auto" {
            guard let first = all.first(where: { matcher.match($0, override: nil) != nil }) else {
                throw InputDeviceError.noDevicesFound
            }
            info = first
        } else {
            guard let d = all.first(where: { $0.devnode == device }) else {
                throw SetupError.noDevice(command: Self.name, devnode: device)
            }
            info = d
        }
        let clock = SessionClock.startingNow()
        let recorder = try DeviceRecorder(info: info, clock: clock, grab: grab)
        let pipe = try SignalPipe()
        defer {
            recorder.stop()
            pipe.uninstall()
        }
        Output.err(TerminalText.escaped("recording \(info.devnode) \"\(info.name)\" — press Ctrl-C to stop"))
        let end = duration.map { clock.now() + $0 }
        // A device error ends the recording; what was recorded is still written.
        var failure: (any Error)? = nil
        do {
            loop: while true {
                let timeout = LiveLoop<CollectingSink>.timeoutMilliseconds(until: end, now: clock.now())
                let readable: Set<Int32>
                do { readable = try Poll.readable([pipe.readFD, recorder.fd], timeoutMilliseconds: timeout) } catch {
                    throw InputDeviceError.system(operation: "poll", devnode: info.devnode, error)
                }
                if readable.contains(pipe.readFD) { break loop }
                if readable.contains(recorder.fd) { try recorder.readAvailable() }
                if let end, clock.now() >= end { break loop }
            }
        } catch {
            failure = error
        }
        outputs["--out"]?.write(recorder.text)
        let errors = outputs.commit()
        if let failure {
            errors.forEach { Output.report($0) }
            throw failure
        }
        if let error = errors.first { throw error }
        Output.err(TerminalText.escaped("wrote " + Plural.count(recorder.recording.events.count, "event") + " to \(out)"))
        return .success
    }
}
