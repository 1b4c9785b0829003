/// One pass over a table's rows into counts, sums, minima and maxima per group and series, plus
/// the wall-clock hours each group covers, which is what `missing` is measured against. The
/// statistics, the column statistics and the daily totals all read this.
///
/// Groups are dense bins: a cycle has one per hour, weekday or month; calendar periods have one
/// per period from the first day kept to the last, empty ones included, like pandas' `resample`.
/// So that two rows thousands of years apart cannot make millions of bins (gigabytes), a span of
/// more than `maximumPeriods` periods makes none: `refusedPeriods` says how many it would have.
struct GroupAccumulator {
    /// Calendar periods held at most: 273 years by day, far past any table of counts.
    static let maximumPeriods = 100_000
    /// nil: one bin holding everything.
    let grouping: SeriesGrouping?
    let seriesCount: Int
    // Fixed per table, read per row.
    private let isCycle: Bool
    private let keyStep: Int
    private(set) var firstKey = 0
    private(set) var binCount = 0
    /// The periods of a span past `maximumPeriods`, which were not made.
    private(set) var refusedPeriods: Int?

    // Per bin and series, at `bin * seriesCount + series`.
    private(set) var counts: [Int] = []
    private(set) var sums: [Double] = []
    private var compensations: [Double] = []
    private(set) var minima: [Double] = []
    private(set) var maxima: [Double] = []
    /// Rows the filter kept whose value is blank.
    private(set) var blanks: [Int] = []
    // Per bin.
    /// Rows present on the filter's days, before any minimum-value test.
    private(set) var rowsOnDays: [Int] = []
    /// Readings (in the table's step: hours, days, quarter-hours) inside the span and the
    /// filter's days.
    private(set) var coveredHours: [Int] = []

    /// - Parameter step: the table's, when the caller found it already.
    init(_ table: SeriesTable, grouping: SeriesGrouping?, filter: SeriesFilter, step: SeriesStep? = nil) {
        self.grouping = grouping
        seriesCount = table.series.count
        isCycle = grouping?.cycleLength != nil
        keyStep = grouping?.keyStep ?? 1
        guard let firstTime = table.times.first, let lastTime = table.times.last else { return }
        let spanFirstDay = firstTime.dayNumber, spanLastDay = lastTime.dayNumber
        let firstDay = max(spanFirstDay, filter.firstDay), lastDay = min(spanLastDay, filter.lastDay)
        guard firstDay <= lastDay else { return }

        if let grouping, let cycle = grouping.cycleLength {
            binCount = cycle
        } else if let grouping {
            firstKey = grouping.key(dayNumber: firstDay)
            binCount = (grouping.key(dayNumber: lastDay) - firstKey) / grouping.keyStep + 1
            guard binCount <= Self.maximumPeriods else {
                refusedPeriods = binCount
                binCount = 0
                return
            }
        } else {
            binCount = 1
        }
        let cells = binCount * seriesCount
        counts = Array(repeating: 0, count: cells)
        sums = Array(repeating: 0, count: cells)
        compensations = Array(repeating: 0, count: cells)
        minima = Array(repeating: .infinity, count: cells)
        maxima = Array(repeating: -.infinity, count: cells)
        blanks = Array(repeating: 0, count: cells)
        rowsOnDays = Array(repeating: 0, count: binCount)
        coveredHours = Array(repeating: 0, count: binCount)

        // Day by day rather than reading by reading: every grouping but the hour is constant
        // over a day. A reading is due at the first time plus whole steps.
        let step = step ?? SeriesStep(table.times)
        func secondOfDay(_ time: LocalDateTime) -> Int { time.hour * 3600 + time.minute * 60 + time.second }
        // By hour, every whole day due the same readings at the same hours: counted here and
        // added once at the end, not slot by slot with a division each (which cost `--by hour`
        // 0.6 ms over the history).
        var wholeDays = 0
        // Where a step's readings fall in a day, and how many a whole day is due.
        var phase = 0, wholeDayReadings = 0
        if case .seconds(let seconds) = step, seconds > 0 {
            phase = secondOfDay(firstTime) % seconds
            wholeDayReadings = (86_399 - phase) / seconds + 1
        }
        for day in firstDay...lastDay where filter.admitsDay(day) {
            let dayBin = grouping == .hour ? 0 : bin(grouping.map { $0.key(dayNumber: day) } ?? 0)
            switch step {
            case .seconds(let seconds) where seconds <= 86_400 && 86_400 % seconds == 0:
                let low = day == spanFirstDay ? secondOfDay(firstTime) : 0
                let high = day == spanLastDay ? secondOfDay(lastTime) : 86_399
                if low == 0, high == 86_399 {
                    if grouping == .hour { wholeDays += 1 } else { coveredHours[dayBin] += wholeDayReadings }
                    continue
                }
                guard high >= low else { continue }
                // Due readings in [low, high]: phase + k × seconds.
                let first = low <= phase ? 0 : (low - phase + seconds - 1) / seconds
                let last = high < phase ? -1 : (high - phase) / seconds
                guard last >= first else { continue }
                if grouping == .hour {
                    Self.countHours(from: phase + first * seconds, every: seconds, readings: last - first + 1, into: &coveredHours)
                } else {
                    coveredHours[dayBin] += last - first + 1
                }
            case .seconds(let seconds):
                // Longer than a day (a week), or not dividing one: due on every step's day.
                let days = max(1, seconds / 86_400)
                guard (day - spanFirstDay) % days == 0 else { continue }
                coveredHours[grouping == .hour ? firstTime.hour : dayBin] += 1
            case .months(let months):
                let (year, month, dayOfMonth) = CivilCalendar.civil(dayNumber: day)
                let due = min(firstTime.day, CivilCalendar.daysInMonth(year: year, month: month))
                guard dayOfMonth == due, ((year * 12 + month) - (firstTime.year * 12 + firstTime.month)) % months == 0 else { continue }
                coveredHours[grouping == .hour ? firstTime.hour : dayBin] += 1
            }
        }

        if wholeDays > 0, case .seconds(let seconds) = step {
            var day = [Int](repeating: 0, count: 24)
            Self.countHours(from: phase, every: seconds, readings: wholeDayReadings, into: &day)
            for hour in 0..<24 { coveredHours[hour] += day[hour] * wholeDays }
        }

        let times = table.times
        for row in filter.rowRange(in: table) {
            let time = times[row]
            let dayNumber = time.dayNumber
            guard filter.admitsDay(dayNumber) else { continue }
            let bin = bin(grouping.map { $0.key(time, dayNumber: dayNumber) } ?? 0)
            rowsOnDays[bin] += 1
            guard filter.admitsValues(table, row: row) else { continue }
            for series in 0..<seriesCount {
                add(table.values[series][row], at: bin * seriesCount + series)
            }
        }
    }

    /// Adds each of `readings` readings `every` seconds apart from `start` (a second of the day)
    /// to its hour.
    private static func countHours(from start: Int, every seconds: Int, readings: Int, into hours: inout [Int]) {
        var at = start, hour = start / 3600, hourEnd = (start / 3600 + 1) * 3600
        for _ in 0..<readings {
            while at >= hourEnd { hour += 1; hourEnd += 3600 }
            hours[hour] += 1
            at += seconds
        }
    }

    @inline(__always)
    private func bin(_ key: Int) -> Int {
        isCycle ? key : (key - firstKey) / keyStep
    }

    /// pandas' `group_sum`: a Kahan-compensated sum, so fractional values add up as pandas'
    /// `resample().sum()` and `mean()` do (counts, being integers, add up exactly either way).
    @inline(__always)
    private mutating func add(_ value: Double, at cell: Int) {
        guard !value.isNaN else {
            blanks[cell] += 1
            return
        }
        counts[cell] += 1
        let y = value - compensations[cell]
        let t = sums[cell] + y
        compensations[cell] = t - sums[cell] - y
        if compensations[cell].isNaN { compensations[cell] = 0 }  // an infinite value
        sums[cell] = t
        if value < minima[cell] { minima[cell] = value }
        if value > maxima[cell] { maxima[cell] = value }
    }

    /// The group of a bin.
    func group(_ bin: Int) -> SeriesGroup? {
        guard let grouping else { return nil }
        return SeriesGroup(grouping, key: isCycle ? bin : firstKey + bin * keyStep)
    }

    /// A bin is listed when the span and the filter's days cover some of its hours, or it holds
    /// a row (a time off the hour, say): a weekend's bins are not listed under `.weekdays`.
    func isListed(_ bin: Int) -> Bool {
        coveredHours[bin] > 0 || rowsOnDays[bin] > 0
    }

    func aggregate(bin: Int, series: Int) -> SeriesAggregate {
        let cell = bin * seriesCount + series
        let count = counts[cell]
        // Hours with no row at all; never below zero, should a table hold times off the hour.
        let absent = max(0, coveredHours[bin] - rowsOnDays[bin])
        return SeriesAggregate(count: count, sum: sums[cell],
                               minimum: count > 0 ? minima[cell] : nil, maximum: count > 0 ? maxima[cell] : nil,
                               missing: absent + blanks[cell])
    }
}
