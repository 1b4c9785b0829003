import FremontCore

/// Draws the Table tab: summary and legend, column names, then the visible rows with a
/// separator before each day. Work depends on the viewport, never on the rows loaded.
extension TableTab {
    public func render(into buffer: inout ScreenBuffer, area viewport: Rect, theme: Theme) {
        buffer.fill(viewport, style: .plain)
        guard let table, let summary, !table.isEmpty else {
            let placeholder: Placeholder
            if table == nil, let loadError {
                placeholder = .failed("No data: \(loadError)")
            } else {
                placeholder = table == nil ? .loading("Loading counts…") : .empty("No rows in \(sourceName).")
            }
            placeholder.render(into: &buffer, area: viewport, theme: theme)
            return
        }
        var area = viewport
        if Self.headerHeight(for: viewport) > 1 {
            let (top, rest) = area.splitTop(3)
            renderSummary(summary, table: table, into: &buffer, area: top, theme: theme)
            area = rest
        }
        switch mode {
        case .table: renderTable(table, into: &buffer, area: area, theme: theme)
        case .heatmap: renderHeatmap(table, into: &buffer, area: area, theme: theme)
        }
    }

    // MARK: - Summary and legend

    private func renderSummary(_ summary: SeriesSummary, table: SeriesTable, into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        let x = area.x + 1, width = area.width - 2
        var totals: [String] = []
        var busiest: [String] = []
        for index in table.displayOrder {
            let series = table.series[index]
            let column = summary.columns[index]
            let label: String
            switch series.role {
            case .northbound: label = "▲ North"
            case .southbound: label = "▼ South"
            case .total: label = "Total"
            case .other: label = TextLayout.truncate(TerminalSafeText.singleLine(series.name), to: 24)
            }
            // A measure (a temperature) is averaged, never added up.
            if series.kind == .measure {
                let range = column.minimum.map { " (\(SeriesExport.grouped($0))…\(SeriesExport.grouped(column.maximum ?? $0)))" } ?? ""
                totals.append("\(label) mean \(column.mean.map { NumberText.grouped($0, decimals: 2) } ?? SeriesExport.missing)\(range)")
                continue
            }
            totals.append("\(label) \(SeriesExport.grouped(column.total))")
            if series.role != .total || !shadeRule.isDirectional, let maximum = column.maximum, let hour = column.busiestHour {
                let short = series.role == .northbound ? "▲" : series.role == .southbound ? "▼" : label
                let when = summary.step.isDailyOrLonger ? hour.isoDateString : DateText.compact(hour)
                let unit = summary.step.isSubHourly ? "hour" : summary.step.unit
                let word = unit == "hour" ? "Busiest " : "Busiest \(unit) "
                busiest.append("\(busiest.isEmpty ? word : "")\(short) \(SeriesExport.grouped(maximum)) \(when)")
            }
        }
        if table.computesTotal, let total = summary.total { totals.append("Total \(SeriesExport.grouped(total))") }
        if let ratio = summary.ratio { totals.append("N/S ratio \(NumberText.grouped(ratio, decimals: 3))") }
        if let average = summary.averagePerDay, !summary.step.isDailyOrLonger {
            // Over the days with a count: a month-long outage is not 30 quiet days.
            let days = summary.daysWithTotal == summary.daysCovered
                ? NumberText.count(summary.daysCovered, "day") : "\(NumberText.count(summary.daysWithTotal, "day")) with a count"
            totals.append("\(NumberText.grouped(average, decimals: 1))/day over \(days)")
        } else {
            totals.append(NumberText.count(summary.daysCovered, "day"))
        }
        buffer.write(Self.fit(totals, width: width), x: x, y: area.y, style: theme.title, maxWidth: width)

        var segments = busiest
        // Under a filter of days or values, the readings left out are not missing: else an
        // outage comes first, in the table's own step ("507 hours without a count; longest …").
        if lens?.filter.days == .all, lens?.filter.minimum == nil {
            if summary.outages.missing > 0 {
                segments.insert(SeriesSummaryReport.headline(summary), at: 0)
            } else {
                segments.append("no \(summary.step.unit)s missing")
            }
        }
        if summary.rowsWithMissingValue > 0 { segments.append("\(NumberText.grouped(summary.rowsWithMissingValue)) rows missing a value") }
        buffer.write(Self.fit(segments, width: width), x: x, y: area.y + 1, style: .plain, maxWidth: width)

        // The legend: what the shades mean, drawn in the shades themselves.
        var column = x
        column += buffer.write("Shade: ", x: column, y: area.y + 2, style: theme.dim, maxWidth: x + width - column)
        let legend: [(String, RowShade)]
        if shadeRule.isDirectional {
            legend = [("▲ more north", RowShade(direction: .north, strength: 0.9)),
                      ("▲ quiet", RowShade(direction: .north, strength: 0.25)),
                      ("▼ more south", RowShade(direction: .south, strength: 0.9)),
                      ("▼ quiet", RowShade(direction: .south, strength: 0.25)),
                      ("= even", RowShade(direction: .even, strength: 0))]
        } else {
            let name = TextLayout.truncate(TerminalSafeText.singleLine(table.series[shadedSeries].label), to: 24)
            // A measure (a temperature) is high or low, not busy or quiet.
            let measure = table.series[shadedSeries].kind == .measure
            legend = [("\(name): \(measure ? "high" : "busy")", RowShade(direction: .level, strength: 0.9)),
                      (measure ? "low" : "quiet", RowShade(direction: .level, strength: 0.25))]
        }
        for (label, shade) in legend {
            column += buffer.write(" \(label) ", x: column, y: area.y + 2, style: theme.shade(shade), maxWidth: x + width - column)
            column += buffer.write(" ", x: column, y: area.y + 2, maxWidth: x + width - column)
        }
        let hint = shadeRule.isDirectional || table.series.count < 2 ? " — missing" : " — missing   c: shade by the next series"
        buffer.write(hint, x: column, y: area.y + 2, style: theme.dim, maxWidth: x + width - column)
    }

    /// Joins as many whole segments as fit in `width`, in order of importance.
    static func fit(_ segments: [String], width: Int) -> String {
        var out = ""
        for segment in segments {
            let candidate = out.isEmpty ? segment : out + "  " + segment
            if DisplayWidth.of(candidate) > width { break }
            out = candidate
        }
        return out
    }

    // MARK: - Table

    /// Column widths for a width: the full tutorial date when it fits, a compact one otherwise;
    /// as many series as fit, in reading order, then the two directions' total where the source
    /// has none, then a bar.
    struct Columns {
        var fullDate: Bool
        var date: Int
        /// The series shown (table indices) and their headers; nil for the computed total.
        var shown: [(series: Int?, label: String, width: Int)] = []
        var bar: Int

        init(width: Int, table: SeriesTable, granularity: SeriesGranularity = .hour, valueWidths: [Int] = [], totalWidth: Int = 0) {
            var labels: [(Int?, String)] = table.displayOrder.map { index in
                let series = table.series[index]
                switch series.role {
                case .northbound: return (index, "North")
                case .southbound: return (index, "South")
                case .total: return (index, "Total")
                case .other: return (index, TerminalSafeText.singleLine(series.name))
                }
            }
            if table.computesTotal { labels.append((nil, "Total")) }
            let widths = labels.map { label in
                let values = label.0.map { valueWidths.indices.contains($0) ? valueWidths[$0] : 0 } ?? totalWidth
                return max(7, min(14, DisplayWidth.of(label.1) + 1), values + 2)
            }
            // "Wednesday, September 30, 2016 12:00 PM" is the longest full date: 38 columns.
            let allSeries = widths.reduce(0, +)
            fullDate = width >= 2 + 39 + allSeries + 8
            // Periods name themselves in fewer columns: "Wednesday, September 30, 2016", "Week of Mon 2016-04-18".
            switch granularity {
            case .hour: date = fullDate ? 39 : 21
            case .day: date = fullDate ? 30 : 15
            case .week: date = 23
            case .month: date = 16
            case .year: date = 6
            }
            var used = 2 + date
            for (label, columnWidth) in zip(labels, widths) where used + columnWidth <= width {
                shown.append((label.0, TextLayout.truncate(label.1, to: columnWidth - 1), columnWidth))
                used += columnWidth
            }
            bar = max(0, min(24, width - used - 3))
        }
    }

    private func renderTable(_ table: SeriesTable, into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        let columns = Columns(width: area.width, table: table, granularity: granularity, valueWidths: valueWidths,
                              totalWidth: SeriesExport.grouped(maxBarValue).count)
        let (headerArea, list) = area.splitTop(1)
        let period = ["hour": "Date", "day": "Day", "week": "Week", "month": "Month", "year": "Year"][granularity.rawValue] ?? "Date"
        var header = "  " + TextLayout.padRight(period, to: columns.date)
        for column in columns.shown {
            var label = column.label
            if let sort = lens?.sort, let series = column.series, sort.column == .series(series) { label = (sort.descending ? "↓" : "↑") + label }
            if let sort = lens?.sort, column.series == nil, sort.column == .total { label = (sort.descending ? "↓" : "↑") + label }
            header += TextLayout.padLeft(TextLayout.truncate(label, to: column.width - 1), to: column.width)
        }
        buffer.write(header, x: headerArea.x, y: headerArea.y, style: theme.columnHeader, maxWidth: headerArea.width)
        // What the rows are, on the right: the filter and how many.
        if let lens, !lens.filter.keepsEverything || granularity != .hour {
            let note = " " + TerminalSafeText.singleLine([lens.filter.keepsEverything ? "" : lens.description, NumberText.count(lens.count, granularity.rawValue)]
                .filter { !$0.isEmpty }.joined(separator: " · ")) + " "
            let width = DisplayWidth.of(note)
            let used = DisplayWidth.of(header)
            if used + width + 1 <= headerArea.width {
                buffer.write(note, x: headerArea.x + headerArea.width - width, y: headerArea.y, style: theme.dim, maxWidth: width)
            }
        }

        ListView.render(rowList, layout, area: list, indicator: false, into: &buffer, theme: theme) { position, line, y, buffer in
            let row = lens?.row(atPosition: position) ?? position
            if line == 0, layout.isFirstOfDay(position) {
                renderSeparator(day: layout.day(ofRow: position), table: table, y: y, area: list, buffer: &buffer, theme: theme)
            } else {
                renderRow(row, isSelected: row == selectedRow, table: table, columns: columns,
                          y: y, area: list, buffer: &buffer, theme: theme)
            }
        }
    }

    private func renderSeparator(day: Int, table: SeriesTable, y: Int, area: Rect, buffer: inout ScreenBuffer, theme: Theme) {
        let date = table.times[layout.dayFirstRow[day]]
        let summaryDay = summary.flatMap { $0.days.indices.contains(day) ? $0.days[day] : nil }
        let totals = summaryDay?.totals
        let label = area.width >= 60 ? DateText.day(date) : DateText.compact(date).prefix(14).description
        var text = "── \(label) "
        var right = ""
        if let totals {
            if shadeRule.isDirectional, let north = table.index(of: .northbound), let south = table.index(of: .southbound) {
                let total = table.index(of: .total).map { totals[$0] } ?? totals[north] + totals[south]
                right = " ▲\(SeriesExport.grouped(totals[north])) ▼\(SeriesExport.grouped(totals[south])) = \(SeriesExport.grouped(total)) ──"
            } else if let total = table.index(of: .total) {
                // The source's own total says the day best, whichever series shades the rows.
                right = " Total \(SeriesExport.grouped(totals[total])) ──"
            } else if table.series.indices.contains(shadedSeries) {
                let name = TextLayout.truncate(TerminalSafeText.singleLine(table.series[shadedSeries].label), to: 20)
                // A measure's day is its mean, never a sum of temperatures.
                let kind = table.series[shadedSeries].kind
                let value = summaryDay?.value(shadedSeries, kind: kind).map { kind == .measure ? "mean " + NumberText.grouped($0, decimals: 1) : SeriesExport.grouped($0) } ?? SeriesExport.missing
                right = " \(name) \(value) ──"
            }
        }
        let fill = area.width - DisplayWidth.of(text) - DisplayWidth.of(right)
        if !right.isEmpty, fill >= 3 {
            text += String(repeating: "─", count: fill) + right
        } else {
            text += String(repeating: "─", count: max(0, area.width - DisplayWidth.of(text)))
        }
        buffer.write(text, x: area.x, y: y, style: theme.separator, maxWidth: area.width)
    }

    private func renderRow(_ row: Int, isSelected: Bool, table: SeriesTable, columns: Columns,
                           y: Int, area: Rect, buffer: inout ScreenBuffer, theme: Theme) {
        let shade = shadeRule.shade(table, row: row)
        var style = theme.shade(shade)
        if isSelected { style = theme.selected(style) }
        buffer.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: style)
        let marker: String
        switch shade.direction {
        case .north: marker = "▲"
        case .south: marker = "▼"
        case .even: marker = table.isMissingAValue(row) ? " " : "="
        case .level: marker = " "
        }
        let date = lens?.periodText(row, full: columns.fullDate) ?? DateText.compact(table.times[row])  // compact: 20 columns
        // A period with readings missing is marked, so its total is read as partial.
        let partial = (lens?.periodMissing.map { $0.indices.contains(row) && $0[row] > 0 }) ?? false
        var text = marker + (partial ? "?" : " ") + TextLayout.padRight(date, to: columns.date)
        for column in columns.shown {
            let value = column.series.map { table.value($0, row) } ?? table.total(row)
            let decimals = column.series.map { valueDecimals.indices.contains($0) ? valueDecimals[$0] : 0 } ?? 0
            text += TextLayout.padLeft(value.map { Self.valueText($0, decimals: decimals) } ?? SeriesExport.missing, to: column.width)
        }
        var line = StyledLine(text, style)
        if columns.bar > 0, let value = barValue(table, row) {
            line.append("  ", style)
            line.append(Self.bar((value - minBarValue) / (maxBarValue - minBarValue), width: columns.bar), isSelected ? style : theme.bar(onRow: style, shade: shade))
        }
        buffer.draw(line, x: area.x, y: y, maxWidth: area.width)
    }

    /// A horizontal bar in eighths of a cell.
    static func bar(_ fraction: Double, width: Int) -> String {
        let eighths = Int((min(1, max(0, fraction)) * Double(width * 8)).rounded())
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
    }

    // MARK: - Heatmap

    /// Days down, 24 hours across, each cell shaded by the same rule as the table's rows.
    private func renderHeatmap(_ table: SeriesTable, into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        let labelWidth = 16
        let cellWidth = max(1, min(3, (area.width - labelWidth - 1) / 24))
        var ruler = TextLayout.padRight("Day / hour", to: labelWidth)
        // Hour labels where they fit without running together.
        let every = cellWidth >= 3 ? 1 : (cellWidth == 2 ? 3 : 6)
        var hour = 0
        while hour < 24 {
            ruler += TextLayout.padRight(hour % every == 0 ? String(hour) : "", to: cellWidth * (hour % every == 0 ? every : 1))
            hour += hour % every == 0 ? every : 1
        }
        buffer.write(ruler, x: area.x, y: area.y, style: theme.columnHeader, maxWidth: area.width)
        let selectedDay = layout.day(ofRow: selectedRow)
        let dayArea = Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)
        let spanHours = table.times[0].hourNumber...table.times[table.rowCount - 1].hourNumber
        let missing = Cell("—", style: theme.dim)
        let cellsX = area.x + labelWidth
        ListView.render(days, UniformMetrics(count: layout.dayCount), area: dayArea, indicator: false, into: &buffer, theme: theme) { day, _, y, buffer in
            let first = layout.dayFirstRow[day]
            let end = day + 1 < layout.dayCount ? layout.dayFirstRow[day + 1] : table.rowCount
            let label = DateText.compact(table.times[first]).prefix(14)
            let labelStyle = day == selectedDay ? theme.title.adding(.reverse) : theme.title
            buffer.write(TextLayout.padRight(String(label), to: labelWidth), x: area.x, y: y, style: labelStyle, maxWidth: labelWidth)
            // An hour of the span without a row is missing, drawn as a blank row is ("—"), never as
            // an even hour ("·" without colour); hours before the first row or after the last are
            // outside the span and stay empty.
            // Cells set whole (every glyph here is one column): no text measured per cell.
            let dayFirstHour = table.times[first].startOfDay.hourNumber
            for hour in 0..<24 where spanHours.contains(dayFirstHour + hour) {
                buffer.fill(Rect(x: cellsX + hour * cellWidth, y: y, width: 1, height: 1), with: missing)
            }
            for index in first..<end {
                var (glyph, style) = theme.heatmapCell(shadeRule.shade(table, row: index))
                if table.isMissingAValue(index) { glyph = "—" }
                if index == selectedRow {
                    style = theme.selected(style)
                    if glyph == " " { glyph = "◆" }
                }
                let x = cellsX + table.times[index].hour * cellWidth
                buffer.fill(Rect(x: x, y: y, width: 1, height: 1), with: Cell(glyph, style: style))
                if cellWidth > 1 { buffer.fill(Rect(x: x + 1, y: y, width: cellWidth - 1, height: 1), with: Cell(" ", style: style)) }
            }
        }
    }
}
