/// A point in screen coordinates (points, origin top-left), as
/// `accessibilityActivationPoint` is given.
public struct Point: Hashable, Sendable, CustomStringConvertible, TerminalDescribable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public var description: String { TerminalBytes.text(of: self) }

    /// Appends `(x, y)` to a text line.
    public func describe(into t: inout TerminalBytes) {
        t.append("("); t.append(number: x); t.append(", "); t.append(number: y); t.append(")")
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// `12` for whole numbers, `12.5` otherwise.
    public static func format(_ v: Double) -> String {
        var b = ByteBuffer(capacity: 24)
        b.append(number: v)
        return b.text
    }
}

/// A rectangle in screen coordinates (points, absolute, origin top-left), as
/// `accessibilityFrame` is given.
public struct Rect: Hashable, Sendable, CustomStringConvertible, TerminalDescribable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The rectangle moved by `dx` to the right and `dy` down.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The part of this rectangle inside `other`. When they do not meet,
    /// a rectangle of zero size (at the nearest corner of `other`), which
    /// shows nothing with positive area.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = min(max(minX, other.minX), other.maxX)
        let y0 = min(max(minY, other.minY), other.maxY)
        let x1 = max(min(maxX, other.maxX), x0)
        let y1 = max(min(maxY, other.maxY), y0)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether some of this rectangle shows through `viewport`: on each
    /// axis the two overlap by a positive length, or, on an axis where this
    /// rectangle has no extent (a line, a point), it lies within the
    /// viewport's closed extent. So a row partly inside a scroll view's
    /// viewport shows; a row that only touches its edge does not.
    public func shows(in viewport: Rect) -> Bool {
        func axis(_ lo: Double, _ hi: Double, _ vlo: Double, _ vhi: Double) -> Bool {
            let overlap = min(hi, vhi) - max(lo, vlo)
            return hi > lo ? overlap > 0 : overlap >= 0
        }
        return axis(minX, maxX, viewport.minX, viewport.maxX) && axis(minY, maxY, viewport.minY, viewport.maxY)
    }

    /// Whether `p` lies inside (left and top edges inclusive, right and bottom exclusive).
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// `{x, y, w×h}` in points.
    public var description: String { TerminalBytes.text(of: self) }

    /// Appends `{x, y, w×h}` to a text line.
    public func describe(into t: inout TerminalBytes) {
        t.append("{"); t.append(number: x); t.append(", "); t.append(number: y); t.append(", ")
        t.append(number: width); t.append("×"); t.append(number: height); t.append("}")
    }
}

/// Which way a screen's rows read.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
    case leftToRight, rightToLeft
}
