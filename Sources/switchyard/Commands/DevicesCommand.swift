import Foundation
import InputDevices

/// `switchyard devices`: the input devices udev sees, and the profile each
/// one gets and why.
struct DevicesCommand: Command {
    static let name = "devices"
    static let summary = "list input devices and the profile each one gets"
    static let usage = """
        usage: switchyard devices [--profiles DIR] [--all]
          Lists /dev/input/event* devices with their identity, udev classification,
          and the device profile each gets (and why).
          --profiles  load profiles from DIR instead of the shipped Devices/profiles
          --all       also list devices that no profile applies to
        """

    var profilesDirectory: String?
    var all: Bool

    init(arguments args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name, options: ["profiles"], flags: ["all"])
        guard a.positionals.isEmpty else { throw UsageError(command: Self.name, message: "takes no arguments") }
        profilesDirectory = a.value("profiles")
        all = a.flags.contains("all")
    }

    /// The profiles in `directory`, or the shipped ones (`--profiles DIR`).
    static func profiles(_ directory: String?) throws(ProfileError) -> ProfileMatcher {
        if let d = directory { return ProfileMatcher(profiles: try ProfileLoader.loadDirectory(d)) }
        return try ProfileLibrary.shipped()
    }

    func run() throws -> ExitStatus {
        let matcher = try Self.profiles(profilesDirectory)
        let adapter = try EvdevAdapter(options: AdapterOptions(profiles: matcher, grab: false))
        let found = try adapter.discover()
        let shown = all ? found : found.filter { $0.match != nil }
        if found.isEmpty {
            Output.out("No input devices found (no /dev/input/event* nodes visible through udev).\n")
            Output.out("Plug in a switch interface, keyboard or game controller; in a container or VM, pass /dev/input through.\n")
            return .success
        }
        for d in shown { Output.out(d.description + "\n") }
        let ignored = found.count - shown.count
        if ignored > 0 { Output.out("(\(ignored) more device\(ignored == 1 ? "" : "s") with no profile; --all lists them)\n") }
        for w in adapter.warnings { Output.report(w, as: .warning) }
        return .success
    }
}
