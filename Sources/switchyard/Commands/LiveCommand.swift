import DesktopApps
import Foundation
import Glibc
import Diagnostics
import ScreenModel
import SwitchyardEngine
import InputDevices
import Pictures
import Transcript

/// `switchyard live`: discovers devices, matches profiles, grabs, and runs
/// the engine in real time, rendering the screen in the terminal. The loop
/// waits in `poll()` until a device, udev, the terminal or the next engine
/// timer needs it.
struct LiveCommand: Command {
    static let name = "live"
    static let summary = "drive a screen model with a switch, keyboard, game controller or typed utterances, in real time"
    static let usage = """
        usage: switchyard live [--app FILE|demo | --atspi NAME|PID [--window TITLE]] [--technology NAME[,NAME…]] [--device PATH|auto|terminal]
                               [--settings FILE]... [--keyboard-bindings FILE]
                               [--profile NAME] [--profiles DIR] [--gamecontrollerdb FILE]
                               [--transcript FILE] [--record FILE] [--no-grab]
        \(SessionSetup.usage)
          --atspi       a running desktop app instead of a model, by name or pid (switchyard apps): its
                        showing windows are the screen, the technologies' actions go to the app over AT-SPI,
                        and its changes come back as new screens (docs/desktop-apps.md); no --record
          --window      with --atspi: only the window with this title
          --device      auto (default; terminal for voice alone): every device with a profile, hotplug included;
                        /dev/input/eventN: that device only; terminal: this terminal's keys, a switch box
                        (Space = select, Enter or n = next, p = previous, q quits), a keyboard with
                        --technology keyboard (Alt-letter stands for Tab-letter, Ctrl-D quits)
          --profile     use this profile for every device instead of matching
          --profiles    load profiles from DIR instead of the shipped ones
          --gamecontrollerdb  an SDL gamecontrollerdb.txt: a controller listed there gets a profile from its entry
          --transcript  write the events as JSON Lines when the session ends
          --record      write a recording: the device's events (evemu) and the terminal's inputs
                        (replay it with 'switchyard replay')
          --no-grab     do not take devices exclusively (presses also reach the desktop)
        Voice Control hears typed text (there is no speech recogniser): type what you would say and
        press Return. Beside another technology, ':' opens the prompt on the terminal; with devices,
        the terminal is the prompt. A controller drives Full Keyboard Access with --technology keyboard
        (d-pad = arrows, A = Space, B = Escape, shoulders = Shift-Tab and Tab).
        Leave with Ctrl-C, or the emergency chord: hold the first switch for 10 s, or press
        Escape 5 times within 2 s. Devices are always released, and the terminal restored.
        exit status: 0 input ended (q, Ctrl-D), 130 Ctrl-C or SIGINT, 143 SIGTERM, 129 SIGHUP,
        3 emergency chord, 2 could not start (no device, no terminal, a bad file)
        """

    var setup: SessionSetup
    /// `--device` as given; nil: the default for the technologies (`device`).
    var deviceOption: String?
    var profile: String?
    var profilesDirectory: String?
    var gameControllerDB: String?
    var transcript: String?
    var record: String?
    var grab: Bool
    /// `--atspi`: a running desktop app's name or pid.
    var atspi: String?
    /// `--window`: its window's title.
    var window: String?

    init(arguments args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name,
                              options: SessionSetup.options.union(["device", "profile", "profiles", "gamecontrollerdb", "transcript", "record", "atspi", "window"]),
                              flags: ["no-grab"])
        guard a.positionals.isEmpty else { throw UsageError(command: Self.name, message: "unexpected argument '\(a.positionals[0])'") }
        setup = try SessionSetup(a, command: Self.name)
        deviceOption = a.value("device")
        profile = a.value("profile")
        profilesDirectory = a.value("profiles")
        gameControllerDB = a.value("gamecontrollerdb")
        transcript = a.value("transcript")
        record = a.value("record")
        grab = !a.flags.contains("no-grab")
        atspi = a.value("atspi")
        window = a.value("window")
    }

    func validate() throws(UsageError) {
        guard atspi != nil else {
            if window != nil { throw UsageError(command: Self.name, message: "--window chooses a window of the app --atspi names; add --atspi NAME") }
            return
        }
        if let other = setup.app != nil ? "--app" : setup.importOptions.format != nil || setup.importOptions.density != nil ? "--app-format or --density" : nil {
            throw UsageError(command: Self.name, message: "\(other) names an app file; --atspi drives a running app instead: give one of them")
        }
        if record != nil {
            throw UsageError(command: Self.name, message: "--record cannot be used with --atspi: a replay runs without the app, "
                             + "so the app's changes could not be replayed; use --transcript to keep the session's events")
        }
    }

    /// Where the inputs come from: `--device`, else the terminal for Voice
    /// Control alone (it hears typed text only), else `auto`.
    var device: String { deviceOption ?? (setup.technologies == [.voiceControl] ? "terminal" : "auto") }

    /// Exit status: 0 when the input ended (`q`, Ctrl-D), 130 after SIGINT
    /// (or Ctrl-C in the terminal), 143 after SIGTERM, 129 after SIGHUP, 3
    /// after the emergency chord; 2 when it could not start (no device, no
    /// terminal, a bad file).
    func run() throws -> ExitStatus {
        // What cannot work is said before anything starts.
        if device == "terminal", !TerminalKeyboardAdapter.isTerminal() {
            throw SetupError.notATerminal(command: Self.name, byDefault: deviceOption == nil)
        }
        if device != "terminal", device != "auto", !FileManager.default.fileExists(atPath: device) {
            throw SetupError.noDevice(command: Self.name, devnode: device)
        }
        let outputs = try Outputs([("--transcript", transcript), ("--record", record)],
                                  inputs: [profilesDirectory, gameControllerDB] + setup.inputs, command: Self.name)
        defer { outputs.discard() }
        // A running app: its first snapshot is the session's app (one screen, replaced as the app changes).
        let desktop = try atspi.map { name throws(DesktopAppError) in AtspiAdapter(app: try LiveDesktopApp.open(name, window: window, driving: true)) }
        let made = try setup.makeSession(app: desktop?.app.snapshot.appModel)
        let matcher = try DevicesCommand.profiles(profilesDirectory, gameControllerDB: gameControllerDB, command: Self.name, forced: profile)
        // --device terminal: this terminal's keys; auto or a node: evdev hardware.
        // A terminal key holds its switch for the Hold Duration, so that every press counts.
        let kind = device == "terminal" ? TerminalKeyboardAdapter.kind : EvdevAdapter.kind
        let options = AdapterOptions(profiles: matcher, grab: grab, devnodes: device == "auto" || device == "terminal" ? [] : [device],
                                     profileOverride: profile, keyPressLength: made.switchControl?.holdDuration ?? .zero,
                                     technologies: setup.technologies)
        var adapters = [try DevicesCommand.adapter(kind, options)]
        // Voice Control beside devices: the terminal is the utterance prompt.
        if setup.technologies.contains(.voiceControl), kind != TerminalKeyboardAdapter.kind {
            if TerminalKeyboardAdapter.isTerminal() {
                var prompt = options
                prompt.technologies = [.voiceControl]
                adapters.append(try DevicesCommand.adapter(TerminalKeyboardAdapter.kind, prompt))
            } else {
                Output.report(Diagnostic(.warning, "standard input is not a terminal, so no utterance can be typed in this session",
                                         at: SourceLocation(file: "switchyard \(Self.name)")))
            }
        }
        if let desktop { adapters.append(desktop) }
        let clock = SessionClock.startingNow()
        let recording = record.map { _ in SessionRecording(clock: clock) }
        if let recording {
            for a in adapters {
                a.rawObserver = recording.observe
                a.inputObserver = recording.observeInput
            }
        }
        // Events stream to the view and the transcript; the sink keeps none.
        let sink = SessionSink(session: made.session, keepsEvents: false)
        let view = LiveView(app: made.app, technologies: setup.technologies, interactive: FileSystem.isTerminal(Output.textFileDescriptor),
                            device: device, adapters: adapters)
        // The transcript streams as the session goes; it is complete when the loop ends.
        let transcriptFile = outputs["--transcript"]
        var transcriptLines = TranscriptLines()
        // Events come at human speed: each one reaches standard output and the
        // transcript at once (a reader of a pipe or FIFO sees it live). Standard
        // output that cannot be written (a closed pipe) ends the session like a signal.
        let signals = try SignalPipe()
        defer { signals.uninstall() }
        func output(_ session: [TimedEvent]) {
            // The technologies' actions go to the running app first (taps,
            // values, focus); what it did not carry out follows them.
            let events = session + (desktop?.perform(session) ?? [])
            view.show(events, session: sink.session)
            if let transcriptFile {
                for e in events { transcriptLines.append(e) }
                transcriptLines.hand(failing: transcriptFile) { transcriptFile.write($0) }
                transcriptFile.flush()
            }
            Output.flush()
            if Output.standardOutputFailure != nil { signals.simulate(SIGPIPE) }
        }
        let loop = LiveLoop(adapters: adapters, sink: sink, clock: clock) { event in output([event]) }
        loop.onStart = { output(sink.startEvents) }
        loop.onService = {
            // A prompt being typed gives no input until it is sent: redraw it as it changes.
            if view.promptChanged() { output([]) }
        }
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
        Output.err("switchyard live: \(desktop?.app.hasQuit == true ? "the app quit" : exit.description); devices released")
        adapters.forEach(DevicesCommand.printWarnings)
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
                Output.report(Diagnostic(.warning, "nothing recorded (no device events, no terminal inputs)", at: SourceLocation(file: "switchyard \(Self.name)")))
                file.discard()
            }
        }
        let errors = outputs.commit()
        errors.forEach { Output.report($0) }
        return errors.isEmpty
    }
}

/// The terminal view of a live session: which technologies run, the screen
/// with what they show (Switch Control's cursor, Full Keyboard Access's
/// focus ring, Voice Control's overlay or the numbers of a disambiguation),
/// their menus and lists, the latest events, and the utterance prompt.
/// Without a terminal (output piped), it prints one transcript line per event.
final class LiveView {
    let app: AppModel
    let technologies: [Technology]
    let interactive: Bool
    let device: String
    /// The adapters, for their utterance prompt (`InputAdapter.promptLine`).
    let adapters: [any InputAdapter]
    var recent: [String] = []
    /// The prompt line last drawn.
    private var shownPrompt: String?

    init(app: AppModel, technologies: [Technology], interactive: Bool, device: String, adapters: [any InputAdapter]) {
        self.app = app
        self.technologies = technologies
        self.interactive = interactive
        self.device = device
        self.adapters = adapters
    }

    /// The line being typed at a prompt, if one is open.
    var prompt: String? { adapters.lazy.compactMap(\.promptLine).first }

    /// Whether the prompt changed since the last frame (and the view is drawn at all).
    func promptChanged() -> Bool { interactive && prompt != shownPrompt }

    func show(_ events: [TimedEvent], session: Session) {
        for e in events {
            let line = TranscriptFormat.textLine(e)
            if interactive { recent.append(line) } else { Output.out(line + "\n") }
        }
        guard interactive, !events.isEmpty || prompt != shownPrompt else { return }
        recent = Array(recent.suffix(8))
        Output.out(frame(session))
    }

    /// One frame of the view, after the escape that clears the terminal.
    func frame(_ session: Session) -> String {
        let screen = session.currentScreen
        let shown = session.presentation
        shownPrompt = prompt
        // The app's names and labels are someone's text: shown terminal-safe
        // (`TerminalText`) inside the view's own control sequences.
        func safe(_ s: String) -> String { TerminalText.escaped(s, keepNewlines: false) }
        var out = "\u{1B}[H\u{1B}[2J"
        out += safe("Switchyard live — \(app.name), screen \"\(screen.name)\"  t=\(session.now)  "
                    + "technologies: \(technologies.map(\.name).joined(separator: ", "))  device: \(device)") + "\r\n"
        for line in picture(screen, shown) { out += safe(line) + "\r\n" }
        for line in status(shown) { out += safe(line) + "\r\n" }
        for line in recent { out += "  " + line + "\r\n" }
        if let p = prompt { out += "Say: " + safe(p) + "\u{2581}\r\n" }
        out += hint + "\r\n"
        return out
    }

    /// Whether the view draws the screen sketch: every technology running
    /// scans in groups (`NavigationStyle.scanning`: Switch Control alone),
    /// so its cursor and groups are all there is to show.
    var sketches: Bool { technologies.allSatisfy { $0.navigationStyle == .scanning } }

    /// The screen with what the technologies show on it: a scanning cursor
    /// alone in the screen sketch (`ScreenSketch`, groups outlined too,
    /// `sketches`); otherwise the overlay picture's text (`OverlayPicture`,
    /// as `switchyard overlay` draws it) with Voice Control's overlay, or the
    /// numbers of a disambiguation, and the focus ring of Full Keyboard
    /// Access (while it shows) or Switch Control's highlighted element.
    func picture(_ screen: Screen, _ shown: Presentation) -> [String] {
        if sketches {
            var frame: Rect? = nil
            switch shown.highlight {
            case .element(let r)?: frame = r.frame
            case .group(let f, _)?, .groupExit(let f)?: frame = f
            default: break
            }
            let order = NavigationOrder(screen: screen, style: .scanning)
            return ScreenSketch(columns: 48, rows: 20).render(screen, order: order, highlight: frame)
        }
        let overlay = shown.disambiguation.map { Overlay(kind: .numbers, continuous: false, badges: $0.badges) } ?? shown.voiceOverlay
        var ring: (element: ElementIndex, style: OverlayPicture.FocusStyle)? = nil
        if let f = shown.focused, shown.focusVisible, f.screen == screen.name {
            ring = (f.index, .keyboard)
        } else if case .element(let r)? = shown.highlight, r.screen == screen.name {
            ring = (r.index, .switchControl)
        }
        return OverlayPicture(screen: screen, overlay: overlay, focus: ring).text(columns: 48, rows: 20)
    }

    /// A line for each menu, list or state a technology shows besides the picture.
    func status(_ shown: Presentation) -> [String] {
        var out: [String] = []
        func list(_ items: [String], _ highlighted: Int?) -> String {
            items.enumerated().map { $0.offset == highlighted ? "[\($0.element)]" : $0.element }.joined(separator: "  ")
        }
        if let menu = shown.scannerMenu { out.append("Scanner menu: " + list(menu.items, menu.highlightedItem)) }
        if case .group(_, let count)? = shown.highlight, !sketches { out.append("Switch Control: a group of " + Plural.count(count, "item")) }
        // What a keyboard's focus shows (only Full Keyboard Access presents these).
        if let f = shown.focused {
            out.append("Focus: \(f)" + (shown.focusVisible ? "" : " (ring hidden)") + (shown.textEditing != nil ? ", editing text" : ""))
        }
        if let l = shown.actionsList { out.append("Actions for \(l.target): " + (l.items.isEmpty ? "(none)" : list(l.items, l.highlightedItem))) }
        if let f = shown.find { out.append("Find: \"\(f.query)\"" + (f.match.map { " → \($0)" } ?? " (no match)")) }
        if let c = shown.commandList { out.append("Commands: " + c.joined(separator: "; ")) }
        if let d = shown.disambiguation {
            out.append("Which \"\(d.name)\"? " + d.badges.map { "\($0.text) \($0.element.map(\.description) ?? "")" }.joined(separator: "  ") + " — say a number")
        } else if let o = shown.voiceOverlay {
            out.append("Voice Control: \(o.kind) overlay" + (o.continuous ? " (continuous)" : ""))
        }
        return out
    }

    /// How to use the keys and how to leave.
    var hint: String {
        var parts: [String] = []
        if technologies.contains(.voiceControl), device == "terminal", technologies != [.voiceControl] {
            parts.append("':' opens the voice prompt (Return sends, Escape cancels)")
        } else if technologies.contains(.voiceControl), prompt != nil {
            parts.append("type what you would say, Return sends")
        }
        parts.append("Ctrl-C or the emergency chord (hold the first switch 10 s / Escape ×5 in 2 s) exits.")
        return parts.joined(separator: "; ")
    }

    func finish() {
        if interactive { Output.out("\r\n") }
    }
}
