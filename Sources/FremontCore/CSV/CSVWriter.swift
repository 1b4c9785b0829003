/// Writes rows as RFC 4180 text that `CSVReader` (and other readers) give back field for field.
///
/// A field is quoted, with its quotes doubled, when it holds the delimiter, a quote, CR or LF;
/// when it starts with a byte order mark (a reader drops one at the start of a file); and when it
/// is a row's only field and empty, so the row is `""` rather than a blank line, which many
/// readers skip. Other text, spaces and control characters included, is written as it is.
/// A row of no fields cannot be told from a row of one empty field: it is written as a blank line.
/// Text cells first go through `audience` (see `CSVAudience`); number cells never do.
public struct CSVWriter: Sendable {
    /// A text cell, which the audience may change, or a number, written as it is.
    public enum Cell: Sendable, Equatable, ExpressibleByStringLiteral {
        case text(String)
        case number(String)

        public init(stringLiteral value: String) { self = .text(value) }
    }

    public enum LineEnding: String, Sendable, CaseIterable {
        case lf = "\n"
        case crlf = "\r\n"
        case cr = "\r"
    }

    public let delimiter: UInt8
    public let lineEnding: LineEnding
    public let audience: CSVAudience

    /// `delimiter` must be an ASCII byte other than a quote, CR or LF (`CSVReader` splits on one byte).
    public init(delimiter: UInt8 = UInt8(ascii: ","), lineEnding: LineEnding = .crlf, audience: CSVAudience = .program) {
        precondition(delimiter < 0x80 && delimiter != UInt8(ascii: "\"") && delimiter != 0x0A && delimiter != 0x0D,
                     "CSVWriter: the delimiter must be an ASCII byte other than a quote, CR or LF")
        self.delimiter = delimiter
        self.lineEnding = lineEnding
        self.audience = audience
    }

    /// One row of text cells and its line ending.
    public func row(_ fields: [String]) -> String {
        row(fields.map(Cell.text))
    }

    /// One row and its line ending.
    public func row(_ cells: [Cell]) -> String {
        let fields = cells.map { cell in
            switch cell {
            case .text(let text): return audience.text(text)
            case .number(let number): return number
            }
        }
        if fields.count == 1, fields[0].isEmpty { return "\"\"" + lineEnding.rawValue }
        var out = ""
        for (index, field) in fields.enumerated() {
            if index > 0 { out.unicodeScalars.append(Unicode.Scalar(delimiter)) }
            append(field, to: &out)
        }
        return out + lineEnding.rawValue
    }

    /// Every row in turn, through `emit`, so a long table need not become one string.
    public func write(_ rows: some Sequence<[String]>, emit: (String) -> Void) {
        for fields in rows { emit(row(fields)) }
    }

    /// All rows as one string.
    public func string(_ rows: some Sequence<[String]>) -> String {
        var out = ""
        write(rows) { out += $0 }
        return out
    }

    private func append(_ field: String, to out: inout String) {
        guard needsQuotes(field) else {
            out += field
            return
        }
        out += "\""
        // By byte, not by Character: `"` followed by a combining mark is one Character.
        out += field.utf8.contains(UInt8(ascii: "\"")) ? field.doublingQuotes() : field
        out += "\""
    }

    private func needsQuotes(_ field: String) -> Bool {
        let utf8 = field.utf8
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { return true }
        let delimiter = self.delimiter
        return utf8.contains { $0 == delimiter || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
    }
}

extension String {
    /// Each `"` doubled.
    fileprivate func doublingQuotes() -> String {
        var out = ""
        out.reserveCapacity(utf8.count + 2)
        for scalar in unicodeScalars {
            out.unicodeScalars.append(scalar)
            if scalar == "\"" { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
