/// Hourly bike counts for any span, from a day to the whole history, sorted by time, with the
/// warnings the parse recorded and the summary computed once.
public struct BikeCounts: Sendable {
    public let rows: [BikeRow]
    public let warnings: [ParseWarning]
    public let summary: BikeSummary
    /// How many records the source held, kept or skipped: a page of an API is full when this
    /// reaches the page size, even if some of its rows were unreadable.
    public let recordCount: Int

    public init(rows: [BikeRow], warnings: [ParseWarning] = [], recordCount: Int? = nil) {
        self.rows = rows
        self.warnings = warnings
        self.recordCount = recordCount ?? rows.count
        self.summary = BikeSummary(rows: rows)
    }

    /// The row's background, by the tutorial's rule: blue when more ride north, red when more
    /// ride south, as strong as the count is against the busiest hour in that direction.
    public func shade(for row: BikeRow) -> BikeShade {
        BikeShade(row: row, maxNorthbound: summary.northbound.maximum ?? 0, maxSouthbound: summary.southbound.maximum ?? 0)
    }
}
