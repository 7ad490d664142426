import Foundation
import InputDevices

/// `switchyard devices`: the input devices udev sees, and the profile each
/// one gets and why.
struct DevicesCommand {
    static let name = "devices"
    static let usage = """
        usage: switchyard devices [--profiles DIR] [--all]
          Lists /dev/input/event* devices with their identity, udev classification,
          and the device profile each gets (and why).
          --profiles  load profiles from DIR instead of the shipped Devices/profiles
          --all       also list devices that no profile applies to
        """

    var profilesDirectory: String?
    var all: Bool

    init(_ args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name, options: ["profiles"], flags: ["all"])
        guard a.positionals.isEmpty else { throw UsageError(command: Self.name, message: "takes no arguments") }
        profilesDirectory = a.value("profiles")
        all = a.flags.contains("all")
    }

    static func profiles(_ directory: String?) throws(SetupError) -> ProfileMatcher {
        do {
            if let d = directory { return ProfileMatcher(profiles: try ProfileLoader.loadDirectory(d)) }
            return try ProfileLibrary.shipped()
        } catch {
            throw SetupError(message: "\(error)")
        }
    }

    func run() throws(SetupError) -> ExitStatus {
        let matcher = try Self.profiles(profilesDirectory)
        let adapter: EvdevAdapter
        let found: [DiscoveredDevice]
        do {
            adapter = try EvdevAdapter(options: AdapterOptions(profiles: matcher, grab: false))
            found = try adapter.discover()
        } catch {
            throw SetupError(message: "\(error)")
        }
        let shown = all ? found : found.filter { $0.match != nil }
        if found.isEmpty {
            Output.out("No input devices found (no /dev/input/event* nodes visible through udev).\n")
            Output.out("Plug in a switch interface, keyboard or game controller; in a container or VM, pass /dev/input through.\n")
            return .success
        }
        for d in shown { Output.out(d.description + "\n") }
        let ignored = found.count - shown.count
        if ignored > 0 { Output.out("(\(ignored) more device\(ignored == 1 ? "" : "s") with no profile; --all lists them)\n") }
        for w in adapter.warnings { Output.err("warning: \(w)") }
        return .success
    }
}
