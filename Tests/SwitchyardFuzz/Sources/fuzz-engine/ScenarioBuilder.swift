import FuzzSupport

/// Builds a scenario for the demo app from fuzz bytes: always well-formed
/// text, with numbers kept in bounds (durations up to 2 minutes, five
/// simulated minutes in all, at most 48 steps), so that the fuzzer explores the engine, not the parser.
struct ScenarioBuilder {
    var input: FuzzInput
    var lines: [String] = ["app demo"]
    /// The latest `at` time written, in milliseconds.
    var lastAt = 0

    init(_ bytes: [UInt8]) { input = FuzzInput(bytes) }

    /// What the scenario's `technology` line runs: Switch Control alone
    /// (no line) most of the time; Full Keyboard Access, Voice Control, or
    /// Voice Control beside either.
    static let technologyLines: [[String]] = [["keyboard"], ["voice"], ["switch-control", "voice"], ["keyboard", "voice"]]
    var technologies = ["switch-control"]
    var switchControl: Bool { technologies.contains("switch-control") }
    var keyboard: Bool { technologies.contains("keyboard") }
    var voice: Bool { technologies.contains("voice") }

    static let keys = [
        "tab", "shift+tab", "left", "right", "up", "down", "space", "tab+z", "tab+b", "tab+f", "tab+h",
        "ctrl+tab", "ctrl+shift+tab", "tab+left", "tab+right", "escape", "return", "backspace", "a", "KEY_PAGEDOWN",
    ]
    static let phrases = [
        "show numbers", "show names", "hide numbers", "hide names", "show grid", "hide grid", "tap 1", "tap 3", "2", "5",
        "tap Cart", "tap Back", "go back", "scroll down", "scroll up", "show me what to say", "tap Croissant",
        "increment Quantity", "decrement Quantity", "cancel", "tap banana", "long press 2", "double tap Favorite", "choose 1",
    ]

    static let switchNames = ["select", "next", "previous", "menu", "other"]
    static let switchLists = [
        "select=select-item",
        "select=select-item,next=move-to-next-item",
        "select=select-item,next=move-to-next-item,previous=move-to-previous-item",
        "select=tap,next=next,menu=scanner-menu",
        "select=select-item/scanner-menu,next=move-to-next-item/move-to-previous-item",
        "next=move-to-next-item",
        "menu=scanner-menu,select=select",
    ]
    static let settingsFiles = [
        "default", "tremor", "manual-select-next", "manual-two-switches", "single-switch-step", "gliding-cursor",
        "android-switch-access",
    ]
    static let elements = [
        "\"Croissant\"", "\"Oat Milk\"", "\"Add to Cart\"", "\"Back\"", "\"Cart\"", "\"Pay €12.90\"", "\"Done\"",
        "\"Close\"", "\"Quantity\"", "\"Your rating\"", "\"Favorite\"", "\"Share\"", "\"Search products\"",
        "#pay", "#add-to-cart", "#quantity", "#rating", "#row-0", "#row-3", "#tab-shop", "#close", "#done",
        "\"Tap\"", "\"Escape\"", "\"Scroll\"", "\"Point Mode\"", "\"Increment\"", "root", "root/children[0]",
    ]
    static let menuItems = ["Tap", "Escape", "Scroll", "Point Mode", "Item Mode", "Increment", "Decrement", "Refine Selection", "Scroll Down"]
    static let screens = ["shop", "product", "cart", "receipt", "Shop", "nowhere"]
    static let announcements = ["Added to cart", "Paid", "Order placed", "Scanning stopped"]

    /// Simulated time the scenario may still spend, in milliseconds: five
    /// minutes in all, so that one input is thousands of engine steps, not
    /// millions (a 50 ms scan over 48 two-minute waits), and the fuzzer runs
    /// hundreds of inputs a second.
    var budget = 300_000

    /// `ms`, or what is left of the budget; spent.
    mutating func spend(_ ms: Int) -> Int {
        let spent = min(ms, budget)
        budget -= spent
        return spent
    }

    /// A duration in the scenario language, up to 2 minutes (within the budget).
    mutating func duration() -> String {
        let written: String
        let ms: Int
        switch input.int(0...5) {
        case 0: (written, ms) = ("0ms", 0)
        case 1: let v = input.int(1...300); (written, ms) = ("\(v)ms", v)
        case 2: let v = input.int(0...5_000); (written, ms) = ("\(v)ms", v)
        case 3: let v = input.int(0...120); (written, ms) = ("\(v)s", v * 1_000)
        case 4: let v = input.int(1...2); (written, ms) = ("\(v)m", v * 60_000)
        default:
            let (a, b) = (input.int(0...99), input.int(0...9))
            (written, ms) = ("\(a).\(b)s", a * 1_000 + b * 100)
        }
        let spent = spend(ms)
        return spent == ms ? written : "\(spent)ms"
    }

    /// Seconds as a settings value: 0.05 to 3600, or something out of range.
    /// Not 1 ms: a 1 ms scan over 48 two-minute waits is millions of steps
    /// for one input (the 1 ms bound has its unit tests); the fuzzer
    /// explores more at hundreds of inputs a second.
    mutating func seconds() -> String {
        switch input.int(0...7) {
        case 0: return "0.05"
        case 1: return "3600"
        case 2: return "0"
        case 3: return "-1"
        default: return "\(input.int(0...9)).\(input.int(0...999))"
        }
    }

    /// One `set NAME VALUE` line (valid most of the time).
    mutating func setting() -> String {
        let name: String
        let value: String
        switch input.int(0...24) {
        case 0: name = "scanning-style"; value = input.pick(["auto", "manual", "step", "auto-scanning", "manual-scanning", "single-switch-step-scanning"])
        case 1: name = "switches"; value = "\"\(input.pick(Self.switchLists))\""
        case 2: name = "auto-scanning-time"; value = seconds()
        case 3: name = "pause-on-first-item"; value = input.chance(128) ? input.pick(["on", "off"]) : seconds()
        case 4: name = "loops"; value = input.chance(64) ? "unlimited" : String(input.int(0...12))
        case 5: name = "move-repeat"; value = input.chance(128) ? input.pick(["on", "off"]) : seconds()
        case 6: name = "long-press"; value = input.chance(128) ? input.pick(["on", "off"]) : seconds()
        case 7: name = "tap-behavior"; value = input.pick(["default", "auto-tap", "always-tap"])
        case 8: name = "auto-tap-time"; value = seconds()
        case 9: name = "hold-duration"; value = input.chance(128) ? input.pick(["on", "off"]) : seconds()
        case 10: name = "ignore-repeat"; value = input.chance(128) ? input.pick(["on", "off"]) : seconds()
        case 11: name = "group-items"; value = input.pick(["on", "off"])
        case 12: name = "mode"; value = input.pick(["item", "point"])
        case 13: name = "gliding-cursor-speed"; value = String(input.int(0...130))
        case 14: name = "gliding-cursor-selection"; value = input.pick(["single", "refined", "precise"])
        case 15: name = "dwell-time"; value = seconds()
        case 16: name = "start-highlighted"; value = input.pick(["on", "off"])
        case 17: name = "freeze-scan-while-held"; value = input.pick(["on", "off"])
        case 18: name = "menu-button"; value = input.pick(["each-level", "none"])
        case 19: name = "focused-item-after-tap"; value = input.pick(["first-item", "current-item"])
        case 20: name = "max-group-size"; value = String(input.int(1...40))
        case 21: name = "row-overlap"; value = "0.\(input.int(0...9))"
        case 22: name = "pause-on-first-item-adds"; value = input.pick(["on", "off"])
        case 23: name = "press-length"; value = "\(input.int(0...2_000))ms"
        default: name = "apple-ranges"; value = input.pick(["on", "off"])
        }
        return "set \(name) \(value)"
    }

    /// `within D`, sometimes.
    mutating func within() -> String { input.chance(128) ? " within \(duration())" : "" }

    mutating func expectation() -> String {
        switch input.int(0...9) {
        case 0: return "expect highlighted \(input.pick(Self.elements))\(within())"
        case 1: return "expect activated \(input.pick(Self.elements))\(within())"
        case 2: return "expect screen \(input.pick(Self.screens))"
        case 3: return "expect announcement \"\(input.pick(Self.announcements))\"\(within())"
        case 4: return "expect value #quantity = \"\(input.int(0...12))\""
        case 5: return "expect no activation for \(duration())"
        case 6: return "expect menu contains \"\(input.pick(Self.menuItems))\""
        case 7:
            let items = (0..<input.int(1...4)).map { _ in "\"\(input.pick(Self.menuItems))\"" }
            return "expect menu \(items.joined(separator: " "))"
        case 8: return "expect scanning stopped\(within())"
        default: return "expect highlighted \"\(input.pick(Self.menuItems))\"\(within())"
        }
    }

    mutating func step() -> String {
        // An input of a technology the scenario runs (`prepare` refuses the others).
        if keyboard && input.chance(96) {
            return input.chance(32) ? "type \"\(input.pick(["ba", "Oat", "x"]))\"" : "key \(input.pick(Self.keys))"
        }
        if voice && input.chance(96) { return "say \"\(input.pick(Self.phrases))\"" }
        if !switchControl {
            switch input.int(0...5) {
            case 0: return "wait \(duration())"
            case 1: return "expect screen \(input.pick(Self.screens))"
            case 2: return "expect activated \(input.pick(Self.elements))\(within())"
            case 3: return keyboard ? "expect focused \(input.pick(Self.elements))" : "expect overlay \(input.pick(["none", "numbers 1 2", "names \"Cart\""]))"
            case 4: return keyboard ? "set auto-hide \(input.pick(["off", "1", "15", "60"]))" : "set overlay \(input.pick(["none", "names", "numbers"]))"
            default: return "wait \(spend(input.int(0...3_000)))ms"
            }
        }
        let sw = input.pick(Self.switchNames)
        switch input.int(0...11) {
        case 0, 1: return "press \(sw)"
        case 2: return "press \(sw) for \(duration())"
        case 3: return "down \(sw)"
        case 4: return "up \(sw)"
        case 5: return "wait \(duration())"
        case 6:
            // Mostly forward; sometimes back, which `prepare` refuses.
            let t = input.chance(16) ? max(0, lastAt - input.int(0...60_000)) : lastAt + spend(input.int(0...60_000))
            lastAt = t
            return input.chance(128) ? "at \(t)ms" : "at \(t)ms press \(sw)"
        case 7, 8, 9: return expectation()
        case 10: return setting()
        default: return "wait \(spend(input.int(0...3_000)))ms"
        }
    }

    /// The whole scenario text.
    mutating func build() -> String {
        if input.chance(48) {
            technologies = input.pick(Self.technologyLines)
            lines.append("technology " + technologies.joined(separator: " "))
        }
        if switchControl, input.chance(32) { lines.append("settings ../settings/\(input.pick(Self.settingsFiles)).json") }
        if input.chance(16) { lines.append("start-screen \(input.pick(Self.screens))") }
        if switchControl { for _ in 0..<input.int(0...4) { lines.append(setting()) } }
        var count = 0
        while !input.isExhausted && count < 48 {
            lines.append(step())
            count += 1
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
