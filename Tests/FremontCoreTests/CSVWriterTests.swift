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

/// Text cells as each reader is to get them; numbers untouched for all.
@Suite struct CSVAudienceTests {
    @Test func eachReaderGetsItsText() {
        let cells: [CSVWriter.Cell] = [.text("=1+1"), .text("\u{1B}]0;x\u{07}-y"), .text("a\u{202E}b"), .number("-3.5"), .text("plain")]
        #expect(CSVWriter(lineEnding: .lf, audience: .program).row(cells) == "=1+1,\u{1B}]0;x\u{07}-y,a\u{202E}b,-3.5,plain\n")
        #expect(CSVWriter(lineEnding: .lf, audience: .terminal).row(cells) == "=1+1,]0;x-y,ab,-3.5,plain\n")
        #expect(CSVWriter(lineEnding: .lf, audience: .spreadsheet).row(cells) == "'=1+1,]0;x-y,ab,-3.5,plain\n")
    }

    /// OWASP's list: `=`, `+`, `-`, `@`, tab and CR at the start; nothing else, and not later on.
    @Test func spreadsheetsGetEveryFormulaStartGuarded() {
        for start in ["=", "+", "-", "@", "\t"] {
            #expect(CSVAudience.spreadsheet.text(start + "cmd") == "'" + start + "cmd")
        }
        // A CR is no text for a terminal either: it goes, and what follows is guarded in turn.
        #expect(CSVAudience.spreadsheet.text("\r=cmd") == "'=cmd")
        for safe in ["cmd", "a=b", " =x", "'=x", "", "2016-04-01"] {
            #expect(CSVAudience.spreadsheet.text(safe) == safe)
        }
        #expect(CSVWriter(lineEnding: .lf, audience: .spreadsheet).row(["-3.5"]) == "'-3.5\n")
        #expect(CSVWriter(lineEnding: .lf, audience: .spreadsheet).row([.number("-3.5")]) == "-3.5\n")
    }
}
