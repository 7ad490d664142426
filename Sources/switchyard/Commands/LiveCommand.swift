import Foundation
import Glibc
import Diagnostics
import ScreenModel
import SwitchyardEngine
import InputDevices

/// `switchyard live`: discovers devices, matches profiles, grabs, and runs
/// the engine in real time, rendering the screen in the terminal. The loop
/// waits in `poll()` until a device, udev or the next engine timer needs it.
struct LiveCommand: Command {
    static let name = "live"
    static let summary = "drive a screen model with a switch, keyboard or game controller, in real time"
    static let usage = """
        usage: switchyard live [--app FILE|demo] [--device PATH|auto|terminal] [--settings FILE]
                               [--profile NAME] [--profiles DIR] [--gamecontrollerdb FILE]
                               [--transcript FILE] [--record FILE] [--no-grab]
        \(SessionSetup.usage)
          --device      auto (default): every device with a profile, hotplug included;
                        /dev/input/eventN: that device only; terminal: keys of this terminal
                        (Space = select, Enter or n = next, p = previous, q quits)
          --profile     use this profile for every device instead of matching
          --profiles    load profiles from DIR instead of the shipped ones
          --gamecontrollerdb  an SDL gamecontrollerdb.txt: a controller listed there gets a profile from its entry
          --transcript  write the events as JSON Lines when the session ends
          --record      write an evemu recording of the device's events (replay it with 'switchyard replay')
          --no-grab     do not take devices exclusively (presses also reach the desktop)
        Leave with Ctrl-C, or the emergency chord: hold the first switch for 10 s, or press
        Escape 5 times within 2 s. Devices are always released, and the terminal restored.
        exit status: 0 input ended (q), 130 Ctrl-C or SIGINT, 143 SIGTERM, 129 SIGHUP,
        3 emergency chord, 2 could not start (no device, no terminal, a bad file)
        """

    var setup: SessionSetup
    var device: String
    var profile: String?
    var profilesDirectory: String?
    var gameControllerDB: String?
    var transcript: String?
    var record: String?
    var grab: Bool

    init(arguments args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name,
                              options: SessionSetup.options.union(["device", "profile", "profiles", "gamecontrollerdb", "transcript", "record"]), flags: ["no-grab"])
        guard a.positionals.isEmpty else { throw UsageError(command: Self.name, message: "unexpected argument '\(a.positionals[0])'") }
        setup = try SessionSetup(a, command: Self.name)
        device = a.value("device") ?? "auto"
        profile = a.value("profile")
        profilesDirectory = a.value("profiles")
        gameControllerDB = a.value("gamecontrollerdb")
        transcript = a.value("transcript")
        record = a.value("record")
        grab = !a.flags.contains("no-grab")
    }

    func validate() throws(UsageError) {
        if record != nil && device == "terminal" {
            throw UsageError(command: Self.name, message: "--record records an input device; it cannot record the terminal")
        }
    }

    /// Exit status: 0 when the input ended (`q`, Ctrl-D), 130 after SIGINT
    /// (or Ctrl-C in the terminal), 143 after SIGTERM, 129 after SIGHUP, 3
    /// after the emergency chord; 2 when it could not start (no device, no
    /// terminal, a bad file).
    func run() throws -> ExitStatus {
        // What cannot work is said before anything starts.
        if device == "terminal", !TerminalKeyboardAdapter.isTerminal() { throw SetupError.notATerminal(command: Self.name) }
        if device != "terminal", device != "auto", !FileManager.default.fileExists(atPath: device) {
            throw SetupError.noDevice(command: Self.name, devnode: device)
        }
        let outputs = try Outputs([("--transcript", transcript), ("--record", record)],
                                  inputs: [profilesDirectory, gameControllerDB] + setup.inputs, command: Self.name)
        defer { outputs.discard() }
        let (app, session, settings) = try setup.makeSession()
        let matcher = try DevicesCommand.profiles(profilesDirectory, gameControllerDB: gameControllerDB, command: Self.name, forced: profile)
        // --device terminal: this terminal's keys; auto or a node: evdev hardware.
        // A terminal key holds its switch for the Hold Duration, so that every press counts.
        let kind = device == "terminal" ? TerminalKeyboardAdapter.kind : EvdevAdapter.kind
        let adapter = try DevicesCommand.adapter(kind, AdapterOptions(
            profiles: matcher, grab: grab, devnodes: device == "auto" ? [] : [device],
            profileOverride: profile, keyPressLength: settings.holdDuration ?? .zero))
        let clock = SessionClock.startingNow()
        let recording = record.map { _ in SessionRecording(clock: clock) }
        if let recording { adapter.rawObserver = recording.observe }
        let sink = SessionSink(session: session)
        let view = LiveView(app: app, interactive: FileSystem.isTerminal(STDOUT_FILENO), device: device)
        // The transcript streams as the session goes; it is complete when the loop ends.
        let transcriptFile = outputs["--transcript"]
        // Events come at human speed: each one reaches standard output and the
        // transcript at once (a reader of a pipe or FIFO sees it live). Standard
        // output that cannot be written (a closed pipe) ends the session like a signal.
        let signals = try SignalPipe()
        defer { signals.uninstall() }
        func output(_ events: [TimedEvent]) {
            view.show(events, session: sink.session)
            for e in events { transcriptFile?.write(TranscriptFormat.jsonLine(e) + "\n") }
            transcriptFile?.flush()
            Output.flush()
            if Output.standardOutputFailure != nil { signals.simulate(SIGPIPE) }
        }
        let loop = LiveLoop(adapters: [adapter], sink: sink, clock: clock) { event in output([event]) }
        loop.onStart = { output(sink.events) }
        let exit: LiveLoopExit
        do {
            exit = try loop.run(signals: signals)
        } catch {
            view.finish()
            _ = commit(outputs, recording)
            throw error
        }
        recording?.end(at: loop.endedAt)
        view.finish()
        Output.err("switchyard live: \(exit); devices released")
        DevicesCommand.printWarnings(adapter)
        guard commit(outputs, recording) else { return .unusableInput }
        switch exit {
        case .signal(let s): return .after(signal: s)
        case .emergency: return .emergencyExit
        case .adaptersFinished: return .success
        }
    }

    /// Writes the recording and puts the outputs in place.
    /// - Returns: whether every output was written.
    func commit(_ outputs: Outputs, _ recording: SessionRecording?) -> Bool {
        if let file = outputs["--record"] {
            if let text = recording?.text { file.write(text) } else {
                Output.report(Diagnostic(.warning, "nothing recorded (no device events)", at: SourceLocation(file: "switchyard \(Self.name)")))
                file.discard()
            }
        }
        let errors = outputs.commit()
        errors.forEach { Output.report($0) }
        return errors.isEmpty
    }
}

/// The terminal view of a live session: the screen sketch with the Switch
/// Control cursor outlined, the scanner menu, and the latest events. Without
/// a terminal (output piped), it prints one transcript line per event.
final class LiveView {
    let app: AppModel
    let interactive: Bool
    let device: String
    var recent: [String] = []

    init(app: AppModel, interactive: Bool, device: String) {
        self.app = app
        self.interactive = interactive
        self.device = device
    }

    func show(_ events: [TimedEvent], session: Session) {
        for e in events {
            let line = TranscriptFormat.textLine(e)
            if interactive { recent.append(line) } else { Output.out(line + "\n") }
        }
        guard interactive, !events.isEmpty else { return }
        recent = Array(recent.suffix(8))
        Output.out(frame(session))
    }

    /// One frame of the view: the screen sketch, the scanner menu and the
    /// latest events, after the escape that clears the terminal.
    func frame(_ session: Session) -> String {
        let screen = session.currentScreen
        let order = NavigationOrder(screen: screen, technology: .switchControl)
        let shown = session.presentation
        var frame: Rect? = nil
        switch shown.highlight {
        case .element(let r)?: frame = r.frame
        case .group(let f, _)?, .groupExit(let f)?: frame = f
        default: break
        }
        // The app's names and labels are someone's text: shown terminal-safe
        // (`TerminalText`) inside the view's own control sequences.
        func safe(_ s: String) -> String { TerminalText.escaped(s, keepNewlines: false) }
        var out = "\u{1B}[H\u{1B}[2J"
        out += safe("Switchyard live — \(app.name), screen \"\(screen.name)\"  t=\(session.now)  device: \(device)") + "\r\n"
        for line in ScreenSketch(columns: 48, rows: 20).render(screen, order: order, highlight: frame) { out += safe(line) + "\r\n" }
        if let menu = shown.scannerMenu {
            let items = menu.items.enumerated().map { $0.offset == menu.highlightedItem ? "[\($0.element)]" : $0.element }
            out += safe("Scanner menu: " + items.joined(separator: "  ")) + "\r\n"
        }
        for line in recent { out += "  " + line + "\r\n" }
        out += "Ctrl-C or the emergency chord (hold the first switch 10 s / Escape ×5 in 2 s) exits.\r\n"
        return out
    }

    func finish() {
        if interactive { Output.out("\r\n") }
    }
}
