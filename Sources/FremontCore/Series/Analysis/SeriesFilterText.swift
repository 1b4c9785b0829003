/// A filter as a person types it at the table's `f` prompt: any of `weekdays`, `weekends`, a
/// span of days `2016-04-01..2016-04-30` (either end may be left open), and a minimum value
/// `>=100`; `all` (or nothing) clears it.
public enum SeriesFilterText {
    /// - Parameter minimumSeries: the series a bare `>=N` applies to.
    public static func parse(_ text: String, minimumSeries: Int) -> Result<SeriesFilter, FilterTextError> {
        var days = SeriesFilter.Days.all
        var from: LocalDateTime?, to: LocalDateTime?
        var minimum: SeriesFilter.Minimum?
        let normalised = text.lowercased().replacingOccurrences(of: ">= ", with: ">=").replacingOccurrences(of: ",", with: " ")
        for word in normalised.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) {
            switch word {
            case "all", "clear", "none", "everything": days = .all; from = nil; to = nil; minimum = nil
            case "weekdays", "weekday": days = .weekdays
            case "weekends", "weekend": days = .weekends
            default:
                if word.hasPrefix(">=") {
                    guard let value = ValueField.parse(String(word.dropFirst(2)), rule: .measure).value else {
                        return .failure(FilterTextError(word: word, reason: "a minimum is a number, like >=100"))
                    }
                    minimum = SeriesFilter.Minimum(series: minimumSeries, value: value)
                } else if let range = word.range(of: "..") {
                    let first = String(word[..<range.lowerBound]), last = String(word[range.upperBound...])
                    let start = first.isEmpty ? nil : LocalDateTimeParser.parse(first)
                    let end = last.isEmpty ? nil : LocalDateTimeParser.parse(last)
                    guard first.isEmpty || start != nil, last.isEmpty || end != nil else {
                        return .failure(FilterTextError(word: word, reason: "a span of days is like 2016-04-01..2016-04-30"))
                    }
                    if let start, let end, end < start {
                        return .failure(FilterTextError(word: word, reason: "the span ends before it starts"))
                    }
                    from = start
                    to = end
                } else if let day = LocalDateTimeParser.parse(word) {
                    from = day
                    to = day
                } else {
                    return .failure(FilterTextError(word: word, reason: "try weekdays, weekends, 2016-04-01..2016-04-30, >=100 or all"))
                }
            }
        }
        return .success(SeriesFilter(days: days, from: from, to: to, minimum: minimum))
    }
}

public struct FilterTextError: Error, Sendable, Hashable, CustomStringConvertible {
    public var word: String
    public var reason: String
    public var description: String { "not a filter: '\(TerminalSafeText.singleLine(String(word.prefix(40))))': \(reason)" }
}
