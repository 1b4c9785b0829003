import Testing
@testable import FremontCore

@Suite struct CSVReaderTests {
    private func records(_ text: String, delimiter: UInt8? = nil, chunkSize: Int = 1 << 16) throws -> [[String]] {
        let reader = try InputSource.string(text).open(chunkSize: chunkSize)
        var out: [[String]] = []
        try CSVReader(reader, delimiter: delimiter).forEachRecord { record in
            out.append((0..<record.fieldCount).map { record.string($0) })
        }
        return out
    }

    @Test func quotedFieldsHoldDelimitersQuotesAndLineBreaks() throws {
        let text = "a,b,c\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\n"
        for chunk in [1, 2, 3, 5, 1 << 16] {
            #expect(try records(text, chunkSize: chunk) == [["a", "b", "c"], ["x, y", "say \"hi\"", "two\nlines"]])
        }
    }

    @Test func everyLineEndingWorks() throws {
        for ending in ["\n", "\r\n", "\r"] {
            let text = ["h1,h2", "1,2", "3,4"].joined(separator: ending) + ending
            for chunk in [1, 4, 1 << 16] {
                #expect(try records(text, chunkSize: chunk) == [["h1", "h2"], ["1", "2"], ["3", "4"]], "ending \(Array(ending.utf8)) chunk \(chunk)")
            }
        }
    }

    @Test func lastLineWithoutLineEnd() throws {
        #expect(try records("a,b\n1,2") == [["a", "b"], ["1", "2"]])
        #expect(try records("a,b\r1,2") == [["a", "b"], ["1", "2"]])
    }

    @Test func blankLinesAreBlankRecords() throws {
        let reader = try InputSource.string("a\n\nb\n").open()
        var blanks: [Bool] = []
        try CSVReader(reader).forEachRecord { blanks.append($0.isBlank) }
        #expect(blanks == [false, true, false])
    }

    @Test func recordLinesCountLineBreaksInsideQuotes() throws {
        let reader = try InputSource.string("h\n\"a\nb\nc\"\nnext\r\nlast").open(chunkSize: 3)
        var lines: [Int] = []
        try CSVReader(reader).forEachRecord { lines.append($0.line) }
        #expect(lines == [1, 2, 5, 6])
    }

    @Test(arguments: [
        ("a,b,c\n", ","), ("a\tb\tc\n", "\t"), ("a|b|c\n", "|"), ("a;b;c\n", ";"),
        ("\"x;y\",b,c\n", ","), ("single\n", ","), ("a;b,c;d\n", ";"),
    ])
    func detectsTheDelimiterOnTheFirstLine(text: String, expected: String) {
        #expect(CSVReader.detectDelimiter(in: Array(text.utf8)) == expected.utf8.first!)
    }

    @Test func anUnclosedQuoteIsAnError() {
        #expect(throws: LoadError.self) { try records("a,b\n\"open,2\n3,4\n") }
        do {
            _ = try records("a,b\n1,2\n\"open,2\n3,4\n")
            Issue.record("an unclosed quote must fail")
        } catch let error as LoadError {
            #expect(error.location?.line == 3)
            #expect(error.message.contains("never closed"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func byteOrderMarkIsNotPartOfTheFirstName() throws {
        #expect(try records("\u{FEFF}date,n\n") == [["date", "n"]])
    }
}
