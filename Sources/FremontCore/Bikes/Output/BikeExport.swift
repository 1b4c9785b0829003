/// Writes bike rows as CSV, JSON or an aligned table. Each writer returns text in pieces through
/// `emit`, so a caller can stream 100,000 rows without building one huge string.
public enum BikeExport {
    public enum Format: String, Sendable, CaseIterable {
        case table, csv, json
    }

    public static let missing = "—"

    public static func write(_ rows: [BikeRow], as format: Format, emit: (String) -> Void) {
        switch format {
        case .csv: csv(rows, emit: emit)
        case .json: json(rows, emit: emit)
        case .table: table(rows, emit: emit)
        }
    }

    /// Header `date,northbound,southbound`; an empty field for a missing count.
    public static func csv(_ rows: [BikeRow], emit: (String) -> Void) {
        emit("date,northbound,southbound\n")
        for row in rows {
            emit("\(row.date.isoString),\(row.northbound.map(String.init) ?? ""),\(row.southbound.map(String.init) ?? "")\n")
        }
    }

    /// An array of `{"date", "northbound", "southbound"}`, one row a line, `null` for a missing count.
    public static func json(_ rows: [BikeRow], emit: (String) -> Void) {
        guard !rows.isEmpty else {
            emit("[]\n")
            return
        }
        emit("[\n")
        for (index, row) in rows.enumerated() {
            let north = row.northbound.map(String.init) ?? "null"
            let south = row.southbound.map(String.init) ?? "null"
            let separator = index == rows.count - 1 ? "\n" : ",\n"
            emit("{\"date\":\"\(row.date.isoString)\",\"northbound\":\(north),\"southbound\":\(south)}\(separator)")
        }
        emit("]\n")
    }

    /// Aligned columns for a person: date with weekday, both directions, the total.
    public static func table(_ rows: [BikeRow], emit: (String) -> Void) {
        emit("Date                  Northbound  Southbound   Total\n")
        for row in rows {
            let north = NumberText.padLeft(row.northbound.map(NumberText.grouped) ?? missing, 10)
            let south = NumberText.padLeft(row.southbound.map(NumberText.grouped) ?? missing, 10)
            let total = NumberText.padLeft(row.total.map(NumberText.grouped) ?? missing, 7)
            emit("\(DateText.compact(row.date))  \(north)  \(south) \(total)\n")
        }
    }
}
