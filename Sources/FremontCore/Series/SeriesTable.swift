/// What a series means, when Fremont knows: the Fremont Bridge's two directions and a source's
/// own total keep their meaning (and the tutorial's blue/red rule); any other column is `.other`.
public enum SeriesRole: String, Sendable, Hashable, Codable {
    case northbound, southbound, total, other
}

/// One numeric column of a table, named as in the source.
public struct Series: Sendable, Hashable, Codable {
    public var name: String
    public var role: SeriesRole

    public init(name: String, role: SeriesRole = .other) {
        self.name = name
        self.role = role
    }
}

/// Rows of named numeric series over wall-clock time: the one shape every counter, every
/// format and every view shares. Fremont's two directions are one case of it.
///
/// Values are stored a series at a time (`values[series][row]`), which is what totals, charts
/// and aggregations read; `Double.nan` marks a missing value. A missing value is not zero, and
/// nothing downstream may treat it as zero.
public struct SeriesTable: Sendable {
    public let series: [Series]
    /// Sorted, one row per time.
    public let times: [LocalDateTime]
    public let values: [[Double]]
    public let warnings: [ParseWarning]
    /// How many records the source held, kept or skipped: a page of an API is full when this
    /// reaches the page size, even if some of its rows were unreadable.
    public let recordCount: Int

    /// - Precondition: every `values[s]` has `times.count` entries, and `times` is sorted with no
    ///   time twice (as the parsers hand them over).
    public init(series: [Series], times: [LocalDateTime], values: [[Double]],
                warnings: [ParseWarning] = [], recordCount: Int? = nil) {
        precondition(series.count == values.count && values.allSatisfy { $0.count == times.count },
                     "a series table needs one value per row in every series")
        self.series = series
        self.times = times
        self.values = values
        self.warnings = warnings
        self.recordCount = recordCount ?? times.count
    }

    public var rowCount: Int { times.count }
    public var isEmpty: Bool { times.isEmpty }

    /// The value of `series` at `row`, nil when missing.
    @inline(__always)
    public func value(_ series: Int, _ row: Int) -> Double? {
        let value = values[series][row]
        return value.isNaN ? nil : value
    }

    /// The index of the first series with `role`.
    public func index(of role: SeriesRole) -> Int? {
        series.firstIndex { $0.role == role }
    }

    /// The first row at or after `time`, else the last row; nil when empty. O(log n).
    public func firstRow(atOrAfter time: LocalDateTime) -> Int? {
        guard !times.isEmpty else { return nil }
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] < time { low = middle + 1 } else { high = middle }
        }
        return min(low, times.count - 1)
    }
}
