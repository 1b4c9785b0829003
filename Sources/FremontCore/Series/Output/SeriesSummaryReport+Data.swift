/// The summary for a program: the same numbers as the text, as JSON or as CSV (a row a series).
extension SeriesSummaryReport {
    /// `{"title","first","last","rows","step","total","averagePerDay","ratio","missing","rowsWithMissingValue","series":[…]}`,
    /// each series with its kind, total (counts), mean, min, max, average per day and busiest reading.
    public static func json(_ summary: SeriesSummary, title: String) -> String {
        func number(_ value: Double?) -> String { value.map(SeriesExport.number) ?? "null" }
        func time(_ value: LocalDateTime?) -> String { value.map { JSONText.string($0.isoString) } ?? "null" }
        var out = "{\"title\":\(JSONText.string(title)),\"first\":\(time(summary.first)),\"last\":\(time(summary.last))"
        out += ",\"rows\":\(summary.rowCount),\"step\":\(JSONText.string(summary.step.description))"
        out += ",\"total\":\(number(summary.total)),\"averagePerDay\":\(number(summary.averagePerDay)),\"ratio\":\(number(summary.ratio))"
        out += ",\"missing\":\(summary.missingHours),\"rowsWithMissingValue\":\(summary.rowsWithMissingValue),\"series\":["
        out += Series.readingOrder(summary.series).map { index in
            let series = summary.series[index], column = summary.columns[index]
            let isCount = series.kind == .count
            return "\n{\"name\":\(JSONText.string(series.name)),\"label\":\(JSONText.string(series.label))"
                + ",\"kind\":\(JSONText.string(isCount ? "count" : "measure")),\"total\":\(isCount ? number(column.total) : "null")"
                + ",\"mean\":\(number(column.mean)),\"min\":\(number(column.minimum)),\"max\":\(number(column.maximum))"
                + ",\"averagePerDay\":\(isCount ? number(column.averagePerDay) : "null"),\"busiest\":\(time(column.busiestHour))}"
        }.joined(separator: ",")
        return out + "\n]}\n"
    }

    /// `series,kind,total,mean,min,max,average_per_day,busiest`, a row a series, then `all` with
    /// the total and average per day where the table has one.
    public static func csv(_ summary: SeriesSummary, audience: CSVAudience = .program) -> String {
        let writer = CSVWriter(lineEnding: .lf, audience: audience)
        func number(_ value: Double?) -> CSVWriter.Cell { .number(value.map(SeriesExport.number) ?? "") }
        var out = writer.row(["series", "kind", "total", "mean", "min", "max", "average_per_day", "busiest"])
        for index in Series.readingOrder(summary.series) {
            let series = summary.series[index], column = summary.columns[index]
            let isCount = series.kind == .count
            out += writer.row([.text(series.name), .text(isCount ? "count" : "measure"), number(isCount ? column.total : nil), number(column.mean),
                               number(column.minimum), number(column.maximum), number(isCount ? column.averagePerDay : nil),
                               .number(column.busiestHour?.isoString ?? "")])
        }
        if let total = summary.total {
            out += writer.row([.text("all"), .text("count"), number(total), number(nil), number(nil), number(nil), number(summary.averagePerDay), .number("")])
        }
        return out
    }
}
