import Foundation
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
        let matcher = try DevicesCommand.profiles(profilesDirectory, gameControllerDB: gameControllerDB)
        let adapter = try DevicesCommand.adapter(EvemuReplayAdapter.kind,
                                                 AdapterOptions(profiles: matcher, recordings: [recording], profileOverride: profile))
        guard let device = try adapter.discover().first, device.match != nil else {
            throw SetupError.noProfileMatches(recording: recording, device: (try? adapter.discover().first.map { "\($0.info)" }) ?? "none")
        }
        let inputs = try adapter.runInSimulatedTime(clock: SessionClock(epochMicroseconds: 0))
        Output.err("replaying \(device.description)")
        let (_, session) = try setup.makeSession()
        let sink = SessionSink(session: session)
        let end = inputs.last.map { $0.time + .seconds(1) }
        sink.replay(inputs, until: end)
        for e in sink.events { Output.out((json ? TranscriptFormat.jsonLine(e) : TranscriptFormat.textLine(e)) + "\n") }
        if let path = transcript {
            let text = sink.events.map { TranscriptFormat.jsonLine($0) + "\n" }.joined()
            guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
                throw SetupError.cannotWrite(command: Self.name, file: path)
            }
        }
        return .success
    }
}
