import ScreenModel

// Voice Control's overlays as data: which badge stands where, and what it
// says. One pure rule (`Overlay.compute`) serves the technology, the
// `switchyard overlay` pictures and scripts (docs/voice-control.md, "Overlays").

/// Which overlay Voice Control shows ("show names", "show numbers", "show grid").
public enum OverlayKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Each target's name (its number where it has no speakable name).
    case names
    /// Each target's number, from 1 in navigation order.
    case numbers
    /// A numbered grid over the screen.
    case grid

    /// `names`, `numbers`, `grid`.
    public var description: String { rawValue }
}

/// One badge of an overlay: a name or number on an element, or a grid cell's number.
public struct OverlayBadge: Hashable, Sendable {
    /// What the badge shows: a name as the element gives it (`Wi-Fi`) or a number (`3`).
    public var text: String
    /// The number that picks it: every badge of the numbers overlay and the
    /// grid, and the names overlay's badges on elements without a speakable
    /// name; nil for a name badge.
    public var number: Int?
    /// The element it stands on; nil for a grid cell.
    public var element: ElementRef?
    /// The element's frame (the badge is drawn at its top-left corner) or the
    /// cell's (the number is drawn at its centre).
    public var frame: Rect

    /// A badge showing `text` on `element` (or a grid cell) at `frame`, picked by `number`.
    public init(text: String, number: Int?, element: ElementRef?, frame: Rect) {
        self.text = text
        self.number = number
        self.element = element
        self.frame = frame
    }
}

/// A numbered grid over an area: `columns` × `rows` cells, numbered row by
/// row from 1 at the top-left ([model choice] spec 3.2). Zooming into a cell
/// lays the same grid over that cell.
public struct Grid: Hashable, Sendable {
    /// The area the grid covers: the screen, or the cell zoomed into.
    public var area: Rect
    /// Cells across (at least 1).
    public var columns: Int
    /// Cells down (at least 1).
    public var rows: Int
    /// The cells zoomed into, outermost first; empty for the whole screen.
    public var zoom: [Int]

    /// A grid of `columns` × `rows` cells over `area`, reached by zooming along `zoom`.
    public init(area: Rect, columns: Int, rows: Int, zoom: [Int] = []) {
        self.area = area
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.zoom = zoom
    }

    // MARK: - API

    /// The grid over `screen` zoomed along `zoom`.
    /// - Parameters:
    ///   - screen: the screen (its size is the first area).
    ///   - columns: cells across.
    ///   - rows: cells down.
    ///   - zoom: the cells to zoom into, outermost first.
    /// - Returns: the grid; nil when a step of `zoom` names no cell.
    public static func over(_ screen: Screen, columns: Int, rows: Int, zoom: [Int] = []) -> Grid? {
        var g = Grid(area: screen.size, columns: columns, rows: rows)
        for n in zoom {
            guard let z = g.zoomed(into: n) else { return nil }
            g = z
        }
        return g
    }

    /// How many cells: `columns × rows`.
    public var cellCount: Int { columns * rows }

    /// The frame of cell `n` (1-based, row by row); nil outside 1…`cellCount`.
    public func cell(_ n: Int) -> Rect? {
        guard (1...cellCount).contains(n) else { return nil }
        let w = area.width / Double(columns)
        let h = area.height / Double(rows)
        let column = (n - 1) % columns
        let row = (n - 1) / columns
        return Rect(x: area.x + Double(column) * w, y: area.y + Double(row) * h, width: w, height: h)
    }

    /// The same grid laid over cell `n`; nil when there is no such cell.
    public func zoomed(into n: Int) -> Grid? {
        guard let c = cell(n) else { return nil }
        return Grid(area: c, columns: columns, rows: rows, zoom: zoom + [n])
    }
}

/// An overlay as Voice Control draws it: its kind, whether it stays
/// ("… continuously"), and its badges in order (navigation order for
/// elements, cell order for the grid).
public struct Overlay: Hashable, Sendable {
    public var kind: OverlayKind
    /// Shown with "… continuously" (or the Overlay setting): it stays after
    /// commands; otherwise it hides after the next command that acts.
    public var continuous: Bool
    public var badges: [OverlayBadge]
    /// The grid, for the grid overlay.
    public var grid: Grid?

    /// An overlay of `kind` with these badges (and grid); `Overlay.compute` makes them for a screen.
    public init(kind: OverlayKind, continuous: Bool, badges: [OverlayBadge], grid: Grid? = nil) {
        self.kind = kind
        self.continuous = continuous
        self.badges = badges
        self.grid = grid
    }

    // MARK: - API

    /// The overlay of `kind` for `screen`: the one rule Voice Control, the
    /// `switchyard overlay` pictures and scripts use.
    ///
    /// - **names**: each target (a visible, unblocked stop, in navigation
    ///   order) shows its first speakable name — its first input label, else
    ///   its label — as written; a target with no speakable name shows its
    ///   number instead.
    /// - **numbers**: each target shows its number, from 1 in navigation order.
    /// - **grid**: each cell of the grid shows its number.
    /// - Parameters:
    ///   - kind: names, numbers or grid.
    ///   - screen: the screen as it is now (scroll offsets, values, traits).
    ///   - navigation: the navigation-order options.
    ///   - columns: grid columns (grid only).
    ///   - rows: grid rows (grid only).
    ///   - zoom: the grid cells zoomed into, outermost first (grid only).
    ///   - continuous: whether it was shown "continuously".
    /// - Returns: the overlay; nil when `zoom` names a cell the grid does not have.
    public static func compute(_ kind: OverlayKind, of screen: Screen, navigation: NavigationOptions = NavigationOptions(),
                               columns: Int = VoiceControlSettings().gridColumns, rows: Int = VoiceControlSettings().gridRows,
                               zoom: [Int] = [], continuous: Bool = false) -> Overlay? {
        switch kind {
        case .names, .numbers:
            return Overlay(kind, targets: VoiceTargets(screen: screen, navigation: navigation), screen: screen, continuous: continuous)
        case .grid:
            return Grid.over(screen, columns: columns, rows: rows, zoom: zoom).map { Overlay(grid: $0, continuous: continuous) }
        }
    }

    /// The names or numbers overlay over the targets of `screen`.
    init(_ kind: OverlayKind, targets: VoiceTargets, screen: Screen, continuous: Bool) {
        var badges: [OverlayBadge] = []
        badges.reserveCapacity(targets.count)
        for p in 0..<targets.count {
            let k = targets.stops[p]
            let ref = ElementRef(screen, k)
            let name = kind == .names ? targets.displayName(p) : nil
            badges.append(OverlayBadge(text: name ?? String(p + 1), number: name == nil ? p + 1 : nil, element: ref, frame: screen.frames[k]))
        }
        self.init(kind: kind, continuous: continuous, badges: badges)
    }

    /// The grid overlay: one badge per cell.
    init(grid: Grid, continuous: Bool) {
        let badges = (1...grid.cellCount).map { n in
            OverlayBadge(text: String(n), number: n, element: nil, frame: grid.cell(n)!)
        }
        self.init(kind: .grid, continuous: continuous, badges: badges, grid: grid)
    }

    /// The badge that shows number `n`, if one does.
    public func badge(numbered n: Int) -> OverlayBadge? {
        switch kind {
        case .numbers, .grid: return badges.indices.contains(n - 1) ? badges[n - 1] : nil
        case .names: return badges.first { $0.number == n }
        }
    }
}

/// The numbered list Voice Control shows when a spoken name matches several
/// elements: numbers on the matches only, from 1 in navigation order.
public struct VoiceDisambiguation: Hashable, Sendable {
    /// The name as spoken (normalised).
    public var name: String
    /// One number badge per match.
    public var badges: [OverlayBadge]

    /// The list for the spoken `name`, one badge per match.
    public init(name: String, badges: [OverlayBadge]) {
        self.name = name
        self.badges = badges
    }
}
