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
}
