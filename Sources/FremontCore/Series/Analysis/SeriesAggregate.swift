/// What one group holds for one series: the hours with a value, their sum, extremes and mean,
/// and the hours with none.
///
/// **Missing hours** are the wall-clock hours of the group that lie inside the loaded span (the
/// table's first row to its last) and inside the filter's days, and have no value for the
/// series: an hour whose row is blank (the spring-forward 02:00 the city publishes empty) or an
/// hour with no row at all (the 11 hours absent on 2024-09-30). Every day has 24 wall-clock
/// hours, as the city numbers them. Hours before the first row or after the last are not
/// missing: a partial first or last period is short, not incomplete. Rows that a minimum-value
/// filter turns away are neither counted nor missing. So `count + missing` is the hours of the
/// group that the span and the filter's days cover, less those turned away by a minimum.
public struct SeriesAggregate: Sendable, Hashable {
    /// Hours with a value (pandas' `count`).
    public var count: Int
    /// The sum of the values; 0 when there are none, as pandas' `sum`.
    public var sum: Double
    /// nil when there is no value (pandas' NaN).
    public var minimum: Double?
    public var maximum: Double?
    public var missing: Int

    public init(count: Int, sum: Double, minimum: Double?, maximum: Double?, missing: Int) {
        self.count = count
        self.sum = sum
        self.minimum = minimum
        self.maximum = maximum
        self.missing = missing
    }

    /// `sum / count`; nil when there is no value (pandas' NaN).
    public var mean: Double? { count > 0 ? sum / Double(count) : nil }
}
