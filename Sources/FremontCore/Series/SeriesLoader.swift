/// The formats tables come in.
public enum TableFormat: String, Sendable, CaseIterable {
    case xml, csv, json
}

/// Reads a table of series over time from any source, telling the format from the content (not
/// the name), and turning an error page, an empty file or a broken document into a `LoadError`
/// instead of a half-filled table.
public enum SeriesLoader {
    /// - Parameters:
    ///   - format: forces a format instead of detecting it.
    ///   - maximumBytes: more than this is an error (a stream that never ends, say).
    ///   - delimiter: forces the CSV delimiter instead of detecting it.
    ///   - chunkSize: how much is read at a time (small sizes are for tests of chunk boundaries).
    /// Far past any city's counts (the Fremont Bridge's whole history is 32 MB of XML).
    public static let defaultMaximumBytes = 512 << 20

    public static func load(
        _ source: InputSource, format: TableFormat? = nil, delimiter: UInt8? = nil,
        choice: SeriesColumnChoice = SeriesColumnChoice(),
        chunkSize: Int = ByteReader.defaultChunkSize, maximumBytes: Int = defaultMaximumBytes
    ) throws(LoadError) -> SeriesTable {
        let reader = try source.open(chunkSize: chunkSize)
        reader.limit = (maximumBytes, "a table")
        let head = try reader.peek(ContentSniffer.prefixLength)
        let sniffed = ContentSniffer.sniff(head)
        switch sniffed {
        case .empty:
            throw LoadError(source: source.name, kind: .notData, head.isEmpty ? "the file is empty" : "the file holds only blank space")
        case .html(let title):
            let shown = title.map { " titled \(quoted($0))" } ?? ""
            throw LoadError(source: source.name, location: SourceLocation(line: 1), "an HTML page\(shown), not a data table")
        default:
            break
        }
        let table: SeriesTable
        switch format ?? detectedFormat(sniffed) {
        case .xml: table = try SeriesXMLParser.parse(reader, choice: choice)
        case .json: table = try SeriesJSONParser.parse(reader, choice: choice)
        case .csv: table = try SeriesCSVParser.parse(reader, delimiter: delimiter, choice: choice)
        }
        // Rows that were all unreadable are a broken file, not an empty month: an error, so a
        // screen showing good data keeps it. (No rows at all is a real answer, say for a month
        // without counts.)
        if table.isEmpty, table.recordCount > 0, let first = table.warnings.first {
            let rows = table.recordCount == 1 ? "the one row could not" : "none of the \(NumberText.grouped(table.recordCount)) rows could"
            throw LoadError(source: source.name, location: first.location, "\(rows) be read: \(first.message)")
        }
        return table
    }

    static func detectedFormat(_ sniffed: SniffedContent) -> TableFormat {
        switch sniffed {
        case .xml: return .xml
        case .json: return .json
        default: return .csv
        }
    }
}
