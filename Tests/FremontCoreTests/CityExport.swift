@testable import FremontCore

/// The portal's whole-history download as a `SeriesTable`, read by a minimal loader for the
/// analysis tests (the general loader is `SeriesLoader`'s job): the three columns in the file's
/// order (Total, West Sidewalk = northbound, East Sidewalk = southbound), rows sorted, blanks NaN.
enum CityExport {
    static let path = SharedData.path("bikes/city-export-2012-10-02_to_2025-07-31.csv")

    /// Loaded once for all tests.
    static let table: SeriesTable = {
        var names: [String] = []
        var rows: [(LocalDateTime, [Double])] = []
        let reader = try! InputSource.file(path).open()
        let csv = try! CSVReader(reader)
        try! csv.forEachRecord { record in
            if record.isBlank { return }
            if names.isEmpty {
                names = (1..<record.fieldCount).map { record.string($0) }
                return
            }
            let time = LocalDateTimeParser.parse(record.field(0))!
            rows.append((time, (1..<record.fieldCount).map { Double(record.string($0)) ?? .nan }))
        }
        rows.sort { $0.0 < $1.0 }
        let roles: [SeriesRole] = [.total, .northbound, .southbound]
        return SeriesTable(series: names.indices.map { Series(name: names[$0], role: roles[$0]) },
                           times: rows.map(\.0),
                           values: names.indices.map { series in rows.map { $0.1[series] } })
    }()
}
