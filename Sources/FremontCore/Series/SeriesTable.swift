/// What a series means, when Fremont knows: the Fremont Bridge's two directions and a source's
/// own total keep their meaning (and the tutorial's blue/red rule); any other column is `.other`.
public enum SeriesRole: String, Sendable, Hashable, Codable {
    case northbound, southbound, total, other

    /// Where a person reads a series of this role: the directions first, the source's other
    /// series as they come, its total last.
    var readingRank: Int {
        switch self {
        case .northbound: return 0
        case .southbound: return 1
        case .other: return 2
        case .total: return 3
        }
    }
}

extension Series {
    /// The indices of `series` in reading order (by role, ties in their own order).
    static func readingOrder(_ series: [Series]) -> [Int] {
        series.indices.sorted { (series[$0].role.readingRank, $0) < (series[$1].role.readingRank, $1) }
    }
}

/// Whether a series adds up over a period (people counted: summed) or is a level read at each
/// time (a temperature: averaged, with its minimum and maximum).
public enum SeriesKind: String, Sendable, Hashable, Codable {
    case count, measure

    /// What a period's value is: "total" or "mean".
    public var periodWord: String { self == .count ? "total" : "mean" }
}

/// One numeric column of a table, named as in the source.
public struct Series: Sendable, Hashable, Codable {
    public var name: String
    public var role: SeriesRole
    public var kind: SeriesKind

    public init(name: String, role: SeriesRole = .other, kind: SeriesKind = .count) {
        self.name = name
        self.role = role
        self.kind = role == .other ? kind : .count
    }

    private enum CodingKeys: String, CodingKey { case name, role, kind }

    // Tables cached before series had a kind read as counts, as they were shown then.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        role = try container.decode(SeriesRole.self, forKey: .role)
        kind = try container.decodeIfPresent(SeriesKind.self, forKey: .kind) ?? .count
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
        times.isEmpty ? nil : min(lowerBound(time), times.count - 1)
    }
}

extension Series {
    /// What a person reads in a column header: the Fremont Bridge's meanings in words, any other
    /// series by its source name.
    public var label: String {
        switch role {
        case .northbound: return "Northbound"
        case .southbound: return "Southbound"
        case .total: return "Total"
        case .other: return name
        }
    }
}

extension SeriesTable {
    /// The series in the order a person reads them: the directions first, the source's other
    /// series as they come, its total last.
    public var displayOrder: [Int] { Series.readingOrder(series) }

    /// True when the table has both directions and no total of its own, so a total is the two
    /// added (the Fremont API's shape).
    public var computesTotal: Bool {
        index(of: .total) == nil && index(of: .northbound) != nil && index(of: .southbound) != nil
    }

    /// The row's total: the source's own, or the two directions added; nil when unknown.
    public func total(_ row: Int) -> Double? {
        if let total = index(of: .total) { return value(total, row) }
        guard let north = index(of: .northbound), let south = index(of: .southbound),
              let northValue = value(north, row), let southValue = value(south, row) else { return nil }
        return northValue + southValue
    }

    /// True when some series of the row has no value.
    public func isMissingAValue(_ row: Int) -> Bool {
        values.contains { $0[row].isNaN }
    }
}

extension SeriesTable {
    /// The same rows with other warnings (those of a fetch that also cached them, say).
    public func replacingWarnings(_ warnings: [ParseWarning]) -> SeriesTable {
        SeriesTable(series: series, times: times, values: values, warnings: warnings, recordCount: recordCount)
    }

    /// The rows from `first` to `last` (whole days, both included). O(log n).
    public func rows(from first: LocalDateTime?, through last: LocalDateTime?) -> Range<Int> {
        let start = first.map { lowerBound($0.startOfDay) } ?? 0
        guard let last else { return start..<times.count }
        let nextDay = last.startOfDay.addingHours(24)
        return start..<max(start, lowerBound(nextDay))
    }

    /// The first row at or after `time`, or the row count.
    public func lowerBound(_ time: LocalDateTime) -> Int {
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] < time { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension SeriesTable {
    /// The rows in `range` as a table of their own (warnings stay with the whole).
    public func slice(_ range: Range<Int>) -> SeriesTable {
        SeriesTable(series: series, times: Array(times[range]), values: values.map { Array($0[range]) },
                    warnings: warnings, recordCount: range.count)
    }
}

extension SeriesTable {
    /// The rows at `indices` (in time order) as a table of their own.
    public func rows(_ indices: [Int]) -> SeriesTable {
        SeriesTable(series: series, times: indices.map { times[$0] }, values: values.map { column in indices.map { column[$0] } },
                    warnings: warnings, recordCount: indices.count)
    }
}
