/// The limits on what Switchyard reads from files, one constant each. They
/// are listed with the others (simulated time, settings) in
/// docs/ARCHITECTURE.md, "Limits"; a value outside one is an error naming
/// the file and the place, never a trap.
public enum Limits {
    /// The largest file read as an app (screen-model JSON, Appium XML), a
    /// settings file or a device profile: 512 MiB. JSON node offsets are
    /// 32-bit, and libxml2 runs with its huge-document option, so the bound
    /// is ours.
    public static let maximumFileBytes = 512 << 20

    /// The largest coordinate magnitude of a frame origin, an activation
    /// point or a content offset: 10,000,000 points (about 50 km of a phone
    /// screen; any sum of a coordinate and a size stays exact).
    public static let maximumCoordinate = 10_000_000.0

    /// The largest width or height of a frame or a screen: 10,000,000 points.
    public static let maximumSize = 10_000_000.0

    /// The densities an Android capture may be converted with, in physical
    /// pixels per dp: 0.5 to 10, i.e. 80 to 1,600 dpi (Android's own
    /// buckets run from ldpi, 0.75, to xxxhdpi, 4). `AndroidDensity` holds
    /// to it.
    public static let androidDensity: ClosedRange<Double> = 0.5...10

    /// `512 MiB` for a whole number of MiB, else `1000 bytes`.
    public static func describe(bytes: Int) -> String {
        bytes > 0 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    /// Whether `value` is a coordinate within `maximumCoordinate`.
    @inline(__always)
    public static func isCoordinate(_ value: Double) -> Bool {
        value.isFinite && abs(value) <= maximumCoordinate
    }

    /// Whether `value` is within the size limits, `maximumSize` either way
    /// (a negative size is the reader's own error, `negativeFrameSize`).
    @inline(__always)
    public static func isWithinSizeLimits(_ value: Double) -> Bool {
        value.isFinite && value <= maximumSize && value >= -maximumSize
    }

    /// The problem with a coordinate read from a file, or nil when it is
    /// within `maximumCoordinate`.
    /// - Parameters:
    ///   - value: the number read.
    ///   - written: the number as the file writes it, quoted in the message.
    public static func coordinateProblem(_ value: Double, written: @autoclosure () -> String) -> String? {
        guard !isCoordinate(value) else { return nil }
        return "\(written()) is outside the coordinate limits; expected a number of points from -\(Point.format(maximumCoordinate)) to \(Point.format(maximumCoordinate))"
    }

    /// The problem with a width or height read from a file, or nil when it is
    /// from 0 to `maximumSize`; a negative size within the limits is the
    /// caller's own error (`negativeFrameSize`).
    public static func sizeProblem(_ value: Double, written: @autoclosure () -> String) -> String? {
        guard !isWithinSizeLimits(value) else { return nil }
        return "\(written()) is outside the size limits; expected a number of points from 0 to \(Point.format(maximumSize))"
    }
}
