import Foundation
import Testing
import DemoApp
import ScreenModel
import SwitchyardEngine
import InputDevices
import Pictures
@testable import switchyard

/// The live view with Full Keyboard Access and Voice Control: which
/// technologies run, the focus ring (gone after Auto-Hide), Voice
/// Control's overlay and a disambiguation's numbers drawn by the overlay
/// picture, their status lines, and the utterance prompt.
@Suite struct LiveViewTests {
    let app = DemoApp.load()
    var session: Session

    init() throws {
        session = try Session(app: app, configuration: SessionConfiguration(technologies: [
            .keyboard(KeyboardAccessSettings()), .voiceControl(VoiceControlSettings()),
        ]))
        _ = session.start(at: .zero)
    }

    mutating func press(_ chord: String, at seconds: Double) throws {
        for s in try KeyChord.parse(chord).strokes { _ = session.handle(TimedInput(.key(s), at: .seconds(seconds))) }
    }

    func view(prompt: Bool = false) -> LiveView {
        let adapters: [any InputAdapter] = prompt ? [TerminalKeyboardAdapter(fd: -1, layout: .utterances)] : []
        return LiveView(app: app, technologies: [.fullKeyboardAccess, .voiceControl], interactive: true, device: "/dev/input/event21", adapters: adapters)
    }

    /// The frame's lines, without the escape that clears the terminal.
    func lines(_ view: LiveView) -> [String] {
        view.frame(session).dropFirst("\u{1B}[H\u{1B}[2J".count).components(separatedBy: "\r\n")
    }

    @Test mutating func theFocusRingAndTheOverlayShow() throws {
        try press("tab", at: 1)
        _ = session.handle(TimedInput(.utterance("show numbers"), at: .seconds(2)))
        let shown = session.presentation
        let cart = try #require(shown.focused)
        let frame = lines(view(prompt: true))
        #expect(frame[0] == #"Switchyard live — Corner Café, screen "home"  t=2s  technologies: keyboard, voice  device: /dev/input/event21"#)
        let picture = OverlayPicture(screen: session.currentScreen, overlay: shown.voiceOverlay, focus: (cart.index, .keyboard)).text(columns: 48, rows: 20)
        #expect(Array(frame[1...picture.count]) == picture)
        #expect(picture.contains { $0.contains("~") })
        #expect(Array(frame[(picture.count + 1)...]) == [
            #"Focus: "Cart""#,
            "Voice Control: numbers overlay",
            "Say: \u{2581}",
            "type what you would say, Return sends; Ctrl-C or the emergency chord (hold the first switch 10 s / Escape ×5 in 2 s) exits.",
            "",
        ])
    }

    /// After Auto-Hide the ring is gone from the picture and the status says so.
    @Test mutating func autoHideHidesTheRing() throws {
        try press("tab", at: 1)
        _ = session.advance(to: .seconds(17))
        let frame = lines(view())
        let picture = OverlayPicture(screen: session.currentScreen, overlay: nil).text(columns: 48, rows: 20)
        #expect(Array(frame[1...picture.count]) == picture)
        #expect(frame[picture.count + 1] == #"Focus: "Cart" (ring hidden)"#)
    }

    /// A name on several elements: the matches get numbers in the picture
    /// (with Switch Control's cursor on its element), and a line asks which one.
    @Test func aDisambiguationShowsItsNumbers() throws {
        let two = """
            {"name": "Two", "screens": {"main": {"size": {"width": 390, "height": 844}, "root": {"children": [
              {"label": "Add", "traits": ["button"], "frame": {"x": 0, "y": 50, "width": 100, "height": 44}},
              {"label": "Add", "traits": ["button"], "frame": {"x": 0, "y": 150, "width": 100, "height": 44}}
            ]}}}}
            """
        let model = try AppDecoder(file: "two.json").decode(Array(two.utf8))
        var voice = try Session(app: model, configuration: SessionConfiguration(technologies: [.switchControl(SwitchControlSettings()), .voiceControl(VoiceControlSettings())]))
        _ = voice.start(at: .zero)
        _ = voice.handle(TimedInput(.utterance("tap Add"), at: .seconds(1)))
        let d = try #require(voice.presentation.disambiguation)
        guard case .element(let highlighted)? = voice.presentation.highlight else { Issue.record("Switch Control highlights no element"); return }
        let view = LiveView(app: model, technologies: [.switchControl, .voiceControl], interactive: true, device: "/dev/input/event20", adapters: [])
        let frame = view.frame(voice).dropFirst("\u{1B}[H\u{1B}[2J".count).components(separatedBy: "\r\n")
        let picture = OverlayPicture(screen: voice.currentScreen, overlay: Overlay(kind: .numbers, continuous: false, badges: d.badges),
                                     focus: (highlighted.index, .switchControl)).text(columns: 48, rows: 20)
        #expect(Array(frame[1...picture.count]) == picture)
        #expect(picture.contains { $0.contains("[1]") } && picture.contains { $0.contains("[2]") })
        #expect(frame.contains(#"Which "add"? 1 "Add"  2 "Add" — say a number"#))
    }
}
