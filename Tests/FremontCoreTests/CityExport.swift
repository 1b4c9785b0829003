import FremontTestSupport
@testable import FremontCore

/// The portal's whole-history download as a `SeriesTable`, read by a minimal loader for the
/// analysis tests (the general loader is `SeriesLoader`'s job): the three columns in the file's
/// order (Total, West Sidewalk = northbound, East Sidewalk = southbound), rows sorted, blanks NaN.
enum CityExport {
    static let path = SharedData.path("bikes/city-export-2012-10-02_to_2025-07-31.csv")

    /// Read once for all tests; a missing or unreadable file fails each test that asks, rather
    /// than stopping the test process.
    static func table() throws(LoadError) -> SeriesTable { try loaded.get() }

    private static let loaded = Result { () throws(LoadError) -> SeriesTable in
        var names: [String] = []
        var rows: [(LocalDateTime, [Double])] = []
        let csv = try CSVReader(try InputSource.file(path).open())
        try csv.forEachRecord { (record) throws(LoadError) in
            if record.isBlank { return }
            if names.isEmpty {
                names = (1..<record.fieldCount).map { record.string($0) }
                return
            }
            guard let time = LocalDateTimeParser.parse(record.field(0)) else {
                throw LoadError(source: path, location: SourceLocation(line: record.line), "unreadable date \(record.string(0))")
            }
            rows.append((time, (1..<record.fieldCount).map { Double(record.string($0)) ?? .nan }))
        }
        rows.sort { $0.0 < $1.0 }
        let roles: [SeriesRole] = [.total, .northbound, .southbound]
        return SeriesTable(series: names.indices.map { Series(name: names[$0], role: roles[min($0, 2)]) },
                           times: rows.map(\.0),
                           values: names.indices.map { series in rows.map { $0.1[series] } })
    }
}
