import Foundation
@testable import FremontCore
import FremontTestSupport

/// The shared data's tables, loaded as the parsers load them.
extension SharedData {
    static func bikes(_ name: String, chunkSize: Int = ByteReader.defaultChunkSize) throws -> SeriesTable {
        try SeriesLoader.load(.file(path("bikes/\(name)")), chunkSize: chunkSize)
    }

    static func loadError(_ name: String) -> LoadError? {
        do {
            _ = try SeriesLoader.load(.file(path("bikes/\(name)")))
            return nil
        } catch {
            return error
        }
    }
}

func parse(_ text: String, format: TableFormat? = nil, delimiter: UInt8? = nil, chunkSize: Int = ByteReader.defaultChunkSize) throws(LoadError) -> SeriesTable {
    try SeriesLoader.load(.string(text, name: "test"), format: format, delimiter: delimiter, chunkSize: chunkSize)
}

func parseError(_ text: String, format: TableFormat? = nil) -> LoadError? {
    do {
        _ = try parse(text, format: format)
        return nil
    } catch {
        return error
    }
}

func date(_ text: String) -> LocalDateTime {
    LocalDateTimeParser.parse(text)!
}
