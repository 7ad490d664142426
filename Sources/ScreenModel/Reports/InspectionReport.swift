import Foundation
import Diagnostics

/// What `switchyard inspect` shows for one screen and technology: the tree,
/// the numbered navigation order, the groups and the counts.
public struct InspectionReport: Sendable {
    public let app: AppModel
    public let screen: Screen
    public let order: NavigationOrder
    /// The technology's one name, for the JSON report (`switch-control`).
    public let technologyName: String
    /// The technology's title, for the text report (`Switch Control`).
    public let technologyTitle: String
    /// Every element's path, found once (`ElementPaths`): the report writes
    /// one per stop and group member, which must not cost a sibling search each.
    public let paths: ElementPaths

    /// - Parameters:
    ///   - app: the app.
    ///   - screen: the screen to report.
    ///   - style: how the technology groups its stops.
    ///   - technologyName: its one name (`switch-control`).
    ///   - technologyTitle: its title (`Switch Control`).
    ///   - options: navigation-order options.
    public init(app: AppModel, screen: Screen, style: NavigationStyle, technologyName: String, technologyTitle: String, options: NavigationOptions = .init()) {
        self.app = app
        self.screen = screen
        self.order = NavigationOrder(screen: screen, style: style, options: options)
        self.technologyName = technologyName
        self.technologyTitle = technologyTitle
        self.paths = ElementPaths(screen)
    }

    /// Number of groups below the top level.
    public var groupCount: Int { order.groups.count - 1 }

    // MARK: - Text

    /// The readable report. Names, labels, values and identifiers come from
    /// other people's files, so every line is terminal-safe: control
    /// characters and bidi overrides are shown escaped (`TerminalText`).
    public func text() -> String {
        var out: [UInt8] = []
        writeText { out.append(contentsOf: $0) }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text()` handed to `write` in pieces of about 64 KiB, in order, built
    /// as bytes (`TerminalBytes`: the project's own pieces as they are, text
    /// from outside escaped piece by piece), so that a report of a million
    /// elements is never held whole.
    /// - Parameter write: takes each piece (valid only during the call).
    public func writeText(_ write: (UnsafeRawBufferPointer) -> Void) {
        var t = TerminalBytes(capacity: ByteBuffer.piece + 4096)
        let numbers = stopNumbers()
        t.append(escaping: app.name); t.append(" — screen "); t.append(quoting: screen.name)
        if let title = screen.title { t.append(" ("); t.append(escaping: title); t.append(")") }
        t.append(", "); t.append(number: screen.size.width); t.append("×"); t.append(number: screen.size.height)
        t.append(" "); t.append(escaping: app.platform.unit)
        if screen.layoutDirection == .leftToRight { t.append(", left to right") } else { t.append(", right to left") }
        Self.endLine(&t, write)
        Self.endLine(&t, write)
        t.append("Tree:"); Self.endLine(&t, write)
        writeTree(numbers: numbers, &t, write)
        Self.endLine(&t, write)
        t.append("Navigation order ("); t.append(escaping: technologyTitle); t.append("):"); Self.endLine(&t, write)
        if let m = order.modal {
            t.append("  trapped by modal element "); paths.append(pathOf: m, to: &t.storage); Self.endLine(&t, write)
        }
        if order.stops.isEmpty { t.append("  (no stops: nothing on this screen responds to user interaction)"); Self.endLine(&t, write) }
        let width = DecimalText.digits(UInt64(order.stops.count))
        for (n, i) in order.stops.enumerated() {
            t.append("  ")
            for _ in 0..<(width - DecimalText.digits(UInt64(n + 1))) { t.append(" ") }
            t.append(decimal: n + 1); t.append("  ")
            describe(i, &t)
            Self.endLine(&t, write)
        }
        if groupCount > 0 {
            Self.endLine(&t, write)
            t.append("Groups ("); t.append(escaping: technologyTitle); t.append(" "); t.append(order.style.groupsNoun); t.append("):")
            Self.endLine(&t, write)
            writeGroups(numbers: numbers, &t, write)
        }
        Self.endLine(&t, write)
        t.append("Counts: ")
        for (k, (n, noun)) in [(screen.elements.count, "element"), (order.stops.count, "stop"), (groupCount, "group")].enumerated() {
            if k > 0 { t.append(", ") }
            t.append(decimal: n); t.append(" "); t.append(escaping: Plural.noun(n, noun))
        }
        Self.endLine(&t, write)
        t.drain(write)
    }

    /// Ends a line of text, and hands over what is written once it makes a piece.
    private static func endLine(_ t: inout TerminalBytes, _ write: (UnsafeRawBufferPointer) -> Void) {
        t.append("\n")
        if t.count >= ByteBuffer.piece { t.drain(write) }
    }

    /// Per element: its 1-based number in the navigation order, 0 when it is not a stop.
    func stopNumbers() -> [Int] {
        var numbers = [Int](repeating: 0, count: screen.elements.count)
        for (n, i) in order.stops.enumerated() { numbers[i] = n + 1 }
        return numbers
    }

    /// `"label"`, or `(no label)`.
    private func quoted(_ s: String?, _ t: inout TerminalBytes) {
        if let s { t.append(quoting: s) } else { t.append("(no label)") }
    }

    /// A stop: its label, traits, value, identifier and frame.
    private func describe(_ i: ElementIndex, _ t: inout TerminalBytes) {
        let (label, traits, value) = screen.labelTraitsValue(of: i)
        quoted(label, &t)
        if !traits.isEmpty { t.append("  "); traits.describe(into: &t) }
        if let v = value { t.append("  value "); quoted(v, &t) }
        if let id = screen.identifier(of: i) { t.append("  #"); t.append(escaping: id) }
        t.append("  "); screen.frames[i].describe(into: &t)
    }

    /// The tree, indented, one line per element; depth beyond 24 levels is
    /// shown as a number.
    private func writeTree(numbers: [Int], _ t: inout TerminalBytes, _ write: (UnsafeRawBufferPointer) -> Void) {
        var stack: [(ElementIndex, Int)] = [(screen.root, 0)]
        while let (i, depth) = stack.popLast() {
            func head(_ t: inout TerminalBytes) {
                for _ in 0...min(depth, 24) { t.append("  ") }
                if depth > 24 { t.append("[depth "); t.append(decimal: depth); t.append("] ") }
            }
            let e = screen.elements[i]
            head(&t)
            // The parts, two spaces apart.
            var first = true
            func part(_ t: inout TerminalBytes) {
                if !first { t.append("  ") }
                first = false
            }
            if numbers[i] > 0 { part(&t); t.append("["); t.append(decimal: numbers[i]); t.append("]") }
            let label = e.childBehavior == .combine ? screen.label(of: i) : e.label
            part(&t)
            if label != nil || e.children.isEmpty { quoted(label, &t) } else if i == screen.root { t.append("root") } else { t.append("group") }
            if !e.traits.isEmpty { part(&t); e.traits.describe(into: &t) }
            if let id = e.identifier { part(&t); t.append("#"); t.append(escaping: id) }
            if let b = e.childBehavior { part(&t); t.append("children: "); t.append(escaping: b.rawValue) }
            if e.containerType != .none { part(&t); t.append("container: "); t.append(escaping: e.containerType.rawValue) }
            if e.scrollable {
                part(&t); t.append("scrollable")
                if e.contentOffset != .zero { t.append(", offset "); e.contentOffset.describe(into: &t) }
            }
            if e.hidden { part(&t); t.append("hidden") } else if screen.isScrolledOut(i) { part(&t); t.append("scrolled out") }
            if e.frame != nil { part(&t); screen.frames[i].describe(into: &t) }
            Self.endLine(&t, write)
            if e.childBehavior.keepsChildrenOut || e.hidden {
                if !e.children.isEmpty {
                    head(&t)
                    t.append("  ("); t.append(decimal: e.children.count)
                    if e.children.count == 1 { t.append(" child ") } else { t.append(" children ") }
                    if e.hidden { t.append("hidden)") } else if e.childBehavior == .combine { t.append("combined)") } else { t.append("ignored)") }
                    Self.endLine(&t, write)
                }
                continue
            }
            for c in e.children.reversed() { stack.append((c, depth + 1)) }
        }
    }

    /// The groups, one line each, indented by depth.
    private func writeGroups(numbers: [Int], _ t: inout TerminalBytes, _ write: (UnsafeRawBufferPointer) -> Void) {
        var stack: [(Int, Int)] = order.top.members.reversed().compactMap { if case .group(let g) = $0 { return (g, 1) } else { return nil } }
        while let (g, depth) = stack.popLast() {
            let group = order.groups[g]
            for _ in 0..<depth { t.append("  ") }
            t.append("group "); t.append(decimal: g); t.append(" "); kindName(group.kind, &t); t.append(" ")
            group.frame.describe(into: &t); t.append(": ")
            for (k, m) in group.members.enumerated() {
                if k > 0 { t.append(", ") }
                switch m {
                case .stop(let i): t.append(decimal: numbers[i])
                case .group(let k): t.append("group "); t.append(decimal: k)
                }
            }
            Self.endLine(&t, write)
            for m in group.members.reversed() { if case .group(let k) = m { stack.append((k, depth + 1)) } }
        }
    }

    /// What a group is: `screen`, `(list #id)`, `(row)`, `(block)`.
    private func kindName(_ k: NavigationGroup.Kind, _ t: inout TerminalBytes) {
        switch k {
        case .screen: t.append("screen")
        case .container(let i):
            let e = screen.elements[i]
            t.append("(")
            if e.containerType != .none { t.append(escaping: e.containerType.rawValue) } else if e.traits.contains(.tabBar) { t.append("tabBar") } else { t.append("container") }
            if let id = e.identifier { t.append(" #"); t.append(escaping: id) }
            t.append(")")
        case .row: t.append("(row)")
        case .block: t.append("(block)")
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
        let piece = ByteBuffer.piece
        // Read here, not through `self` in each path's closure (which copied the report per stop).
        let paths = paths, screen = screen
        var w = JSONWriter()
        w.reserveCapacity(piece + 4096)
        w.openObject()
        w.key("app"); w.string(app.name)
        w.key("screen"); w.string(screen.name)
        w.key("technology"); w.string(technologyName)
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
                case .group(let k): w.string(appendedBy: { $0.append("group "); $0.append(decimal: Int64(k)) })
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
