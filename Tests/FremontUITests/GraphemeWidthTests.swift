import Testing
@testable import FremontUI

/// Emoji joined into one picture (ZWJ sequences, flags, skin tones) are one grapheme two columns
/// wide: measured and drawn so, with the text after them where the terminal puts it.
@Suite struct GraphemeWidthTests {
    @Test(arguments: ["👨‍👩‍👧", "🇫🇷", "👍🏽", "🏳️‍🌈", "❤️"])
    func oneWidePictureEach(_ picture: String) {
        #expect(DisplayWidth.of(picture) == 2, "\(picture.unicodeScalars.map { String($0.value, radix: 16) })")
        var buffer = ScreenBuffer(width: 10, height: 1)
        buffer.write(picture + "x", x: 0, y: 0, style: .plain, maxWidth: 10)
        #expect(buffer[0, 0].text == picture)
        #expect(buffer[2, 0].text == "x")
    }

    @Test func twoFlagsAreTwoPictures() {
        #expect(DisplayWidth.of("🇫🇷🇩🇪") == 4)
    }

    /// A prepended letter (Malayalam's dot reph) joined to an emoji family in one cluster: the
    /// letter, then the one picture, wherever the text is cut (the property test found it).
    @Test func aPrependedLetterBeforeAPictureIsTheLetterThenThePicture() {
        let text = "\u{0D4E}👨‍👩‍👧‍👦"
        #expect(text.count == 1)
        let cells = DisplayWidth.cells(of: text.first!)
        #expect(cells.map(\.glyph) == ["\u{0D4E}", "👨‍👩‍👧‍👦"])
        #expect(cells.map(\.columns) == [1, 2])
        #expect(DisplayWidth.of(text) == 3)
        #expect(TextLayout.wrap(text, width: 2).flatMap { $0.flatMap { DisplayWidth.cells(of: $0) }.map(\.glyph) } == ["\u{0D4E}", "👨‍👩‍👧‍👦"])
    }
}
