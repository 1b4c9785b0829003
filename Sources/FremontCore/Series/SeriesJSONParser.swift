/// A table from the Socrata JSON array of objects, streamed. A row's keys are its columns; values
/// may be strings (as the API sends them) or numbers; a missing key or `null` is a missing value.
enum SeriesJSONParser {
    static func parse(_ reader: ByteReader, choice: SeriesColumnChoice) throws(LoadError) -> SeriesTable {
        try reader.skipByteOrderMark()
        let scanner = JSONScanner(reader)
        var builder = SeriesTableBuilder(source: reader.name, choice: choice)
        // Each key is named once, not on every row.
        var columns: [[UInt8]: Int] = [:]
        guard let first = try scanner.peekSignificant() else {
            throw LoadError(source: reader.name, kind: .notData, "the document is empty")
        }
        if first == UInt8(ascii: "{") { throw try objectAtRootError(scanner) }
        try scanner.expect(UInt8(ascii: "["), "'[' (an array of rows)")
        if !(try scanner.consume(UInt8(ascii: "]"))) {
            repeat {
                try parseRow(scanner, into: &builder, columns: &columns)
            } while try scanner.consume(UInt8(ascii: ","))
            try scanner.expect(UInt8(ascii: "]"), "',' or ']' after a row")
        }
        if let extra = try scanner.peekSignificant() {
            throw scanner.error("unexpected \(scanner.describe(extra)) after the array of rows")
        }
        return try builder.finish()
    }

    private static func parseRow(_ scanner: JSONScanner, into builder: inout SeriesTableBuilder,
                                 columns: inout [[UInt8]: Int]) throws(LoadError) {
        let next = try scanner.peekSignificant()
        let location = scanner.location
        guard next == UInt8(ascii: "{") else {
            guard let byte = try scanner.peekSignificant() else { throw scanner.error("the document ends early, expected a row (is it cut off?)") }
            throw scanner.error("expected a row object, found \(scanner.describe(byte))")
        }
        try scanner.expect(UInt8(ascii: "{"), "'{'")
        builder.beginRecord(line: location.line)
        if !(try scanner.consume(UInt8(ascii: "}"))) {
            repeat {
                try scanner.readString()
                let key = scanner.stringBytes
                let id: Int
                if let known = columns[key] {
                    id = known
                } else {
                    id = try builder.columnID(String(decoding: key, as: UTF8.self))
                    columns[key] = id
                }
                try scanner.expect(UInt8(ascii: ":"), "':' after a key")
                switch try readValue(scanner) {
                case .text(let bytes): bytes.withUnsafeBufferPointer { builder.field(id, $0) }
                case .null: break
                case .other(let shown): builder.field(id, shown)
                }
            } while try scanner.consume(UInt8(ascii: ","))
            try scanner.expect(UInt8(ascii: "}"), "',' or '}' in a row")
        }
        try builder.endRecord()
    }

    private enum Value {
        case text([UInt8])
        case null
        case other(String)

    }

    private static func readValue(_ scanner: JSONScanner) throws(LoadError) -> Value {
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

    private static let nullToken = Array("null".utf8)
    private static let trueToken = Array("true".utf8)
    private static let falseToken = Array("false".utf8)

    /// A JSON object where rows were expected: Socrata's error response, or something else.
    private static func objectAtRootError(_ scanner: JSONScanner) throws(LoadError) -> LoadError {
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
            return LoadError(source: scanner.source, location: location, "the server sent an error, not data: Socrata error\(code): \(message)")
        }
        return LoadError(source: scanner.source, location: location, "not a Socrata table: expected an array of rows, found an object")
    }
}
