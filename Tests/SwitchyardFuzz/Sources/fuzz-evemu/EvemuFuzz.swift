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

/// evemu recordings and SDL GameControllerDB lines, and the replay path
/// between them: the input is an evemu text, optionally followed by a line
/// `%%` and gamecontrollerdb.txt lines. Both are parsed; a recording that
/// parses is matched against the shipped profiles and the database, mapped
/// to timed inputs as `switchyard replay` does, and replayed into a session
/// on the demo app, keeping the engine invariants.
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
    let recording: EvemuRecording
    do {
        recording = try Evemu.parse(lines.joined(separator: "\n"), file: "fuzz.evemu")
    } catch {
        render(error)
        return
    }
    _ = Evemu.format(recording)
    let matcher = ProfileMatcher(profiles: shippedProfiles, controllers: controllers)
    let replay = EvemuReplayAdapter.Replay(recording: recording, source: "fuzz.evemu", profiles: matcher)
    var last = Instant.zero
    for input in replay.inputs {
        invariant(input.time >= last, "replayed input \(input) is before \(last)")
        last = input.time
    }
    guard let session = try? Session(app: demoApp) else {
        invariant(false, "the demo app makes no session")
        return
    }
    let sink = SessionSink(session: session)
    sink.replay(replay.inputs, until: last + .seconds(5))
    checkTimeline(sink.events, from: .zero, to: sink.session.now)
}
