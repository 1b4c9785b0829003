import Foundation
import FremontCore

/// The Bikes tab: the hourly table (or the heatmap) of the loaded counts, with the summary.
/// State only; `BikesView` draws it.
public struct BikesTab: Sendable {
    public enum Mode: Sendable { case table, heatmap }

    public private(set) var counts: BikeCounts?
    public private(set) var sourceName = ""
    public private(set) var selectedRow = 0
    /// The first list line shown (table mode) or the first day shown (heatmap mode).
    public private(set) var topLine = 0
    public private(set) var topDay = 0
    public private(set) var mode = Mode.table
    var layout = BikeTableLayout(rows: [])
    /// Why there is nothing to show, when the first load failed.
    public private(set) var loadError: String?
    /// The busiest hour's total, which a full bar stands for.
    private(set) var maxHourTotal = 1

    public init() {}

    public var isEmpty: Bool { counts?.rows.isEmpty ?? true }
    public var rows: [BikeRow] { counts?.rows ?? [] }

    /// New data: the selection stays on the same hour when the new data has it.
    /// A failed load: what was shown stays; with nothing shown yet, the tab says why.
    public mutating func loadFailed(_ message: String) {
        loadError = message
    }

    public mutating func show(_ counts: BikeCounts, source: String) {
        loadError = nil
        let keptDate = self.counts.flatMap { $0.rows.indices.contains(selectedRow) ? $0.rows[selectedRow].date : nil }
        self.counts = counts
        sourceName = source
        layout = BikeTableLayout(rows: counts.rows)
        maxHourTotal = max(1, counts.rows.lazy.compactMap(\.total).max() ?? 1)
        selectedRow = 0
        topLine = 0
        topDay = 0
        if let keptDate, let index = Self.firstIndex(in: counts.rows, atOrAfter: keptDate) { selectedRow = index }
    }

    public static let hints: [KeyHint] = [
        KeyHint("j/k", "move"), KeyHint("PgUp/PgDn", "page"), KeyHint("[ ]", "day"),
        KeyHint("/", "find date"), KeyHint("h", "heatmap"),
    ]

    /// The header rows above the list (summary, legend, column names) for a viewport height.
    static func headerHeight(for viewport: Rect) -> Int {
        viewport.height >= 14 ? 4 : 1
    }

    static func listHeight(for viewport: Rect) -> Int {
        max(1, viewport.height - headerHeight(for: viewport))
    }

    public mutating func handle(_ key: Key, viewport: Rect) -> TabOutcome {
        guard !isEmpty else { return .ignored }
        let page = max(1, Self.listHeight(for: viewport) - 1)
        if mode == .heatmap { return handleHeatmap(key, viewport: viewport) }
        switch key {
        case .character("j"), .down: select(selectedRow + 1, viewport)
        case .character("k"), .up: select(selectedRow - 1, viewport)
        case .pageDown, .character(" "), .control("f"): select(selectedRow + page, viewport, scrollBy: page)
        case .pageUp, .control("b"): select(selectedRow - page, viewport, scrollBy: -page)
        case .character("g"), .home: select(0, viewport)
        case .character("G"), .end: select(rows.count - 1, viewport)
        case .character("]"): jumpDay(by: 1, viewport)
        case .character("["): jumpDay(by: -1, viewport)
        case .character("h"):
            mode = .heatmap
            keepDayVisible(viewport)
        default: return .ignored
        }
        return .handled
    }

    public mutating func scroll(by lines: Int, viewport: Rect) {
        guard !isEmpty else { return }
        if mode == .heatmap {
            moveDay(to: layout.day(ofRow: selectedRow) + lines, viewport)
        } else {
            select(selectedRow + lines, viewport)
        }
    }

    /// A click on the list selects the row (or day) under the pointer.
    public mutating func click(x: Int, y: Int, viewport: Rect) -> TabOutcome {
        guard !isEmpty else { return .ignored }
        let listTop = viewport.y + Self.headerHeight(for: viewport)
        guard y >= listTop, y < viewport.maxY else { return .ignored }
        if mode == .heatmap {
            let day = topDay + (y - listTop)
            guard day < layout.dayCount else { return .ignored }
            moveDay(to: day, viewport)
            return .handled
        }
        let line = topLine + (y - listTop)
        guard line < layout.lineCount else { return .ignored }
        switch layout.content(ofLine: line) {
        case .row(let row): select(row, viewport)
        case .separator(let day): select(layout.dayFirstRow[day], viewport)
        }
        return .handled
    }

    /// Keeps the selection visible after a resize.
    public mutating func resize(viewport: Rect) {
        guard !isEmpty else { return }
        if mode == .heatmap { keepDayVisible(viewport) } else { keepSelectionVisible(viewport) }
    }

    /// Finds the next (or previous) hour matching `query`: a date or time in any form the
    /// parsers read (`2016-04-19`, `04/19/2016 8:00 AM`), or words of the shown date
    /// (`april 19`, `tuesday`, `8:00 am`).
    public mutating func search(_ query: String, forward: Bool, viewport: Rect) -> TabOutcome {
        guard !isEmpty else { return .ignored }
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .ignored }
        let rows = self.rows
        let match: (BikeRow) -> Bool
        if let date = LocalDateTimeParser.parse(trimmed) {
            let dayOnly = !trimmed.contains(":")
            match = { dayOnly ? $0.date.startOfDay == date.startOfDay && (date.hour == 0 || $0.date.hour == date.hour) : $0.date == date }
        } else {
            let words = trimmed.lowercased().split(separator: " ").map(String.init)
            match = { row in
                let shown = DateText.full(row.date).lowercased().replacingOccurrences(of: ",", with: "")
                return words.allSatisfy { shown.contains($0) }
            }
        }
        let count = rows.count
        for step in 1...count {
            let index = forward ? (selectedRow + step) % count : (selectedRow - step + count) % count
            if match(rows[index]) {
                select(index, viewport)
                if mode == .heatmap { keepDayVisible(viewport) }
                return .handled
            }
        }
        return .message("no hour matches \(TextLayout.truncate(trimmed, to: 30))")
    }

    // MARK: - Moving

    private mutating func select(_ row: Int, _ viewport: Rect, scrollBy: Int = 0) {
        selectedRow = min(max(0, row), rows.count - 1)
        if scrollBy != 0 {
            // Paging moves the view with the selection, as pagers do.
            topLine = min(max(0, topLine + scrollBy), max(0, layout.lineCount - Self.listHeight(for: viewport)))
        }
        keepSelectionVisible(viewport)
    }

    private mutating func keepSelectionVisible(_ viewport: Rect) {
        let height = Self.listHeight(for: viewport)
        let line = layout.line(ofRow: selectedRow)
        // Show the day's separator too when the selection is its first row.
        let wanted = layout.dayFirstRow[layout.day(ofRow: selectedRow)] == selectedRow ? line - 1 : line
        if wanted < topLine { topLine = wanted }
        if line >= topLine + height { topLine = line - height + 1 }
        topLine = min(max(0, topLine), max(0, layout.lineCount - 1))
    }

    private mutating func jumpDay(by delta: Int, _ viewport: Rect) {
        let day = layout.day(ofRow: selectedRow)
        let firstOfDay = layout.dayFirstRow[day]
        let target: Int
        if delta < 0, selectedRow != firstOfDay {
            target = firstOfDay
        } else {
            target = layout.dayFirstRow[min(max(0, day + delta), layout.dayCount - 1)]
        }
        select(target, viewport)
        // Bring the day's start to the top, so the whole day shows.
        topLine = min(layout.line(ofRow: target) - 1, max(0, layout.lineCount - Self.listHeight(for: viewport)))
        topLine = max(0, topLine)
    }

    private mutating func handleHeatmap(_ key: Key, viewport: Rect) -> TabOutcome {
        let day = layout.day(ofRow: selectedRow)
        let page = max(1, Self.listHeight(for: viewport) - 1)
        switch key {
        case .character("j"), .down, .character("]"): moveDay(to: day + 1, viewport)
        case .character("k"), .up, .character("["): moveDay(to: day - 1, viewport)
        case .pageDown, .character(" "): moveDay(to: day + page, viewport)
        case .pageUp: moveDay(to: day - page, viewport)
        case .character("g"), .home: moveDay(to: 0, viewport)
        case .character("G"), .end: moveDay(to: layout.dayCount - 1, viewport)
        case .character("l"), .right: select(min(selectedRow + 1, rows.count - 1), viewport); keepDayVisible(viewport)
        case .left: select(max(selectedRow - 1, 0), viewport); keepDayVisible(viewport)
        case .character("h"), .enter, .escape:
            mode = .table
            keepSelectionVisible(viewport)
        default: return .ignored
        }
        return .handled
    }

    /// Moves to `day`, keeping the selected hour of day where the new day has it.
    private mutating func moveDay(to day: Int, _ viewport: Rect) {
        let target = min(max(0, day), layout.dayCount - 1)
        let hour = rows[selectedRow].date.hour
        let first = layout.dayFirstRow[target]
        let end = target + 1 < layout.dayCount ? layout.dayFirstRow[target + 1] : rows.count
        selectedRow = (first..<end).first { rows[$0].date.hour >= hour } ?? end - 1
        keepDayVisible(viewport)
    }

    private mutating func keepDayVisible(_ viewport: Rect) {
        let height = Self.listHeight(for: viewport) - 1  // the hour ruler takes a line
        let day = layout.day(ofRow: selectedRow)
        if day < topDay { topDay = day }
        if day >= topDay + max(1, height) { topDay = day - max(1, height) + 1 }
        topDay = min(max(0, topDay), max(0, layout.dayCount - 1))
    }

    static func firstIndex(in rows: [BikeRow], atOrAfter date: LocalDateTime) -> Int? {
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle].date < date { low = middle + 1 } else { high = middle }
        }
        return low < rows.count ? low : (rows.isEmpty ? nil : rows.count - 1)
    }
}
