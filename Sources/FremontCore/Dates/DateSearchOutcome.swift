/// A `/` search for a date, from the typed text to what the view does and says: move to a row
/// (perhaps with a note), or stay and say why.
public enum DateSearchOutcome: Sendable, Equatable {
    /// `'april 31': April has 30 days`.
    case notUnderstood(reason: String)
    /// `no row matches April 20, any year: the data runs from 2016-05-01 00:00 to 2016-05-31 23:00`.
    case notInData(message: String)
    /// Go to `row`. `note`, when there is one, says what happened on the way: the search went
    /// round the end, or the time asked for is in a hole and this is the row after it.
    case found(row: Int, note: String?)

    /// Parses `text` and finds it in `times` from `row` (see `DateQuery.find`).
    public init(searching text: String, in times: [LocalDateTime], from row: Int?, forward: Bool) {
        let query: DateQuery
        do {
            query = try DateQuery(parsing: text)
        } catch {
            self = .notUnderstood(reason: error.reason)
            return
        }
        self.init(query.find(in: times, from: row, forward: forward), of: query, in: times, forward: forward)
    }

    /// Words a match of `query` in `times`.
    public init(_ match: DateQueryMatch, of query: DateQuery, in times: [LocalDateTime], forward: Bool) {
        switch match {
        case .found(let row, let wrapped):
            self = .found(row: row, note: wrapped
                ? (forward ? "search hit the end, went on from the start" : "search hit the start, went on from the end")
                : nil)
        case .afterHole(let row):
            self = .found(row: row, note: Self.holeNote(query, landing: times[row]))
        case .notInData:
            guard let first = times.first, let last = times.last else {
                self = .notInData(message: "no rows to search")
                return
            }
            let span = "\(Self.text(first)) to \(Self.text(last))"
            if let asked = query.isoText {
                self = .notInData(message: "\(asked) is not in the data: it runs from \(span)")
            } else {
                self = .notInData(message: "no row matches \(query): the data runs from \(span)")
            }
        }
    }

    public var row: Int? {
        if case .found(let row, _) = self { return row }
        return nil
    }

    /// What the status line says, nil when a plain move says it all.
    public var message: String? {
        switch self {
        case .notUnderstood(let reason): return reason
        case .notInData(let message): return message
        case .found(_, let note): return note
        }
    }

    /// `2024-09-30 15:00 is not in the data; showing the next hour, 2024-10-01 00:00`: the
    /// landing time without its date when it is the same day.
    private static func holeNote(_ query: DateQuery, landing: LocalDateTime) -> String {
        let noun: String
        switch query.unit {
        case .year: noun = "year"
        case .month: noun = "month"
        case .day: noun = "day"
        case .hour, .minute: noun = "hour"
        }
        let sameDay = query.day == landing.day && query.month == landing.month && query.year == landing.year
        let shown = sameDay ? clock(landing) : text(landing)
        return "\(query.isoText ?? query.description) is not in the data; showing the next \(noun), \(shown)"
    }

    /// `2016-04-20 23:00`.
    private static func text(_ time: LocalDateTime) -> String {
        "\(time.isoDateString) \(clock(time))"
    }

    private static func clock(_ time: LocalDateTime) -> String {
        "\(pad(time.hour)):\(pad(time.minute))"
    }
}
