import Testing
import FremontCore
@testable import FremontUI

/// The prompt's line: a shell's editing keys, a cursor that shows, earlier answers on ↑.
@Suite struct TextInputTests {
    private static func typed(_ text: String, into input: inout TextInput) {
        for character in text { _ = input.handle(.character(character)) }
    }

    @Test func theCursorMovesAndTextGoesInWhereItIs() {
        var input = TextInput()
        Self.typed("2016-04-10", into: &input)
        for _ in 0..<2 { _ = input.handle(.left) }
        Self.typed("..", into: &input)
        #expect(input.text == "2016-04-..10")
        #expect(input.cursor == 10)
        _ = input.handle(.home)
        _ = input.handle(.delete)
        #expect(input.text == "016-04-..10")
        _ = input.handle(.control("e"))
        _ = input.handle(.backspace)
        #expect(input.text == "016-04-..1")
        _ = input.handle(.control("a"))
        _ = input.handle(.right)
        _ = input.handle(.control("k"))
        #expect(input.text == "0")
        #expect(input.handle(.enter) == .submitted("0"))
    }

    @Test func wordAndLineKillsAreAShells() {
        var input = TextInput("weekdays min 500  ")
        _ = input.handle(.control("w"))
        #expect(input.text == "weekdays min ")
        _ = input.handle(.left)
        _ = input.handle(.left)
        _ = input.handle(.control("u"))
        #expect(input.text == "n ")
        #expect(input.cursor == 0)
        #expect(input.handle(.escape) == .cancelled)
        #expect(input.handle(.function(5)) == .ignored)
    }

    @Test func controlAndBidiCharactersNeverGoIn() {
        var input = TextInput()
        Self.typed("a\u{1B}[2Jb\u{202E}c\u{7}", into: &input)
        #expect(input.text == "a[2Jbc")
    }

    @Test func upAndDownStepThroughEarlierAnswersAndBackToTheDraft() {
        var input = TextInput(history: ["weekdays", "weekends"])
        Self.typed("2016", into: &input)
        _ = input.handle(.up)
        #expect(input.text == "weekends")
        _ = input.handle(.up)
        _ = input.handle(.up)
        #expect(input.text == "weekdays")
        _ = input.handle(.down)
        _ = input.handle(.down)
        #expect(input.text == "2016")
    }

    @Test func longTextScrollsToKeepTheCursorInView() {
        var input = TextInput(String(repeating: "abcdefghij", count: 5))
        var buffer = ScreenBuffer(width: 20, height: 1)
        input.render(into: &buffer, x: 0, y: 0, width: 20, style: .plain)
        // The end is shown, the cut start marked, the cursor a reversed cell at the end.
        #expect(buffer.line(0) == "…cdefghijabcdefghij")
        #expect(buffer[19, 0].style.attributes.contains(.reverse))
        _ = input.handle(.home)
        buffer = ScreenBuffer(width: 20, height: 1)
        input.render(into: &buffer, x: 0, y: 0, width: 20, style: .plain)
        #expect(buffer.line(0) == "abcdefghijabcdefghij")
        #expect(buffer[0, 0].style.attributes.contains(.reverse))
        #expect(!buffer[1, 0].style.attributes.contains(.reverse))
    }

    @Test func aFilterIsEditedInTheMiddleAndAnsweredAgainWithUp() {
        var state = April.browser(width: 100, height: 30)
        press(&state, .character("f"))
        type(&state, "wekend")
        for _ in 0..<4 { press(&state, .left) }
        type(&state, "e")
        #expect(state.searchDraft == nil)
        #expect(screen(state).line(28).hasPrefix(" Filter"))
        press(&state, .control("e"))
        type(&state, "s")
        press(&state, .enter)
        #expect(state.stores.series.lens?.filtered.rowCount == 9 * 24)
        // The next filter prompt brings the last answer back on ↑.
        press(&state, .character("f"))
        press(&state, .up)
        #expect(screen(state).line(28).contains("weekends"))
    }
}
