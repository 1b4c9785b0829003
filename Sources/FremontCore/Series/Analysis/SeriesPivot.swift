/// One series as a table of two cycles or periods: year × month, year × weekday, hour ×
/// weekday, … — each cell a count's total (a measure's mean) over the readings falling in both,
/// with the rows' and columns' totals, and optionally each cell's per-day mean or its change
/// against the year before.
///
/// The numbers are pandas' on the same rows: `pivot_table(values, index=ROWS, columns=COLUMNS,
/// aggfunc='sum' | 'mean', margins=True)`; per-day means are the mean over the days with a
/// value of each day's sum in the cell (`groupby([ROWS, COLUMNS, date]).sum(min_count=1)`, then
/// the mean), and a change is `pct_change(fill_method=None)` along the years.
///
/// One pass over the rows, O(rows + cells); the cells are at most 24 × 12 cycles or one row per
/// year, bounded by `maximumYears`.
public struct SeriesPivot: Sendable {
    /// What a row or a column of the pivot is.
    public enum Axis: String, Sendable, Hashable, CaseIterable {
        case year, month, weekday, hour

        /// The key of a time: the year, the month 1–12, the weekday 1 (Monday)–7, the hour 0–23.
        @inline(__always)
        func key(_ time: LocalDateTime, dayNumber: Int) -> Int {
            switch self {
            case .year: return time.year
            case .month: return time.month
            case .weekday: return CivilCalendar.weekday(dayNumber: dayNumber)
            case .hour: return time.hour
            }
        }

        /// The fixed keys of a cycle; nil for years, which come from the data.
        var cycle: ClosedRange<Int>? {
            switch self {
            case .year: return nil
            case .month: return 1...12
            case .weekday: return 1...7
            case .hour: return 0...23
            }
        }

        /// "2016", "January", "Monday", "08:00".
        public func label(_ key: Int) -> String {
            switch self {
            case .year: return String(key)
            case .month: return DateText.months[key - 1]
            case .weekday: return DateText.weekdays[key - 1]
            case .hour: return "\(pad(key)):00"
            }
        }
    }

    /// What a cell's value is.
    public enum Measure: String, Sendable {
        /// A count's sum over the cell's readings.
        case total
        /// A count's mean daily sum over the cell's days with a value.
        case perDay = "per-day mean"
        /// A measure's mean over the cell's readings.
        case mean
    }

    public struct Cell: Sendable, Hashable {
        /// nil without a reading.
        public var value: Double?
        /// Readings and days with a value.
        public var readings: Int
        public var days: Int
        /// The cell is one calendar period (a year's month, a year's Mondays, a year) whose days
        /// do not all have a reading: its total is not comparable with a whole period's.
        public var isPartial: Bool
    }

    /// Years held at most: a table spanning more is refused (two rows thousands of years apart).
    public static let maximumYears = 1_000

    public let rows: Axis
    public let columns: Axis
    public let series: Series
    public let measure: Measure
    public let rowKeys: [Int]
    public let columnKeys: [Int]
    /// `cells[row][column]`.
    public let cells: [[Cell]]
    public let rowTotals: [Cell]
    public let columnTotals: [Cell]
    public let total: Cell

    /// - Parameters:
    ///   - series: the table's series pivoted.
    ///   - perDay: a count's cells are per-day means rather than totals (a measure's are means).
    public init(_ table: SeriesTable, series: Int, rows: Axis, columns: Axis, perDay: Bool = false,
                filter: SeriesFilter = SeriesFilter()) throws(LoadError) {
        guard rows != columns else { throw LoadError(source: "--pivot", "the rows and the columns are both \(rows.rawValue)s: give two of year, month, weekday, hour") }
        self.rows = rows
        self.columns = columns
        self.series = table.series[series]
        let isCount = table.series[series].kind == .count
        measure = isCount ? (perDay ? .perDay : .total) : .mean
        let range = filter.rowRange(in: table)
        let times = table.times, values = table.values[series]
        func keys(_ axis: Axis) throws(LoadError) -> [Int] {
            if let cycle = axis.cycle { return Array(cycle) }
            guard let first = range.first.map({ times[$0].year }), let last = range.last.map({ times[$0].year }) else { return [] }
            guard last - first < Self.maximumYears else {
                throw LoadError(source: "--pivot", "the table spans \(NumberText.grouped(last - first + 1)) years (\(first) to \(last)); at most \(Self.maximumYears) are pivoted: narrow it with --from and --to")
            }
            return Array(first...last)
        }
        rowKeys = try keys(rows)
        columnKeys = try keys(columns)
        let rowBase = rowKeys.first ?? 0, columnBase = columnKeys.first ?? 0
        let width = columnKeys.count
        // Sums, readings and days per cell, row, column and the whole; a day is counted once
        // where it is met: the rows are in time order, so a day's readings come together.
        var sums = [Double](repeating: 0, count: rowKeys.count * width)
        var readings = [Int](repeating: 0, count: sums.count)
        var days = [Int](repeating: 0, count: sums.count), lastDay = [Int](repeating: .min, count: sums.count)
        var rowDays = [Int](repeating: 0, count: rowKeys.count), rowLastDay = [Int](repeating: .min, count: rowKeys.count)
        var columnDays = [Int](repeating: 0, count: width), columnLastDay = [Int](repeating: .min, count: width)
        var allDays = 0, allLastDay = Int.min
        for index in range {
            let value = values[index]
            guard !value.isNaN else { continue }
            let time = times[index], dayNumber = time.dayNumber
            guard filter.admitsDay(dayNumber), filter.admitsValues(table, row: index) else { continue }
            let row = rows.key(time, dayNumber: dayNumber) - rowBase, column = columns.key(time, dayNumber: dayNumber) - columnBase
            let cell = row * width + column
            sums[cell] += value
            readings[cell] += 1
            if lastDay[cell] != dayNumber { lastDay[cell] = dayNumber; days[cell] += 1 }
            if rowLastDay[row] != dayNumber { rowLastDay[row] = dayNumber; rowDays[row] += 1 }
            if columnLastDay[column] != dayNumber { columnLastDay[column] = dayNumber; columnDays[column] += 1 }
            if allLastDay != dayNumber { allLastDay = dayNumber; allDays += 1 }
        }
        let measure = measure
        func make(sum: Double, readings: Int, days: Int, calendarDays: Int?) -> Cell {
            let value: Double?
            switch measure {
            case _ where readings == 0: value = nil
            case .total: value = sum
            case .perDay: value = sum / Double(days)
            case .mean: value = sum / Double(readings)
            }
            return Cell(value: value, readings: readings, days: days, isPartial: calendarDays.map { days < $0 } ?? false)
        }
        // A cell is a calendar period only with a year: its days are the year's month's, the
        // year's weekdays', or the year's.
        func calendarDays(year: Int?, _ axis: Axis?, _ key: Int?) -> Int? {
            guard let year else { return nil }
            let yearDays = CivilCalendar.dayNumber(year: year + 1, month: 1, day: 1) - CivilCalendar.dayNumber(year: year, month: 1, day: 1)
            guard let axis, let key else { return yearDays }
            switch axis {
            case .month: return CivilCalendar.daysInMonth(year: year, month: key)
            case .weekday:
                let firstWeekday = CivilCalendar.weekday(dayNumber: CivilCalendar.dayNumber(year: year, month: 1, day: 1))
                return yearDays / 7 + ((key - firstWeekday + 7) % 7 < yearDays % 7 ? 1 : 0)
            case .hour, .year: return yearDays
            }
        }
        func year(_ axis: Axis, _ key: Int) -> Int? { axis == .year ? key : nil }
        func other(_ axis: Axis, _ key: Int) -> (Axis, Int)? { axis == .year ? nil : (axis, key) }
        var cells: [[Cell]] = []
        var rowTotals: [Cell] = []
        for (row, rowKey) in rowKeys.enumerated() {
            var line: [Cell] = []
            var rowSum = 0.0, rowReadings = 0
            for (column, columnKey) in columnKeys.enumerated() {
                let cell = row * width + column
                let year = year(rows, rowKey) ?? year(columns, columnKey)
                let rest = other(rows, rowKey) ?? other(columns, columnKey)
                line.append(make(sum: sums[cell], readings: readings[cell], days: days[cell], calendarDays: calendarDays(year: year, rest?.0, rest?.1)))
                rowSum += sums[cell]
                rowReadings += readings[cell]
            }
            cells.append(line)
            rowTotals.append(make(sum: rowSum, readings: rowReadings, days: rowDays[row], calendarDays: calendarDays(year: year(rows, rowKey), nil, nil)))
        }
        var columnTotals: [Cell] = []
        var allSum = 0.0, allReadings = 0
        for (column, columnKey) in columnKeys.enumerated() {
            var sum = 0.0, count = 0
            for row in rowKeys.indices {
                sum += sums[row * width + column]
                count += readings[row * width + column]
            }
            allSum += sum
            allReadings += count
            columnTotals.append(make(sum: sum, readings: count, days: columnDays[column], calendarDays: calendarDays(year: year(columns, columnKey), nil, nil)))
        }
        self.cells = cells
        self.rowTotals = rowTotals
        self.columnTotals = columnTotals
        total = make(sum: allSum, readings: allReadings, days: allDays, calendarDays: nil)
    }

    /// Whether `change` has a year to compare with.
    public var hasYears: Bool { rows == .year || columns == .year }

    /// A cell's change against the same cell the year before, as a fraction (0.05 for 5 %); nil
    /// in the first year, where either has no value, or the year before was 0. `row` or
    /// `column` may be `rowKeys.count` / `columnKeys.count` for the totals.
    public func change(row: Int, column: Int) -> Double? {
        func cell(_ row: Int, _ column: Int) -> Cell? {
            guard row >= 0, column >= 0 else { return nil }
            if row == rowKeys.count { return column == columnKeys.count ? total : columnTotals[column] }
            if column == columnKeys.count { return rowTotals[row] }
            return cells[row][column]
        }
        let before: Cell?
        if rows == .year {
            guard row < rowKeys.count else { return nil }
            before = cell(row - 1, column)
        } else if columns == .year {
            guard column < columnKeys.count else { return nil }
            before = cell(row, column - 1)
        } else {
            return nil
        }
        guard let now = cell(row, column)?.value, let then = before?.value, then != 0 else { return nil }
        return now / then - 1
    }
}
