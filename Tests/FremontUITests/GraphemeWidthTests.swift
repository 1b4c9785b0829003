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
}
