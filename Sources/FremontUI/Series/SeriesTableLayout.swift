import FremontCore

/// Where each row and day separator sits in the scrolling list, computed once per data set:
/// a separator line before each day's rows. Lookups are O(1) or O(log days), so scrolling the
/// whole history costs the same as scrolling a month.
///
/// As list metrics, an item is a row: the first row of a day takes two lines (the day's
/// separator, then the row), the others one.
struct SeriesTableLayout: ListMetrics, Sendable {
    /// The day (index into `dayFirstRow`) of each row.
    private let rowDay: [Int32]
    /// The first row of each day.
    let dayFirstRow: [Int]
    let rowCount: Int
    /// False for rows without day separators (periods, sorted rows): a line a row.
    let separated: Bool

    init(times: [LocalDateTime], separated: Bool = true) {
        self.separated = separated
        var rowDay: [Int32] = []
        var dayFirstRow: [Int] = []
        rowDay.reserveCapacity(times.count)
        var previousDay = Int.min
        for (index, time) in times.enumerated() {
            let day = time.dayNumber
            if day != previousDay {
                dayFirstRow.append(index)
                previousDay = day
            }
            rowDay.append(Int32(dayFirstRow.count - 1))
        }
        self.rowDay = rowDay
        self.dayFirstRow = dayFirstRow
        rowCount = times.count
    }

    var lineCount: Int { separated ? rowCount + dayFirstRow.count : rowCount }

    var itemCount: Int { rowCount }

    func top(of row: Int) -> Int {
        guard row < rowCount else { return lineCount }
        guard separated else { return row }
        let day = Int(rowDay[row])
        return dayFirstRow[day] == row ? row + day : row + day + 1
    }

    func item(atLine line: Int) -> Int {
        guard separated else { return min(line, max(0, rowCount - 1)) }
        switch content(ofLine: line) {
        case .row(let row): return row
        case .separator(let day): return dayFirstRow[day]
        }
    }

    func isFirstOfDay(_ row: Int) -> Bool { separated && dayFirstRow[Int(rowDay[row])] == row }
    var dayCount: Int { dayFirstRow.count }

    func day(ofRow row: Int) -> Int { Int(rowDay[row]) }

    /// The list line that shows `row`.
    func line(ofRow row: Int) -> Int { separated ? row + Int(rowDay[row]) + 1 : row }

    /// The separator line of `day`.
    func line(ofDay day: Int) -> Int { dayFirstRow[day] + day }

    enum Line: Equatable {
        case separator(day: Int)
        case row(Int)
    }

    /// What list line `line` shows.
    func content(ofLine line: Int) -> Line {
        guard separated else { return .row(line) }
        // The last day whose separator is at or before `line`.
        var low = 0, high = dayFirstRow.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if self.line(ofDay: middle) <= line { low = middle } else { high = middle - 1 }
        }
        let separator = self.line(ofDay: low)
        return line == separator ? .separator(day: low) : .row(dayFirstRow[low] + (line - separator - 1))
    }
}
