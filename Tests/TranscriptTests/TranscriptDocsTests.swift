import Foundation
import Testing
import ScreenModel
import SwitchyardEngine
import Transcript

/// docs/transcript.md lists every field the transcript writes: one event of
/// each kind (each highlight kind, each input kind), with every field it
/// carries, written by `TranscriptFormat.jsonLine`, and every key, event,
/// highlight and input kind written must be in the page. A new event kind
/// does not compile until it has a sample here (`Kind`, exhaustive both
/// ways); a new field fails until the page names it.
/// `SwitchyardCLITests.TranscriptFieldsTests` checks what `run --transcript`
/// and `replay --transcript` write on real runs the same way.
@Suite struct TranscriptDocsTests {
    static let page: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("docs/transcript.md"), encoding: .utf8)) ?? ""
    }()

    static let ref = ElementRef(screen: "home", index: 3, label: "Cart", identifier: "cart", frame: Rect(x: 1, y: 2, width: 3, height: 4))
    static let rect = Rect(x: 0, y: 0, width: 10, height: 10)

    /// Every event kind, and a sample of it.
    enum Kind: CaseIterable {
        case screenChanged, screenUpdated, highlighted, menuShown, menuHidden, activated, customActionPerformed, valueChanged
        case traitsChanged, announced, focusRestored, scrolled, scanningStopped, inputIgnored, deviceAdded, deviceRemoved, bug
        case appModelError, appActionFailed, overlayShown, overlayHidden, gridZoomed, disambiguationShown, disambiguationHidden
        case utteranceNotUnderstood, commandsListed, gesturePerformed, focused, focusHidden, actionsListShown, actionsListItem
        case actionsListHidden, findQueryChanged, findHidden, helpShown, helpHidden, textEditingBegan, textEditingEnded

        var sample: Event {
            let r = TranscriptDocsTests.ref, rect = TranscriptDocsTests.rect
            switch self {
            case .screenChanged: return .screenChanged(screen: "home")
            case .screenUpdated: return .screenUpdated(screen: "home", elements: 12)
            case .highlighted: return .highlighted(.element(r))
            case .menuShown: return .menuShown(items: ["Tap"])
            case .menuHidden: return .menuHidden
            case .activated: return .activated(r, at: Point(x: 1, y: 2))
            case .customActionPerformed: return .customActionPerformed(r, name: "Archive")
            case .valueChanged: return .valueChanged(r, value: "50%")
            case .traitsChanged: return .traitsChanged(r, traits: [.button, .selected])
            case .announced: return .announced("Done")
            case .focusRestored: return .focusRestored(r)
            case .scrolled: return .scrolled(r, direction: .down)
            case .scanningStopped: return .scanningStopped(reason: "loops")
            case .inputIgnored: return .inputIgnored(.switchDown(.select), reason: .ignoreRepeat)
            case .deviceAdded: return .deviceAdded("Pad")
            case .deviceRemoved: return .deviceRemoved("Pad")
            case .bug: return .bug("unexpected")
            case .appModelError: return .appModelError(r, message: "back on the start screen 'home': nothing to go back to")
            case .appActionFailed: return .appActionFailed(r, call: "Component.GrabFocus", answer: "it answered false")
            case .overlayShown:
                return .overlayShown(Overlay(kind: .grid, continuous: true, badges: [OverlayBadge(text: "1", number: 1, element: r, frame: rect)],
                                             grid: Grid(area: rect, columns: 3, rows: 3, zoom: [5])))
            case .overlayHidden: return .overlayHidden(.numbers)
            case .gridZoomed: return .gridZoomed(path: [5], area: rect)
            case .disambiguationShown: return .disambiguationShown(name: "edit", candidates: [r])
            case .disambiguationHidden: return .disambiguationHidden
            case .utteranceNotUnderstood: return .utteranceNotUnderstood("tap banana", reason: .unknownName)
            case .commandsListed: return .commandsListed(["Tap Cart"])
            case .gesturePerformed: return .gesturePerformed(.longPress, r, at: Point(x: 1, y: 2))
            case .focused: return .focused(r)
            case .focusHidden: return .focusHidden
            case .actionsListShown: return .actionsListShown(items: ["Archive"])
            case .actionsListItem: return .actionsListItem("Archive")
            case .actionsListHidden: return .actionsListHidden
            case .findQueryChanged: return .findQueryChanged("ca", match: r)
            case .findHidden: return .findHidden
            case .helpShown: return .helpShown(commands: ["Help: tab+h"])
            case .helpHidden: return .helpHidden
            case .textEditingBegan: return .textEditingBegan(r)
            case .textEditingEnded: return .textEditingEnded(r)
            }
        }

        /// The kind of `event` (exhaustive: a new case has no kind until it is added above).
        init(_ event: Event) {
            switch event {
            case .screenChanged: self = .screenChanged
            case .screenUpdated: self = .screenUpdated
            case .highlighted: self = .highlighted
            case .menuShown: self = .menuShown
            case .menuHidden: self = .menuHidden
            case .activated: self = .activated
            case .customActionPerformed: self = .customActionPerformed
            case .valueChanged: self = .valueChanged
            case .traitsChanged: self = .traitsChanged
            case .announced: self = .announced
            case .focusRestored: self = .focusRestored
            case .scrolled: self = .scrolled
            case .scanningStopped: self = .scanningStopped
            case .inputIgnored: self = .inputIgnored
            case .deviceAdded: self = .deviceAdded
            case .deviceRemoved: self = .deviceRemoved
            case .bug: self = .bug
            case .appModelError: self = .appModelError
            case .appActionFailed: self = .appActionFailed
            case .overlayShown: self = .overlayShown
            case .overlayHidden: self = .overlayHidden
            case .gridZoomed: self = .gridZoomed
            case .disambiguationShown: self = .disambiguationShown
            case .disambiguationHidden: self = .disambiguationHidden
            case .utteranceNotUnderstood: self = .utteranceNotUnderstood
            case .commandsListed: self = .commandsListed
            case .gesturePerformed: self = .gesturePerformed
            case .focused: self = .focused
            case .focusHidden: self = .focusHidden
            case .actionsListShown: self = .actionsListShown
            case .actionsListItem: self = .actionsListItem
            case .actionsListHidden: self = .actionsListHidden
            case .findQueryChanged: self = .findQueryChanged
            case .findHidden: self = .findHidden
            case .helpShown: self = .helpShown
            case .helpHidden: self = .helpHidden
            case .textEditingBegan: self = .textEditingBegan
            case .textEditingEnded: self = .textEditingEnded
            }
        }
    }

    /// One highlight of each kind (exhaustive through `highlightKind`).
    static let highlights: [Highlight] = [
        .element(ref), .group(frame: rect, count: 3), .groupExit(frame: rect), .menuItem("Tap"),
        .pointLine(axis: .x, position: 150), .pointSweep(axis: .y, stage: .coarse, from: 0, to: 800, duration: .seconds(8)), .menuButton,
    ]

    static func highlightKind(_ h: Highlight) -> String {
        switch h {
        case .element: return "element"
        case .group: return "group"
        case .groupExit: return "groupExit"
        case .menuItem: return "menuItem"
        case .pointLine: return "pointLine"
        case .pointSweep: return "pointSweep"
        case .menuButton: return "menuButton"
        }
    }

    /// One input of each kind, as `inputIgnored` carries it (exhaustive through `inputKind`).
    static let inputs: [Input] = {
        let screen = try! AppDecoder(file: "one.json").decode(Array(#"{"screens": {"home": {"size": {"width": 10, "height": 10}, "root": {}}}}"#.utf8)).screens[0]
        return [.switchDown(.select), .switchUp(.select), .key(KeyStroke(key: .tab, modifiers: .shift, phase: .down)), .utterance("tap Pay"),
                .deviceAdded("Pad"), .deviceRemoved("Pad"), .screenReplaced(ScreenUpdate(screen: screen, moved: [0]))]
    }()

    static func inputKind(_ i: Input) -> String {
        switch i {
        case .switchDown: return "switchDown"
        case .switchUp: return "switchUp"
        case .key: return "key"
        case .utterance: return "utterance"
        case .deviceAdded: return "deviceAdded"
        case .deviceRemoved: return "deviceRemoved"
        case .screenReplaced: return "screenReplaced"
        }
    }

    /// Every sample, with a technology, as `run` writes it for several scenarios (`scenario` first).
    static var lines: [String] {
        var events = Kind.allCases.map(\.sample)
        events += highlights.map { .highlighted($0) }
        events += inputs.map { .inputIgnored($0, reason: .notHandledByTechnology) }
        return events.map { TranscriptFormat.jsonLine(TimedEvent(time: .milliseconds(1500), event: $0, technology: .switchControl), scenario: "a.swy") }
    }

    /// Every key of a JSON value, at any depth.
    static func keys(_ value: Any) -> Set<String> {
        if let o = value as? [String: Any] { return o.reduce(into: Set(o.keys)) { $0.formUnion(keys($1.value)) } }
        if let a = value as? [Any] { return a.reduce(into: []) { $0.formUnion(keys($1)) } }
        return []
    }

    @Test func everyKindHasASampleOfItsKind() {
        for kind in Kind.allCases { #expect(Kind(kind.sample) == kind) }
        #expect(Set(Self.highlights.map(Self.highlightKind)).count == Self.highlights.count)
        #expect(Set(Self.inputs.map(Self.inputKind)).count == Self.inputs.count)
    }

    @Test func everyFieldWrittenIsOnThePage() throws {
        #expect(!Self.page.isEmpty, "docs/transcript.md not found")
        var keys: Set<String> = []
        for line in Self.lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            keys.formUnion(Self.keys(object))
        }
        #expect(keys.count > 40)
        for key in keys.sorted() {
            #expect(Self.page.contains("`\(key)`") || Self.page.contains("\"\(key)\""), "field '\(key)' is not in docs/transcript.md")
        }
    }

    @Test func everyKindWrittenIsOnThePage() throws {
        for kind in Kind.allCases {
            let line = TranscriptFormat.jsonLine(TimedEvent(time: .zero, event: kind.sample))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let name = try #require(object["event"] as? String)
            #expect(Self.page.contains("| `\(name)` |"), "event '\(name)' has no row in docs/transcript.md")
        }
        for h in Self.highlights {
            #expect(Self.page.contains("| `\(Self.highlightKind(h))` |"), "highlight '\(Self.highlightKind(h))' has no row in docs/transcript.md")
        }
        for i in Self.inputs {
            #expect(Self.page.contains("\"\(Self.inputKind(i))\""), "input kind '\(Self.inputKind(i))' is not in docs/transcript.md")
        }
    }
}
