/// The formats bike counts come in.
public enum BikeDataFormat: String, Sendable, CaseIterable {
    case xml, csv, json
}

/// Reads bike counts from any source, telling the format from the content (not the name), and
/// turning an error page, an empty file or a broken document into a `ParseError` instead of a
/// half-filled table.
public enum BikeDataLoader {
    /// - Parameters:
    ///   - format: forces a format instead of detecting it.
    ///   - maximumBytes: more than this is an error (a stream that never ends, say).
    ///   - delimiter: forces the CSV delimiter instead of detecting it.
    ///   - chunkSize: how much is read at a time (small sizes are for tests of chunk boundaries).
    /// Far past any city's counts (the Fremont Bridge's whole history is 32 MB of XML).
    public static let defaultMaximumBytes = 512 << 20

    public static func load(
        _ source: InputSource, format: BikeDataFormat? = nil, delimiter: UInt8? = nil,
        chunkSize: Int = ByteReader.defaultChunkSize, maximumBytes: Int = defaultMaximumBytes
    ) throws(ParseError) -> BikeCounts {
        let reader = try source.open(chunkSize: chunkSize)
        reader.limit = (maximumBytes, "bike data")
        let head = try reader.peek(ContentSniffer.prefixLength)
        let sniffed = ContentSniffer.sniff(head)
        switch sniffed {
        case .empty:
            throw ParseError(source: source.name, head.isEmpty ? "the file is empty" : "the file holds only blank space")
        case .html(let title):
            let shown = title.map { " titled \(quoted($0))" } ?? ""
            throw ParseError(source: source.name, location: SourceLocation(line: 1), "an HTML page\(shown), not bike data")
        default:
            break
        }
        switch format ?? detectedFormat(sniffed) {
        case .xml: return try BikeXMLParser.parse(reader)
        case .json: return try BikeJSONParser.parse(reader)
        case .csv: return try BikeCSVParser.parse(reader, delimiter: delimiter)
        }
    }

    static func detectedFormat(_ sniffed: SniffedContent) -> BikeDataFormat {
        switch sniffed {
        case .xml: return .xml
        case .json: return .json
        default: return .csv
        }
    }
}
