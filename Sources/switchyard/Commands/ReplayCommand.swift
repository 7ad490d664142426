import Foundation
import Diagnostics
import ScreenModel
import SwitchyardEngine
import InputDevices

/// `switchyard replay RECORDING --app APP`: runs an evemu recording through
/// the device's profile and the engine, headlessly, in simulated time from
/// the recorded timestamps, and prints the transcript.
struct ReplayCommand: Command {
    static let name = "replay"
    static let summary = "run an evemu recording headlessly and print the transcript"
    static let usage = """
        usage: switchyard replay RECORDING.evemu [--app FILE|demo] [--settings FILE] [--profile NAME]
                                 [--profiles DIR] [--gamecontrollerdb FILE] [--transcript FILE] [--format text|json]
        \(SessionSetup.usage)
          --profile     use this profile instead of matching the recorded device
          --profiles    load profiles from DIR instead of the shipped ones
          --gamecontrollerdb  an SDL gamecontrollerdb.txt: a recorded controller listed there
                        (by GUID) gets a profile from its entry
          --transcript  also write the events as JSON Lines
          --format      text (default) or json (JSON Lines on standard output)
        """

    var recording: String
    var setup: SessionSetup
    var profile: String?
    var profilesDirectory: String?
    var gameControllerDB: String?
    var transcript: String?
    var json: Bool

    init(arguments args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name, options: SessionSetup.options.union(["profile", "profiles", "gamecontrollerdb", "transcript", "format"]), flags: [])
        guard a.positionals.count == 1 else { throw UsageError(command: Self.name, message: "expected one RECORDING file") }
        recording = a.positionals[0]
        setup = try SessionSetup(a, command: Self.name)
        profile = a.value("profile")
        profilesDirectory = a.value("profiles")
        gameControllerDB = a.value("gamecontrollerdb")
        transcript = a.value("transcript")
        json = try a.choice("format", command: Self.name, allowed: ["text", "json"]) == "json"
    }

    func run() throws -> ExitStatus {
        let outputs = try Outputs([("--transcript", transcript)], inputs: [recording, profilesDirectory, gameControllerDB] + setup.inputs, command: Self.name)
        defer { outputs.discard() }
        let matcher = try DevicesCommand.profiles(profilesDirectory, gameControllerDB: gameControllerDB, command: Self.name, forced: profile)
        let adapter = try DevicesCommand.adapter(EvemuReplayAdapter.kind,
                                                 AdapterOptions(profiles: matcher, recordings: [recording], profileOverride: profile))
        guard let device = try adapter.discover().first, device.match != nil else {
            throw SetupError.noProfileMatches(recording: recording, device: (try? adapter.discover().first.map { "\($0.info)" }) ?? "none")
        }
        let inputs = try adapter.runInSimulatedTime(clock: SessionClock(epochMicroseconds: 0))
        Output.err("replaying " + TerminalText.escaped(device.description))
        let (_, session, _) = try setup.makeSession()
        let sink = SessionSink(session: session)
        sink.replay(inputs)   // ends at the recording's end, as the live session did
        let file = outputs["--transcript"]
        for e in sink.events {
            Output.out((json ? TranscriptFormat.jsonLine(e) : TranscriptFormat.textLine(e)) + "\n")
            file?.write(TranscriptFormat.jsonLine(e) + "\n")
        }
        if let error = outputs.commit().first { throw error }
        return .success
    }
}
