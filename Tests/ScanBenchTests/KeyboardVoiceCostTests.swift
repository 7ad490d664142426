import Testing
import ScreenModel
import SwitchyardEngine
import DemoApp
@testable import ScanBench

/// Full Keyboard Access and Voice Control costs, found through the engine.
@Suite struct KeyboardVoiceCostTests {
    static let json = #"""
    {"screens": {"s": {"size": {"width": 300, "height": 200}, "root": {"children": [
      {"label": "OK", "traits": ["button"], "frame": {"x": 0, "y": 0, "width": 100, "height": 40}},
      {"label": "OK", "traits": ["button"], "frame": {"x": 100, "y": 0, "width": 100, "height": 40}},
      {"label": "⭐️", "traits": ["button"], "frame": {"x": 200, "y": 0, "width": 100, "height": 40}},
      {"label": "Send", "traits": ["button"], "frame": {"x": 0, "y": 100, "width": 100, "height": 40}},
      {"label": "Off", "traits": ["button", "notEnabled"], "frame": {"x": 100, "y": 100, "width": 100, "height": 40}}
    ]}}}}
    """#

    @Test func voiceCommandsPerTarget() throws {
        let app = try AppDecoder(file: "v.json").decode(Array(Self.json.utf8))
        let voice = try VoiceCosts(app: app, screen: app.screens[0], settings: VoiceControlSettings(), user: UserModel())
        #expect(voice.commands(for: 1) == ["tap OK", "1"])
        #expect(voice.commands(for: 2) == ["tap OK", "2"])
        #expect(voice.commands(for: 3) == ["show numbers", "tap 3"])
        #expect(voice.commands(for: 4) == ["tap Send"])
        let costs = voice.costs()
        #expect(costs.map(\.presses) == [2, 2, 2, 1, 0])
        #expect(costs.map(\.seconds) == [4, 4, 4, 2, 0])
        #expect(costs[4].unreachable == "not enabled")
    }

    @Test func keyboardKeysPerTarget() throws {
        let app = DemoApp.load()
        let keyboard = try KeyboardCosts(app: app, screen: try #require(app.screen(named: "home")), settings: KeyboardAccessSettings(), user: UserModel())
        let costs = keyboard.costs()
        // Cart: the first key focuses it, Space activates: 2 keys, 0.56 s.
        #expect(costs[0].label == "Cart")
        #expect(costs[0].presses == 2)
        #expect(costs[0].seconds == 0.56)
        #expect(costs.filter { !$0.reachable }.isEmpty)
        #expect(costs.map(\.steps) == [1, 2, 3, 4, 5, 4, 3, 2, 3, 2])
    }

    @Test func voiceScrollsAnElementIntoViewFirst() throws {
        let app = try scrollingList()
        let voice = try VoiceCosts(app: app, screen: app.screens[0], settings: VoiceControlSettings(), user: UserModel())
        let labels = ["One", "Two", "Three", "Four", "Five"]
        let index = labels.map { l in app.screens[0].elements.indices.first { app.screens[0].label(of: $0) == l }! }
        #expect(voice.commands(for: index[1]) == ["tap Two"])
        #expect(voice.commands(for: index[2]) == ["scroll down", "tap Three"])
        #expect(voice.commands(for: index[4]) == ["scroll down", "scroll down", "tap Five"])
        let costs = voice.costs()
        #expect(costs.map(\.label) == ["One", "Two", "Three", "Four", "Five"])
        #expect(costs.map(\.presses) == [1, 1, 2, 2, 3])
        #expect(costs.filter { !$0.reachable }.isEmpty)
    }

    @Test func keyboardArrowsScrollAnElementIntoView() throws {
        let app = try scrollingList()
        let keyboard = try KeyboardCosts(app: app, screen: app.screens[0], settings: KeyboardAccessSettings(), user: UserModel())
        let costs = keyboard.costs()
        #expect(costs.map(\.label) == ["One", "Two", "Three", "Four", "Five"])
        #expect(costs.map(\.steps) == [1, 2, 3, 4, 5])
        #expect(costs.filter { !$0.reachable }.isEmpty)
    }
}
