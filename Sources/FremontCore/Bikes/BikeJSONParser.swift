/// Bike counts from the Socrata JSON array of objects, streamed. Counts may be strings (as the
/// API sends them) or numbers; a missing key or `null` is a missing count.
enum BikeJSONParser {
    static func parse(_ reader: ByteReader) throws(ParseError) -> BikeCounts {
        try reader.skipByteOrderMark()
        let scanner = JSONScanner(reader)
        var collector = BikeRowCollector(expectedRows: 1024)
        // Keys other than the three the API uses are named once, not on every row.
        var columns: [[UInt8]: BikeColumn?] = [:]
        guard let first = try scanner.peekSignificant() else {
            throw ParseError(source: reader.name, kind: .notData, "the document is empty")
        }
        if first == UInt8(ascii: "{") { throw try objectAtRootError(scanner) }
        try scanner.expect(UInt8(ascii: "["), "'[' (an array of rows)")
        if !(try scanner.consume(UInt8(ascii: "]"))) {
            repeat {
                try parseRow(scanner, into: &collector, columns: &columns)
            } while try scanner.consume(UInt8(ascii: ","))
            try scanner.expect(UInt8(ascii: "]"), "',' or ']' after a row")
        }
        if let extra = try scanner.peekSignificant() {
            throw scanner.error("unexpected \(scanner.describe(extra)) after the array of rows")
        }
        let records = collector.recordCount
        let (rows, warnings) = collector.finish()
        return BikeCounts(rows: rows, warnings: warnings, recordCount: records)
    }

    private static func parseRow(_ scanner: JSONScanner, into collector: inout BikeRowCollector,
                                 columns: inout [[UInt8]: BikeColumn?]) throws(ParseError) {
        let next = try scanner.peekSignificant()
        let location = scanner.location
        guard next == UInt8(ascii: "{") else {
            guard let byte = try scanner.peekSignificant() else { throw scanner.error("the document ends early, expected a row (is it cut off?)") }
            throw scanner.error("expected a row object, found \(scanner.describe(byte))")
        }
        try scanner.expect(UInt8(ascii: "{"), "'{'")
        var date: LocalDateTime?
        var rawDate: String?
        var north = CountField.missing, south = CountField.missing
        var total: CountField?
        if !(try scanner.consume(UInt8(ascii: "}"))) {
            repeat {
                try scanner.readString()
                let column = column(for: scanner.stringBytes, known: &columns)
                try scanner.expect(UInt8(ascii: ":"), "':' after a key")
                guard let column else {
                    try scanner.skipValue()
                    continue
                }
                let value = try readValue(scanner)
                switch column {
                case .date:
                    if case .text(let bytes) = value {
                        date = bytes.withUnsafeBufferPointer { LocalDateTimeParser.parse($0) }
                        rawDate = String(decoding: bytes, as: UTF8.self)
                    } else if case .other(let shown) = value {
                        rawDate = shown
                    }
                case .northbound: north = value.count
                case .southbound: south = value.count
                case .total: total = value.count
                }
            } while try scanner.consume(UInt8(ascii: ","))
            try scanner.expect(UInt8(ascii: "}"), "',' or '}' in a row")
        }
        collector.add(date: date, rawDate: rawDate, northbound: north, southbound: south, total: total,
                      at: SourceLocation(line: location.line))
    }

    private enum Value {
        case text([UInt8])
        case null
        case other(String)

        var count: CountField {
            switch self {
            case .text(let bytes): return bytes.withUnsafeBufferPointer { CountField.parse($0) }
            case .null: return .missing
            case .other(let shown): return .invalid(shown)
            }
        }
    }

    private static func readValue(_ scanner: JSONScanner) throws(ParseError) -> Value {
        switch try scanner.peekSignificant() {
        case UInt8(ascii: "\"")?:
            try scanner.readString()
            return .text(scanner.stringBytes)
        case UInt8(ascii: "{")?, UInt8(ascii: "[")?:
            try scanner.skipValue()
            return .other("(nested value)")
        default:
            try scanner.readBareToken()
            let token = scanner.stringBytes
            if token == nullToken { return .null }
            if token == trueToken || token == falseToken { return .other(String(decoding: token, as: UTF8.self)) }
            return .text(token)
        }
    }

    private static let dateKey = Array("date".utf8)
    private static let northKey = Array("fremont_bridge_nb".utf8)
    private static let southKey = Array("fremont_bridge_sb".utf8)
    private static let nullToken = Array("null".utf8)
    private static let trueToken = Array("true".utf8)
    private static let falseToken = Array("false".utf8)

    private static func column(for key: [UInt8], known: inout [[UInt8]: BikeColumn?]) -> BikeColumn? {
        if key == dateKey { return .date }
        if key == northKey { return .northbound }
        if key == southKey { return .southbound }
        if let column = known[key] { return column }
        let column = BikeColumn(name: String(decoding: key, as: UTF8.self))
        known[key] = column
        return column
    }

    /// A JSON object where rows were expected: Socrata's error response, or something else.
    private static func objectAtRootError(_ scanner: JSONScanner) throws(ParseError) -> ParseError {
        let location = scanner.location
        var fields: [String: String] = [:]
        try scanner.expect(UInt8(ascii: "{"), "'{'")
        if !(try scanner.consume(UInt8(ascii: "}"))) {
            repeat {
                try scanner.readString()
                let key = String(decoding: scanner.stringBytes, as: UTF8.self)
                try scanner.expect(UInt8(ascii: ":"), "':' after a key")
                if try scanner.peekSignificant() == UInt8(ascii: "\"") {
                    try scanner.readString()
                    fields[key] = String(decoding: scanner.stringBytes, as: UTF8.self)
                } else {
                    try scanner.skipValue()
                    fields[key] = fields[key] ?? ""
                }
            } while try scanner.consume(UInt8(ascii: ","))
        }
        if fields["error"] != nil || fields["message"] != nil {
            let code = fields["code"].map { " \($0)" } ?? ""
            let message = fields["message"] ?? "no message"
            return ParseError(source: scanner.source, location: location, "the server sent an error, not data: Socrata error\(code): \(message)")
        }
        return ParseError(source: scanner.source, location: location, "not Socrata bike data: expected an array of rows, found an object")
    }
}
