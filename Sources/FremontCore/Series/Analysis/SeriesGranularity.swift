/// The rows of the table view: every hour, or one row per day, ISO week (Monday first), month or
/// year.
public enum SeriesGranularity: String, Sendable, Hashable, CaseIterable {
    case hour, day, week, month, year

    /// The statistics' grouping of the same periods; nil for the hour, which is a row itself.
    public var grouping: SeriesGrouping? {
        switch self {
        case .hour: return nil
        case .day: return .day
        case .week: return .week
        case .month: return .month
        case .year: return .year
        }
    }
}
