import Foundation
@testable import FremontCore

/// The real data in `../shared/data` beside the checkout.
enum SharedData {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data")

    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    static func bikes(_ name: String, chunkSize: Int = ByteReader.defaultChunkSize) throws -> BikeCounts {
        try BikeDataLoader.load(.file(path("bikes/\(name)")), chunkSize: chunkSize)
    }

    static func loadError(_ name: String) -> ParseError? {
        do {
            _ = try BikeDataLoader.load(.file(path("bikes/\(name)")))
            return nil
        } catch {
            return error
        }
    }
}

func parse(_ text: String, format: BikeDataFormat? = nil, delimiter: UInt8? = nil, chunkSize: Int = ByteReader.defaultChunkSize) throws(ParseError) -> BikeCounts {
    try BikeDataLoader.load(.string(text, name: "test"), format: format, delimiter: delimiter, chunkSize: chunkSize)
}

func parseError(_ text: String, format: BikeDataFormat? = nil) -> ParseError? {
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
