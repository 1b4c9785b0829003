/// One series day by day for a calendar: each day's total (a measure's mean), how many readings
/// it has of the readings a whole day has, and its level among the whole days' quantiles, so one
/// record day cannot wash out the rest as a linear scale would.
///
/// Levels are pandas' on the same days: the thresholds are `daily[whole].quantile([.25, .5,
/// .75])` (linear interpolation, `Quantile.linear`) over the whole days (every reading
/// present), and a day's level is how many thresholds lie below its value
/// (`searchsorted(thresholds, value, side='left')`, `qcut`'s right-closed bins). A partial day
/// (a hole, a span starting at 13:00) has a total that is not comparable, so it has no level and
/// takes no part in the thresholds; neither has a missing day (no reading at all).
///
/// Days run from the first kept to the last, bounded by `SeriesDailyTotals` (one pass, O(rows)).
public struct SeriesCalendar: Sendable {
    public enum Day: Sendable, Hashable {
        /// Outside the filter's days (weekends under `weekdays`).
        case excluded
        /// In the span, no reading with a value.
        case missing
        /// Some readings, fewer than a whole day has.
        case partial
        /// Every reading: `level` is 0 (quietest quarter) … `levels - 1` (busiest).
        case whole(level: Int)
    }

    /// Quartiles: four levels, which the four block densities draw without colour.
    public static let levels = 4

    public let series: Series
    /// The first day's number (days since 1970-01-01); nil when no day is kept.
    public let firstDay: Int?
    /// Per day: a count's total, a measure's mean; NaN without a value.
    public let values: [Double]
    /// Per day: readings with a value.
    public let readings: [Int]
    /// Readings in a whole day: 24 for hourly rows, 96 for 15 minutes, 1 for daily.
    public let readingsPerDay: Int
    /// The `levels - 1` thresholds between levels, ascending; empty without a whole day.
    public let thresholds: [Double]
    private let admitted: [Bool]

    /// Why there is no calendar: readings further apart than a day have no days to shade.
    public static func refusal(step: SeriesStep) -> String? {
        guard case .seconds(let seconds) = step, seconds <= 86_400 else {
            return "the rows are \(step.unit)s apart: a calendar needs a reading a day or more often"
        }
        return nil
    }

    /// - Parameters:
    ///   - series: an index into `table.series`.
    ///   - step: the table's, when the caller found it already.
    public init(_ table: SeriesTable, series: Int, filter: SeriesFilter = SeriesFilter(), step: SeriesStep? = nil) {
        let step = step ?? SeriesStep(table.times)
        self.series = table.series[series]
        if case .seconds(let seconds) = step, seconds > 0, seconds <= 86_400 {
            readingsPerDay = max(1, 86_400 / seconds)
        } else {
            readingsPerDay = 1
        }
        let daily = SeriesDailyTotals(table, filter: filter, step: step)
        firstDay = daily.firstDay?.dayNumber
        values = daily.totals.indices.contains(series) ? daily.totals[series] : []
        readings = daily.hours.indices.contains(series) ? daily.hours[series] : []
        let first = firstDay ?? 0
        admitted = (0..<values.count).map { filter.admitsDay(first + $0) }
        var whole: [Double] = []
        for day in values.indices where readings[day] >= readingsPerDay && !values[day].isNaN {
            whole.append(values[day])
        }
        whole.sort()
        thresholds = whole.isEmpty ? [] : (1..<Self.levels).compactMap { Quantile.linear(whole, Double($0) / Double(Self.levels)) }
    }

    public var dayCount: Int { values.count }
    public var lastDay: Int? { firstDay.map { $0 + values.count - 1 } }

    /// The index of a day number, nil outside the days held.
    public func index(ofDay dayNumber: Int) -> Int? {
        guard let firstDay, dayNumber >= firstDay, dayNumber - firstDay < values.count else { return nil }
        return dayNumber - firstDay
    }

    /// What day `index` is.
    public func day(_ index: Int) -> Day {
        guard admitted[index] else { return .excluded }
        guard readings[index] > 0, !values[index].isNaN else { return .missing }
        guard readings[index] >= readingsPerDay else { return .partial }
        return .whole(level: level(values[index]))
    }

    /// The level of a value: how many thresholds lie below it.
    public func level(_ value: Double) -> Int {
        var level = 0
        for threshold in thresholds where threshold < value { level += 1 }
        return level
    }

    /// Days of each kind: whole days per level, then partial and missing.
    public var census: (levels: [Int], partial: Int, missing: Int) {
        var levels = [Int](repeating: 0, count: Self.levels), partial = 0, missing = 0
        for index in values.indices {
            switch day(index) {
            case .whole(let level): levels[level] += 1
            case .partial: partial += 1
            case .missing: missing += 1
            case .excluded: break
            }
        }
        return (levels, partial, missing)
    }
}
