/// A table from delimited text. Columns are found by their header names and values; a row with
/// the wrong number of fields is reported and skipped, never merged with its neighbours.
enum SeriesCSVParser {
    static func parse(_ reader: ByteReader, delimiter: UInt8?, choice: SeriesColumnChoice) throws(LoadError) -> SeriesTable {
        let csv = try CSVReader(reader, delimiter: delimiter)
        var builder = SeriesTableBuilder(source: reader.name, choice: choice)
        var width: Int?
        try csv.forEachRecord { (record) throws(LoadError) in
            if record.isBlank { return }
            guard let width else {
                builder.headerLocation = SourceLocation(line: record.line)
                try builder.checkHeader(count: record.fieldCount, at: SourceLocation(line: record.line))
                for index in 0..<record.fieldCount { _ = try builder.addColumn(record.string(index).trimmingSpaces.description) }
                width = record.fieldCount
                return
            }
            guard record.fieldCount == width else {
                builder.skipRecord("expected \(width) fields, found \(record.fieldCount); row skipped", at: SourceLocation(line: record.line))
                return
            }
            builder.beginRecord(line: record.line)
            for index in 0..<width { builder.field(index, record.field(index)) }
            try builder.endRecord()
        }
        guard width != nil else {
            throw LoadError(source: reader.name, kind: .notData, "no header and no rows: the file holds only blank lines")
        }
        return try builder.finish()
    }
}
