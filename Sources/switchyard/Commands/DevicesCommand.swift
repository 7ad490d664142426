import Diagnostics
import Foundation
import InputDevices

/// `switchyard devices`: the input devices udev sees, and the profile each
/// one gets and why.
struct DevicesCommand: Command {
    static let name = "devices"
    static let summary = "list input devices and the profile each one gets"
    static let usage = """
        usage: switchyard devices [--profile NAME] [--profiles DIR] [--gamecontrollerdb FILE] [--all]
          Lists /dev/input/event* devices with their identity, udev classification,
          and the device profile each gets (and why).
          --profile           show every device with this profile, as 'live --profile NAME' uses it
          --profiles          load profiles from DIR instead of the shipped Devices/profiles
          --gamecontrollerdb  an SDL gamecontrollerdb.txt: a controller listed there (by GUID)
                              gets a profile from its entry
          --all               also list devices that no profile applies to
        """

    var profile: String?
    var profilesDirectory: String?
    var gameControllerDB: String?
    var all: Bool

    init(arguments args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name, options: ["profile", "profiles", "gamecontrollerdb"], flags: ["all"])
        guard a.positionals.isEmpty else { throw UsageError(command: Self.name, message: "takes no arguments") }
        profile = a.value("profile")
        profilesDirectory = a.value("profiles")
        gameControllerDB = a.value("gamecontrollerdb")
        all = a.flags.contains("all")
    }

    /// The profiles of `directory` (default: the shipped ones), plus the
    /// controllers of the GameControllerDB file `gameControllerDB`, if given.
    /// - Parameters:
    ///   - command: the command whose `--profile` names `forced`.
    ///   - forced: `--profile NAME`, which must be one of the profiles.
    /// - Throws: the profiles' or database's own errors; `UsageError` for an unknown `--profile`.
    static func profiles(_ directory: String?, gameControllerDB: String? = nil, command: String, forced: String? = nil) throws -> ProfileMatcher {
        var matcher = try directory.map { d throws(Diagnostic) in ProfileMatcher(profiles: try ProfileLoader.loadDirectory(d)) }
            ?? ProfileLibrary.shipped()
        if let path = gameControllerDB { matcher.controllers = try GameControllerDB.load(path) }
        if let forced, matcher.profile(named: forced) == nil {
            let names = matcher.profiles.map(\.name)
            throw UsageError(command: command, message: "unknown profile '\(forced)'"
                + Suggestion.hint(for: forced, among: names, fallback: "; expected one of: \(names.joined(separator: ", "))"))
        }
        return matcher
    }

    /// An adapter of `kind` from the registry (the one list of adapters).
    static func adapter(_ kind: String, _ options: AdapterOptions) throws -> any InputAdapter {
        guard let adapter = try AdapterRegistry.standard.make(kind, options) else {
            preconditionFailure("no adapter of kind '\(kind)' in AdapterRegistry.standard")   // checked: kinds are this module's constants
        }
        return adapter
    }

    /// The adapter's per-device problems, as warnings on standard error.
    static func printWarnings(_ adapter: any InputAdapter) {
        for w in adapter.warnings { Output.report(w, as: .warning) }
    }

    func run() throws -> ExitStatus {
        let matcher = try Self.profiles(profilesDirectory, gameControllerDB: gameControllerDB, command: Self.name, forced: profile)
        let adapter = try Self.adapter(EvdevAdapter.kind, AdapterOptions(profiles: matcher, grab: false, profileOverride: profile))
        let found = try adapter.discover()
        Output.out(Self.listing(found, all: all))
        Self.printWarnings(adapter)
        return .success
    }

    /// The listing of `found`: one line per device with a profile (every
    /// device with `all`), then how many were left out.
    static func listing(_ found: [DiscoveredDevice], all: Bool) -> String {
        if found.isEmpty {
            return "No input devices found (no /dev/input/event* nodes visible through udev).\n"
                + "Plug in a switch interface, keyboard or game controller; in a container or VM, pass /dev/input through.\n"
        }
        let shown = all ? found : found.filter { $0.match != nil }
        // Device names come from the hardware (or a recording): shown terminal-safe.
        var text = shown.map { TerminalText.escaped($0.description, keepNewlines: false) + "\n" }.joined()
        let ignored = found.count - shown.count
        if ignored > 0 { text += "(" + Plural.count(ignored, "more device", "more devices") + " with no profile; --all lists them)\n" }
        return text
    }
}
