import Foundation
import Diagnostics
import ScreenModel
import SwitchyardEngine
import InputDevices
import Transcript

/// `switchyard replay RECORDING --app APP`: runs a recording (the device's
/// evemu events through its profile, and the terminal's input lines: typed
/// utterances, keys) through the engine, headlessly, in simulated time from
/// the recorded timestamps, and prints the transcript.
struct ReplayCommand: Command {
    static let name = "replay"
    static let summary = "run a recording (evemu, with typed utterances) headlessly and print the transcript"
    static let usage = """
        usage: switchyard replay RECORDING.evemu [--app FILE|demo] [--technology NAME[,NAME…]] [--settings FILE]...
                                 [--profile NAME] [--profiles DIR] [--gamecontrollerdb FILE] [--transcript FILE]
                                 [--keyboard-bindings FILE] [--format text|json]
        \(SessionSetup.usage)
          --profile     use this profile instead of matching the recorded device
          --profiles    load profiles from DIR instead of the shipped ones
          --gamecontrollerdb  an SDL gamecontrollerdb.txt: a recorded controller listed there
                        (by GUID) gets a profile from its entry
          --transcript  also write the events as JSON Lines
          --format      text (default) or json (JSON Lines on standard output)
        Give the technologies and settings the session was recorded with: a controller's buttons are
        Full Keyboard Access keys with --technology keyboard, and typed utterances reach Voice Control with voice.
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
                                                 AdapterOptions(profiles: matcher, recordings: [recording], profileOverride: profile,
                                                                technologies: setup.technologies))
        // A recording of the terminal alone has no device; a recorded device needs a profile.
        let device = try adapter.discover().first
        if let device, device.match == nil {
            throw SetupError.noProfileMatches(recording: recording, device: "\(device.info)")
        }
        let inputs = try adapter.runInSimulatedTime(clock: SessionClock(epochMicroseconds: 0))
        Output.err("replaying " + TerminalText.escaped(device?.description ?? "the inputs recorded at the terminal"))
        // The transcript streams: no event is kept.
        let sink = SessionSink(session: try setup.makeSession().session, keepsEvents: false)
        let file = outputs["--transcript"]
        let json = json
        // JSON Lines are written once, for standard output and the file alike.
        var lines = TranscriptLines()
        let writesLines = json || file != nil
        func write(_ events: [TimedEvent]) {
            for e in events {
                if !json { Output.out(TranscriptFormat.textLine(e) + "\n") }
                if writesLines { lines.append(e) }
                if lines.count >= BufferedWriter.capacity { handOver(&lines) }
            }
            if writesLines { handOver(&lines) }
        }
        func handOver(_ lines: inout TranscriptLines) {
            lines.hand(failing: file) { bytes in
                if json { Output.out(bytes) }
                file?.write(bytes)
            }
        }
        write(sink.startEvents)
        sink.onEvents = write
        sink.replay(inputs)   // ends at the recording's end, as the live session did
        if let error = outputs.commit().first { throw error }
        return .success
    }
}
