import PropertyBased
import Testing
@testable import FremontCore
@testable import FremontUI

/// "Wrap and truncate never exceed the width, for any string, including combining marks, CJK,
/// emoji and controls", and the screen buffer, which every view draws through, never spills
/// past its edge or leaves half a wide glyph behind.
@Suite(.shrinking) struct TextLayoutPropertyTests {
    static func scalars(_ range: ClosedRange<UInt32>) -> Generator<String, some SendableSequenceType> {
        Gen<UInt32>.value(in: range).compactMap { Unicode.Scalar($0).map { String($0) } }
    }

    static func one(of strings: [String]) -> Generator<String, some SendableSequenceType> {
        Gen<String?>.element(of: strings).map { $0! }
    }

    /// What feeds and forecasts can hold, and what terminals get wrong: words and spaces,
    /// combining marks, CJK and fullwidth forms, emoji (ZWJ sequences, flags, lone regional
    /// indicators, skin tones, VS16, keycaps), C0 and C1 controls, DEL, bidi controls, zero-width
    /// characters, tabs and every line break; also letters that join into one grapheme without a
    /// combining mark (Indic spacing marks, halfwidth kana voicing, Hangul jamo, a prepended
    /// letter) and, now and then, any scalar at all.
    static let piece = Gen.frequency(
        (6, one(of: ["a", "b", "word", "Fremont", "x.", " ", " ", "  ", "-", "—"])),
        (2, scalars(0x20...0x7E)),
        (2, scalars(0x300...0x36F)),
        (2, scalars(0x4E00...0x9FFF)),
        (1, scalars(0xFF01...0xFF60)),
        (1, scalars(0xAC00...0xD7A3)),
        (2, scalars(0x1F300...0x1F64F)),
        (2, one(of: ["👩‍💻", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇺🇸", "🇬🇧", "🇺", "👍🏽", "🏽", "❤️", "☺️", "1️⃣", "\u{FE0F}", "\u{200D}"])),
        (2, scalars(0x00...0x1F)),
        (1, one(of: ["\u{7F}", "\u{1B}[31m", "\u{1B}]0;title\u{07}"])),
        (1, scalars(0x80...0x9F)),
        (1, one(of: ["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}"])),
        (1, one(of: ["\u{200B}", "\u{200C}", "\u{2060}", "\u{FEFF}", "\u{AD}"])),
        (2, one(of: ["\t", "\n", "\r\n", "\r", "\n\n"])),
        (1, one(of: ["क", "\u{093F}", "\u{0903}", "ｶ", "\u{FF9E}", "\u{0E33}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{D7B0}", "\u{D7CB}", "\u{0D4E}", "\u{1160}"])),
        (1, scalars(0...0x10FFFF))
    )

    static let text = piece.array(of: 0...24).map { $0.joined() }
    static let width = Gen.int(in: 0...80)

    /// Unsafe for a terminal: TerminalSafeText's rule (C0, DEL, C1, bidi controls).
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool { TerminalSafeText.isUnsafe(scalar) }

    /// The characters a reader sees, in order: no spaces, line breaks or zero-width characters.
    static func visible(_ lines: [String]) -> [String] {
        lines.flatMap { line in line.flatMap { DisplayWidth.cells(of: $0) }.map(\.glyph).filter { $0 != " " } }
    }

    /// Width 0 gives no lines. At width 1 a character two columns wide cannot fit, and `…` (one
    /// column) stands in its place. From width 2 on every visible character is kept, in order.
    @Test func wrappedLinesNeverExceedTheWidth() async {
        await propertyCheck(count: 1_000, input: Self.text, Self.width) { text, width in
            let lines = TextLayout.wrap(text, width: width)
            if width == 0 { #expect(lines.isEmpty) }
            for line in lines {
                #expect(DisplayWidth.of(line) <= width, "\(line.debugDescription) at \(width)")
                // Line breaks, CRLF included, break lines; none is left inside one.
                #expect(!line.unicodeScalars.contains("\n"), "\(line.debugDescription)")
            }
            if width >= 2 {
                #expect(Self.visible(lines) == Self.visible(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)))
            }
        }
    }

    @Test func truncatedTextNeverExceedsTheWidth() async {
        await propertyCheck(count: 1_000, input: Self.text, Self.width) { text, width in
            let cut = TextLayout.truncate(text, to: width)
            #expect(DisplayWidth.of(cut) <= width, "\(cut.debugDescription) at \(width)")
            if width > 0, DisplayWidth.of(text) <= width {
                #expect(cut.unicodeScalars.elementsEqual(text.unicodeScalars))
            } else if width > 0 {
                // What is kept is the start of the text, and `…` says the rest was cut (a letter
                // before it may take it into its grapheme: scalars, not characters).
                #expect(cut.unicodeScalars.last == "…")
                #expect(text.unicodeScalars.starts(with: cut.unicodeScalars.dropLast()))
            }
        }
    }

    /// Exactly `width` columns, whether the text fits (padded) or not (cut, then padded). Text that
    /// fits is kept whole, at the left or at the right (or, when it starts with a mark of no
    /// letter that would join the padding, at one end or the other).
    @Test func paddingGivesExactlyTheWidth() async {
        await propertyCheck(count: 1_000, input: Self.text, Self.width) { text, width in
            let right = TextLayout.padRight(text, to: width)
            let left = TextLayout.padLeft(text, to: width)
            #expect(DisplayWidth.of(right) == width, "\(right.debugDescription)")
            #expect(DisplayWidth.of(left) == width, "\(left.debugDescription)")
            if width > 0, DisplayWidth.of(text) <= width {
                #expect(right.unicodeScalars.starts(with: text.unicodeScalars))
                if (" " + text).count == 1 + text.count {
                    #expect(left.unicodeScalars.reversed().starts(with: text.unicodeScalars.reversed()))
                } else {
                    #expect(left.unicodeScalars.starts(with: text.unicodeScalars)
                        || left.unicodeScalars.reversed().starts(with: text.unicodeScalars.reversed()))
                }
            }
        }
    }

    /// What the buffer draws takes exactly the columns DisplayWidth counts, so a layout made with
    /// TextLayout lines up on screen. Each cell `DisplayWidth.cells` gives (a tab as a space) is
    /// one cell of the buffer.
    @Test func theBufferUsesTheColumnsDisplayWidthCounts() async {
        await propertyCheck(count: 1_000, input: Self.text) { text in
            var buffer = ScreenBuffer(width: 200, height: 1)
            let used = buffer.write(text, x: 0, y: 0)
            #expect(used == DisplayWidth.of(text), "\(text.debugDescription)")
            let glyphs = (0..<used).map { buffer[$0, 0] }.filter { !$0.isContinuation }.map(\.text)
            #expect(glyphs == Self.expectedGlyphs(text), "\(text.debugDescription)")
        }
    }

    /// How the buffer should show `text`: a cell a visible character, a tab as a space, nothing
    /// for zero-width characters and controls.
    static func expectedGlyphs(_ text: String) -> [String] {
        text.flatMap { DisplayWidth.cells(of: $0).map(\.glyph) }
    }

    /// Any text written at any column, with or without a width limit, over a row already holding
    /// wide and narrow glyphs: nothing changes outside the written columns but the other half of
    /// a wide glyph cut in two (which becomes a blank), every wide glyph keeps its continuation
    /// cell and no continuation is left without one, and no control or bidi character gets in.
    @Test func writingNeverSpillsOrLeavesHalfAGlyph() async {
        let background = Self.one(of: ["東京大阪", "ab東c京d", "🚲x🚲", "abcdefgh", "x東"]).array(of: 1...4).map { $0.joined() }
        await propertyCheck(
            count: 1_000, input: Self.text, Gen.int(in: 1...24), Gen.int(in: -4...26),
            Gen.int(in: -2...30).optional(valueRate: 0.6), background
        ) { text, width, x, maxWidth, before in
            var buffer = ScreenBuffer(width: width, height: 3)
            for row in 0..<3 { buffer.write(before, x: row - 1, y: row) }
            Self.checkRows(buffer, "background")
            let old = buffer
            let used = buffer.write(text, x: x, y: 1, maxWidth: maxWidth)
            let limit = min(width, x + (maxWidth ?? width))
            let start = max(0, x)
            #expect(used >= 0 && used <= max(0, limit - x), "used \(used)")
            for y in [0, 2] { #expect((0..<width).allSatisfy { buffer[$0, y] == old[$0, y] }) }
            for column in 0..<width where column < start || column >= limit {
                let repaired = (column == start - 1 && column + 1 < width && old[column + 1, 1].isContinuation)
                    || (column == max(start, limit) && old[column, 1].isContinuation)
                if repaired {
                    #expect(buffer[column, 1] == old[column, 1] || buffer[column, 1].text == " ")
                } else {
                    #expect(buffer[column, 1] == old[column, 1], "column \(column) changed outside \(start)..<\(limit)")
                }
            }
            Self.checkRows(buffer, "\(text.debugDescription) at \(x) max \(String(describing: maxWidth))")
        }
    }

    static func checkRows(_ buffer: ScreenBuffer, _ comment: String) {
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let cell = buffer[x, y]
                if cell.isContinuation {
                    #expect(x > 0 && !buffer[x - 1, y].isContinuation && DisplayWidth.of(buffer[x - 1, y].text) == 2,
                            "orphaned continuation at \(x): \(comment)")
                    continue
                }
                let columns = DisplayWidth.of(cell.text)
                #expect(columns == 1 || columns == 2, "cell \(cell.text.debugDescription) at \(x): \(comment)")
                if columns == 2 {
                    #expect(x + 1 < buffer.width && buffer[x + 1, y].isContinuation, "wide glyph without its other half at \(x): \(comment)")
                }
                #expect(!cell.text.unicodeScalars.contains(where: Self.isUnsafe), "unsafe cell at \(x): \(comment)")
            }
        }
    }
}
