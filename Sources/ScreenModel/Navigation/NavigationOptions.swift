/// Settings of the navigation order where Apple documents no rule. Every
/// field is a model choice, listed with its default in docs/navigation-order.md.
///
/// Fields hold what was set, so that `validate()` can report a bad value
/// (a settings file names the line); the order itself only ever reads the
/// values brought into range (`usableRowOverlap`, `usableMaxGroupSize`), so
/// no value, however bad, traps or leaves the order undefined.
public struct NavigationOptions: Hashable, Sendable {
    /// Two elements share a row when their vertical extents overlap by at
    /// least this fraction of the shorter height: 0…1, default 0.5.
    public var rowOverlap: Double = 0.5
    /// Skip elements with the `notEnabled` trait (they cannot be activated).
    /// Default true.
    public var skipNotEnabled: Bool = true
    /// Switch Control's Group Items (default on): containers become groups,
    /// and crowded levels are split into rows and blocks.
    public var groupItems: Bool = true
    /// Switch Control: a level with more members than this is split into
    /// rows, then into blocks of rows: at least 2, default 6.
    public var maxGroupSize: Int = 6

    /// The default row overlap, also what a NaN `rowOverlap` is read as.
    public static let defaultRowOverlap = 0.5

    /// Options as given; call `validate()` to check values read from a file.
    public init(rowOverlap: Double = 0.5, skipNotEnabled: Bool = true, groupItems: Bool = true, maxGroupSize: Int = 6) {
        self.rowOverlap = rowOverlap
        self.skipNotEnabled = skipNotEnabled
        self.groupItems = groupItems
        self.maxGroupSize = maxGroupSize
    }

    // MARK: - API

    /// Checks the fields a settings file can set.
    /// - Throws: `NavigationOptionsError` for the first field out of range:
    ///   `rowOverlap` not a finite number from 0 to 1, or `maxGroupSize`
    ///   below 2.
    public func validate() throws(NavigationOptionsError) {
        guard rowOverlap.isFinite, rowOverlap >= 0, rowOverlap <= 1 else { throw .rowOverlapOutOfRange(rowOverlap) }
        guard maxGroupSize >= 2 else { throw .maxGroupSizeTooSmall(maxGroupSize) }
    }

    /// `rowOverlap` as the order uses it: clamped to 0…1; NaN reads as the
    /// default 0.5, infinities as the nearer end.
    public var usableRowOverlap: Double {
        rowOverlap.isNaN ? Self.defaultRowOverlap : min(max(rowOverlap, 0), 1)
    }

    /// `maxGroupSize` as the order uses it: at least 2 (a block of one or
    /// none cannot shorten a scan).
    public var usableMaxGroupSize: Int { max(2, maxGroupSize) }
}

/// A `NavigationOptions` field out of range. The message quotes the value
/// and says what is accepted.
public enum NavigationOptionsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `rowOverlap` is NaN, infinite, below 0 or above 1.
    case rowOverlapOutOfRange(Double)
    /// `maxGroupSize` is below 2.
    case maxGroupSizeTooSmall(Int)

    /// `rowOverlap 1.5 is out of range; expected a fraction from 0 to 1 …`.
    public var description: String {
        switch self {
        case .rowOverlapOutOfRange(let v):
            return "rowOverlap \(Point.format(v)) is out of range; expected a fraction from 0 to 1 (the share of the shorter height two elements must overlap to share a row; default 0.5)"
        case .maxGroupSizeTooSmall(let n):
            return "maxGroupSize \(n) is too small; expected 2 or more (the most members a Switch Control group holds before it is split; default 6)"
        }
    }
}
