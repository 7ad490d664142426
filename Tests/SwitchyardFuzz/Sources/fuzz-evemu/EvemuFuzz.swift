import DemoApp
import FuzzSupport
import InputDevices
import ScreenModel
import SwitchyardEngine

/// The built-in demo app and the shipped profiles, read once.
let demoApp = DemoApp.load()
let shippedProfiles: [DeviceProfile] = (try? ProfileLoader.loadDirectory(FuzzFiles.repositoryRoot + "/Devices/profiles")) ?? []

/// The line that separates the recording from the GameControllerDB text.
let separator = "%%"

/// Recordings (evemu text with Switchyard's input lines) and SDL
/// GameControllerDB lines, and the replay path between them: the input is a
/// recording, optionally followed by a line `%%` and gamecontrollerdb.txt
/// lines. Both are parsed; every input line reads back as it is written; a
/// recording that parses is matched against the shipped profiles and the
/// database, mapped to timed inputs as `switchyard replay --technology
/// keyboard,voice` does, and replayed into such a session on the demo app,
/// keeping the engine invariants.
func fuzzEvemu(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let cut = lines.firstIndex(of: Substring(separator))
    let dbLines = cut.map { lines[($0 + 1)...] } ?? []
    if let cut { lines.removeSubrange(cut...) }
    var controllers = GameControllerDB()
    do {
        controllers = try GameControllerDB.parse(dbLines.joined(separator: "\n"), file: "gamecontrollerdb.txt")
    } catch {
        render(error)
    }
    let recorded: RecordedSession
    do {
        recorded = try RecordedSession.parse(lines.joined(separator: "\n"), file: "fuzz.evemu")
    } catch {
        render(error)
        return
    }
    if let device = recorded.device { _ = Evemu.format(device) }
    for input in recorded.inputs {
        let line = InputLines.format(input)
        let again = try? RecordedSession.parse(InputLines.header + "\n" + line, file: "again.evemu").inputs
        invariant(again == [input], "input line '\(line)' does not read back as \(input)")
    }
    let matcher = ProfileMatcher(profiles: shippedProfiles, controllers: controllers)
    // The keyboard first: a controller's keyboard mappings apply, and utterances reach Voice Control.
    let technologies: [Technology] = [.fullKeyboardAccess, .voiceControl]
    let replay = EvemuReplayAdapter.Replay(session: recorded, source: "fuzz.evemu", profiles: matcher, technologies: technologies)
    var last = Instant.zero
    for input in replay.inputs {
        invariant(input.time >= last, "replayed input \(input) is before \(last)")
        last = input.time
    }
    let configuration = SessionConfiguration(technologies: technologies.compactMap(TechnologySettings.defaults(for:)))
    guard let session = try? Session(app: demoApp, configuration: configuration) else {
        invariant(false, "the demo app makes no session")
        return
    }
    let sink = SessionSink(session: session)
    sink.replay(replay.inputs, until: last + .seconds(5))
    checkTimeline(sink.events, from: .zero, to: sink.session.now)
}
