/// The tutorial's month summary, for any table and span: each series' total, its average over
/// the days actually present and busiest hour; the overall total and (for the Fremont Bridge's
/// two directions) the ratio; and what is missing.
public struct SeriesSummary: Sendable {
    public struct Column: Sendable {
        public var total = 0.0
        /// Hours with a value in this series.
        public var countedHours = 0
        public var maximum: Double?
        /// The first hour that reached `maximum`.
        public var busiestHour: LocalDateTime?
        /// `total` over the days covered.
        public var averagePerDay = 0.0

        public init() {}
    }

    public struct Day: Sendable, Hashable {
        public var date: LocalDateTime
        /// Each series' sum over the day's values (a missing value adds nothing).
        public var totals: [Double]
        public var hours: Int
    }

    /// A run of hours with no row at all.
    public struct Gap: Sendable, Hashable {
        public var start: LocalDateTime
        public var hours: Int
        public var end: LocalDateTime { start.addingHours(hours - 1) }
    }

    public let series: [Series]
    public var first: LocalDateTime?
    public var last: LocalDateTime?
    public var rowCount = 0
    public var columns: [Column]
    public var days: [Day] = []
    public var gaps: [Gap] = []
    public var rowsWithMissingValue = 0

    public var daysCovered: Int { days.count }
    public var missingHours: Int { gaps.reduce(0) { $0 + $1.hours } }

    /// The series standing for everything: the source's own total, else the two directions'
    /// sum; nil for tables without either (adding unrelated series would mean nothing).
    public var total: Double? {
        if let index = series.firstIndex(where: { $0.role == .total }) { return columns[index].total }
        guard let north = column(.northbound), let south = column(.southbound) else { return nil }
        return north.total + south.total
    }

    public var averagePerDay: Double? { total.map { daysCovered > 0 ? $0 / Double(daysCovered) : 0 } }

    /// Northbound over southbound; nil without both, or when nobody rode south.
    public var ratio: Double? {
        guard let north = column(.northbound), let south = column(.southbound), south.total > 0 else { return nil }
        return north.total / south.total
    }

    public func column(_ role: SeriesRole) -> Column? {
        series.firstIndex { $0.role == role }.map { columns[$0] }
    }

    public init(_ table: SeriesTable) {
        series = table.series
        rowCount = table.rowCount
        first = table.times.first
        last = table.times.last
        columns = Array(repeating: Column(), count: table.series.count)
        var previousHour: Int?
        var missingRows = [Bool](repeating: false, count: table.rowCount)
        // Each row's day, worked out once for every series below.
        var rowDay: [Int32] = []
        rowDay.reserveCapacity(table.rowCount)
        for date in table.times {
            let dayStart = date.startOfDay
            if days.last?.date != dayStart {
                days.append(Day(date: dayStart, totals: Array(repeating: 0, count: table.series.count), hours: 0))
            }
            rowDay.append(Int32(days.count - 1))
            days[days.count - 1].hours += 1
            let hour = date.hourNumber
            if let previousHour, hour - previousHour > 1 {
                gaps.append(Gap(start: date.addingHours(-(hour - previousHour - 1)), hours: hour - previousHour - 1))
            }
            previousHour = hour
        }
        // A series at a time: the values are stored that way.
        for column in table.series.indices {
            var summary = Column()
            let values = table.values[column]
            for row in values.indices {
                let value = values[row]
                if value.isNaN {
                    missingRows[row] = true
                    continue
                }
                summary.total += value
                summary.countedHours += 1
                if summary.maximum == nil || value > summary.maximum! {
                    summary.maximum = value
                    summary.busiestHour = table.times[row]
                }
                days[Int(rowDay[row])].totals[column] += value
            }
            if !days.isEmpty { summary.averagePerDay = summary.total / Double(days.count) }
            columns[column] = summary
        }
        rowsWithMissingValue = missingRows.lazy.filter { $0 }.count
    }
}
