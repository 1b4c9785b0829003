import Testing
@testable import FremontCore

@Suite struct TerminalSafeTextTests {
    @Test func removesEscapeSequencesAndBidiControls() {
        let hostile = "Title\u{1B}]0;pwned\u{07} \u{1B}[31mred\u{9B}2J \u{202E}evil\u{202C}\u{7F}"
        #expect(TerminalSafeText.sanitize(hostile) == "Title]0;pwned [31mred2J evil")
    }

    @Test func keepsNewlinesAndTabsUnlessSingleLine() {
        #expect(TerminalSafeText.sanitize("a\n\tb\r\n") == "a\n\tb\n")
        #expect(TerminalSafeText.singleLine("a\n\tb\r\nc") == "a b c")
    }

    @Test func leavesOrdinaryTextAlone() {
        let text = "Größe 東京 🚲 — fine"
        #expect(TerminalSafeText.sanitize(text) == text)
        #expect(TerminalSafeText.singleLine(text) == text)
    }

    /// The byte scan that lets clean text skip decoding changes nothing: both functions agree
    /// with a scalar-by-scalar filter on random text dense in the lead bytes the scan watches.
    @Test func sameAsAScalarFilter() {
        var generator = SystemRandomNumberGenerator()
        let ranges: [ClosedRange<UInt32>] = [0...0x7F, 0x80...0xBF, 0x0600...0x063F, 0x2000...0x206F, 0x20...0x7E, 0x3000...0x30FF, 0x1F300...0x1F6FF,
                                        0x06C0...0x0710, 0x0880...0x08FF, 0x110B0...0x110D0]
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                let range = ranges.randomElement(using: &generator)!
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)) { text.unicodeScalars.append(scalar) }
            }
            var kept = String.UnicodeScalarView()
            for scalar in text.unicodeScalars where scalar == "\n" || scalar == "\t" || !TerminalSafeText.isUnsafe(scalar) { kept.append(scalar) }
            #expect(TerminalSafeText.sanitize(text) == String(kept), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            let single = TerminalSafeText.singleLine(text)
            #expect(!single.unicodeScalars.contains(where: TerminalSafeText.isUnsafe))
            if !text.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) { #expect(single == text) }
        }
    }
}
