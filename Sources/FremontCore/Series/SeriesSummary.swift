/// The tutorial's month summary, for any table and span: each series' total, its average over
/// the days with a value and busiest hour (a count's), or its mean, minimum and maximum (a
/// measure's); the overall total and (for the Fremont Bridge's two directions) the ratio; and
/// what is missing, in the table's own step (a daily table misses days, not hours).
public struct SeriesSummary: Sendable {
    public struct Column: Sendable {
        public var total = 0.0
        /// Readings with a value in this series.
        public var countedHours = 0
        public var minimum: Double?
        public var maximum: Double?
        /// The first hour that reached `maximum`: for readings shorter than an hour, the hour
        /// whose readings add up to the most (`maximum` is then that sum); otherwise the reading.
        public var busiestHour: LocalDateTime?
        /// `total` over the days with a value in this series.
        public var averagePerDay = 0.0
        /// Days with a value in this series.
        public var daysWithValue = 0
        /// The values' mean (a measure's headline).
        public var mean: Double? { countedHours > 0 ? total / Double(countedHours) : nil }

        public init() {}
    }

    public struct Day: Sendable, Hashable {
        public var date: LocalDateTime
        /// Each series' sum over the day's values (a missing value adds nothing).
        public var totals: [Double]
        public var hours: Int
        /// Each series' values that day: a measure's day is `totals / counts`.
        public var counts: [Int] = []

        /// A count's total, a measure's mean (nil without a value) of series `index`.
        public func value(_ index: Int, kind: SeriesKind) -> Double? {
            guard kind == .measure else { return totals[index] }
            let count = counts.indices.contains(index) ? counts[index] : 0
            return count > 0 ? totals[index] / Double(count) : nil
        }
    }

    /// A run of readings (hours, days, … as the table's step) with no row at all.
    public struct Gap: Sendable, Hashable {
        public var start: LocalDateTime
        public var hours: Int
        public var step: SeriesStep = .hour
        public var end: LocalDateTime { step.advance(start, by: hours - 1) }

        public init(start: LocalDateTime, hours: Int, step: SeriesStep = .hour) {
            self.start = start
            self.hours = hours
            self.step = step
        }
    }

    public let series: [Series]
    /// How far apart the readings are.
    public let step: SeriesStep
    /// Readings inside the span without a value in any series: no row, or a row all blank.
    public let outages: SeriesOutages
    public var first: LocalDateTime?
    public var last: LocalDateTime?
    public var rowCount = 0
    public var columns: [Column]
    public var days: [Day] = []
    public var gaps: [Gap] = []
    public var rowsWithMissingValue = 0

    /// Days with at least one row (their `days` entries, when kept).
    public private(set) var daysCovered = 0
    public var missingHours: Int { gaps.reduce(0) { $0 + $1.hours } }

    /// The series standing for everything: the source's own total, else the two directions'
    /// sum; nil for tables without either (adding unrelated series would mean nothing).
    public var total: Double? {
        if let index = series.firstIndex(where: { $0.role == .total }) { return columns[index].total }
        guard let north = column(.northbound), let south = column(.southbound) else { return nil }
        return north.total + south.total
    }

    /// The total over the days with a value in the series standing for everything.
    public var averagePerDay: Double? {
        total.map { total in daysWithTotal > 0 ? total / Double(daysWithTotal) : 0 }
    }

    /// Days with a value in the series standing for everything (the source's total, else the
    /// northbound count): what `averagePerDay` divides by.
    public var daysWithTotal: Int {
        (series.firstIndex { $0.role == .total } ?? series.firstIndex { $0.role == .northbound }).map { columns[$0].daysWithValue } ?? daysCovered
    }

    /// Northbound over southbound; nil without both, or when nobody rode south.
    public var ratio: Double? {
        guard let north = column(.northbound), let south = column(.southbound), south.total > 0 else { return nil }
        return north.total / south.total
    }

    public func column(_ role: SeriesRole) -> Column? {
        series.firstIndex { $0.role == role }.map { columns[$0] }
    }

    /// - Parameter perDay: whether `days` is filled. A table's per-day sums cost two arrays a
    ///   day; a summary asked only for its columns and shading (the table tab's days, months
    ///   and years at each `v` and `V`) leaves them out, everything else the same.
    public init(_ table: SeriesTable, perDay: Bool = true) {
        series = table.series
        step = SeriesStep(table.times)
        outages = SeriesOutages(table, step: step)
        rowCount = table.rowCount
        first = table.times.first
        last = table.times.last
        columns = Array(repeating: Column(), count: table.series.count)
        var previousTime: LocalDateTime?
        var missingRows = [Bool](repeating: false, count: table.rowCount)
        // Each row's day, worked out once for every series below.
        var rowDay: [Int32] = []
        rowDay.reserveCapacity(table.rowCount)
        var dayStarts: [LocalDateTime] = [], dayHours: [Int] = []
        for date in table.times {
            let dayStart = date.startOfDay
            if dayStarts.last != dayStart {
                dayStarts.append(dayStart)
                dayHours.append(0)
            }
            rowDay.append(Int32(dayStarts.count - 1))
            dayHours[dayHours.count - 1] += 1
            if let previous = previousTime {
                let missing = step.steps(from: previous, to: date) - 1
                if missing > 0 { gaps.append(Gap(start: step.advance(previous, by: 1), hours: missing, step: step)) }
            }
            previousTime = date
        }
        daysCovered = dayStarts.count
        var seriesDayTotals: [[Double]] = [], seriesDayCounts: [[Int]] = []
        // A series at a time: the values are stored that way.
        for column in table.series.indices {
            var summary = Column()
            let values = table.values[column]
            // Each day's sum and count, gathered flat and put into `days` once: a nested
            // array's element written per row costs a uniqueness check per level.
            var dayTotals = [Double](repeating: 0, count: dayStarts.count)
            var dayCounts = [Int](repeating: 0, count: dayStarts.count)
            // Readings shorter than an hour: the busiest hour is the one whose readings add up
            // to the most, as pandas' `resample('h').sum().max()`.
            let byHour = step.isSubHourly && table.series[column].kind == .count
            var hourNumber = Int.min, hourSum = 0.0, hourStart: LocalDateTime?
            func closeHour(_ summary: inout Column) {
                guard let start = hourStart else { return }
                if summary.maximum == nil || hourSum > summary.maximum! {
                    summary.maximum = hourSum
                    summary.busiestHour = start
                }
            }
            for row in values.indices {
                let value = values[row]
                if value.isNaN {
                    missingRows[row] = true
                    continue
                }
                summary.total += value
                summary.countedHours += 1
                if summary.minimum == nil || value < summary.minimum! { summary.minimum = value }
                if byHour {
                    let time = table.times[row]
                    if time.hourNumber != hourNumber {
                        closeHour(&summary)
                        hourNumber = time.hourNumber
                        hourSum = 0
                        hourStart = time.addingHours(0)
                    }
                    hourSum += value
                } else if summary.maximum == nil || value > summary.maximum! {
                    summary.maximum = value
                    summary.busiestHour = table.times[row]
                }
                let day = Int(rowDay[row])
                dayTotals[day] += value
                dayCounts[day] += 1
            }
            if byHour { closeHour(&summary) }
            if perDay {
                seriesDayTotals.append(dayTotals)
                seriesDayCounts.append(dayCounts)
            }
            summary.daysWithValue = dayCounts.lazy.filter { $0 > 0 }.count
            if summary.daysWithValue > 0 { summary.averagePerDay = summary.total / Double(summary.daysWithValue) }
            columns[column] = summary
        }
        rowsWithMissingValue = missingRows.lazy.filter { $0 }.count
        if perDay {
            days = dayStarts.indices.map { day in
                Day(date: dayStarts[day], totals: seriesDayTotals.map { $0[day] }, hours: dayHours[day],
                    counts: seriesDayCounts.map { $0[day] })
            }
        }
    }
}
