import FremontCore

extension SeriesFilter {
    /// What the filter keeps, in a few words for a header (`weekdays, 2016-04-01 – 2016-04-30,
    /// Northbound ≥ 100`); `all days` when it keeps everything.
    func summary(_ table: SeriesTable) -> String {
        var parts: [String] = []
        switch days {
        case .all: break
        case .weekdays: parts.append("weekdays")
        case .weekends: parts.append("weekends")
        }
        switch (from, to) {
        case let (from?, to?): parts.append("\(from.isoDateString) – \(to.isoDateString)")
        case let (from?, nil): parts.append("from \(from.isoDateString)")
        case let (nil, to?): parts.append("to \(to.isoDateString)")
        case (nil, nil): break
        }
        if let minimum, table.series.indices.contains(minimum.series) {
            let name = TextLayout.truncate(TerminalSafeText.singleLine(table.series[minimum.series].label), to: 20)
            parts.append("\(name) ≥ \(ValueText.readable(minimum.value))")
        }
        return parts.isEmpty ? "all days" : parts.joined(separator: ", ")
    }
}
