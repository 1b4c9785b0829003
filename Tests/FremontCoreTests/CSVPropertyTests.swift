import Foundation
import PropertyBased
import Testing
@testable import FremontCore

/// "CSV written then read gives the rows back, for any text in any field": `CSVWriter`'s output
/// read by `CSVReader`, with every delimiter and line ending and chunk sizes down to one byte
/// (so a chunk boundary falls inside every quote, `""`, CRLF and multi-byte character).
@Suite(.shrinking) struct CSVPropertyTests {
    /// The bytes CSV treats specially, and text that has tripped up readers elsewhere: quotes,
    /// every delimiter candidate, CR, LF, CRLF, NUL, DEL, a byte order mark (mid-field or leading),
    /// spaces, combining marks, emoji sequences, bidi and zero-width characters.
    static let pieces: [String] = [
        "a", "b", "Z", "7", " ", "  ", ",", "\t", "|", ";", "\"", "\"\"", "\r", "\n", "\r\n", "\n\r",
        "\u{0}", "\u{1}", "\u{1B}[2J", "\u{7F}", "\u{85}", "\u{FEFF}", "é", "e\u{301}", "\u{301}", "東京",
        "😀", "👩‍💻", "🇺🇸", "👍🏽", "❤️", "\u{202E}", "\u{200B}", "\u{2028}", "x=\"1\"",
    ]

    /// Any Unicode scalar (surrogate code points are not scalars).
    static let anyScalar = Gen<UInt32>.value(in: 0...0x10FFFF).compactMap { Unicode.Scalar($0).map { String($0) } }

    static let field = Gen.frequency(
        (3, Gen<String?>.element(of: pieces).map { $0! }),
        (1, anyScalar)
    ).array(of: 0...8).map { $0.joined() }

    /// Rows of one to six fields: the counts differ from row to row. (A row of no fields is written
    /// as a blank line and reads back as one empty field; `CSVWriterTests` covers it.)
    static let rows = field.array(of: 1...6).array(of: 0...6)

    static let delimiter = Gen<UInt8?>.element(of: CSVReader.candidateDelimiters).map { $0! }
    static let lineEnding = Gen<CSVWriter.LineEnding>.case
    static let chunkSize = Gen<Int?>.element(of: Array(1...16) + [1 << 16]).map { $0! }

    @Test func writtenRowsReadBackExactly() async throws {
        await propertyCheck(count: 1000, input: Self.rows, Self.delimiter, Self.lineEnding, Self.chunkSize) { rows, delimiter, ending, chunk in
            let writer = CSVWriter(delimiter: delimiter, lineEnding: ending)
            let text = writer.string(rows)
            let records = try Self.read(text, delimiter: delimiter, chunkSize: chunk)
            // Compared as UTF-8 bytes: String equality would let é match e + U+0301.
            #expect(records.map(\.fields) == rows.map { $0.map { Array($0.utf8) } }, "\(text.debugDescription)")
            // Each record starts on the line its row was written on (quoted line breaks count).
            var line = 1
            var expectedLines: [Int] = []
            for row in rows {
                expectedLines.append(line)
                line += Self.lineBreaks(in: writer.row(row))
            }
            #expect(records.map(\.line) == expectedLines)
            // Only a row of one empty field looks blank (`""`; CSVRecord.isBlank says so).
            #expect(records.map(\.isBlank) == rows.map { $0 == [""] })
        }
    }

    /// Quotes only where a reader needs them: a field without the delimiter, a quote, CR, LF or a
    /// leading byte order mark is written as it is; any other is quoted, its quotes doubled.
    @Test func quotesExactlyTheFieldsThatNeedIt() async {
        await propertyCheck(count: 300, input: Self.field.array(of: 2...6), Self.delimiter) { fields, delimiter in
            let written = Array(CSVWriter(delimiter: delimiter, lineEnding: .lf).row(fields).utf8)
            let quote = UInt8(ascii: "\"")
            var expected: [UInt8] = []
            for (index, field) in fields.enumerated() {
                if index > 0 { expected.append(delimiter) }
                let bytes = Array(field.utf8)
                if bytes.contains(where: { [delimiter, quote, 0x0A, 0x0D].contains($0) }) || bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                    expected += [quote] + bytes.flatMap { $0 == quote ? [quote, quote] : [$0] } + [quote]
                } else {
                    expected += bytes
                }
            }
            #expect(written == expected + [0x0A])
        }
    }

    struct Record: Equatable {
        var fields: [[UInt8]]
        var line: Int
        var isBlank: Bool
    }

    static func read(_ text: String, delimiter: UInt8, chunkSize: Int) throws -> [Record] {
        let reader = try InputSource.bytes(Data(text.utf8), name: "written.csv").open(chunkSize: chunkSize)
        var records: [Record] = []
        try CSVReader(reader, delimiter: delimiter).forEachRecord { record in
            records.append(Record(
                fields: (0..<record.fieldCount).map { Array(record.field($0)) },
                line: record.line, isBlank: record.isBlank))
        }
        return records
    }

    /// LF, CRLF and a lone CR each end one line.
    static func lineBreaks(in text: String) -> Int {
        let bytes = Array(text.utf8)
        var count = 0
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) { count += 1 }
        }
        return count
    }
}
