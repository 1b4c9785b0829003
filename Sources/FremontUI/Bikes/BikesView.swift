import FremontCore

/// Draws the Bikes tab: summary and legend, column names, then the visible rows with a
/// separator before each day. Work depends on the viewport, never on the rows loaded.
extension BikesTab {
    public func render(into buffer: inout ScreenBuffer, area viewport: Rect, theme: Theme) {
        buffer.fill(viewport, style: .plain)
        guard let counts, !counts.rows.isEmpty else {
            let placeholder: Placeholder
            if counts == nil, let loadError {
                placeholder = .failed("No bike counts: \(loadError)")
            } else {
                placeholder = counts == nil ? .loading("Loading bike counts…") : .empty("No rows in \(sourceName).")
            }
            placeholder.render(into: &buffer, area: viewport, theme: theme)
            return
        }
        var area = viewport
        if Self.headerHeight(for: viewport) > 1 {
            let (top, rest) = area.splitTop(3)
            renderSummary(counts.summary, into: &buffer, area: top, theme: theme)
            area = rest
        }
        switch mode {
        case .table: renderTable(counts, into: &buffer, area: area, theme: theme)
        case .heatmap: renderHeatmap(counts, into: &buffer, area: area, theme: theme)
        }
    }

    // MARK: - Summary and legend

    private func renderSummary(_ summary: BikeSummary, into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        let x = area.x + 1, width = area.width - 2
        let ratio = summary.ratio.map { NumberText.grouped($0, decimals: 3) } ?? "—"
        let line1 = Self.fit([
            "▲ North \(NumberText.grouped(summary.northbound.total))",
            "▼ South \(NumberText.grouped(summary.southbound.total))",
            "Total \(NumberText.grouped(summary.total))",
            "N/S ratio \(ratio)",
            "\(NumberText.grouped(summary.averagePerDay, decimals: 1))/day over \(NumberText.count(summary.daysCovered, "day"))",
        ], width: width)
        buffer.write(line1, x: x, y: area.y, style: theme.title, maxWidth: width)

        var segments: [String] = []
        if let north = summary.northbound.maximum, let hour = summary.northbound.busiestHour {
            segments.append("Busiest ▲ \(north) \(DateText.compact(hour))")
        }
        if let south = summary.southbound.maximum, let hour = summary.southbound.busiestHour {
            segments.append("▼ \(south) \(DateText.compact(hour))")
        }
        segments.append(summary.missingHours == 0 ? "no hours missing" : "\(NumberText.grouped(summary.missingHours)) hours missing")
        if summary.rowsWithMissingCount > 0 { segments.append("\(NumberText.grouped(summary.rowsWithMissingCount)) rows missing a count") }
        buffer.write(Self.fit(segments, width: width), x: x, y: area.y + 1, style: .plain, maxWidth: width)

        // The legend: what the shades mean, drawn in the shades themselves.
        var column = x
        column += buffer.write("Shade: ", x: column, y: area.y + 2, style: theme.dim, maxWidth: x + width - column)
        for (label, shade) in [("▲ more north", BikeShade(direction: .north, strength: 0.9)),
                               ("▲ quiet", BikeShade(direction: .north, strength: 0.25)),
                               ("▼ more south", BikeShade(direction: .south, strength: 0.9)),
                               ("▼ quiet", BikeShade(direction: .south, strength: 0.25)),
                               ("= even", BikeShade(direction: .even, strength: 0))] {
            column += buffer.write(" \(label) ", x: column, y: area.y + 2, style: theme.shade(shade), maxWidth: x + width - column)
            column += buffer.write(" ", x: column, y: area.y + 2, maxWidth: x + width - column)
        }
        buffer.write(" — missing", x: column, y: area.y + 2, style: theme.dim, maxWidth: x + width - column)
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

    /// Column widths for a width: the full tutorial date when it fits, a compact one otherwise.
    struct Columns {
        var fullDate: Bool
        var date: Int
        var count = 7
        var showTotal: Bool
        var bar: Int

        init(width: Int) {
            // "Wednesday, September 30, 2016 12:00 PM" is the longest full date: 38 columns.
            fullDate = width >= 72
            date = fullDate ? 39 : 21
            showTotal = width >= 44
            let used = 2 + date + 2 * count + (showTotal ? count : 0) + 2
            bar = max(0, min(24, width - used - 1))
        }
    }

    private func renderTable(_ counts: BikeCounts, into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        let columns = Columns(width: area.width)
        let (headerArea, list) = area.splitTop(1)
        var header = "  " + TextLayout.padRight("Date", to: columns.date)
            + TextLayout.padLeft("North", to: columns.count) + TextLayout.padLeft("South", to: columns.count)
        if columns.showTotal { header += TextLayout.padLeft("Total", to: columns.count) }
        buffer.write(header, x: headerArea.x, y: headerArea.y, style: theme.columnHeader, maxWidth: headerArea.width)

        let maxTotal = maxHourTotal
        ListView.render(table, layout, area: list, indicator: false, into: &buffer, theme: theme) { row, line, y, buffer in
            if line == 0, layout.isFirstOfDay(row) {
                renderSeparator(day: layout.day(ofRow: row), counts: counts, y: y, area: list, buffer: &buffer, theme: theme)
            } else {
                renderRow(counts.rows[row], isSelected: row == selectedRow, counts: counts, columns: columns,
                          maxTotal: maxTotal, y: y, area: list, buffer: &buffer, theme: theme)
            }
        }
    }

    private func renderSeparator(day: Int, counts: BikeCounts, y: Int, area: Rect, buffer: inout ScreenBuffer, theme: Theme) {
        let date = counts.rows[layout.dayFirstRow[day]].date
        let totals = counts.summary.days.indices.contains(day) ? counts.summary.days[day] : nil
        let label = area.width >= 60 ? DateText.day(date) : DateText.compact(date).prefix(14).description
        var text = "── \(label) "
        let right = totals.map { " ▲\(NumberText.grouped($0.northbound)) ▼\(NumberText.grouped($0.southbound)) = \(NumberText.grouped($0.total)) ──" } ?? ""
        let fill = area.width - DisplayWidth.of(text) - DisplayWidth.of(right)
        if !right.isEmpty, fill >= 3 {
            text += String(repeating: "─", count: fill) + right
        } else {
            text += String(repeating: "─", count: max(0, area.width - DisplayWidth.of(text)))
        }
        buffer.write(text, x: area.x, y: y, style: theme.separator, maxWidth: area.width)
    }

    private func renderRow(_ row: BikeRow, isSelected: Bool, counts: BikeCounts, columns: Columns, maxTotal: Int,
                           y: Int, area: Rect, buffer: inout ScreenBuffer, theme: Theme) {
        let shade = counts.shade(for: row)
        var style = theme.shade(shade)
        if isSelected { style = theme.selected(style) }
        buffer.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: style)
        let marker: String
        switch shade.direction {
        case .north: marker = "▲"
        case .south: marker = "▼"
        case .even: marker = row.isMissingACount ? " " : "="
        }
        let date = columns.fullDate ? DateText.full(row.date) : DateText.compact(row.date)  // compact: 20 columns
        var text = marker + " " + TextLayout.padRight(date, to: columns.date)
        text += TextLayout.padLeft(row.northbound.map(NumberText.grouped) ?? BikeExport.missing, to: columns.count)
        text += TextLayout.padLeft(row.southbound.map(NumberText.grouped) ?? BikeExport.missing, to: columns.count)
        if columns.showTotal { text += TextLayout.padLeft(row.total.map(NumberText.grouped) ?? BikeExport.missing, to: columns.count) }
        var line = StyledLine(text, style)
        if columns.bar > 0, let total = row.total {
            line.append("  " + Self.bar(Double(total) / Double(maxTotal), width: columns.bar), style)
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
    private func renderHeatmap(_ counts: BikeCounts, into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
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
        ListView.render(days, UniformMetrics(count: layout.dayCount), area: dayArea, indicator: false, into: &buffer, theme: theme) { day, _, y, buffer in
            let first = layout.dayFirstRow[day]
            let end = day + 1 < layout.dayCount ? layout.dayFirstRow[day + 1] : counts.rows.count
            let label = DateText.compact(counts.rows[first].date).prefix(14)
            let labelStyle = day == selectedDay ? theme.title.adding(.reverse) : theme.title
            buffer.write(TextLayout.padRight(String(label), to: labelWidth), x: area.x, y: y, style: labelStyle, maxWidth: labelWidth)
            for hour in 0..<24 {
                buffer.write("·", x: area.x + labelWidth + hour * cellWidth, y: y, style: theme.dim, maxWidth: 1)
            }
            for index in first..<end {
                let row = counts.rows[index]
                let shade = counts.shade(for: row)
                var style = theme.shade(shade)
                var glyph = row.isMissingACount ? "—" : (theme.colors == .none ? Self.markerGlyph(shade) : " ")
                if index == selectedRow {
                    style = theme.selected(style)
                    if glyph == " " { glyph = "◆" }
                }
                let cell = TextLayout.padRight(glyph, to: cellWidth)
                buffer.write(cell, x: area.x + labelWidth + row.date.hour * cellWidth, y: y, style: style, maxWidth: cellWidth)
            }
        }
    }

    /// Without colour, the heatmap shows direction and strength as glyphs.
    static func markerGlyph(_ shade: BikeShade) -> String {
        switch shade.direction {
        case .even: return "·"
        case .north: return shade.strength >= 0.5 ? "▲" : "△"
        case .south: return shade.strength >= 0.5 ? "▼" : "▽"
        }
    }
}
