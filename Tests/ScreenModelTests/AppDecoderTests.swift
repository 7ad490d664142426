import Testing
@testable import ScreenModel

@Suite struct AppDecoderTests {
    /// The element table is allocated once, at the count `elementCount`
    /// reads off the tape's `children` arrays: that count is the decoded
    /// table's for one element, nested and empty levels and the decoder's
    /// whole example; a malformed tree is counted as far as it reads, and
    /// the decoder then names what is wrong.
    @Test func theTableIsCountedOffTheTapeBeforeItIsDecoded() throws {
        func count(_ root: String) throws -> Int {
            let doc = try JSONDocument(bytes: Array(appJSON(root: root).utf8), file: testFile)
            let screens = try #require(doc.member(doc.root, named: "screens"))
            let s = try #require(doc.member(screens, named: "s"))
            let root = try #require(doc.member(s, named: "root"))
            return Reader(doc: doc, file: testFile).elementCount(root)
        }
        let nested = rootWith([button("A", 0, 0), #"{"children": [{"children": [{"label": "deep"}, {}]}, {"label": "x"}]}"#, #"{"children": []}"#])
        #expect(try count(#"{"label": "only"}"#) == 1)
        #expect(try count(nested) == 8)
        #expect(try screen(root: nested).elements.count == 8)
        let everything = try #require(try decode(Self.everything).screen(named: "main"))
        let doc = try JSONDocument(bytes: Array(Self.everything.utf8), file: testFile)
        let screens = try #require(doc.member(doc.root, named: "screens"))
        let main = try #require(doc.member(screens, named: "main"))
        let root = try #require(doc.member(main, named: "root"))
        #expect(Reader(doc: doc, file: testFile).elementCount(root) == everything.elements.count)
        #expect(everything.elements.count == 7)
        // Not an array, not an object: counted as read, refused by the decoder.
        #expect(try count(#"{"children": {"label": "x"}}"#) == 1)
        #expect(try count(#"{"children": [1, {"children": [{}, true]}]}"#) == 5)
        #expect(decodeError(appJSON(root: #"{"children": [1, {"children": [{}, true]}]}"#))
                == "test.json: screens.s.root/children[0]: error: expected an object, found a number")
    }

    /// Every element field set to a non-default value, and every effect kind.
    static let everything = #"""
    {
      "$schema": "../docs/screen-model.schema.json",
      "name": "Everything",
      "description": "ignored by the decoder",
      "startScreen": "main",
      "screens": {
        "main": {
          "title": "Main",
          "size": {"width": 400, "height": 800},
          "layoutDirection": "rightToLeft",
          "root": {
            "identifier": "root",
            "childBehavior": "contain",
            "containerType": "semanticGroup",
            "accessibilityElements": ["volume", "go"],
            "children": [
              {
                "identifier": "go", "label": "Go", "value": "v", "hint": "Goes",
                "traits": ["button", "link", "header", "image", "staticText", "searchField", "selected", "notEnabled",
                           "adjustable", "updatesFrequently", "isModal", "keyboardKey", "tabBar", "toggle",
                           "summaryElement", "playsSound", "startsMediaSession", "allowsDirectInteraction",
                           "causesPageTurn", "supportsZoom"],
                "frame": {"x": 1.5, "y": -2, "width": 30, "height": 0},
                "inputLabels": ["Go", "Start"],
                "activationPoint": {"x": 3, "y": 4},
                "sortPriority": -2.5,
                "hidden": true,
                "respondsToUserInteraction": false,
                "scrollable": true,
                "onActivate": [
                  {"effect": "goTo", "screen": "other"},
                  {"effect": "back"},
                  {"effect": "present", "screen": "other"},
                  {"effect": "dismiss"},
                  {"effect": "toggleTrait", "trait": "selected"},
                  {"effect": "toggleTrait", "trait": "notEnabled", "target": "volume"},
                  {"effect": "toggleValue", "target": "volume", "off": "10", "on": "90"},
                  {"effect": "toggleValue"},
                  {"effect": "setValue", "value": "50", "target": "volume"},
                  {"effect": "setValue", "value": "x"},
                  {"effect": "increment", "target": "volume"},
                  {"effect": "decrement", "target": "volume"},
                  {"effect": "announce", "message": "Line\nbreak \"quoted\" é"}
                ],
                "customActions": [
                  {"name": "Nothing", "effects": []},
                  {"name": "Louder", "effects": [{"effect": "increment", "target": "volume"}]},
                  {"name": "No effects field"}
                ]
              },
              {
                "identifier": "volume", "label": "Volume", "value": "20%",
                "traits": ["adjustable"],
                "range": {"minimum": 0, "maximum": 100, "step": 10, "format": "{value}%"},
                "childBehavior": "combine",
                "children": [{"label": "inner"}, {"childBehavior": "ignore", "children": [{"label": "x"}]}]
              },
              {"range": {"minimum": 0.5, "maximum": 2, "step": 0.25}, "traits": ["adjustable"]}
            ]
          }
        },
        "other": {"root": {"frame": {"x": 10, "y": 20, "width": 100, "height": 50}, "scrollable": true, "contentOffset": {"x": 5, "y": -30},
                           "children": [{"frame": {"x": 0, "y": -10, "width": 120, "height": 90}}]}}
      }
    }
    """#

    @Test func everyFieldDecodes() throws {
        let app = try decode(Self.everything)
        #expect(app.name == "Everything")
        #expect(app.startScreen == "main")
        #expect(app.screens.map(\.name) == ["main", "other"])
        let s = try #require(app.screen(named: "main"))
        #expect(s.title == "Main")
        #expect(s.size == Rect(x: 0, y: 0, width: 400, height: 800))
        #expect(s.layoutDirection == .rightToLeft)
        #expect(s.elements.count == 7)
        var root = Element()
        root.identifier = "root"
        root.childBehavior = .contain
        root.containerType = .semanticGroup
        root.accessibilityElements = ["volume", "go"]
        root.children = [1, 2, 6]
        #expect(s[0] == root)
        var go = Element()
        go.identifier = "go"; go.label = "Go"; go.value = "v"; go.hint = "Goes"
        go.traits = TraitSet(Trait.allCases)
        go.frame = Rect(x: 1.5, y: -2, width: 30, height: 0)
        go.inputLabels = ["Go", "Start"]
        go.activationPoint = Point(x: 3, y: 4)
        go.sortPriority = -2.5
        go.hidden = true
        go.respondsToUserInteraction = false
        go.scrollable = true
        go.onActivate = [
            .goTo(screen: "other"), .back, .present(screen: "other"), .dismiss,
            .toggleTrait(.selected, target: nil), .toggleTrait(.notEnabled, target: "volume"),
            .toggleValue(target: "volume", off: "10", on: "90"), .toggleValue(target: nil, off: "0", on: "1"),
            .setValue("50", target: "volume"), .setValue("x", target: nil),
            .increment(target: "volume"), .decrement(target: "volume"),
            .announce("Line\nbreak \"quoted\" é"),
        ]
        go.customActions = [
            CustomAction(name: "Nothing", effects: []),
            CustomAction(name: "Louder", effects: [.increment(target: "volume")]),
            CustomAction(name: "No effects field", effects: []),
        ]
        go.parent = 0
        #expect(s[1] == go)
        #expect(s[2].range == ValueRange(minimum: 0, maximum: 100, step: 10, format: "{value}%"))
        #expect(s[2].childBehavior == .combine)
        #expect(s[2].children == [3, 4])
        #expect(s[4].children == [5])
        // A range without a value starts at its minimum.
        #expect(s[6].value == "0.5")
        #expect(s[6].range == ValueRange(minimum: 0.5, maximum: 2, step: 0.25))
        // Without a size, a screen reaches from the origin to the root frame's far edges.
        let other = try #require(app.screen(named: "other"))
        #expect(other.size == Rect(x: 0, y: 0, width: 110, height: 70))
        // Content x 0…120, y −10…80 in a viewport x 10…110, y 20…70.
        #expect(other[0].contentOffset == Point(x: 5, y: -30))
        #expect(other.scrollRange(of: 0) == ScrollRange(minimum: Point(x: -10, y: -30), maximum: Point(x: 10, y: 10)))
        #expect(other.frames[1] == Rect(x: -5, y: 20, width: 120, height: 90))
    }

    @Test func everyFieldRoundTrips() throws {
        let app = try decode(Self.everything)
        let text = AppEncoder().encode(app)
        #expect(try decode(text) == app)
        // Encoding is stable: the second round writes the same text.
        #expect(AppEncoder().encode(try decode(text)) == text)
    }

    /// `write(_:to:)` hands the model over in pieces of about 64 KiB, as it
    /// goes, that together are `encode`'s text (what `inspect --format
    /// model` prints).
    @Test func theModelStreamsInPiecesThatAreItsText() throws {
        let app = try decode(appJSON(root: rootWith((0..<5_000).map { button("Button \($0)", 0, Double($0) * 44) })))
        var pieces: [[UInt8]] = []
        AppEncoder().write(app) { pieces.append(Array($0)) }
        #expect(pieces.count > 1)
        #expect(pieces.dropLast().allSatisfy { $0.count >= ByteBuffer.piece })
        let text = String(decoding: Array(pieces.joined()), as: UTF8.self)
        #expect(text == AppEncoder().encode(app))
        #expect(text.hasPrefix("{\n  \"name\": \"App\",\n  \"startScreen\": \"s\",\n  \"screens\": {\n    \"s\": {\n"))
        #expect(text.contains("\n          {\n            \"label\": \"Button 4999\",\n            \"traits\": [\"button\"],\n            \"frame\": {\"x\": 0, \"y\": 219956, \"width\": 40, \"height\": 40}\n          }\n        ]\n"))
        #expect(text.hasSuffix("}\n    }\n  }\n}\n"))
        #expect(try decode(text) == app)
    }

    /// The rarely set fields live out of line, shared by copies: a copy
    /// never sees another's write, an element with every one of them back
    /// to unset equals (and hashes as) one that never set them, and each
    /// reads back what was written.
    @Test func rareFieldsAreValuesLikeTheRest() {
        var a = Element()
        a.label = "Volume"
        var b = a
        b.hint = "Adjusts the volume"
        b.inputLabels = ["Volume", "Loudness"]
        b.activationPoint = Point(x: 3, y: 4)
        b.range = ValueRange(minimum: 0, maximum: 10, step: 1)
        b.contentOffset = Point(x: 0, y: 150)
        #expect(a.hint == nil && a.inputLabels == [] && a.activationPoint == nil && a.range == nil && a.contentOffset == .zero)
        #expect(b.hint == "Adjusts the volume")
        #expect(b.inputLabels == ["Volume", "Loudness"])
        #expect(b.activationPoint == Point(x: 3, y: 4))
        #expect(b.range == ValueRange(minimum: 0, maximum: 10, step: 1))
        #expect(b.contentOffset == Point(x: 0, y: 150))
        #expect(a != b)
        var c = b
        c.hint = "Changed"
        #expect(b.hint == "Adjusts the volume" && c.hint == "Changed")
        #expect(b != c)
        c.hint = "Adjusts the volume"
        #expect(b == c && b.hashValue == c.hashValue)
        b.hint = nil
        b.inputLabels = []
        b.activationPoint = nil
        b.range = nil
        b.contentOffset = .zero
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(c.range == ValueRange(minimum: 0, maximum: 10, step: 1))
    }

    /// `platform`: iOS unless said; an Android capture keeps it through JSON.
    @Test func platformRoundTrips() throws {
        #expect(try decode(appJSON(root: #"{"label": "A"}"#)).platform == .iOS)
        let android = try decode(#"{"platform": "android", "screens": {"s": {"root": {"label": "A"}}}}"#)
        #expect(android.platform == .android)
        #expect(AppEncoder().encode(android).contains(#""platform": "android""#))
        #expect(try decode(AppEncoder().encode(android)) == android)
        #expect(throws: ScreenModelError.self) { try decode(#"{"platform": "windows", "screens": {"s": {"root": {}}}}"#) }
    }

    @Test func effectKindsAreListedInFileOrder() {
        #expect(Effect.kinds == ["goTo", "back", "present", "dismiss", "toggleTrait", "toggleValue", "setValue", "increment", "decrement", "announce"])
    }

    @Test(arguments: Effect.kinds)
    func everyEffectKindRoundTripsAlone(_ kind: String) throws {
        let fields: [String: String] = [
            "goTo": #", "screen": "s""#, "present": #", "screen": "s""#, "toggleTrait": #", "trait": "selected", "target": "t""#,
            "toggleValue": #", "target": "t", "off": "a", "on": "b""#, "setValue": #", "value": "v", "target": "t""#,
            "increment": #", "target": "t""#, "decrement": #", "target": "t""#, "announce": #", "message": "m""#,
        ]
        let json = appJSON(root: #"{"identifier": "t", "range": {"minimum": 0, "maximum": 1, "step": 1}, "onActivate": [{"effect": "\#(kind)"\#(fields[kind] ?? "")}]}"#)
        let app = try decode(json)
        let effect = try #require(app.screens[0][0].onActivate.first)
        #expect(effect.kind == kind)
        #expect(try decode(AppEncoder().encode(app)) == app)
    }

    @Test func encoderWritesTheDocumentedShape() throws {
        let app = try decode(appJSON(root: #"{"label": "A", "frame": {"x": 0, "y": 0, "width": 10.5, "height": 2}, "onActivate": [{"effect": "back"}], "children": [{"traits": ["button", "selected"]}]}"#))
        #expect(AppEncoder().encode(app) == """
        {
          "name": "App",
          "startScreen": "s",
          "screens": {
            "s": {
              "size": {
                "width": 10.5,
                "height": 2
              },
              "root": {
                "label": "A",
                "frame": {"x": 0, "y": 0, "width": 10.5, "height": 2},
                "onActivate": [
                  {"effect": "back"}
                ],
                "children": [
                  {
                    "traits": ["button", "selected"]
                  }
                ]
              }
            }
          }
        }

        """)
    }

    // MARK: - Errors

    @Test(arguments: [
        // Unknown trait, with did-you-mean.
        (appJSON(root: rootWith([#"{"traits": ["buton"]}"#])),
         "test.json: screens.s.root/children[0].traits[0]: error: unknown trait 'buton'; did you mean 'button'? expected one of: button, link, header, image, staticText, searchField, selected, notEnabled, adjustable, updatesFrequently, isModal, keyboardKey, tabBar, toggle, summaryElement, playsSound, startsMediaSession, allowsDirectInteraction, causesPageTurn, supportsZoom"),
        // Negative frame, deep in the tree.
        (appJSON(root: rootWith([#"{}"#, #"{}"#, rootWith([#"{"frame": {"x": 0, "y": 0, "width": -1, "height": 5}}"#])])),
         "test.json: screens.s.root/children[2]/children[0].frame: error: frame has a negative size (-1×5); expected width and height ≥ 0"),
        (appJSON(root: "{}", screenFields: #""size": {"width": 10, "height": -0.5}, "#),
         "test.json: screens.s.size: error: frame has a negative size (10×-0.5); expected width and height ≥ 0"),
        // Unknown screens.
        (#"{"screens": {"checkout": {"root": {"onActivate": [{"effect": "goTo", "screen": "chekout"}]}}}}"#,
         "test.json: screens.checkout.root.onActivate[0].screen: error: no screen named 'chekout'; did you mean 'checkout'? the app has: checkout"),
        (#"{"screens": {"a": {"root": {"customActions": [{"name": "Open", "effects": [{"effect": "present", "screen": "zzz"}]}]}}, "b": {"root": {}}}}"#,
         "test.json: screens.a.root.customActions[0].effects[0].screen: error: no screen named 'zzz'; the app has: a, b"),
        (#"{"startScreen": "mian", "screens": {"main": {"root": {}}}}"#,
         "test.json: startScreen: error: no screen named 'mian'; did you mean 'main'? the app has: main"),
        // Duplicate identifiers: both paths.
        (appJSON(root: rootWith([#"{"identifier": "pay"}"#, rootWith([#"{"identifier": "pay"}"#])])),
         "test.json: screens.s.root/children[1]/children[0]: error: duplicate identifier 'pay' (first used at screens.s.root/children[0]); identifiers must be unique within a screen"),
        // Effects: missing field, unknown kind, unknown field, wrong type.
        (appJSON(root: #"{"onActivate": [{"effect": "back"}, {"effect": "goTo"}]}"#),
         "test.json: screens.s.root.onActivate[1]: error: missing field 'screen' (expected the name of a screen for effect 'goTo')"),
        (appJSON(root: #"{"onActivate": [{"effect": "announce"}]}"#),
         "test.json: screens.s.root.onActivate[0]: error: missing field 'message' (expected the text to announce for effect 'announce')"),
        (appJSON(root: #"{"onActivate": [{"screen": "s"}]}"#),
         "test.json: screens.s.root.onActivate[0]: error: missing field 'effect' (expected one of: goTo, back, present, dismiss, toggleTrait, toggleValue, setValue, increment, decrement, announce)"),
        (appJSON(root: #"{"onActivate": [{"effect": "goto", "screen": "s"}]}"#),
         "test.json: screens.s.root.onActivate[0].effect: error: unknown effect 'goto'; did you mean 'goTo'? expected one of: goTo, back, present, dismiss, toggleTrait, toggleValue, setValue, increment, decrement, announce"),
        (appJSON(root: #"{"onActivate": [{"effect": "goTo", "screne": "s"}]}"#),
         "test.json: screens.s.root.onActivate[0]: error: unknown field 'screne'; did you mean 'screen'?"),
        (appJSON(root: #"{"onActivate": [{"effect": "toggleTrait", "trait": "selceted"}]}"#),
         "test.json: screens.s.root.onActivate[0].trait: error: unknown trait 'selceted'; did you mean 'selected'? expected one of: button, link, header, image, staticText, searchField, selected, notEnabled, adjustable, updatesFrequently, isModal, keyboardKey, tabBar, toggle, summaryElement, playsSound, startsMediaSession, allowsDirectInteraction, causesPageTurn, supportsZoom"),
        (appJSON(root: #"{"onActivate": {"effect": "back"}}"#),
         "test.json: screens.s.root.onActivate: error: expected an array, found an object"),
        (appJSON(root: #"{"onActivate": ["back"]}"#),
         #"test.json: screens.s.root.onActivate[0]: error: expected an effect object such as {"effect": "goTo", "screen": "detail"}, found a string"#),
        (appJSON(root: #"{"onActivate": [{"effect": "setValue", "value": 5}]}"#),
         "test.json: screens.s.root.onActivate[0].value: error: expected a string, found a number"),
        (appJSON(root: #"{"onActivate": [{"effect": "setValue", "value": "5", "target": "nobody"}]}"#),
         "test.json: screens.s.root.onActivate[0].target: error: no element with identifier 'nobody' on this screen"),
        (appJSON(root: rootWith([#"{"identifier": "b", "traits": ["button"]}"#, #"{"onActivate": [{"effect": "increment", "target": "b"}]}"#])),
         "test.json: screens.s.root/children[1].onActivate[0]: error: effect 'increment' adjusts 'b', which has no 'range'; give it a range or set 'target' to an adjustable element"),
        (appJSON(root: #"{"customActions": [{"name": "Less", "effects": [{"effect": "decrement"}]}]}"#),
         "test.json: screens.s.root.customActions[0].effects[0]: error: effect 'decrement' adjusts this element, which has no 'range'; give it a range or set 'target' to an adjustable element"),
        // Unknown fields (typos).
        (appJSON(root: #"{"lable": "Pay"}"#),
         "test.json: screens.s.root: error: unknown field 'lable'; did you mean 'label'?"),
        (appJSON(root: #"{"frame": {"x": 0, "y": 0, "w": 1, "h": 1}}"#),
         "test.json: screens.s.root.frame: error: unknown field 'w'; expected one of: x, y, width, height"),
        (#"{"screen": {}}"#,
         "test.json: app: error: unknown field 'screen'; did you mean 'screens'?"),
        // Wrong types.
        (appJSON(root: #"{"label": 5}"#), "test.json: screens.s.root.label: error: expected a string, found a number"),
        (appJSON(root: #"{"hidden": "yes"}"#), "test.json: screens.s.root.hidden: error: expected true or false, found a string"),
        (appJSON(root: #"{"sortPriority": null}"#), "test.json: screens.s.root.sortPriority: error: expected a number, found null"),
        (appJSON(root: rootWith([#"{"children": {}}"#])), "test.json: screens.s.root/children[0].children: error: expected an array, found an object"),
        (appJSON(root: #"{"inputLabels": ["a", 1]}"#), "test.json: screens.s.root.inputLabels[1]: error: expected a string, found a number"),
        (#"{"screens": []}"#, "test.json: screens: error: expected an object of screens by name, found an array"),
        ("[]", "test.json: app: error: expected an object, found an array"),
        (appJSON(root: #"{"childBehavior": "combined"}"#),
         "test.json: screens.s.root.childBehavior: error: unknown value 'combined'; did you mean 'combine'? expected one of: combine, ignore, contain"),
        (appJSON(root: #"{"containerType": "table"}"#),
         "test.json: screens.s.root.containerType: error: unknown value 'table'; expected one of: none, list, semanticGroup, dataTable, landmark"),
        // Bad ranges.
        (appJSON(root: #"{"range": {"minimum": 5, "maximum": 1, "step": 1}}"#),
         "test.json: screens.s.root.range: error: minimum 5 is above maximum 1"),
        (appJSON(root: #"{"range": {"minimum": 0, "maximum": 1, "step": 0}}"#),
         "test.json: screens.s.root.range.step: error: step must be greater than 0"),
        (appJSON(root: #"{"range": {"minimum": 0, "maximum": 1}}"#),
         "test.json: screens.s.root.range: error: missing field 'step' (expected a number)"),
        (appJSON(root: #"{"range": {"minimum": 0, "maximum": 1, "step": 1, "format": "%"}}"#),
         "test.json: screens.s.root.range.format: error: format must contain '{value}' exactly once"),
        (appJSON(root: #"{"value": "high", "range": {"minimum": 0, "maximum": 1, "step": 1}}"#),
         "test.json: screens.s.root.value: error: value 'high' does not fit the range format '{value}'"),
        (appJSON(root: #"{"value": "11%", "range": {"minimum": 0, "maximum": 10, "step": 1, "format": "{value}%"}}"#),
         "test.json: screens.s.root.value: error: value '11%' is outside the range 0…10"),
        // accessibilityElements.
        (appJSON(root: rootWith([#"{"identifier": "a"}"#]).dropLast() + #", "accessibilityElements": ["a", "b"]}"#),
         "test.json: screens.s.root.accessibilityElements[1]: error: no element with identifier 'b' on this screen"),
        (appJSON(root: rootWith([#"{"identifier": "a", "accessibilityElements": ["b"]}"#, #"{"identifier": "b"}"#])),
         "test.json: screens.s.root/children[0].accessibilityElements[0]: error: 'b' (at screens.s.root/children[1]) is not inside this element; accessibilityElements lists descendants only"),
        (appJSON(root: rootWith([#"{"identifier": "a"}"#]).dropLast() + #", "accessibilityElements": ["a", "a"]}"#),
         "test.json: screens.s.root.accessibilityElements[1]: error: identifier 'a' is listed twice"),
        // Content offsets.
        (appJSON(root: #"{"contentOffset": {"x": 0, "y": 10}}"#),
         #"test.json: screens.s.root.contentOffset: error: only a scrollable element has a content offset; add "scrollable": true or remove the offset"#),
        (appJSON(root: #"{"scrollable": false, "contentOffset": {"x": 0, "y": 0}}"#),
         #"test.json: screens.s.root.contentOffset: error: only a scrollable element has a content offset; add "scrollable": true or remove the offset"#),
        (appJSON(root: #"{"scrollable": true, "contentOffset": {"y": 10}}"#),
         "test.json: screens.s.root.contentOffset: error: missing field 'x' (expected a number)"),
        (appJSON(root: rootWith([#"{"scrollable": true, "contentOffset": {"x": 0, "y": 150}, "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "children": [\#(button("A", 0, 50, 100, 100))]}"#])),
         "test.json: screens.s.root/children[0].contentOffset: error: offset (0, 150) scrolls past the content; this element's content offsets range over x 0…0, y 0…50"),
        // Other checks.
        (appJSON(root: #"{"identifier": ""}"#), "test.json: screens.s.root.identifier: error: an identifier cannot be empty"),
        (appJSON(root: #"{"label": "a", "label": "b"}"#), "test.json: screens.s.root: error: field 'label' appears twice"),
        (#"{"screens": {}}"#, "test.json: screens: error: an app needs at least one screen"),
        (#"{"screens": {"a": {"root": {}}, "a": {"root": {}}}}"#, "test.json: screens: error: screen 'a' is defined twice"),
        (#"{"screens": {"a": {}}}"#, "test.json: screens.a: error: missing field 'root' (expected the root element)"),
        (appJSON(root: #"{"customActions": [{"name": ""}]}"#), "test.json: screens.s.root.customActions[0].name: error: a custom action needs a non-empty name"),
        (appJSON(root: "{}", screenFields: #""layoutDirection": "rtl", "#),
         "test.json: screens.s.layoutDirection: error: unknown value 'rtl'; expected one of: leftToRight, rightToLeft"),
        // Syntax errors carry line and column.
        ("{\n  \"screens\": {,}\n}", "test.json:2:15: error: expected a quoted member name, found ','"),
    ] as [(String, String)])
    func badInputNamesFilePathAndExpectation(_ json: String, _ expected: String) {
        #expect(decodeError(json) == expected)
    }

    @Test func theFirstProblemInTextOrderIsReported() {
        // Both fields are wrong; the one written first is named.
        #expect(decodeError(appJSON(root: #"{"frame": {"x": 0, "y": 0, "width": -1, "height": 0}, "traits": ["nope"]}"#))
                == "test.json: screens.s.root.frame: error: frame has a negative size (-1×0); expected width and height ≥ 0")
        #expect(decodeError(appJSON(root: #"{"traits": ["nope"], "frame": {"x": 0, "y": 0, "width": -1, "height": 0}}"#))?
                .hasPrefix("test.json: screens.s.root.traits[0]: error: unknown trait 'nope'; expected one of: button,") == true)
    }
}

/// A frame or a point is read straight off the tape when it is the usual
/// object of numbers (`JSONDocument.numbers(ofObject:keys:)`); any other
/// goes the general way. Both ways give the same values and the same errors.
@Suite struct FrameReadingTests {
    /// The frame of the root written as `frame`.
    func frame(_ frame: String) throws -> Rect? {
        try screen(root: #"{"frame": \#(frame)}"#).elements[0].frame
    }

    @Test func membersInAnyOrderOrSpellingGiveTheSameFrame() throws {
        let expected = Rect(x: 1.5, y: -2, width: 30, height: 0)
        for written in [
            #"{"x": 1.5, "y": -2, "width": 30, "height": 0}"#,
            #"{"height": 0, "width": 30, "y": -2, "x": 1.5}"#,
            #"{"y": -2, "height": 0, "x": 1.5, "width": 30}"#,
            // Escaped names are the same names.
            #"{"\u0078": 1.5, "y": -2, "w\u0069dth": 30, "height": 0}"#,
            #"{"x": 15e-1, "y": -2.0, "width": 3e1, "height": -0}"#,
        ] {
            #expect(try frame(written) == expected, "\(written)")
        }
    }

    @Test func pointsReadTheSameEitherWay() throws {
        let s = try screen(root: #"{"activationPoint": {"y": 20, "x": 10}, "scrollable": true, "contentOffset": {"\u0078": 0, "y": 0}}"#)
        #expect(s.elements[0].activationPoint == Point(x: 10, y: 20))
        #expect(s.elements[0].contentOffset == Point(x: 0, y: 0))
    }

    @Test(arguments: [
        // Each of these leaves the fast path for the general one, which names the problem.
        (#"{"x": 0, "y": 0, "width": 1}"#, "test.json: screens.s.root.frame: error: missing field 'height' (expected a number of points)"),
        (#"{"x": 0, "y": 0, "width": 1, "width": 2}"#, "test.json: screens.s.root.frame: error: field 'width' appears twice"),
        (#"{"x": 0, "y": 0, "width": 1, "height": 1, "depth": 1}"#, "test.json: screens.s.root.frame: error: unknown field 'depth'; expected one of: x, y, width, height"),
        (#"{"x": 0, "y": 0, "w": 1, "height": 1}"#, "test.json: screens.s.root.frame: error: unknown field 'w'; expected one of: x, y, width, height"),
        (#"{"x": 0, "y": "0", "width": 1, "height": 1}"#, "test.json: screens.s.root.frame.y: error: expected a number, found a string"),
        (#"{"x": 0, "y": [0], "width": 1, "height": 1}"#, "test.json: screens.s.root.frame.y: error: expected a number, found an array"),
        (#"{"x": 1e8, "y": 0, "width": 1, "height": 1}"#, "test.json: screens.s.root.frame.x: error: 1e8 is outside the coordinate limits; expected a number of points from -10000000 to 10000000"),
        (#"{"x": 0, "y": 0, "width": 1, "height": -2e7}"#, "test.json: screens.s.root.frame.height: error: -2e7 is outside the size limits; expected a number of points from 0 to 10000000"),
        (#"{"x": 0, "y": 0, "width": -1, "height": 1}"#, "test.json: screens.s.root.frame: error: frame has a negative size (-1×1); expected width and height ≥ 0"),
        (#"[0, 0, 1, 1]"#, "test.json: screens.s.root.frame: error: expected an object, found an array"),
    ] as [(String, String)])
    func anyOtherFrameIsReadTheGeneralWay(_ written: String, _ expected: String) {
        #expect(decodeError(appJSON(root: #"{"frame": \#(written)}"#)) == expected)
    }

    @Test func anOffsetOutOfLimitsIsNamed() {
        #expect(decodeError(appJSON(root: #"{"scrollable": true, "contentOffset": {"x": 0, "y": -1e9}}"#))
                == "test.json: screens.s.root.contentOffset.y: error: -1e9 is outside the coordinate limits; expected a number of points from -10000000 to 10000000")
    }
}
