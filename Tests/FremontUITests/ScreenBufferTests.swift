import Testing
@testable import FremontUI

@Suite struct ScreenBufferTests {
    @Test func writesByDisplayWidth() {
        var buffer = ScreenBuffer(width: 10, height: 1)
        let used = buffer.write("東京🚲ab", x: 0, y: 0)
        #expect(used == 8)
        #expect(buffer.line(0) == "東京🚲ab")
        #expect(buffer[1, 0].isContinuation)
        #expect(buffer[6, 0].text == "a")
    }

    @Test func aWideGlyphThatDoesNotFitLeavesABlank() {
        var buffer = ScreenBuffer(width: 5, height: 1)
        buffer.write("ab東京", x: 0, y: 0)
        #expect(buffer.line(0) == "ab東")
        var narrow = ScreenBuffer(width: 5, height: 1)
        narrow.write("abcd東", x: 0, y: 0)
        #expect(narrow.line(0) == "abcd")
        #expect(!narrow[4, 0].isContinuation)
    }

    @Test func controlCharactersNeverReachTheBuffer() {
        var buffer = ScreenBuffer(width: 20, height: 1)
        buffer.write("a\u{1B}[31mb\u{07}c\u{202E}d\te", x: 0, y: 0)
        #expect(buffer.line(0) == "a[31mbcd e")
    }

    @Test func combiningMarksStayWithTheirLetter() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        let used = buffer.write("e\u{301}te\u{301}", x: 0, y: 0)
        #expect(used == 3)
        #expect(buffer.line(0) == "étété".prefix(3).description)
    }

    @Test func overwritingHalfAWideGlyphBlanksTheOtherHalf() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.write("東京", x: 0, y: 0)
        buffer.write("x", x: 1, y: 0)
        #expect(buffer.line(0) == " x京")
    }

    /// Found by TextLayoutPropertyTests: the blank left for a wide glyph that does not fit was
    /// written over the left half of another wide glyph without blanking its right half, which
    /// stayed a continuation cell of nothing.
    @Test func aWideGlyphThatDoesNotFitNeverLeavesHalfAGlyph() {
        var buffer = ScreenBuffer(width: 4, height: 1)
        buffer.write("東京", x: 0, y: 0)
        buffer.write("a東", x: 1, y: 0, maxWidth: 2)
        #expect((0..<4).map { buffer[$0, 0].text } == [" ", "a", " ", " "])
    }

    /// A tab is drawn as a space, and DisplayWidth counts it so.
    @Test func aTabTakesTheOneColumnDisplayWidthCounts() {
        var buffer = ScreenBuffer(width: 10, height: 1)
        #expect(buffer.write("a\tb", x: 0, y: 0) == 3)
        #expect(DisplayWidth.of("a\tb") == 3)
        #expect(TextLayout.padRight("a\tb", to: 5) == "a\tb  ")
    }

    /// `कि` (a letter and a spacing vowel sign) is one grapheme cluster but two columns, as wcwidth
    /// and so terminals count it: two cells wherever it is, whether the rest of the text is one
    /// column a scalar or not.
    @Test func aSpacingMarkTakesItsOwnCell() {
        var alone = ScreenBuffer(width: 10, height: 1)
        var beside = ScreenBuffer(width: 10, height: 1)
        #expect(alone.write("कि", x: 0, y: 0) == 2)
        #expect(beside.write("कि東", x: 0, y: 0) == 4)
        #expect(alone[0, 0].text == "क" && alone[1, 0].text == "ि")
        #expect(beside[0, 0].text == "क" && beside[1, 0].text == "ि" && beside[2, 0].text == "東")
        #expect(DisplayWidth.of("कि") == DisplayWidth.of("कि"[...]))
        // Halfwidth kana and its voicing mark: wcwidth gives the mark a column too.
        #expect(DisplayWidth.of("ｶﾞ") == 2)
    }

    @Test func styleRuns() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        let bold = Style(attributes: [.bold])
        buffer.write("ab", x: 0, y: 0)
        buffer.write("cd", x: 2, y: 0, style: bold)
        let runs = buffer.styleRuns(0)
        #expect(runs.map(\.columns) == [0..<2, 2..<4, 4..<6])
        #expect(runs[1].style == bold)
    }
}

@Suite struct TextLayoutTests {
    @Test func wrapsAtSpacesAndBreaksLongWords() {
        #expect(TextLayout.wrap("the quick brown fox", width: 9) == ["the quick", "brown fox"])
        #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextLayout.wrap("one\n\ntwo", width: 10) == ["one", "", "two"])
    }

    @Test func wideCharactersCountDouble() {
        let lines = TextLayout.wrap("東京 大阪 名古屋", width: 6)
        #expect(lines == ["東京", "大阪", "名古屋"])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 6 })
    }

    @Test func neverExceedsTheWidth() {
        let samples = ["", "a", "🚲🚲🚲 bike", "e\u{301}e\u{301}e\u{301}", "x\u{1B}y", String(repeating: "東", count: 13), "a  b   c"]
        for text in samples {
            for width in 1...7 {
                #expect(TextLayout.wrap(text, width: width).allSatisfy { DisplayWidth.of($0) <= width }, "\(text) at \(width)")
                #expect(DisplayWidth.of(TextLayout.truncate(text, to: width)) <= width)
                #expect(DisplayWidth.of(TextLayout.padRight(text, to: width)) == width)
            }
        }
    }

    /// Found by TextLayoutPropertyTests: "\r\n" is one Character, so splitting at "\n" alone
    /// kept it inside a line.
    @Test func crlfBreaksLinesToo() {
        #expect(TextLayout.wrap("one\r\ntwo\r\n\r\nthree", width: 10) == ["one", "two", "", "three"])
    }

    /// Found by TextLayoutPropertyTests: a space and what follows can be one grapheme cluster, so
    /// padding by the text's own width came out short.
    @Test func paddingIsExactEvenWhenTheTextJoinsThePadding() {
        // A skin-tone modifier with no emoji before it joins a space before it.
        #expect(DisplayWidth.of(TextLayout.padLeft("🏽", to: 3)) == 3)
        // Space and modifier are one cluster, one column and two, as wcwidth counts them.
        #expect(TextLayout.padLeft("🏽", to: 3) == " 🏽")
        // U+0D4E joins whatever follows it, a space included.
        #expect(DisplayWidth.of(TextLayout.padRight("\u{0D4E}", to: 3)) == 3)
        #expect(DisplayWidth.of(TextLayout.padLeft("\u{200D}x", to: 3)) == 3)
    }

    /// Every scalar that DisplayWidth's fast path takes as a one-column cell of its own is one
    /// when the text is taken cluster by cluster too, whatever joins it into a cluster (a letter
    /// either side, or itself twice).
    @Test func theFastPathAgreesWithTheClusterPath() {
        var differ: [String] = []
        for value in UInt32(0x20)..<0x10000 {
            guard let scalar = Unicode.Scalar(value), DisplayWidth.isOneColumnPerScalar(String(scalar)) else { continue }
            let one = String(scalar)
            for text in ["a" + one + "a", one + one] {
                let cells = text.flatMap { DisplayWidth.cells(of: $0) }
                if cells.map(\.glyph) != text.unicodeScalars.map(String.init) || !cells.allSatisfy({ $0.columns == 1 }) {
                    differ.append(String(value, radix: 16))
                }
            }
        }
        #expect(differ.isEmpty, "\(differ.prefix(40))")
    }

    @Test func truncation() {
        #expect(TextLayout.truncate("Fremont Bridge", to: 8) == "Fremont…")
        #expect(TextLayout.truncate("short", to: 8) == "short")
        #expect(TextLayout.truncate("東京東京", to: 5) == "東京…")
    }

    @Test func displayWidths() {
        #expect(DisplayWidth.of("a") == 1)
        #expect(DisplayWidth.of("東") == 2)
        #expect(DisplayWidth.of("🚲") == 2)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("❤️") == 2)
        #expect(DisplayWidth.of("👩‍💻") == 2)
        #expect(DisplayWidth.of("\u{200B}") == 0)
        #expect(DisplayWidth.of("—") == 1)
        #expect(DisplayWidth.of("▲") == 1)
    }
}
