import Testing
@testable import FremontSources
@testable import FremontTerminal
import FremontUI

/// The theme follows the terminal's background: its OSC 11 answer, else `COLORFGBG`, else the
/// config's `theme`.
@Suite struct TerminalBackgroundTests {
    @Test(arguments: [("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62;22c", ThemeBackground.light),
                      ("\u{1B}]11;rgb:0000/0000/0000\u{07}\u{1B}[?1;2c", .dark),
                      ("\u{1B}]11;rgb:fd/f6/e3\u{1B}\\", .light),      // Solarized light, two digits a channel
                      ("\u{1B}]11;rgb:0000/2b2b/3636\u{1B}\\", .dark)])  // Solarized dark
    func anAnswerSaysWhichBackground(_ answer: String, _ expected: ThemeBackground) {
        #expect(TerminalBackgroundQuery.parse(Array(answer.utf8)) == expected)
    }

    @Test func noAnswerOrAMalformedOneSaysNothing() {
        #expect(TerminalBackgroundQuery.parse(Array("\u{1B}[?62;22c".utf8)) == nil)
        #expect(TerminalBackgroundQuery.parse(Array("\u{1B}]11;rgb:fffff/0/0\u{1B}\\".utf8)) == nil)
        #expect(TerminalBackgroundQuery.parse(Array("\u{1B}]11;rgb:zz/00/00".utf8)) == nil)
    }

    @Test func colorFGBGGivesTheBackgroundsIndex() {
        #expect(TerminalBackgroundQuery.fromColorFGBG("0;15") == .light)
        #expect(TerminalBackgroundQuery.fromColorFGBG("15;default;0") == .dark)
        #expect(TerminalBackgroundQuery.fromColorFGBG("0;7") == .light)
        #expect(TerminalBackgroundQuery.fromColorFGBG("oops") == nil)
        #expect(TerminalBackgroundQuery.fromColorFGBG(nil) == nil)
    }

    @Test func theConfigChoosesOrLeavesItToTheTerminal() throws {
        #expect(try FremontConfig.parse("theme = light\n", name: "config").theme == .light)
        #expect(try FremontConfig.parse("theme = Auto\n", name: "config").theme == .auto)
        let wrong = try FremontConfig.parse("theme = pink\n", name: "config")
        #expect(wrong.theme == nil && wrong.warnings.first?.description.contains("theme must be auto, dark or light") == true)
    }
}
