import Foundation
import Testing
@testable import FremontCore

@Suite struct CSVWriterTests {
    @Test func quotesWhatAReaderWouldSplitOrDrop() {
        let writer = CSVWriter(delimiter: UInt8(ascii: ","), lineEnding: .lf)
        #expect(writer.row(["plain", "with space", " padded "]) == "plain,with space, padded \n")
        #expect(writer.row(["a,b", "say \"hi\"", "two\nlines", "cr\r"]) == "\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"cr\r\"\n")
        #expect(writer.row(["\u{FEFF}date", "n"]) == "\"\u{FEFF}date\",n\n")
        // Otherwise a blank line, which readers skip.
        #expect(writer.row([""]) == "\"\"\n")
        #expect(writer.row(["", ""]) == ",\n")
        // Only the chosen delimiter needs quotes.
        #expect(CSVWriter(delimiter: UInt8(ascii: ";")).row(["a,b", "c;d"]) == "a,b;\"c;d\"\r\n")
    }

    /// Found by CSVPropertyTests: `"` followed by a combining mark is one Character, so looking
    /// for the quote Character missed it and the quote went out undoubled.
    @Test func aQuoteJoinedByACombiningMarkIsStillDoubled() {
        #expect(CSVWriter(lineEnding: .lf).row(["\"\u{301}"]) == "\"\"\"\u{301}\"\n")
    }

    @Test func writesEveryLineEnding() {
        for ending in CSVWriter.LineEnding.allCases {
            let text = CSVWriter(delimiter: UInt8(ascii: "\t"), lineEnding: ending).string([["a", "b"], ["c"]])
            #expect(text == "a\tb" + ending.rawValue + "c" + ending.rawValue)
        }
    }

    /// A row of no fields cannot be told from one empty field: it reads back as a blank record.
    @Test func anEmptyRowIsABlankLine() throws {
        let text = CSVWriter(lineEnding: .lf).string([["a"], [], ["b"]])
        #expect(text == "a\n\nb\n")
        let reader = try InputSource.string(text).open()
        var blanks: [Bool] = []
        try CSVReader(reader, delimiter: UInt8(ascii: ",")).forEachRecord { blanks.append($0.isBlank) }
        #expect(blanks == [false, true, false])
    }
}
