import Foundation
import Glibc
import Testing
import FremontCore
@testable import FremontUI

/// Widths as terminals draw them: curses and the terminal advance the cursor by glibc's
/// `wcwidth`, character by character, so the screen buffer must put every cell where they will.
/// A prepended concatenation mark, which Swift joins to the character after it, never reaches the
/// screen and never hides that character.
@Suite struct TerminalWidthTests {
    /// The system's `wcwidth` (not exported by the Glibc module), in a UTF-8 locale for this
    /// thread only; -1 where glibc does not define the character.
    static func withWcwidth(_ body: ((Unicode.Scalar) -> Int) -> Void) {
        typealias WCWidth = @convention(c) (wchar_t) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth"),
              let locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) else {
            Issue.record("no wcwidth or no C.UTF-8 locale")
            return
        }
        let wcwidth = unsafeBitCast(symbol, to: WCWidth.self)
        let previous = uselocale(locale)
        defer {
            uselocale(previous)
            freelocale(locale)
        }
        body { Int(wcwidth(wchar_t(bitPattern: $0.value))) }
    }

    /// Characters whose Unicode properties changed after glibc's tables (Unicode 14): U+1171E,
    /// AHOM CONSONANT SIGN MEDIAL RA, a spacing mark since Unicode 15 and a nonspacing one before.
    static let newerThanGlibc: Set<UInt32> = [0x1171E]

    @Test func everyCharacterIsAsWideAsWcwidthSays() {
        Self.withWcwidth { wcwidth in
            var differ: [String] = []
            var compared = 0
            for value in UInt32(0)...0x10FFFF {
                guard let scalar = Unicode.Scalar(value), !TerminalSafeText.isUnsafe(scalar), !Self.newerThanGlibc.contains(value) else { continue }
                let expected = wcwidth(scalar)
                guard expected >= 0 else { continue }
                compared += 1
                if DisplayWidth.of(scalar: scalar) != expected || DisplayWidth.of(Character(scalar)) != expected {
                    differ.append("\(String(value, radix: 16)): \(DisplayWidth.of(scalar: scalar)) not \(expected)")
                }
            }
            #expect(compared > 250_000)
            #expect(differ.isEmpty, "\(differ.count): \(differ.prefix(30))")
        }
    }

    /// Renders `text` and checks every column against wcwidth: each character glibc gives columns
    /// starts the cell at the running sum of the widths before it, a wide one leaves the next
    /// cell to it, and the zero-width ones sit in the cell before them.
    static func expectEveryColumn(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        withWcwidth { wcwidth in
            var buffer = ScreenBuffer(width: 80, height: 1)
            let used = buffer.write(text, x: 0, y: 0)
            var column = 0
            for scalar in text.unicodeScalars where !TerminalSafeText.isUnsafe(scalar) {
                let width = wcwidth(scalar)
                if width > 0 {
                    #expect(buffer[column, 0].text.unicodeScalars.first == scalar,
                            "\(text.debugDescription): column \(column) holds \(buffer[column, 0].text.debugDescription), not U+\(String(scalar.value, radix: 16))",
                            sourceLocation: sourceLocation)
                    if width == 2 { #expect(buffer[column + 1, 0].isContinuation, sourceLocation: sourceLocation) }
                    column += width
                } else if column > 0 {
                    let cell = buffer[column - 1, 0].isContinuation ? buffer[column - 2, 0] : buffer[column - 1, 0]
                    #expect(cell.text.unicodeScalars.contains(scalar), "\(text.debugDescription): U+\(String(scalar.value, radix: 16)) lost",
                            sourceLocation: sourceLocation)
                }
            }
            #expect(used == column, "\(text.debugDescription)", sourceLocation: sourceLocation)
            #expect(DisplayWidth.of(text) == column, "\(text.debugDescription)", sourceLocation: sourceLocation)
            #expect(buffer[column, 0].text == " ", sourceLocation: sourceLocation)
        }
    }

    /// Khmer vowel signs that wcwidth counts as a column (ា, ើ, ោ, ះ) shifted everything after
    /// them one column left on screen; Devanagari, Thai, halfwidth kana and Hangul jamo alike.
    @Test(arguments: [
        "កាត់ ក្រើន សោះ x", "ខ្មែរ ភាសា end", "हिन्दी की x", "กำลัง x", "ｶﾞｷﾞ x", "\u{1100}\u{1161}\u{11A8} \u{1100}\u{D7B0}x",
        "a\u{0301}e\u{0301} x", "東京 x", "ൎര x",
    ])
    func spacingMarksTakeTheColumnsTerminalsGiveThem(_ text: String) {
        Self.expectEveryColumn(text)
    }

    /// Every spacing mark glibc gives a column, after a letter: the letter's cell, the mark's,
    /// then the next letter where the terminal puts it.
    @Test func everySpacingMarkAfterALetter() {
        var marks: [Unicode.Scalar] = []
        Self.withWcwidth { wcwidth in
            marks = (UInt32(0x300)...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
                $0.properties.generalCategory == .spacingMark && wcwidth($0) == 1
            }
        }
        #expect(marks.count > 300)
        for mark in marks { Self.expectEveryColumn("a" + String(mark) + "x") }
    }

    static let prependedMarks: [UInt32] = [0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2,
                                           0x110BD, 0x110CD]

    /// A prepended concatenation mark joins the character after it into one grapheme: measured
    /// as nothing, that character vanished from the screen. The mark never reaches the terminal
    /// (every terminal draws it its own way), and what follows it is drawn where it belongs.
    @Test(arguments: prependedMarks)
    func aPrependedMarkHidesNothing(_ value: UInt32) throws {
        let mark = String(try #require(Unicode.Scalar(value)))
        let text = "x" + mark + "Ab" + mark + "٣"
        #expect(TerminalSafeText.sanitize(text) == "xAb٣")
        #expect(TerminalSafeText.singleLine(text) == "xAb٣")
        var buffer = ScreenBuffer(width: 10, height: 1)
        #expect(buffer.write(text, x: 0, y: 0) == 4)
        #expect((0..<5).map { buffer[$0, 0].text } == ["x", "A", "b", "٣", " "])
        #expect(DisplayWidth.of(text) == 4)
        Self.expectEveryColumn(text)
    }
}
