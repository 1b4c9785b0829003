import FremontCore

extension ViewID {
    public static let calendar = ViewID("table.calendar")
}

/// The Table tab's calendar of every year: a band per year, weekdays down and weeks across with
/// the months named over them, each whole day shaded by its quartile among the whole days (so
/// one record day cannot wash out the rest), partial and missing days drawn with their own
/// glyphs (`½`, `—`) apart from quiet ones, and a cursor day read out above. Pushed by the
/// Table tab; `q` comes back.
///
/// The days and levels are computed once here (`SeriesCalendar`) and again only when `c` picks
/// another series; a frame draws the bands it shows.
public struct CalendarView: BrowserView {
    public enum Action: Sendable, Hashable {
        case days(Int), years(Int), first, last, nextSeries
    }

    public let id = ViewID.calendar
    public let title = "Calendar"
    /// The table and filter of the Table tab, read again when they change (a reload).
    let store: SeriesStore
    private var scope: SeriesScope
    /// The table as loaded, with the two directions' sum as a series where the source has none.
    private(set) var table: SeriesTable
    public var filter: SeriesFilter { scope.filter }
    private var step: SeriesStep { scope.step }
    private var computedTotal: Int?
    /// The shaded series, an index into `table.series`.
    public private(set) var series: Int
    public private(set) var calendar: SeriesCalendar
    /// The cursor's day number; nil without days.
    public private(set) var cursor: Int?
    /// The first year band shown.
    public private(set) var topYear = 0

    /// - Parameters:
    ///   - series: the Table tab's table and filter.
    ///   - selectedSeries: the tab's series; a table with the two directions and no total of its
    ///     own shows their sum, as the trend does.
    ///   - cursorTime: the tab's selected hour: the cursor starts on its day (else the last).
    public init(series store: SeriesStore, selectedSeries: Int = 0, cursorTime: LocalDateTime? = nil) {
        self.store = store
        scope = store.scope
        let computesTotal = scope.table.computesTotal
        table = scope.table.addingComputedTotal()
        computedTotal = computesTotal ? table.series.count - 1 : nil
        series = ViewedSeries.initial(table, selected: selectedSeries)
        calendar = table.series.isEmpty ? SeriesCalendar(SeriesTable(series: [Series(name: "")], times: [], values: [[]]), series: 0)
            : SeriesCalendar(table, series: series, filter: scope.filter, step: scope.step)
        if let first = calendar.firstDay, let last = calendar.lastDay {
            cursor = cursorTime.map { min(max(first, $0.dayNumber), last) } ?? last
        }
        topYear = cursorYear ?? 0
    }

    public var sourceName: String {
        table.isEmpty ? "" : filter.summary(table)
    }

    var seriesLabel: String {
        guard table.series.indices.contains(series) else { return "" }
        let label = TextLayout.truncate(TerminalSafeText.singleLine(table.series[series].label), to: 30)
        return series == computedTotal ? label + " (North + South)" : label
    }

    private var isCount: Bool { table.series.indices.contains(series) && table.series[series].kind == .count }
    private var cursorYear: Int? { cursor.map { CivilCalendar.civil(dayNumber: $0).year } }
    private var firstYear: Int? { calendar.firstDay.map { CivilCalendar.civil(dayNumber: $0).year } }
    private var lastYear: Int? { calendar.lastDay.map { CivilCalendar.civil(dayNumber: $0).year } }

    // MARK: - Layout

    /// The heading, the cursor's readout and the legend take the first lines; then a band per
    /// year: its year and month names, then a row per weekday, Monday first; a blank line
    /// between bands.
    static let headerLines = 3
    static let bandHeight = 8
    static let labelWidth = 5
    /// Weeks a year's band spans at most (a leap year starting on a Sunday touches 54).
    static let bandWeeks = 54

    /// Rows from one band's top to the next: a blank line between them unless leaving it out
    /// shows another year.
    static func bandStride(_ area: Rect) -> Int {
        let rows = area.height - headerLines
        return (rows + 1) / (bandHeight + 1) < rows / bandHeight ? bandHeight : bandHeight + 1
    }

    static func bandsShown(_ area: Rect) -> Int {
        max(1, (area.height - headerLines + bandStride(area) - bandHeight) / bandStride(area))
    }

    /// Two columns a week where the widest year fits so, else one.
    static func cellWidth(_ area: Rect) -> Int {
        area.width - labelWidth >= bandWeeks * 2 ? 2 : 1
    }

    /// The Monday on or before January 1st: the band's first column.
    static func bandStart(_ year: Int) -> Int {
        let first = CivilCalendar.dayNumber(year: year, month: 1, day: 1)
        return first - (CivilCalendar.weekday(dayNumber: first) - 1)
    }

    /// Keeps the cursor's year among the bands shown; the table changed under it (a reload),
    /// the days are worked out again, on the same series and day.
    public mutating func layout(in area: Rect) {
        if store.revision != scope.revision {
            self = CalendarView(series: store, selectedSeries: series, cursorTime: cursor.map(LocalDateTime.init(dayNumber:)))
        }
        guard let year = cursorYear, let firstYear, let lastYear else { return }
        let shown = Self.bandsShown(area)
        if year < topYear { topYear = year }
        if year >= topYear + shown { topYear = year - shown + 1 }
        topYear = max(firstYear, min(topYear, max(firstYear, lastYear - shown + 1)))
    }

    /// Where a day is drawn: its column and row, for the bands from `topYear`.
    func position(ofDay day: Int, in area: Rect) -> (x: Int, y: Int)? {
        let year = CivilCalendar.civil(dayNumber: day).year
        let band = year - topYear
        guard band >= 0, band < Self.bandsShown(area) else { return nil }
        let offset = day - Self.bandStart(year)
        let x = area.x + Self.labelWidth + (offset / 7) * Self.cellWidth(area)
        let y = area.y + Self.headerLines + band * Self.bandStride(area) + 1 + offset % 7
        guard x + Self.cellWidth(area) <= area.maxX, y < area.maxY else { return nil }
        return (x, y)
    }

    /// The day drawn at a screen cell, nil off the days held.
    func day(atX x: Int, y: Int, in area: Rect) -> Int? {
        let row = y - area.y - Self.headerLines
        guard row >= 0, x >= area.x + Self.labelWidth else { return nil }
        let band = row / Self.bandStride(area), line = row % Self.bandStride(area)
        guard band < Self.bandsShown(area), (1...7).contains(line) else { return nil }
        let year = topYear + band
        let day = Self.bandStart(year) + (x - area.x - Self.labelWidth) / Self.cellWidth(area) * 7 + line - 1
        guard CivilCalendar.civil(dayNumber: day).year == year, calendar.index(ofDay: day) != nil else { return nil }
        return day
    }

    // MARK: - Keys

    public var keymap: Keymap<Action> { Self.keys }

    private static let keys = Keymap<Action>([
        KeyBinding([.character("j"), .down], .days(1), "next day (down a weekday)"),
        KeyBinding([.character("k"), .up], .days(-1), "previous day"),
        KeyBinding([.character("l"), .right], .days(7), "next week"),
        KeyBinding([.character("h"), .left], .days(-7), "previous week"),
        KeyBinding([.pageDown, .character(" ")], .years(1), "the same day a year later"),
        KeyBinding(.pageUp, .years(-1), "the same day a year earlier"),
        KeyBinding([.character("g"), .home], .first, "first day"),
        KeyBinding([.character("G"), .end], .last, "last day"),
        KeyBinding(.character("c"), .nextSeries, "shade by the next series"),
    ], footer: [
        KeyHint("hjkl", "day/week", for: [.character("h"), .character("j"), .character("k"), .character("l")]),
        KeyHint("PgUp/PgDn", "year", for: [.pageUp, .pageDown]),
        KeyHint("c", "series", for: [.character("c")]),
    ])

    public mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        guard let cursor, let first = calendar.firstDay, let last = calendar.lastDay else { return [] }
        switch action {
        case .days(let days): self.cursor = min(max(first, cursor + days), last)
        case .years(let years):
            let (year, month, day) = CivilCalendar.civil(dayNumber: cursor)
            let target = CivilCalendar.dayNumber(year: year + years, month: month, day: min(day, CivilCalendar.daysInMonth(year: year + years, month: month)))
            self.cursor = min(max(first, target), last)
        case .first: self.cursor = first
        case .last: self.cursor = last
        case .nextSeries:
            let order = table.displayOrder
            guard order.count > 1 else { return [.message("only one series")] }
            series = order[((order.firstIndex(of: series) ?? 0) + 1) % order.count]
            calendar = SeriesCalendar(table, series: series, filter: filter, step: step)
            layout(in: area)
            return [.message("shading by \(seriesLabel)")]
        }
        layout(in: area)
        return []
    }

    /// The wheel moves the cursor a week a notch.
    public mutating func scroll(by lines: Int, in area: Rect) {
        _ = perform(.days(7 * lines.signum()), in: area)
    }

    public mutating func click(x: Int, y: Int, in area: Rect) -> [ViewEffect] {
        if let day = day(atX: x, y: y, in: area) { cursor = day }
        return []
    }

    // MARK: - Drawing

    public func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.fill(area, style: .plain)
        if let refusal = SeriesCalendar.refusal(step: step) {
            Placeholder.empty(refusal.prefix(1).uppercased() + refusal.dropFirst() + ".").render(into: &buffer, area: area, theme: theme)
            return
        }
        guard let cursor, let cursorIndex = calendar.index(ofDay: cursor) else {
            Placeholder.empty("No days to draw.").render(into: &buffer, area: area, theme: theme)
            return
        }
        var shown = self
        shown.layout(in: area)
        var heading = StyledLine("Calendar of daily \(isCount ? "totals" : "means") of \(seriesLabel)", theme.title)
        heading.append(", \(filter.summary(table))", theme.dim)
        buffer.draw(heading, x: area.x, y: area.y, maxWidth: area.width)
        if area.height > 1 { buffer.draw(readout(cursorIndex, theme: theme), x: area.x, y: area.y + 1, maxWidth: area.width) }
        if area.height > 2 { buffer.draw(legend(theme), x: area.x, y: area.y + 2, maxWidth: area.width) }
        guard let lastYear else { return }
        for band in 0..<Self.bandsShown(area) where shown.topYear + band <= lastYear {
            shown.renderBand(year: shown.topYear + band, top: area.y + Self.headerLines + band * Self.bandStride(area), into: &buffer, area: area, theme: theme)
        }
    }

    /// `Tue 2016-04-19  4,877 · 24 of 24 readings · busiest quarter`.
    private func readout(_ index: Int, theme: Theme) -> StyledLine {
        var line = StyledLine(DateText.shortDay(dayNumber: calendar.firstDay! + index), theme.title)
        let value = calendar.values[index]
        line.append("  " + (value.isNaN ? "no reading" : (isCount ? "total " : "mean ") + ChartNumber.value(value)))
        let readings = calendar.readings[index], whole = calendar.readingsPerDay
        line.append(" · \(NumberText.grouped(readings)) of \(NumberText.count(whole, "reading"))", theme.dim)
        switch calendar.day(index) {
        case .whole(let level): line.append(" · " + Self.levelNames[level])
        case .partial: line.append(" · partial: not shaded", theme.dim)
        case .missing: line.append(" · missing", theme.dim)
        case .excluded: line.append(" · not among the filter's days", theme.dim)
        }
        return line
    }

    static let levelNames = ["quietest quarter", "second quarter", "third quarter", "busiest quarter"]

    /// `quietest ░▒▓█ busiest  quartiles 1,594.5 2,453 3,405.5  ½ partial  — missing`.
    private func legend(_ theme: Theme) -> StyledLine {
        var line = StyledLine("quietest ", theme.dim)
        for level in 0..<SeriesCalendar.levels {
            let (glyph, style) = Self.cell(.whole(level: level), theme: theme)
            line.append(glyph == " " ? "  " : glyph + glyph, style)
        }
        line.append(" busiest", theme.dim)
        if !calendar.thresholds.isEmpty {
            line.append("  quartiles " + calendar.thresholds.map(ChartNumber.value).joined(separator: " "), theme.dim)
        }
        line.append("  ½ partial  — missing", theme.dim)
        return line
    }

    /// A day's glyph and style: shaded as the heatmap shades a level (backgrounds where the
    /// terminal has them, block densities without), partial and missing days by glyph alone.
    static func cell(_ day: SeriesCalendar.Day, theme: Theme) -> (glyph: String, style: Style) {
        switch day {
        case .excluded: return ("·", theme.dim)
        case .missing: return ("—", theme.dim)
        case .partial: return ("½", .plain)
        case .whole(let level):
            // Strengths inside each quarter of the heatmap's ramp: ░ ▒ ▓ █ without colour.
            return theme.heatmapCell(RowShade(direction: .level, strength: (Double(level) + 0.8) / Double(SeriesCalendar.levels)))
        }
    }

    private func renderBand(year: Int, top: Int, into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        guard top < area.maxY else { return }
        let width = Self.cellWidth(area), start = Self.bandStart(year)
        buffer.write(String(year), x: area.x, y: top, style: theme.title, maxWidth: Self.labelWidth)
        for month in 1...12 {
            let first = CivilCalendar.dayNumber(year: year, month: month, day: 1)
            let x = area.x + Self.labelWidth + (first - start) / 7 * width
            guard x + 3 <= area.maxX else { break }
            buffer.write(DateText.shortMonth(month), x: x, y: top, style: theme.columnHeader, maxWidth: 3)
        }
        for weekday in 0..<7 where top + 1 + weekday < area.maxY {
            buffer.write(String(DateText.weekdays[weekday].prefix(3)), x: area.x, y: top + 1 + weekday, style: theme.dim, maxWidth: Self.labelWidth)
        }
        let yearEnd = CivilCalendar.dayNumber(year: year + 1, month: 1, day: 1)
        for day in max(start, CivilCalendar.dayNumber(year: year, month: 1, day: 1))..<yearEnd {
            guard let index = calendar.index(ofDay: day), let (x, y) = position(ofDay: day, in: area) else { continue }
            var (glyph, style) = Self.cell(calendar.day(index), theme: theme)
            if day == cursor {
                style = theme.selected(style)
                if glyph == " " { glyph = "◆" }
            }
            // Shades fill both columns; a glyph that marks (½ —) stands alone.
            let blocks: Set<String> = [" ", "░", "▒", "▓", "█"]
            let text = width == 1 ? glyph : glyph + (blocks.contains(glyph) ? glyph : " ")
            buffer.write(text, x: x, y: y, style: style, maxWidth: width)
        }
    }
}
