/// Bike counts from delimited text. Columns are found by their header names; a row with the
/// wrong number of fields is reported and skipped, never merged with its neighbours.
enum BikeCSVParser {
    static func parse(_ reader: ByteReader, delimiter: UInt8?) throws(ParseError) -> BikeCounts {
        let csv = try CSVReader(reader, delimiter: delimiter)
        var header: (count: Int, date: Int, north: Int?, south: Int?, total: Int?)?
        var collector = BikeRowCollector()
        try csv.forEachRecord { (record) throws(ParseError) in
            if record.isBlank { return }
            guard let columns = header else {
                header = try mapHeader(record, source: reader.name)
                return
            }
            let location = SourceLocation(line: record.line)
            guard record.fieldCount == columns.count else {
                collector.warn("expected \(columns.count) fields, found \(record.fieldCount); row skipped", at: location)
                return
            }
            let dateBytes = record.field(columns.date)
            collector.add(
                date: LocalDateTimeParser.parse(dateBytes),
                rawDate: String(decoding: dateBytes, as: UTF8.self),
                northbound: columns.north.map { CountField.parse(record.field($0)) } ?? .missing,
                southbound: columns.south.map { CountField.parse(record.field($0)) } ?? .missing,
                total: columns.total.map { CountField.parse(record.field($0)) },
                at: location)
        }
        guard header != nil else {
            throw ParseError(source: reader.name, kind: .notData, "no header and no rows: the file holds only blank lines")
        }
        let records = collector.recordCount
        let (rows, warnings) = collector.finish()
        return BikeCounts(rows: rows, warnings: warnings, recordCount: records)
    }

    private static func mapHeader(_ record: CSVRecord, source: String) throws(ParseError) -> (count: Int, date: Int, north: Int?, south: Int?, total: Int?) {
        var date: Int?, north: Int?, south: Int?, total: Int?
        var names: [String] = []
        for index in 0..<record.fieldCount {
            let name = record.string(index)
            names.append(name)
            switch BikeColumn(name: name) {
            case .date?: date = date ?? index
            case .northbound?: north = north ?? index
            case .southbound?: south = south ?? index
            case .total?: total = total ?? index
            case nil: break
            }
        }
        let location = SourceLocation(line: record.line)
        let found = "found: " + names.map { quoted($0, limit: 40) }.joined(separator: ", ")
        guard let date else {
            throw ParseError(source: source, location: location, "the header has no date column (\(found))")
        }
        guard north != nil || south != nil else {
            throw ParseError(source: source, location: location, "the header has no northbound or southbound column (\(found))")
        }
        return (record.fieldCount, date, north, south, total)
    }
}
