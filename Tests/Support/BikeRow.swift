import FremontCore

/// One hour of the Fremont Bridge's counts, for tests written in the two directions: tables are
/// generic, but most fixtures and expectations are this one shape.
public struct BikeRow: Sendable, Hashable, CustomStringConvertible {
    public var date: LocalDateTime
    public var northbound: Int?
    public var southbound: Int?

    public init(date: LocalDateTime, northbound: Int?, southbound: Int?) {
        self.date = date
        self.northbound = northbound
        self.southbound = southbound
    }

    public var total: Int? {
        guard let northbound, let southbound else { return nil }
        return northbound + southbound
    }

    public var description: String { "\(date) \(northbound.map(String.init) ?? "nil")/\(southbound.map(String.init) ?? "nil")" }
}

extension SeriesTable {
    /// A table with the Fremont API's two series, as its parsers make them.
    public static func fremont(_ rows: [BikeRow], warnings: [ParseWarning] = []) -> SeriesTable {
        let sorted = rows.sorted { $0.date < $1.date }
        return SeriesTable(
            series: [Series(name: "fremont_bridge_nb", role: .northbound), Series(name: "fremont_bridge_sb", role: .southbound)],
            times: sorted.map(\.date),
            values: [sorted.map { $0.northbound.map(Double.init) ?? .nan }, sorted.map { $0.southbound.map(Double.init) ?? .nan }],
            warnings: warnings)
    }

    /// The rows read back in the two directions (nil where the table has no such series).
    public var rows: [BikeRow] {
        let north = index(of: .northbound), south = index(of: .southbound)
        return times.indices.map { row in
            BikeRow(date: times[row], northbound: north.flatMap { value($0, row) }.map { Int($0) },
                    southbound: south.flatMap { value($0, row) }.map { Int($0) })
        }
    }
}

extension BikeRow {
    public var isMissingACount: Bool { northbound == nil || southbound == nil }
}

extension SeriesTable {
    /// The summary, as the views compute it.
    public var summary: SeriesSummary { SeriesSummary(self) }
}

extension SeriesSummary {
    /// The directions' columns (empty ones where the table has none).
    public var northbound: Column { column(.northbound) ?? Column() }
    public var southbound: Column { column(.southbound) ?? Column() }
}
