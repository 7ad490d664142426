import ScreenModel
@testable import SwitchyardEngine

/// A button element in JSON: full width 400, height 50, at `y`.
func button(_ label: String, y: Int, x: Int = 0, width: Int = 400, _ more: String = "") -> String {
    let extra = more.isEmpty ? "" : ", " + more
    return """
    {"label": "\(label)", "identifier": "\(label.lowercased())", "traits": ["button"], "frame": {"x": \(x), "y": \(y), "width": \(width), "height": 50}\(extra)}
    """
}

/// An app from JSON screens: `screens` maps a name to its root's children JSON.
func makeApp(_ screens: [(String, [String])], start: String? = nil) -> AppModel {
    let body = screens.map { name, children in
        "\"\(name)\": {\"size\": {\"width\": 400, \"height\": 800}, \"root\": {\"children\": [\(children.joined(separator: ","))]}}"
    }.joined(separator: ",")
    let json = "{\"name\": \"Test\", \"startScreen\": \"\(start ?? screens[0].0)\", \"screens\": {\(body)}}"
    do {
        return try AppDecoder(file: "fixture.json").decode(Array(json.utf8))
    } catch {
        fatalError("fixture does not decode: \(error)\n\(json)")
    }
}

/// Three buttons A, B, C in a column at y 0, 100, 200 (element indices 1, 2, 3).
let threeButtons = makeApp([("main", [button("A", y: 0), button("B", y: 100), button("C", y: 200)])])

/// `count` buttons named 1…count, one per row, 60 points apart.
func column(_ count: Int) -> AppModel {
    makeApp([("main", (1...count).map { button("\($0)", y: ($0 - 1) * 60) })])
}

/// The reference to a fixture button (frame x 0, width 400, height 50 unless given).
func ref(_ label: String, _ index: Int, y: Double, x: Double = 0, width: Double = 400, screen: String = "main") -> ElementRef {
    ElementRef(screen: screen, index: index, label: label, identifier: label.lowercased(), frame: Rect(x: x, y: y, width: width, height: 50))
}

let A = ref("A", 1, y: 0)
let B = ref("B", 2, y: 100)
let C = ref("C", 3, y: 200)

func ms(_ t: Int64) -> Instant { .milliseconds(t) }

/// A timed event at `t` milliseconds, caused by Switch Control (nearly
/// every event these tests see).
func at(_ t: Int64, _ e: Event) -> TimedEvent { TimedEvent(e, at: .milliseconds(t), by: .switchControl) }

/// A timed event the session itself emits (the start screen, device
/// hotplug, focus restored after a sheet), caused by no technology.
func bySession(_ t: Int64, _ e: Event) -> TimedEvent { TimedEvent(e, at: .milliseconds(t)) }

/// A highlight of an element at `t` milliseconds.
func hl(_ t: Int64, _ r: ElementRef) -> TimedEvent { at(t, .highlighted(.element(r))) }

func down(_ id: SwitchID, _ t: Int64) -> TimedInput { TimedInput(.switchDown(id), at: .milliseconds(t)) }
func up(_ id: SwitchID, _ t: Int64) -> TimedInput { TimedInput(.switchUp(id), at: .milliseconds(t)) }

/// A session on `app` with Switch Control settings changed by `configure`.
func session(_ app: AppModel, _ configure: (inout SwitchControlSettings) -> Void = { _ in }) throws -> Session {
    try session(app, SwitchControlSettings(), TechnologySettings.switchControl, configure)
}

/// A session on `app` running one technology, its default settings changed by `configure`.
func session<S>(_ app: AppModel, _ defaults: S, _ technology: (S) -> TechnologySettings, _ configure: (inout S) -> Void) throws -> Session {
    var s = defaults
    configure(&s)
    return try Session(app: app, configuration: SessionConfiguration(technology: technology(s)))
}

extension Session {
    /// A press: down at `t`, up `length` ms later; the events of both.
    mutating func press(_ id: SwitchID = .select, at t: Int64, length: Int64 = 50) -> [TimedEvent] {
        handle(down(id, t)) + handle(up(id, t + length))
    }
}

let manualSwitches = [SwitchAssignment(.select, .selectItem), SwitchAssignment(.next, .moveToNextItem), SwitchAssignment(.previous, .moveToPreviousItem)]
