import Foundation
import Diagnostics

/// What `switchyard inspect` shows for one screen and technology: the tree,
/// the numbered navigation order, the groups and the counts.
public struct InspectionReport: Sendable {
    public let app: AppModel
    public let screen: Screen
    public let order: NavigationOrder
    /// Every element's path, found once (`ElementPaths`): the report writes
    /// one per stop and group member, which must not cost a sibling search each.
    public let paths: ElementPaths

    public init(app: AppModel, screen: Screen, technology: Technology, options: NavigationOptions = .init()) {
        self.app = app
        self.screen = screen
        self.order = NavigationOrder(screen: screen, technology: technology, options: options)
        self.paths = ElementPaths(screen)
    }

    /// Number of groups below the top level.
    public var groupCount: Int { order.groups.count - 1 }

    // MARK: - Text

    /// The readable report. Names, labels, values and identifiers come from
    /// other people's files, so every line is terminal-safe: control
    /// characters and bidi overrides are shown escaped (`TerminalText`).
    public func text() -> String {
        var text = ""
        text.reserveCapacity(64 * screen.elements.count)
        func line(_ s: String) {
            text += TerminalText.escaped(s, keepNewlines: false)
            text += "\n"
        }
        let numbers = stopNumbers()
        let title = screen.title.map { " (\($0))" } ?? ""
        line("\(app.name) — screen \"\(screen.name)\"\(title), \(Point.format(screen.size.width))×\(Point.format(screen.size.height)) \(app.platform.unit), \(screen.layoutDirection == .leftToRight ? "left to right" : "right to left")")
        line("")
        line("Tree:")
        treeLines(numbers: numbers, line)
        line("")
        line("Navigation order (\(order.technology)):")
        if let m = order.modal { line("  trapped by modal element \(paths.path(of: m))") }
        if order.stops.isEmpty { line("  (no stops: nothing on this screen responds to user interaction)") }
        let width = String(order.stops.count).count
        for (n, i) in order.stops.enumerated() {
            let num = String(n + 1)
            let pad = String(repeating: " ", count: width - num.count)
            line("  " + pad + num + "  " + describe(i))
        }
        if order.technology != .voiceControl && groupCount > 0 {
            line("")
            line("Groups (\(order.technology == .switchControl ? "Switch Control scanning" : "Full Keyboard Access focus groups")):")
            groupLines(numbers: numbers, line)
        }
        line("")
        line("Counts: \(screen.elements.count) elements, \(order.stops.count) stops, \(groupCount) groups")
        return text
    }

    /// Per element: its 1-based number in the navigation order, 0 when it is not a stop.
    func stopNumbers() -> [Int] {
        var numbers = [Int](repeating: 0, count: screen.elements.count)
        for (n, i) in order.stops.enumerated() { numbers[i] = n + 1 }
        return numbers
    }

    func quoted(_ s: String?) -> String {
        guard let s else { return "(no label)" }
        return "\"" + s + "\""
    }

    func describe(_ i: ElementIndex) -> String {
        var parts = [quoted(screen.label(of: i))]
        let traits = screen.traits(of: i)
        if !traits.isEmpty { parts.append(traits.description) }
        if let v = screen.value(of: i) { parts.append("value \(quoted(v))") }
        if let id = screen.elements[i].identifier { parts.append("#\(id)") }
        parts.append(screen.frames[i].description)
        return parts.joined(separator: "  ")
    }

    /// The tree, indented; depth beyond 24 levels is shown as a number.
    func treeLines() -> [String] {
        var lines: [String] = []
        treeLines(numbers: stopNumbers()) { lines.append($0) }
        return lines
    }

    /// The tree's lines, one `line` call each.
    func treeLines(numbers: [Int], _ line: (String) -> Void) {
        var stack: [(ElementIndex, Int)] = [(screen.root, 0)]
        while let (i, depth) = stack.popLast() {
            let e = screen.elements[i]
            var head = String(repeating: "  ", count: min(depth, 24) + 1)
            if depth > 24 { head += "[depth \(depth)] " }
            var parts: [String] = []
            if numbers[i] > 0 { parts.append("[\(numbers[i])]") }
            let label = e.childBehavior == .combine ? screen.label(of: i) : e.label
            if label != nil || e.children.isEmpty { parts.append(quoted(label)) } else { parts.append(i == screen.root ? "root" : "group") }
            if !e.traits.isEmpty { parts.append(e.traits.description) }
            if let id = e.identifier { parts.append("#\(id)") }
            if let b = e.childBehavior { parts.append("children: \(b.rawValue)") }
            if e.containerType != .none { parts.append("container: \(e.containerType.rawValue)") }
            if e.scrollable { parts.append(e.contentOffset == .zero ? "scrollable" : "scrollable, offset \(e.contentOffset)") }
            if e.hidden { parts.append("hidden") } else if screen.isScrolledOut(i) { parts.append("scrolled out") }
            if e.frame != nil { parts.append(screen.frames[i].description) }
            line(head + parts.joined(separator: "  "))
            if e.childBehavior.keepsChildrenOut || e.hidden {
                if !e.children.isEmpty {
                    line(head + "  (\(e.children.count) child\(e.children.count == 1 ? "" : "ren") \(e.hidden ? "hidden" : e.childBehavior == .combine ? "combined" : "ignored"))")
                }
                continue
            }
            for c in e.children.reversed() { stack.append((c, depth + 1)) }
        }
    }

    /// The groups' lines, one `line` call each.
    func groupLines(numbers: [Int], _ line: (String) -> Void) {
        var stack: [(Int, Int)] = order.top.members.reversed().compactMap { if case .group(let g) = $0 { return (g, 1) } else { return nil } }
        while let (g, depth) = stack.popLast() {
            let group = order.groups[g]
            let members = group.members.map { m -> String in
                switch m {
                case .stop(let i): return String(numbers[i])
                case .group(let k): return "group \(k)"
                }
            }
            line(String(repeating: "  ", count: depth) + "group \(g) \(kindName(group.kind)) \(group.frame): \(members.joined(separator: ", "))")
            for m in group.members.reversed() { if case .group(let k) = m { stack.append((k, depth + 1)) } }
        }
    }

    func kindName(_ k: NavigationGroup.Kind) -> String {
        switch k {
        case .screen: return "screen"
        case .container(let i):
            let e = screen.elements[i]
            let what = e.containerType != .none ? e.containerType.rawValue : e.traits.contains(.tabBar) ? "tabBar" : "container"
            return "(\(what)\(e.identifier.map { " #\($0)" } ?? ""))"
        case .row: return "(row)"
        case .block: return "(block)"
        }
    }

    // MARK: - JSON

    /// The report as one JSON document.
    public func json() -> String { String(decoding: jsonBytes(), as: UTF8.self) }

    /// `json()` as UTF-8 bytes, without copying the document into a `String`.
    public func jsonBytes() -> [UInt8] {
        var out: [UInt8] = []
        writeJSON { out.append(contentsOf: $0) }
        return out
    }

    /// `json()` handed to `write` in pieces of about 64 KiB, in order, so
    /// that a report of a million stops is never held whole.
    /// - Parameter write: takes each piece (valid only during the call).
    public func writeJSON(_ write: (UnsafeRawBufferPointer) -> Void) {
        let piece = 1 << 16
        // Read here, not through `self` in each path's closure (which copied the report per stop).
        let paths = paths, screen = screen
        var w = JSONWriter()
        w.reserveCapacity(piece + 4096)
        w.openObject()
        w.key("app"); w.string(app.name)
        w.key("screen"); w.string(screen.name)
        w.key("technology"); w.string(order.technology.rawValue)
        w.key("size"); w.openObject(inline: true); w.key("width"); w.number(screen.size.width); w.key("height"); w.number(screen.size.height); w.closeObject()
        if let m = order.modal { w.key("modal"); w.string(appendedBy: { paths.append(pathOf: m, to: &$0) }) }
        w.key("stops"); w.openArray()
        for (n, i) in order.stops.enumerated() {
            w.openObject(inline: true)
            w.key("number"); w.number(Int64(n + 1))
            w.key("path"); w.string(appendedBy: { paths.append(pathOf: i, to: &$0) })
            let (label, traits, value) = screen.labelTraitsValue(of: i)
            if let l = label { w.key("label"); w.string(l) } else { w.key("label"); w.null() }
            if let id = screen.identifier(of: i) { w.key("identifier"); w.string(id) }
            w.key("traits"); w.traits(traits)
            if let v = value { w.key("value"); w.string(v) }
            let f = screen.frames[i]
            w.key("frame"); w.rect(f)
            w.closeObject()
            if w.count >= piece { w.drain(write) }
        }
        w.closeArray()
        w.key("groups"); w.openArray()
        for (g, group) in order.groups.enumerated() where g > 0 {
            w.openObject(inline: true)
            w.key("id"); w.number(Int64(g))
            switch group.kind {
            case .screen: w.key("kind"); w.string("screen")
            case .container(let i): w.key("kind"); w.string("container"); w.key("element"); w.string(appendedBy: { paths.append(pathOf: i, to: &$0) })
            case .row: w.key("kind"); w.string("row")
            case .block: w.key("kind"); w.string("block")
            }
            w.key("members"); w.openArray(inline: true)
            for m in group.members {
                switch m {
                case .stop(let i): w.string(appendedBy: { paths.append(pathOf: i, to: &$0) })
                case .group(let k): w.string("group \(k)")
                }
            }
            w.closeArray()
            w.closeObject()
            if w.count >= piece { w.drain(write) }
        }
        w.closeArray()
        w.key("counts"); w.openObject(inline: true)
        w.key("elements"); w.number(Int64(screen.elements.count))
        w.key("stops"); w.number(Int64(order.stops.count))
        w.key("groups"); w.number(Int64(groupCount))
        w.closeObject()
        w.closeObject()
        w.endLine()
        w.drain(write)
    }
}
