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

    /// What one series added up to in one bin.
    struct Cell {
        var count = 0
        /// Rows the filter kept whose value is blank.
        var blanks = 0
        var sum = 0.0
        var compensation = 0.0
        var minimum = Double.infinity
        var maximum = -Double.infinity
    }
    /// Per bin and series, at `bin * seriesCount + series`.
    private(set) var cells: [Cell] = []
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
        let cellCount = binCount * seriesCount
        cells = Array(repeating: Cell(), count: cellCount)
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

        // Rows first (their bin, once per day where the grouping allows), then the values a
        // series at a time through buffers: per value only the sums, no uniqueness checks or
        // calendar arithmetic (3 series × 112,440 rows).
        let times = table.times
        let rows = filter.rowRange(in: table)
        var rowBins = [Int](repeating: -1, count: rows.count)
        var dayKey = -1, dayNumber = 0, dayAdmitted = false, dayBin = 0
        let binVariesWithinDay = grouping == .hour
        for row in rows {
            let time = times[row]
            let key = (time.year << 9) | (time.month << 5) | time.day
            if key != dayKey {
                dayKey = key
                dayNumber = time.dayNumber
                dayAdmitted = filter.admitsDay(dayNumber)
                if dayAdmitted, !binVariesWithinDay { dayBin = bin(grouping.map { $0.key(time, dayNumber: dayNumber) } ?? 0) }
            }
            guard dayAdmitted else { continue }
            let bin = binVariesWithinDay ? time.hour : dayBin
            rowsOnDays[bin] += 1
            guard filter.admitsValues(table, row: row) else { continue }
            rowBins[row - rows.lowerBound] = bin
        }
        let seriesCount = seriesCount
        rowBins.withUnsafeBufferPointer { rowBins in
            cells.withUnsafeMutableBufferPointer { cells in
                for series in 0..<seriesCount {
                    table.values[series].withUnsafeBufferPointer { column in
                        for offset in 0..<rowBins.count where rowBins[offset] >= 0 {
                            Self.add(column[rows.lowerBound + offset], to: &cells[rowBins[offset] * seriesCount + series])
                        }
                    }
                }
            }
        }
    }

    /// pandas' `group_sum`: a Kahan-compensated sum, so fractional values add up as pandas'
    /// `resample().sum()` and `mean()` do (counts, being integers, add up exactly either way).
    @inline(__always)
    private static func add(_ value: Double, to cell: inout Cell) {
        guard !value.isNaN else {
            cell.blanks += 1
            return
        }
        cell.count += 1
        let y = value - cell.compensation
        let t = cell.sum + y
        cell.compensation = t - cell.sum - y
        if cell.compensation.isNaN { cell.compensation = 0 }  // an infinite value
        cell.sum = t
        if value < cell.minimum { cell.minimum = value }
        if value > cell.maximum { cell.maximum = value }
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
        let cell = cells[bin * seriesCount + series]
        // Hours with no row at all; never below zero, should a table hold times off the hour.
        let absent = max(0, coveredHours[bin] - rowsOnDays[bin])
        return SeriesAggregate(count: cell.count, sum: cell.sum,
                               minimum: cell.count > 0 ? cell.minimum : nil, maximum: cell.count > 0 ? cell.maximum : nil,
                               missing: absent + cell.blanks)
    }
}
